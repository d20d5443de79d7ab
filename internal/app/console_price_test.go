package app_test

import (
	"testing"

	"storefront/internal/records"
)

// A price changed by staff in the console (a UI API record update, as the console's inline edit sends it) is served
// to buyers at once: the prices the buyer's pages read were kept in memory before the change (the catalog version),
// and the next read has the new list and contract prices.
func TestConsolePriceChangeIsServedAtOnce(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer, admin := s.srv.Token(t, "buyer@example.com"), s.srv.Token(t, "admin@example.com")
		product := records.StableID("01t", 6)
		type price struct{ ListPrice, UnitPrice, PricebookEntryID string }
		read := func(what string) price {
			var p price
			s.srv.Get(t, commercePath("pricing/products/"+product), buyer).Decode(t, what, 200, &p)
			return p
		}
		before := read("before")
		if again := read("kept"); again != before {
			t.Fatalf("kept answer %+v, first %+v", again, before)
		}
		standard := s.queryString(t, `SELECT e.id FROM pricebookentry e JOIN pricebook2 b ON b.id = e.pricebook2id
			WHERE e.product2id = ? AND b.isstandard`, product)
		edit := func(entryID, value string) {
			r := s.srv.Call(t, "PATCH", "/services/data/v64.0/ui-api/records/"+entryID, admin, `{"fields":{"UnitPrice":"`+value+`"}}`)
			if r.Status != 200 {
				t.Fatalf("PATCH %s: %d %s", entryID, r.Status, r.Body)
			}
		}
		edit(standard, "52.25")
		if got := read("after the list price"); got.ListPrice != "52.25" || got.UnitPrice != before.UnitPrice {
			t.Errorf("after the standard price changed: %+v, want list 52.25, unit %s", got, before.UnitPrice)
		}
		edit(before.PricebookEntryID, "40.10") // the buyer's contract entry
		if got := read("after the contract price"); got.UnitPrice != "40.10" {
			t.Errorf("after the contract price changed: %+v, want unit 40.10", got)
		}
	})
}
