package app_test

import (
	"strings"
	"testing"
)

// Quantities are decimal numerals in every call that takes one (add, update, batch add; quick order and reorder go
// through these): "0x10" is not 16, and " 2" and "1e3" are refused, with nothing written.
func TestQuantitiesAreDecimal(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		var line cartItem
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, "2.0")).Decode(t, "add", 201, &line)
		lines := func() string {
			return s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) || '/' || CAST(SUM(quantity) AS TEXT) FROM cartitem`)
		}
		before := lines()
		for _, q := range []string{`"0x10"`, `" 2"`, `"1e3"`, `1e3`, `"+3"`, `"1_000"`, `"0b11"`} {
			for _, call := range []struct{ method, path, body string }{
				{"POST", "carts/current/cart-items", `{"productId":"` + marker + `","quantity":` + q + `,"type":"Product"}`},
				{"PATCH", "carts/current/cart-items/" + line.CartItemID, `{"quantity":` + q + `}`},
			} {
				r := s.srv.Call(t, call.method, commercePath(call.path), buyer, call.body)
				if r.Status != 400 || !strings.Contains(r.Body, "INVALID_API_INPUT") || !strings.Contains(r.Body, "decimal digits") {
					t.Errorf("%s %s quantity %s: %d %s", call.method, call.path, q, r.Status, r.Body)
				}
			}
			r := s.srv.Call(t, "POST", commercePath("carts/current/cart-items/batch"), buyer,
				`{"inputs":[{"richInput":{"productId":"`+marker+`","quantity":`+q+`,"type":"Product"}}]}`)
			if !strings.Contains(r.Body, "decimal digits") {
				t.Errorf("batch quantity %s: %d %s", q, r.Status, r.Body)
			}
		}
		if after := lines(); after != before {
			t.Fatalf("refused quantities changed the cart: %s, was %s", after, before)
		}
		s.srv.Call(t, "PATCH", commercePath("carts/current/cart-items/"+line.CartItemID), buyer, `{"quantity":"16"}`).Decode(t, "16", 200, &line)
		if line.Quantity != "16" {
			t.Fatalf("quantity %s", line.Quantity)
		}
	})
}
