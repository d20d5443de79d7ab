package app_test

import (
	"context"
	"testing"

	"storefront/internal/records"
)

// An add reprices every line of the cart, from prices its cart keeps between the owner's adds while the catalog
// holds (cart/lineprices.go): a price staff change between two adds is the price of the lines already in the cart
// after the next add, on the line and in the cart's totals.
func TestAnAddRepricesTheCartAfterAPriceChange(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		first, second, third := records.StableID("01t", 1), records.StableID("01t", 2), records.StableID("01t", 3)
		var price struct{ PricebookEntryID, UnitPrice string }
		s.srv.Get(t, commercePath("pricing/products/"+first), buyer).Decode(t, "price", 200, &price)
		add := func(product string) {
			s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(product, 1)).
				Decode(t, "add", 201, &cartItem{})
		}
		lineOf := func(product string) cartItem {
			var page struct{ CartItems []struct{ CartItem cartItem } }
			s.srv.Get(t, commercePath("carts/current/cart-items"), buyer).Decode(t, "lines", 200, &page)
			for _, l := range page.CartItems {
				if l.CartItem.ProductID == product {
					return l.CartItem
				}
			}
			t.Fatalf("no line of %s", product)
			return cartItem{}
		}
		add(first)
		add(second) // the cart is kept with its two lines' prices
		if got := lineOf(first).SalesPrice; got != price.UnitPrice {
			t.Fatalf("the first line's price is %s, want %s", got, price.UnitPrice)
		}
		if _, err := s.srv.App.Engine.Update(context.Background(), records.System, price.PricebookEntryID,
			map[string]any{"UnitPrice": "777.77"}, records.UpdateOptions{}); err != nil {
			t.Fatal(err)
		}
		add(third)
		if got := lineOf(first); got.SalesPrice != "777.77" || got.TotalPrice != "777.77" {
			t.Fatalf("after the price change the first line is %s (total %s), want 777.77", got.SalesPrice, got.TotalPrice)
		}
		if got := s.queryString(t, `SELECT CAST(salesprice AS TEXT) FROM cartitem WHERE product2id = ?`, first); got != "77777" {
			t.Fatalf("the stored line's price is %s cents, want 77777", got)
		}
	})
}

// An add keeps what its calculation read besides the cart's rows (promotions, delivery charges, the tax region) with
// the cart for the owner's next add, on both databases, while the tables it was read from have not moved: a
// promotion staff change between two adds is the discount of the lines already in the cart after the next add.
func TestAnAddAppliesAPromotionChangedSinceTheLast(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		add := func() cartItem {
			var line cartItem
			s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).Decode(t, "add", 201, &line)
			return line
		}
		add()
		if got := add().ItemizedAdjustmentAmount; got != "-1.65" { // 15% of two pens at the buyer's 5.51
			t.Fatalf("two pens are discounted %s, want -1.65", got)
		}
		writingWeek := records.StableID("0c8", 10)
		if _, err := s.srv.App.Engine.Update(context.Background(), records.System, writingWeek,
			map[string]any{"DiscountValue": "50"}, records.UpdateOptions{}); err != nil {
			t.Fatal(err)
		}
		if got := add().ItemizedAdjustmentAmount; got != "-8.27" { // 50% of three pens at 5.51 (8.265), rounded half up
			t.Fatalf("after the promotion change three pens are discounted %s, want -8.27", got)
		}
	})
}
