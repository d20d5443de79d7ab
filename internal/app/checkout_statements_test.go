package app_test

import (
	"strconv"
	"testing"
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
