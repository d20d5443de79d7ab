package app_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
)

type createdCart struct {
	CartID, Name, Status, Type string
	IsSecondary                bool
}

// POST carts (Cart Input): a primary cart is the current one when the shopper has one, else a new one with the
// name given; a secondary (saved) cart is always new; every answer is 201 with the Cart Summary.
func TestCreateCarts(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		manager := s.srv.Token(t, "manager@example.com")
		buyer := s.srv.Token(t, "buyer@example.com")

		// No cart yet: the name given names the new primary cart, in the real Cart Summary's shape.
		var first createdCart
		r := s.srv.Call(t, "POST", commercePath("carts"), manager, `{"name":"Office restock","type":"Cart"}`)
		r.Decode(t, "first", 201, &first)
		sameShape(t, "testdata/createcart-response.json", r.Body)
		if first.CartID == "" || first.Name != "Office restock" || first.IsSecondary || first.Status != "Active" || first.Type != "Cart" {
			t.Fatalf("first cart %+v", first)
		}
		var current createdCart
		s.srv.Get(t, commercePath("carts/current"), manager).Decode(t, "current", 200, &current)
		if current.CartID != first.CartID || current.Name != "Office restock" {
			t.Fatalf("current %+v, want %+v", current, first)
		}

		// A primary cart asked for again is the current one (201, unchanged).
		var again createdCart
		s.srv.Call(t, "POST", commercePath("carts"), manager, `{"name":"Another"}`).Decode(t, "again", 201, &again)
		if again.CartID != first.CartID || again.Name != "Office restock" {
			t.Fatalf("again %+v", again)
		}

		// A secondary cart is a new cart, never "current".
		var saved createdCart
		s.srv.Call(t, "POST", commercePath("carts"), manager, `{"name":"Q3 project","isSecondary":true}`).Decode(t, "saved", 201, &saved)
		if saved.CartID == "" || saved.CartID == first.CartID || saved.Name != "Q3 project" || !saved.IsSecondary {
			t.Fatalf("saved %+v", saved)
		}
		if got := s.queryString(t, `SELECT name FROM webcart WHERE id = ?`, saved.CartID); got != "Q3 project" {
			t.Fatalf("stored name %q", got)
		}
		s.srv.Get(t, commercePath("carts/current"), manager).Decode(t, "current after", 200, &current)
		if current.CartID != first.CartID {
			t.Fatalf("current is %s, want the primary %s", current.CartID, first.CartID)
		}
		var read createdCart
		s.srv.Get(t, commercePath("carts/"+saved.CartID), manager).Decode(t, "saved by id", 200, &read)
		if read.CartID != saved.CartID || !read.IsSecondary {
			t.Fatalf("saved by id %+v", read)
		}
		// At most five saved carts.
		for i := 2; i <= 5; i++ {
			s.srv.Call(t, "POST", commercePath("carts"), manager, `{"isSecondary":true}`).Decode(t, "saved more", 201, &read)
		}
		if r := s.srv.Call(t, "POST", commercePath("carts"), manager, `{"isSecondary":true}`); r.Status != 400 || !strings.Contains(r.Body, "LIMIT_EXCEEDED") {
			t.Fatalf("sixth saved cart: %d %s", r.Status, r.Body)
		}

		// An empty body, as before, ensures the primary cart.
		var ensured createdCart
		s.srv.Call(t, "POST", commercePath("carts"), buyer, "").Decode(t, "ensure", 201, &ensured)
		if ensured.CartID == "" || ensured.Name != "Cart" || ensured.IsSecondary {
			t.Fatalf("ensured %+v", ensured)
		}

		g := apitest.Browser()
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
			var r apitest.Reply
			if tc.guest {
				r = s.srv.Do(t, apitest.Request{As: g, Method: "POST", Path: commercePath("carts"), Body: tc.body})
			} else {
				r = s.srv.Call(t, "POST", commercePath("carts"), buyer, tc.body)
			}
			if r.Status != 400 || !strings.Contains(r.Body, tc.want) {
				t.Errorf("%s: %d %s", tc.name, r.Status, r.Body)
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
