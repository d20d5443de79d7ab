package app_test

import (
	"encoding/json"
	"regexp"
	"testing"
)

// cart-items?productFields=* (which Salesforce's reference client always sends) answers every product field a buyer
// may read, as the product's detail has them: strings (or null), datetimes in whole seconds.
func TestCartItemsTakeEveryProductField(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).Decode(t, "add", 201, &cartItem{})
		var page struct {
			CartItems []struct {
				CartItem struct {
					ProductDetails struct {
						Fields map[string]json.RawMessage `json:"fields"`
					} `json:"productDetails"`
				} `json:"cartItem"`
			} `json:"cartItems"`
		}
		s.srv.Get(t, commercePath("carts/current/cart-items?productFields=*"), buyer).Decode(t, "items", 200, &page)
		if len(page.CartItems) != 1 {
			t.Fatalf("items %+v", page)
		}
		got := page.CartItems[0].CartItem.ProductDetails.Fields
		var detail struct {
			Fields map[string]json.RawMessage `json:"fields"`
		}
		s.srv.Get(t, commercePath("products/"+pen), buyer).Decode(t, "detail", 200, &detail)
		delete(detail.Fields, "IsDeleted") // a virtual field of the detail's own
		if len(got) != len(detail.Fields) || len(got) < 10 {
			t.Fatalf("productFields=* has %d fields, the detail %d: %v", len(got), len(detail.Fields), keysOf(got))
		}
		for name, want := range detail.Fields {
			if string(got[name]) != string(want) {
				t.Errorf("%s = %s, the detail has %s", name, got[name], want)
			}
			var v *string
			if err := json.Unmarshal(got[name], &v); err != nil {
				t.Errorf("%s is not a string or null: %s", name, got[name])
			}
		}
		if !regexp.MustCompile(`^"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"$`).Match(got["CreatedDate"]) {
			t.Errorf("CreatedDate = %s, want whole seconds", got["CreatedDate"])
		}
		// A list still answers just what it names; one unknown field is still refused.
		page.CartItems = nil
		s.srv.Get(t, commercePath("carts/current/cart-items?productFields=Name,CreatedDate"), buyer).Decode(t, "two", 200, &page)
		if f := page.CartItems[0].CartItem.ProductDetails.Fields; len(f) != 2 ||
			!regexp.MustCompile(`^"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"$`).Match(f["CreatedDate"]) {
			t.Fatalf("two fields: %v", f)
		}
		if r := s.srv.Get(t, commercePath("carts/current/cart-items?productFields=Nope"), buyer); r.Status != 400 {
			t.Fatalf("unknown field: %d %s", r.Status, r.Body)
		}
	})
}

func keysOf(m map[string]json.RawMessage) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
