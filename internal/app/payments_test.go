package app_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
)

const goodCard, declinedCard = "4111111111111111", "4000000000000002"

func cardBody(number string, cvv, month, year any) string {
	return apitest.JSON(map[string]any{"cardPaymentMethod": map[string]any{"cardHolderName": "Bonnie Buyer",
		"cardNumber": number, "cvv": cvv, "expiryMonth": month, "expiryYear": year}})
}

func TestCardPayments(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		manager := s.srv.Token(t, "manager@example.com")
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).Decode(t, "add", 201, &cartItem{})
		v := startCheckout(t, s, buyer)
		pay := func(token, key string) apitest.Reply {
			req := `{"requestType":"Auth","paymentToken":"` + token + `","billingAddress":{"name":"Bonnie Buyer","street":"1 Main St","city":"Denver","region":"CO","country":"US","postalCode":"80202"}}`
			if key == "" {
				return s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/payments"), buyer, req)
			}
			return s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/payments"), buyer, req, "Idempotency-Key", key)
		}

		// Refused cards store nothing.
		for _, tc := range []struct{ name, body, want string }{
			{"Luhn", cardBody("4111111111111112", "123", 12, 2099), "card number"},
			{"letters", cardBody("4111x11111111111", "123", 12, 2099), "card number"},
			{"expired", cardBody(goodCard, "123", 1, 2020), "expired"},
			{"month", cardBody(goodCard, "123", 13, 2099), "expiryMonth"},
			{"cvv", cardBody(goodCard, "12", 12, 2099), "CVV"},
			{"short numeric cvv", cardBody(goodCard, 12, 12, 2099), "CVV"},
			{"fractional cvv", cardBody(goodCard, 12.5, 12, 2099), "CVV"},
			{"cvv of another type", cardBody(goodCard, true, 12, 2099), "CVV"},
			{"no card", `{}`, "cardPaymentMethod"},
			{"wrong type", `{"cardPaymentMethod":{"cardNumber":4111}}`, "JSON_PARSER_ERROR"},
		} {
			r := s.srv.Call(t, "POST", commercePath("payments/token"), buyer, tc.body)
			if r.Status != 400 || !strings.Contains(r.Body, tc.want) {
				t.Errorf("%s: %d %s", tc.name, r.Status, r.Body)
			}
		}
		var good, declined struct{ Token string }
		s.srv.Call(t, "POST", commercePath("payments/token"), buyer, cardBody("4111 1111 1111 1111", "123", "12", "99")).Decode(t, "token", 201, &good)
		s.srv.Call(t, "POST", commercePath("payments/token"), buyer, cardBody(declinedCard, "123", 12, 2099)).Decode(t, "token", 201, &declined)
		// A numeric security code is taken as its digits, as a string one is.
		var numeric struct{ Token string }
		s.srv.Call(t, "POST", commercePath("payments/token"), buyer, cardBody(goodCard, 737, 12, 2099)).Decode(t, "numeric cvv", 201, &numeric)
		if !strings.HasPrefix(numeric.Token, "tok_") {
			t.Fatalf("numeric cvv token %+v", numeric)
		}
		if !strings.HasPrefix(good.Token, "tok_") || good.Token == declined.Token {
			t.Fatalf("tokens %q %q", good.Token, declined.Token)
		}

		var res struct {
			SalesforceResultCode string
			Errors               []struct{ ErrorCode string }
		}
		pay(declined.Token, "").Decode(t, "declined", 201, &res)
		if res.SalesforceResultCode != "Decline" || len(res.Errors) != 1 || res.Errors[0].ErrorCode != "PAYMENT_FAILURE" {
			t.Fatalf("declined %+v", res)
		}
		if r := s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/orders"), buyer, ""); r.Status != 422 {
			t.Fatalf("placed on a declined card: %d %s", r.Status, r.Body)
		}
		// Someone else's token is no token; a retried payment (same key) authorizes once.
		var other struct{ Token string }
		s.srv.Call(t, "POST", commercePath("payments/token"), manager, cardBody(goodCard, "123", 12, 2099)).Decode(t, "other token", 201, &other)
		if r := pay(other.Token, ""); r.Status != 400 {
			t.Fatalf("someone else's token: %d %s", r.Status, r.Body)
		}
		pay(good.Token, "pay-1").Decode(t, "approved", 201, &res)
		pay(good.Token, "pay-1").Decode(t, "retried", 201, &res)
		pay(good.Token, "").Decode(t, "retried without key", 201, &res)
		pay(good.Token, "").Decode(t, "retried again", 201, &res)
		if res.SalesforceResultCode != "Success" {
			t.Fatalf("approved %+v", res)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM paymentauthorization WHERE resultcode = 'Success'`); n != "2" {
			t.Fatalf("%s authorizations for one keyed and one unkeyed payment, want 2", n)
		}
		var placed orderResult
		s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/orders"), buyer, "").Decode(t, "place", 201, &placed)
		var d orderDetail
		s.srv.Get(t, commercePath("order-summaries/"+placed.OrderSummaryID), buyer).Decode(t, "detail", 200, &d)
		if d.Payments[0].Method != "Visa ending 1111" {
			t.Fatalf("payment %+v", d.Payments)
		}

		// The card number is nowhere in storage.
		assertNowhere(t, s, goodCard)
		assertNowhere(t, s, declinedCard)
	})
}

// assertNowhere checks that no stored value holds the text: every row of every table on PostgreSQL; the database
// files themselves (WAL included) on SQLite.
func assertNowhere(t *testing.T, s *demoSite, text string) {
	t.Helper()
	ctx := context.Background()
	if s.d.Dialect == "postgres" {
		tables, err := s.d.Query(ctx, `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for tables.Next() {
			var n string
			_ = tables.Scan(&n)
			names = append(names, n)
		}
		tables.Close()
		for _, n := range names {
			var hits int
			if err := s.d.QueryRow(ctx, `SELECT COUNT(*) FROM "`+n+`" t WHERE t::text LIKE ?`, "%"+text+"%").Scan(&hits); err != nil {
				t.Fatal(err)
			}
			if hits > 0 {
				t.Fatalf("table %s holds %s", n, text)
			}
		}
		return
	}
	path := strings.TrimPrefix(s.srv.App.Config.DB, "sqlite://")
	for _, f := range []string{path, path + "-wal"} {
		b, err := os.ReadFile(f)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		if strings.Contains(string(b), text) {
			t.Fatalf("%s holds %s", f, text)
		}
	}
	if len(path) < 5 {
		t.Fatalf("no database file in %q", s.srv.App.Config.DB)
	}
}

func TestGuestCheckout(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		g := apitest.Browser()
		s.srv.Do(t, apitest.Request{As: g, Method: "POST", Path: commercePath("carts/current/cart-items"), Body: itemBody(pen, 1)}).Decode(t, "guest add", 201, &cartItem{})
		start := `{"cartId":"current","deliveryAddressInput":` + coloradoAddress + `}`
		if r := s.srv.Do(t, apitest.Request{As: g, Method: "PUT", Path: commercePath("checkouts"), Body: start}); r.Status != 401 {
			t.Fatalf("guest checkout where the store does not allow it: %d %s", r.Status, r.Body)
		}
		s.exec(t, `UPDATE webstore SET guestcheckoutenabled = ?`, true)
		var v checkoutView
		s.srv.Do(t, apitest.Request{As: g, Method: "PUT", Path: commercePath("checkouts"), Body: start}).Decode(t, "guest start", 202, &v)
		if r := s.srv.Do(t, apitest.Request{As: g, Method: "PUT", Path: commercePath("checkouts"), Body: start}); r.Status != 202 {
			t.Fatalf("restart: %d %s", r.Status, r.Body)
		}
		// Another visitor does not see it.
		if r := s.srv.Do(t, apitest.Request{As: apitest.Browser(), Method: "GET", Path: commercePath("checkouts/" + v.CheckoutID)}); r.Status != 404 && r.Status != 401 {
			t.Fatalf("another guest: %d %s", r.Status, r.Body)
		}
		s.srv.Do(t, apitest.Request{As: g, Method: "POST", Path: commercePath("checkouts/" + v.CheckoutID + "/payments"), Body: `{"requestType":"SimplePurchaseOrder","paymentToken":"G-1"}`}).
			Decode(t, "pay", 201, &struct{}{})
		if r := s.srv.Do(t, apitest.Request{As: g, Method: "POST", Path: commercePath("checkouts/" + v.CheckoutID + "/orders")}); r.Status != 422 || !strings.Contains(r.Body, "MISSING_CONTACT_INFO") {
			t.Fatalf("guest order without contact: %d %s", r.Status, r.Body)
		}
		s.srv.Do(t, apitest.Request{As: g, Method: "PATCH", Path: commercePath("checkouts/" + v.CheckoutID), Body: `{"contactInfo":{"email":"Guest@Example.com","lastName":"Guest","phoneNumber":"  "}}`}).
			Decode(t, "contact", 202, &v)
		if _, has := v.ContactInfo["phoneNumber"]; has || v.ContactInfo["lastName"] != "Guest" {
			t.Fatalf("contact %+v", v.ContactInfo)
		}
		var placed orderResult
		s.srv.Do(t, apitest.Request{As: g, Method: "POST", Path: commercePath("checkouts/" + v.CheckoutID + "/orders")}).Decode(t, "guest place", 201, &placed)
		var d orderDetail
		s.srv.Do(t, apitest.Request{As: g, Method: "POST", Path: commercePath("order-summaries/actions/lookup"), Body: `{"orderSummaryIdOrRefNumber":"` + placed.OrderReferenceNumber + `","email":"guest@example.com"}`}).Decode(t, "guest lookup", 200, &d)
		if r := s.srv.Do(t, apitest.Request{As: g, Method: "POST", Path: commercePath("order-summaries/actions/lookup"), Body: `{"orderSummaryIdOrRefNumber":"` + placed.OrderReferenceNumber + `","email":"other@example.com"}`}); r.Status != 404 {
			t.Fatalf("lookup with another email: %d %s", r.Status, r.Body)
		}
	})
}
