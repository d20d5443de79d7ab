package app_test

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"
)

type recordField struct {
	DataName, DataType, Label, Type string
	Text                            *string
}

// The order list answers the real OrderSummary fields asked (TotalAmount, SalesStoreId...) as Record Fields, and
// leaves out names it has no field for (orderSummaryId, another org's custom field) instead of failing the list.
func TestOrderSummaryFieldsAnswerWhatExists(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		placed := placeOrder(t, s, buyer, map[string]int{pen: 2})
		var list struct {
			Count          int
			OrderSummaries []struct {
				OrderSummaryID string
				Fields         map[string]recordField
			}
		}
		s.srv.Get(t, commercePath("order-summaries?fields=OrderNumber,OrderedDate,Status,TotalAmount,orderSummaryId,Nope__c,"+
			"OrderSummary.GrandTotalAmount,SalesStoreId"), buyer).Decode(t, "list", 200, &list)
		if list.Count != 1 || list.OrderSummaries[0].OrderSummaryID != placed.OrderSummaryID {
			t.Fatalf("list %+v", list)
		}
		f := list.OrderSummaries[0].Fields
		var names []string
		for k := range f {
			names = append(names, k)
		}
		sort.Strings(names)
		if want := []string{"GrandTotalAmount", "OrderNumber", "OrderedDate", "SalesStoreId", "Status", "TotalAmount"}; !reflect.DeepEqual(names, want) {
			t.Fatalf("fields %v, want %v", names, want)
		}
		// TotalAmount is the pretax subtotal: adjusted products and delivery.
		var adjusted, delivery, grand, tax string
		adjusted = s.queryString(t, `SELECT CAST(totaladjustedproductamount AS TEXT) FROM ordersummary WHERE id = ?`, placed.OrderSummaryID)
		delivery = s.queryString(t, `SELECT CAST(totaldeliveryamount AS TEXT) FROM ordersummary WHERE id = ?`, placed.OrderSummaryID)
		grand = s.queryString(t, `SELECT CAST(grandtotalamount AS TEXT) FROM ordersummary WHERE id = ?`, placed.OrderSummaryID)
		tax = s.queryString(t, `SELECT CAST(totaltaxamount AS TEXT) FROM ordersummary WHERE id = ?`, placed.OrderSummaryID)
		if cents(t, *f["TotalAmount"].Text) != cents(t, adjusted)+cents(t, delivery) ||
			cents(t, *f["TotalAmount"].Text)+cents(t, tax) != cents(t, grand) {
			t.Errorf("TotalAmount %s: adjusted %s + delivery %s (grand %s, tax %s)", *f["TotalAmount"].Text, adjusted, delivery, grand, tax)
		}
		if got := f["TotalAmount"]; got.DataName != "TotalAmount" || got.Type != "currency" || got.DataType != "xsd:double" || got.Label != "Pretax Subtotal" {
			t.Errorf("TotalAmount %+v", got)
		}
		if got := f["SalesStoreId"]; got.Type != "reference" || got.Text == nil || !strings.HasPrefix(*got.Text, "0ZE") {
			t.Errorf("SalesStoreId %+v", got)
		}
		if got := f["OrderedDate"]; got.Type != "datetime" || got.DataType != "xsd:dateTime" || got.Text == nil {
			t.Errorf("OrderedDate %+v", got)
		}
	})
}

// cents reads a stored or sent amount ("12.34", or whole cents as stored) as cents.
func cents(t *testing.T, s string) int64 {
	t.Helper()
	if !strings.Contains(s, ".") { // stored: whole cents
		var n json.Number = json.Number(s)
		v, err := n.Int64()
		if err != nil {
			t.Fatalf("amount %q", s)
		}
		return v
	}
	whole, frac, _ := strings.Cut(s, ".")
	for len(frac) < 2 {
		frac += "0"
	}
	v, err := json.Number(whole + frac[:2]).Int64()
	if err != nil {
		t.Fatalf("amount %q", s)
	}
	return v
}

// The lookup answers Salesforce's Order Summary Lookup Output: fields as Record Fields (defaults plus those asked,
// qualified by object), delivery groups with their delivery method and line items (each with its product), the
// adjustments, and the payments with their payment method.
func TestOrderSummaryLookupOutput(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		placed := placeOrder(t, s, buyer, map[string]int{pen: 2, marker: 1})
		var raw map[string]json.RawMessage
		s.srv.Call(t, "POST", commercePath("order-summaries/actions/lookup?fields=OrderItemSummary.Quantity,Product2.Description,"+
			"OrderDeliveryMethod.Carrier,Description__c,OrderSummary.TotalAmount"), buyer,
			`{"orderSummaryIdOrRefNumber":"`+placed.OrderReferenceNumber+`"}`).Decode(t, "lookup", 200, &raw)
		var keys []string
		for k := range raw {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if want := []string{"adjustmentAggregates", "adjustments", "currencyIsoCode", "deliveryGroups", "fields", "id",
			"orderNumber", "payments", "status"}; !reflect.DeepEqual(keys, want) {
			t.Fatalf("keys %v, want %v", keys, want)
		}
		var out struct {
			ID, OrderNumber, Status, CurrencyIsoCode string
			Fields                                   map[string]recordField
			Adjustments                              []struct{ Amount, CurrencyIsoCode, DisplayName, Type string }
			DeliveryGroups                           []struct {
				ID, CurrencyIsoCode string
				Fields              map[string]recordField
				DeliveryMethod      *struct {
					ID     string
					Fields map[string]recordField
				}
				LineItems []struct {
					ID      string
					Fields  map[string]recordField
					Product struct {
						ID             string
						CanViewProduct bool
						Fields         map[string]recordField
						Media          *struct{ URL, MediaType string }
					}
				}
			}
			Payments []struct {
				ID            string
				Fields        map[string]recordField
				PaymentMethod struct {
					Type   string
					ID     *string
					Fields map[string]recordField
				}
			}
		}
		all, _ := json.Marshal(raw)
		if err := json.Unmarshal(all, &out); err != nil {
			t.Fatal(err)
		}
		if out.ID != placed.OrderSummaryID || out.OrderNumber != placed.OrderReferenceNumber || out.Status != "Created" ||
			out.CurrencyIsoCode != "USD" || out.Fields["TotalAmount"].Text == nil || out.Fields["GrandTotalAmount"].Text == nil {
			t.Fatalf("summary %+v", out)
		}
		if _, ok := out.Fields["Description__c"]; ok {
			t.Errorf("an unknown field is answered")
		}
		if len(out.DeliveryGroups) != 1 || len(out.DeliveryGroups[0].LineItems) != 2 {
			t.Fatalf("groups %+v", out.DeliveryGroups)
		}
		g := out.DeliveryGroups[0]
		if *g.Fields["DeliverToName"].Text != "Bonnie Buyer" || g.DeliveryMethod == nil ||
			*g.DeliveryMethod.Fields["Name"].Text != "Ground" || g.CurrencyIsoCode != "USD" {
			t.Fatalf("group %+v", g)
		}
		if _, ok := g.DeliveryMethod.Fields["Carrier"]; !ok {
			t.Errorf("the delivery method's Carrier asked is not answered: %v", g.DeliveryMethod.Fields)
		}
		quantities := map[string]string{}
		for _, li := range g.LineItems {
			if !li.Product.CanViewProduct || li.Product.Fields["Name"].Text == nil || li.Product.Fields["Description"].Text == nil ||
				li.Product.Media == nil || li.Fields["Quantity"].Type != "int" {
				t.Errorf("line %+v", li)
			}
			quantities[li.Product.ID] = *li.Fields["Quantity"].Text
		}
		if quantities[pen] != "2" || quantities[marker] != "1" {
			t.Errorf("quantities %v", quantities)
		}
		if len(out.Adjustments) != 1 || out.Adjustments[0].CurrencyIsoCode != "USD" || out.Adjustments[0].Type != "Promotion" {
			t.Errorf("adjustments %+v", out.Adjustments)
		}
		if len(out.Payments) != 1 || out.Payments[0].PaymentMethod.Type != "PurchaseOrder" ||
			*out.Payments[0].PaymentMethod.Fields["PoNumber"].Text != "PO-77" ||
			*out.Payments[0].Fields["AuthorizationAmount"].Text != *out.Fields["GrandTotalAmount"].Text {
			t.Errorf("payments %+v", out.Payments)
		}

		// The parts may be left out.
		var bare struct {
			DeliveryGroups, Adjustments, Payments []any
		}
		s.srv.Call(t, "POST", commercePath("order-summaries/actions/lookup?excludeDeliveryGroups=true&excludeAdjustments=true&excludePayments=true"),
			buyer, `{"orderSummaryIdOrRefNumber":"`+placed.OrderSummaryID+`"}`).Decode(t, "bare", 200, &bare)
		if len(bare.DeliveryGroups)+len(bare.Adjustments)+len(bare.Payments) != 0 {
			t.Errorf("excluded parts answered: %+v", bare)
		}
		if r := s.srv.Call(t, "POST", commercePath("order-summaries/actions/lookup?excludePayments=maybe"), buyer,
			`{"orderSummaryIdOrRefNumber":"`+placed.OrderSummaryID+`"}`); r.Status != 400 {
			t.Errorf("bad flag: %d %s", r.Status, r.Body)
		}
	})
}
