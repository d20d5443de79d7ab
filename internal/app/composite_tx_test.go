package app_test

import (
	"strings"
	"testing"
)

// A composite allOrNone request that fails half-way leaves a cart exactly as it was: its subrequests ran in one
// transaction that the failure rolled back, so no compensating write (which the cart's hooks would have priced
// differently) ever ran. Before, the undo wrote the line back as System and left the cart's totals behind.
func TestCompositeAllOrNoneLeavesTheCartAsItWas(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin := s.srv.Token(t, "admin@example.com")
		buyer := s.srv.Token(t, "buyer@example.com")
		var line cartItem
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 2)).Decode(t, "add", 201, &line)
		snapshot := func() string {
			return s.queryString(t, `SELECT c.totalproductcount || '|' || c.grandtotalamount || '|' || c.systemmodstamp || '|' ||
				i.quantity || '|' || i.totalprice || '|' || i.systemmodstamp FROM cartitem i JOIN webcart c ON c.id = i.cartid
				WHERE i.id = ?`, line.CartItemID)
		}
		before := snapshot()
		r := s.srv.Call(t, "POST", "/services/data/v64.0/composite", admin, `{"allOrNone":true,"compositeRequest":[
			{"method":"PATCH","url":"/services/data/v64.0/sobjects/CartItem/`+line.CartItemID+`","referenceId":"q","body":{"Quantity":7}},
			{"method":"POST","url":"/services/data/v64.0/sobjects/Account","referenceId":"bad","body":{"Nope":1}}]}`)
		// The change of quantity ran (halted afterwards), the bad create failed.
		halted, failed := strings.Index(r.Body, "PROCESSING_HALTED"), strings.Index(r.Body, "INVALID_FIELD")
		if r.Status != 200 || strings.Count(r.Body, "PROCESSING_HALTED") != 1 || halted < 0 || failed < halted {
			t.Fatalf("composite: %d %s", r.Status, r.Body)
		}
		if after := snapshot(); after != before {
			t.Fatalf("the cart changed: %s → %s", before, after)
		}
	})
}
