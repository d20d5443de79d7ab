package app_test

import (
	"context"
	"os"
	"strings"
	"testing"
)

const goodCard, declinedCard = "4111111111111111", "4000000000000002"

func cardBody(number string, cvv, month, year any) string {
	return mustJSON(map[string]any{"cardPaymentMethod": map[string]any{"cardHolderName": "Bonnie Buyer",
		"cardNumber": number, "cvv": cvv, "expiryMonth": month, "expiryYear": year}})
}

func TestCardPayments(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.login(t, "buyer@example.com")
		manager := s.login(t, "manager@example.com")
		s.call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).decode(t, "add", 201, &cartItem{})
		v := startCheckout(t, s, buyer)
		pay := func(token, key string) reply {
			req := `{"requestType":"Auth","paymentToken":"` + token + `","billingAddress":{"name":"Bonnie Buyer","street":"1 Main St","city":"Denver","region":"CO","country":"US","postalCode":"80202"}}`
			if key == "" {
				return s.call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/payments"), buyer, req)
			}
			return s.callWith(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/payments"), buyer, req,
				map[string]string{"Idempotency-Key": key})
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
			r := s.call(t, "POST", commercePath("payments/token"), buyer, tc.body)
			if r.status != 400 || !strings.Contains(r.body, tc.want) {
				t.Errorf("%s: %d %s", tc.name, r.status, r.body)
			}
		}
		var good, declined struct{ Token string }
		s.call(t, "POST", commercePath("payments/token"), buyer, cardBody("4111 1111 1111 1111", "123", "12", "99")).decode(t, "token", 201, &good)
		s.call(t, "POST", commercePath("payments/token"), buyer, cardBody(declinedCard, "123", 12, 2099)).decode(t, "token", 201, &declined)
		// A numeric security code is taken as its digits, as a string one is.
		var numeric struct{ Token string }
		s.call(t, "POST", commercePath("payments/token"), buyer, cardBody(goodCard, 737, 12, 2099)).decode(t, "numeric cvv", 201, &numeric)
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
		pay(declined.Token, "").decode(t, "declined", 201, &res)
		if res.SalesforceResultCode != "Decline" || len(res.Errors) != 1 || res.Errors[0].ErrorCode != "PAYMENT_FAILURE" {
			t.Fatalf("declined %+v", res)
		}
		if r := s.call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/orders"), buyer, ""); r.status != 422 {
			t.Fatalf("placed on a declined card: %d %s", r.status, r.body)
		}
		// Someone else's token is no token; a retried payment (same key) authorizes once.
		var other struct{ Token string }
		s.call(t, "POST", commercePath("payments/token"), manager, cardBody(goodCard, "123", 12, 2099)).decode(t, "other token", 201, &other)
		if r := pay(other.Token, ""); r.status != 400 {
			t.Fatalf("someone else's token: %d %s", r.status, r.body)
		}
		pay(good.Token, "pay-1").decode(t, "approved", 201, &res)
		pay(good.Token, "pay-1").decode(t, "retried", 201, &res)
		pay(good.Token, "").decode(t, "retried without key", 201, &res)
		pay(good.Token, "").decode(t, "retried again", 201, &res)
		if res.SalesforceResultCode != "Success" {
			t.Fatalf("approved %+v", res)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM paymentauthorization WHERE resultcode = 'Success'`); n != "2" {
			t.Fatalf("%s authorizations for one keyed and one unkeyed payment, want 2", n)
		}
		var placed orderResult
		s.call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/orders"), buyer, "").decode(t, "place", 201, &placed)
		var d orderDetail
		s.get(t, commercePath("order-summaries/"+placed.OrderSummaryID), buyer).decode(t, "detail", 200, &d)
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
		g := newGuest(s)
		g.call(t, "POST", commercePath("carts/current/cart-items"), itemBody(pen, 1)).decode(t, "guest add", 201, &cartItem{})
		start := `{"cartId":"current","deliveryAddressInput":` + coloradoAddress + `}`
		if r := g.call(t, "PUT", commercePath("checkouts"), start); r.status != 401 {
			t.Fatalf("guest checkout where the store does not allow it: %d %s", r.status, r.body)
		}
		s.exec(t, `UPDATE webstore SET guestcheckoutenabled = ?`, true)
		var v checkoutView
		g.call(t, "PUT", commercePath("checkouts"), start).decode(t, "guest start", 202, &v)
		if r := g.call(t, "PUT", commercePath("checkouts"), start); r.status != 202 {
			t.Fatalf("restart: %d %s", r.status, r.body)
		}
		// Another visitor does not see it.
		if r := newGuest(s).call(t, "GET", commercePath("checkouts/"+v.CheckoutID), ""); r.status != 404 && r.status != 401 {
			t.Fatalf("another guest: %d %s", r.status, r.body)
		}
		g.call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/payments"), `{"requestType":"SimplePurchaseOrder","paymentToken":"G-1"}`).
			decode(t, "pay", 201, &struct{}{})
		if r := g.call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/orders"), ""); r.status != 422 || !strings.Contains(r.body, "MISSING_CONTACT_INFO") {
			t.Fatalf("guest order without contact: %d %s", r.status, r.body)
		}
		g.call(t, "PATCH", commercePath("checkouts/"+v.CheckoutID), `{"contactInfo":{"email":"Guest@Example.com","lastName":"Guest","phoneNumber":"  "}}`).
			decode(t, "contact", 202, &v)
		if _, has := v.ContactInfo["phoneNumber"]; has || v.ContactInfo["lastName"] != "Guest" {
			t.Fatalf("contact %+v", v.ContactInfo)
		}
		var placed orderResult
		g.call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/orders"), "").decode(t, "guest place", 201, &placed)
		var d orderDetail
		g.call(t, "POST", commercePath("order-summaries/actions/lookup"),
			`{"orderSummaryIdOrRefNumber":"`+placed.OrderReferenceNumber+`","email":"guest@example.com"}`).decode(t, "guest lookup", 200, &d)
		if r := g.call(t, "POST", commercePath("order-summaries/actions/lookup"),
			`{"orderSummaryIdOrRefNumber":"`+placed.OrderReferenceNumber+`","email":"other@example.com"}`); r.status != 404 {
			t.Fatalf("lookup with another email: %d %s", r.status, r.body)
		}
	})
}
