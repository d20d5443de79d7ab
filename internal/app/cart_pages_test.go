package app_test

import (
	"testing"

	"storefront/internal/records"
)

// A cart page is kept in memory per cart state, so every path that changes what it shows must be seen on the next
// read: the buyer's own add, staff editing a line through the records API, a product renamed in the catalog, and
// a PO number set on the cart. Reads in between give the same answer again.
func TestCartPageFollowsEveryChange(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin, buyer := s.srv.Token(t, "admin@example.com"), s.srv.Token(t, "buyer@example.com")
		product := records.StableID("01t", 4)
		page := func(what string) (string, map[string]any) {
			t.Helper()
			var out struct {
				CartItems []struct {
					CartItem map[string]any `json:"cartItem"`
				} `json:"cartItems"`
				CartSummary map[string]any `json:"cartSummary"`
			}
			r := s.srv.Get(t, commercePath("carts/current/cart-items?includePromotions=true&includeCoupons=true"), buyer)
			r.Decode(t, what, 200, &out)
			if len(out.CartItems) != 1 {
				t.Fatalf("%s: %d lines in %s", what, len(out.CartItems), r.Body)
			}
			return r.Body, out.CartItems[0].CartItem
		}
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer,
			`{"productId":"`+product+`","quantity":"2","type":"Product"}`).Decode(t, "add", 201, &map[string]any{})
		first, line := page("after the add")
		if line["quantity"] != "2" || line["productId"] != product {
			t.Fatalf("the added line: %v", line)
		}
		if again, _ := page("read again"); again != first {
			t.Fatalf("the same cart read twice differs:\n%s\n%s", first, again)
		}

		// Staff change the quantity through the records API: the cart is recalculated, and the page shows it.
		lineID := line["cartItemId"].(string)
		if r := s.srv.Call(t, "PATCH", "/services/data/v64.0/ui-api/records/"+lineID, admin,
			`{"fields":{"Quantity":5}}`); r.Status != 200 {
			t.Fatalf("staff quantity change: %d %s", r.Status, r.Body)
		}
		if _, line = page("after the staff edit"); line["quantity"] != "5" {
			t.Fatalf("the line after staff set 5: %v", line)
		}

		// A product renamed in the catalog shows on the line at once.
		if r := s.srv.Call(t, "PATCH", "/services/data/v64.0/ui-api/records/"+product, admin,
			`{"fields":{"Name":"Renamed for the cart"}}`); r.Status != 200 {
			t.Fatalf("product rename: %d %s", r.Status, r.Body)
		}
		if _, line = page("after the rename"); line["productDetails"].(map[string]any)["name"] != "Renamed for the cart" {
			t.Fatalf("the line after the product was renamed: %v", line["productDetails"])
		}

		// A second add moves the totals the summary shows.
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer,
			`{"productId":"`+product+`","quantity":"1","type":"Product"}`).Decode(t, "add more", 201, &map[string]any{})
		if _, line = page("after adding one more"); line["quantity"] != "6" {
			t.Fatalf("the line after adding one more: %v", line)
		}
	})
}
