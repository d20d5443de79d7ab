package soql

import "testing"

// TestOrderNamesTheObject: ORDER is a reserved word that Salesforce still accepts as the Order object's name, after
// FROM (unless BY follows) and leading a relationship path; ORDER BY still reads as the clause.
func TestOrderNamesTheObject(t *testing.T) {
	for _, c := range []struct{ soql, from string }{
		{"SELECT Id FROM Order", "Order"},
		{"select id from order where Status = 'Draft'", "order"},
		{"SELECT Id FROM Order ORDER BY OrderNumber DESC LIMIT 5", "Order"},
		{"SELECT Order.OrderNumber FROM OrderItem ORDER BY Order.OrderNumber", "OrderItem"},
	} {
		q, err := Parse(c.soql)
		if err != nil {
			t.Fatalf("%s: %v", c.soql, err)
		}
		if q.From.Text != c.from {
			t.Errorf("%s: FROM %q", c.soql, q.From.Text)
		}
	}
	q, _ := Parse("SELECT Id FROM Order ORDER BY OrderNumber DESC")
	if len(q.OrderBy) != 1 || q.OrderBy[0].Path.Parts[0].Text != "OrderNumber" {
		t.Errorf("ORDER BY after FROM Order: %+v", q.OrderBy)
	}
	for _, bad := range []string{"SELECT Id FROM ORDER BY Id", "SELECT Order FROM Account", "SELECT Id FROM Account WHERE Order = 1"} {
		if _, err := Parse(bad); err == nil || err.Code != CodeMalformed {
			t.Errorf("%s: %v", bad, err)
		}
	}
}
