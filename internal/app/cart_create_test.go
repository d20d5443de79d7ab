package app_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

type createdCart struct {
	CartID, Name, Status, Type string
	IsSecondary                bool
}

// POST carts (Cart Input): a primary cart is the current one when the shopper has one, else a new one with the
// name given; a secondary (saved) cart is always new; every answer is 201 with the Cart Summary.
func TestCreateCarts(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		manager := s.login(t, "manager@example.com")
		buyer := s.login(t, "buyer@example.com")

		// No cart yet: the name given names the new primary cart, in the real Cart Summary's shape.
		var first createdCart
		r := s.call(t, "POST", commercePath("carts"), manager, `{"name":"Office restock","type":"Cart"}`)
		r.decode(t, "first", 201, &first)
		sameShape(t, "testdata/createcart-response.json", r.body)
		if first.CartID == "" || first.Name != "Office restock" || first.IsSecondary || first.Status != "Active" || first.Type != "Cart" {
			t.Fatalf("first cart %+v", first)
		}
		var current createdCart
		s.get(t, commercePath("carts/current"), manager).decode(t, "current", 200, &current)
		if current.CartID != first.CartID || current.Name != "Office restock" {
			t.Fatalf("current %+v, want %+v", current, first)
		}

		// A primary cart asked for again is the current one (201, unchanged).
		var again createdCart
		s.call(t, "POST", commercePath("carts"), manager, `{"name":"Another"}`).decode(t, "again", 201, &again)
		if again.CartID != first.CartID || again.Name != "Office restock" {
			t.Fatalf("again %+v", again)
		}

		// A secondary cart is a new cart, never "current".
		var saved createdCart
		s.call(t, "POST", commercePath("carts"), manager, `{"name":"Q3 project","isSecondary":true}`).decode(t, "saved", 201, &saved)
		if saved.CartID == "" || saved.CartID == first.CartID || saved.Name != "Q3 project" || !saved.IsSecondary {
			t.Fatalf("saved %+v", saved)
		}
		if got := s.queryString(t, `SELECT name FROM webcart WHERE id = ?`, saved.CartID); got != "Q3 project" {
			t.Fatalf("stored name %q", got)
		}
		s.get(t, commercePath("carts/current"), manager).decode(t, "current after", 200, &current)
		if current.CartID != first.CartID {
			t.Fatalf("current is %s, want the primary %s", current.CartID, first.CartID)
		}
		var read createdCart
		s.get(t, commercePath("carts/"+saved.CartID), manager).decode(t, "saved by id", 200, &read)
		if read.CartID != saved.CartID || !read.IsSecondary {
			t.Fatalf("saved by id %+v", read)
		}
		// At most five saved carts.
		for i := 2; i <= 5; i++ {
			s.call(t, "POST", commercePath("carts"), manager, `{"isSecondary":true}`).decode(t, "saved more", 201, &read)
		}
		if r := s.call(t, "POST", commercePath("carts"), manager, `{"isSecondary":true}`); r.status != 400 || !strings.Contains(r.body, "LIMIT_EXCEEDED") {
			t.Fatalf("sixth saved cart: %d %s", r.status, r.body)
		}

		// An empty body, as before, ensures the primary cart.
		var ensured createdCart
		s.call(t, "POST", commercePath("carts"), buyer, "").decode(t, "ensure", 201, &ensured)
		if ensured.CartID == "" || ensured.Name != "Cart" || ensured.IsSecondary {
			t.Fatalf("ensured %+v", ensured)
		}

		g := newGuest(s)
		for _, tc := range []struct {
			name, body, want string
			guest            bool
		}{
			{"template", `{"type":"Template"}`, "type must be Cart", false},
			{"long name", `{"name":"` + strings.Repeat("n", 251) + `"}`, "name", false},
			{"currency", `{"currencyIsoCode":"EUR"}`, "currency", false},
			{"wrong type", `{"isSecondary":"yes"}`, "JSON_PARSER_ERROR", false},
			{"guest saved cart", `{"isSecondary":true}`, "secondary", true},
		} {
			var r reply
			if tc.guest {
				r = g.call(t, "POST", commercePath("carts"), tc.body)
			} else {
				r = s.call(t, "POST", commercePath("carts"), buyer, tc.body)
			}
			if r.status != 400 || !strings.Contains(r.body, tc.want) {
				t.Errorf("%s: %d %s", tc.name, r.status, r.body)
			}
		}
	})
}

// sameShape checks that every field of a real captured answer is in ours, with the same JSON type (a null in the
// capture may be anything).
func sameShape(t *testing.T, example, body string) {
	t.Helper()
	raw, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	var want, got map[string]any
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	kind := func(v any) string {
		switch v.(type) {
		case nil:
			return "null"
		case string:
			return "string"
		case float64:
			return "number"
		case bool:
			return "boolean"
		case []any:
			return "array"
		}
		return "object"
	}
	for k, v := range want {
		g, ok := got[k]
		if !ok {
			t.Errorf("%s: no field %s", example, k)
		} else if kind(v) != "null" && kind(g) != kind(v) {
			t.Errorf("%s: %s is %s, the real answer's %s", example, k, kind(g), kind(v))
		}
	}
}
