package soql

import (
	"context"
	"strings"
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/records/recordstest"
)

// A page sorted and filtered by the object's own fields is cut before its parents are joined, so that the parents
// are looked up for the page's rows only; a filter or a sort on a parent's field keeps the join first. Either way the
// answer is the same rows in the same order, a page after the first included.
func TestAPageIsCutBeforeItsParentsAreJoined(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		cat, err := e.engine.Catalog(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			soql, want string
			cutFirst   bool
		}{
			{"SELECT Name, Account__r.Name FROM Widget__c ORDER BY Price__c DESC LIMIT 2 OFFSET 1", "W1/Acme W3/Globex", true},
			{"SELECT Name, Account__r.Name FROM Widget__c WHERE Price__c < 10 ORDER BY Name DESC LIMIT 1", "W3/Globex", true},
			{"SELECT Name, Account__r.Name FROM Widget__c WHERE Account__r.Name = 'Acme' ORDER BY Price__c LIMIT 1", "W1/Acme", false},
			{"SELECT Name, Account__r.Name FROM Widget__c ORDER BY Account__r.Name DESC, Name LIMIT 2", "W3/Globex W1/Acme", false},
			{"SELECT COUNT(Account__r.Name) n FROM Widget__c LIMIT 1", "", false},
		} {
			q, perr := Parse(c.soql)
			if perr != nil {
				t.Fatalf("%s: %v", c.soql, perr)
			}
			p, cerr := Compile(q, cat, e.engine, e.staff, d.Dialect, testNow)
			if cerr != nil {
				t.Fatalf("%s: %v", c.soql, cerr)
			}
			sql, _ := p.rowsSQL(0, 2000, "", nil)
			if cut := strings.Contains(sql, "FROM (SELECT"); cut != c.cutFirst {
				t.Errorf("%s: window cut before the joins: %v, want %v (%s)", c.soql, cut, c.cutFirst, sql)
			}
			if c.want == "" {
				continue
			}
			var got []string
			for _, rec := range e.ok("staff", c.soql).Records {
				got = append(got, rec["Name"].(string)+"/"+rec["Account__r"].(map[string]any)["Name"].(string))
			}
			if strings.Join(got, " ") != c.want {
				t.Errorf("%s: %v, want %s", c.soql, got, c.want)
			}
		}
		if r := e.ok("staff", "SELECT COUNT(Account__r.Name) n FROM Widget__c LIMIT 1"); r.Records[0]["n"] != float64(3) {
			t.Errorf("an aggregate's window is of its result: %v", r.Records)
		}
	})
}
