package app_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"storefront/internal/commerce/cart/holds"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// Each checkout step runs a fixed, small number of statements, within maxStatements: starting the checkout, setting
// the shipping address by id, choosing the delivery method, paying by purchase order (the steps of the bench's
// checkout; placing the order is bounded by TestPlaceOrderStatementsDoNotGrow). Each step is measured in two whole
// checkouts and the fewer counts (see fewerOfTwo).
func TestCheckoutStepStatements(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		var book struct{ Items []struct{ AddressID string } }
		s.srv.Get(t, commercePath("accounts/current/addresses?addressType=Shipping&defaultOnly=true"), buyer).
			Decode(t, "address book", 200, &book)
		if len(book.Items) == 0 {
			t.Fatal("the buyer has no default shipping address")
		}
		steps := []string{"checkout start", "checkout address", "checkout method", "checkout pay"}
		fewest := map[string]int64{}
		for round := range 2 {
			s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).WantStatus(t, "add", 201)
			var v checkoutView
			step := func(n int, method, path, body string, status int, out any) {
				settle(s)
				before := s.d.Statements()
				s.srv.Call(t, method, commercePath(path), buyer, body).Decode(t, steps[n], status, out)
				if got := s.d.Statements() - before; round == 0 || got < fewest[steps[n]] {
					fewest[steps[n]] = got
				}
			}
			step(0, "PUT", "checkouts", `{"cartId":"current"}`, 202, &v)
			step(1, "PATCH", "checkouts/"+v.CheckoutID, `{"deliveryAddress":{"id":"`+book.Items[0].AddressID+`"}}`, 202, &struct{}{})
			step(2, "PATCH", "checkouts/"+v.CheckoutID, `{"deliveryMethodId":"`+express+`"}`, 202, &struct{}{})
			step(3, "POST", "checkouts/"+v.CheckoutID+"/payments", `{"requestType":"SimplePurchaseOrder","paymentToken":"PO-`+
				strconv.Itoa(round)+`"}`, 201, &struct{}{})
			s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/orders"), buyer, "").WantStatus(t, "place", 201)
		}
		for _, name := range steps {
			t.Logf("%s: %d statements", name, fewest[name])
			wantAtMostStatements(t, s, name, fewest[name])
		}
	})
}

// A checkout finds its cart's default group in one read (cart.Service.DefaultGroupRow), and a cart whose groups
// are none of them marked default still starts: its first group becomes the default and gets the cheapest delivery
// method, as before.
func TestCheckoutStartMakesAGroupTheDefault(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).WantStatus(t, "add", 201)
		s.exec(t, `UPDATE cartdeliverygroup SET isdefault = ?, deliverymethodid = NULL`, false)
		var v checkoutView
		s.srv.Call(t, "PUT", commercePath("checkouts"), buyer, `{"cartId":"current"}`).Decode(t, "start", 202, &v)
		got := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) || ' ' || CAST(SUM(CASE WHEN isdefault THEN 1 ELSE 0 END) AS TEXT)
			|| ' ' || MAX(deliverymethodid) FROM cartdeliverygroup`)
		if want := "1 1 " + ground; got != want {
			t.Fatalf("groups (count, defaults, method) after the start: %q, want %q", got, want)
		}
	})
}

// Placing an order releases the cart's stock holds and closing the cart does not look for them again; a hold
// written in the same transaction after a release (by any writer: the engine's rule of CartInventoryReservation
// notes it) is released by the next release all the same.
func TestAHoldWrittenAfterAReleaseIsReleasedAgain(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		ctx := context.Background()
		buyer := s.srv.Token(t, "buyer@example.com")
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 2)).WantStatus(t, "add", 201)
		s.srv.Call(t, "PUT", commercePath("carts/current/inventory-reservations"), buyer, "").WantStatus(t, "hold", 200)
		cartID := s.queryString(t, `SELECT webcartid FROM cartinventoryreservation`)
		e := s.srv.App.Engine
		expires := time.Now().UTC().Add(time.Hour).Format(records.DateTimeLayout)
		err := s.d.InTx(ctx, func(tx *db.Tx) error {
			if err := holds.Release(ctx, e, tx, cartID); err != nil {
				return err
			}
			if _, err := e.Insert(ctx, tx, records.System, "CartInventoryReservation", []map[string]any{
				{"WebCartId": cartID, "ProductId": pen, "Quantity": 1, "ExpiresAt": expires}}); err != nil {
				return err
			}
			return holds.Release(ctx, e, tx, cartID)
		})
		if err != nil {
			t.Fatal(err)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM cartinventoryreservation`); n != "0" {
			t.Fatalf("%s holds left after the second release", n)
		}
	})
}
