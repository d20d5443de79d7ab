package app_test

import (
	"context"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/demo"
	"storefront/internal/records"
)

type checkoutView struct {
	CheckoutID           string
	StatusCode           string
	OrderReferenceNumber *string
	ContactInfo          map[string]string
	CartSummary          struct {
		cartSummary
		PurchaseOrderNumber string
	}
	DeliveryGroups groupCollection
	Errors         []struct{ Type, Title, Detail, ErrorCode string }
}

type orderResult struct {
	OrderReferenceNumber, OrderSummaryID, SalesOrderID string
}

// startCheckout adds products to the caller's cart and starts a checkout shipping to Colorado.
func startCheckout(t *testing.T, s *demoSite, token string) checkoutView {
	t.Helper()
	var v checkoutView
	s.srv.Call(t, "PUT", commercePath("checkouts"), token, `{"cartId":"current","deliveryAddressInput":`+coloradoAddress+`}`).
		Decode(t, "start", 202, &v)
	if v.CheckoutID == "" || !strings.HasPrefix(v.CheckoutID, "2z9") {
		t.Fatalf("start: %+v", v)
	}
	return v
}

func onHand(t *testing.T, s *demoSite, product string) string {
	return s.queryString(t, `SELECT CAST(quantityonhand AS TEXT) FROM productinventory WHERE productid = ?`, product)
}

func TestCheckoutPlacesAnOrder(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		manager := s.srv.Token(t, "manager@example.com")
		admin := s.srv.Token(t, "admin@example.com")
		stock := onHand(t, s, pen)
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 2)).Decode(t, "add", 201, &cartItem{})
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(marker, 1)).Decode(t, "add", 201, &cartItem{})

		// Start: the cheapest method (Ground 9.99) chosen, the address set, stock held, the cart in Checkout.
		v := startCheckout(t, s, buyer)
		id := v.CheckoutID
		if v.DeliveryGroups.Count != 1 || v.DeliveryGroups.Items[0].SelectedDeliveryMethod == nil ||
			v.DeliveryGroups.Items[0].SelectedDeliveryMethod.ID != ground || v.CartSummary.Status != "Checkout" {
			t.Fatalf("started %+v", v)
		}
		if n := s.queryString(t, `SELECT CAST(SUM(quantity) AS TEXT) FROM cartinventoryreservation WHERE webcartid = ?`,
			v.CartSummary.CartID); n != "3" {
			t.Fatalf("held %s units, want 3", n)
		}
		var again checkoutView
		s.srv.Call(t, "PUT", commercePath("checkouts"), buyer, `{"cartId":"current"}`).Decode(t, "start again", 202, &again)
		s.srv.Get(t, commercePath("checkouts/active"), buyer).Decode(t, "active", 200, &v)
		if again.CheckoutID != id || v.CheckoutID != id || v.StatusCode != "200" {
			t.Fatalf("the same checkout: %s %s %s", again.CheckoutID, v.CheckoutID, id)
		}

		// PATCH one part per call.
		s.srv.Call(t, "PATCH", commercePath("checkouts/"+id), buyer, `{"deliveryMethodId":"`+express+`"}`).Decode(t, "method", 202, &v)
		if !strings.Contains(s.srv.Get(t, commercePath("checkouts/"+id), buyer).Body, `"totalChargeAmount":"24.99"`) {
			t.Fatalf("express not charged")
		}
		s.srv.Call(t, "PATCH", commercePath("checkouts/"+id), buyer,
			`{"deliveryAddress":`+coloradoAddress+`,"desiredDeliveryDate":"2030-05-28T16:41:41.090Z","shippingInstructions":"gate 1234"}`).
			Decode(t, "shipping", 202, &v)
		s.srv.Call(t, "PATCH", commercePath("checkouts/"+id), buyer, `{"contactInfo":{"email":"bonnie@example.com","phoneNumber":" "}}`).
			Decode(t, "contact", 202, &v)
		if v.ContactInfo["email"] != "bonnie@example.com" || len(v.ContactInfo) != 1 {
			t.Fatalf("contact %+v", v.ContactInfo)
		}
		apitest.Run(t, s.srv.Target, []apitest.Scenario{
			{Name: "mixture", As: apitest.Auth(buyer), Method: "PATCH", Path: commercePath("checkouts/" + id), Body: `{"deliveryMethodId":"` + ground + `","contactInfo":{}}`, WantStatus: 400, WantContains: "one part"},
			{Name: "legacy key", As: apitest.Auth(buyer), Method: "PATCH", Path: commercePath("checkouts/" + id), Body: `{"shippingAddress":{}}`, WantStatus: 400, WantContains: "JSON_PARSER_ERROR"},
			{Name: "nothing", As: apitest.Auth(buyer), Method: "PATCH", Path: commercePath("checkouts/" + id), Body: `{}`, WantStatus: 400, WantContains: "one part"},
			{Name: "wrong type", As: apitest.Auth(buyer), Method: "PATCH", Path: commercePath("checkouts/" + id), Body: `{"deliveryMethodId":7}`, WantStatus: 400, WantContains: "JSON_PARSER_ERROR"},
			{Name: "bad email", As: apitest.Auth(buyer), Method: "PATCH", Path: commercePath("checkouts/" + id), Body: `{"contactInfo":{"email":"nope"}}`, WantStatus: 400, WantContains: "INVALID_EMAIL_ADDRESS"},
			{Name: "NUL", As: apitest.Auth(buyer), Method: "PATCH", Path: commercePath("checkouts/" + id), Body: `{"contactInfo":{"lastName":"a\u0000"}}`, WantStatus: 400, WantContains: "INVALID_API_INPUT"},
			{Name: "malformed", As: apitest.Auth(buyer), Method: "PATCH", Path: commercePath("checkouts/" + id), Body: `{"contactInfo":`, WantStatus: 400, WantContains: "JSON_PARSER_ERROR"},
			{Name: "someone else's", As: apitest.Auth(manager), Method: "GET", Path: commercePath("checkouts/" + id), WantStatus: 404, WantContains: "NOT_FOUND"},
			{Name: "someone else's patch", As: apitest.Auth(manager), Method: "PATCH", Path: commercePath("checkouts/" + id), Body: `{"deliveryMethodId":"` + ground + `"}`, WantStatus: 404, WantContains: "NOT_FOUND"},
			{Name: "unknown", As: apitest.Auth(buyer), Method: "GET", Path: commercePath("checkouts/" + records.StableID("2z9", 4242)), WantStatus: 404, WantContains: "NOT_FOUND"},
			{Name: "not an id", As: apitest.Auth(buyer), Method: "GET", Path: commercePath("checkouts/xyz"), WantStatus: 404, WantContains: "NOT_FOUND"},
			{Name: "guest", As: apitest.Guest, Method: "GET", Path: commercePath("checkouts/" + id), WantStatus: 401, WantContains: "INVALID_SESSION_ID"},
			{Name: "no cart id", As: apitest.Auth(buyer), Method: "PUT", Path: commercePath("checkouts"), Body: `{}`, WantStatus: 400, WantContains: "cartId"},
			{Name: "no payment", As: apitest.Auth(buyer), Method: "POST", Path: commercePath("checkouts/" + id + "/orders"), WantStatus: 422, WantContains: "PAYMENT_FAILURE"},
			{Name: "bad request type", As: apitest.Auth(buyer), Method: "POST", Path: commercePath("checkouts/" + id + "/payments"), Body: `{"requestType":"Cash","paymentToken":"1"}`, WantStatus: 400, WantContains: "requestType"},
			{Name: "PO without number", As: apitest.Auth(buyer), Method: "POST", Path: commercePath("checkouts/" + id + "/payments"), Body: `{"requestType":"SimplePurchaseOrder"}`, WantStatus: 400, WantContains: "paymentToken"},
			{Name: "foreign token", As: apitest.Auth(buyer), Method: "POST", Path: commercePath("checkouts/" + id + "/payments"), Body: `{"requestType":"Auth","paymentToken":"tok_x"}`, WantStatus: 400, WantContains: "token"},
			{Name: "bad action", As: apitest.Auth(buyer), Method: "POST", Path: commercePath("checkouts/" + id + "/orders/actions"), Body: `{"actions":[{"action":"ship"}]}`, WantStatus: 400, WantContains: "prepare or submit"},
			{Name: "no actions", As: apitest.Auth(buyer), Method: "POST", Path: commercePath("checkouts/" + id + "/orders/actions"), Body: `{"actions":[]}`, WantStatus: 400, WantContains: "actions"},
			{Name: "unknown coupon", As: apitest.Auth(buyer), Method: "POST", Path: commercePath("checkouts/" + id + "/coupons"), Body: `{"couponCode":"NOPE"}`, WantStatus: 400, WantContains: "CART_VALIDATION_ERROR"},
		})

		// A coupon through the checkout, prepare, a purchase order, the order.
		var coupons struct {
			CartCoupons struct {
				Coupons []struct{ CartCouponID, CouponCode string }
			}
		}
		s.srv.Call(t, "POST", commercePath("checkouts/"+id+"/coupons"), buyer, `{"couponCode":"SPRING10"}`).Decode(t, "coupon", 201, &coupons)
		if len(coupons.CartCoupons.Coupons) != 1 {
			t.Fatalf("coupons %+v", coupons)
		}
		s.srv.Call(t, "POST", commercePath("checkouts/"+id+"/orders/actions"), buyer, `{"actions":[{"action":"prepare"}]}`).
			Decode(t, "prepare", 200, &struct{}{})
		var paid struct{ SalesforceResultCode string }
		s.srv.Call(t, "POST", commercePath("checkouts/"+id+"/payments"), buyer,
			`{"requestType":"SimplePurchaseOrder","paymentToken":"PO-1234","billingAddress":{"name":"Bonnie Buyer","street":"1 Main St","city":"Denver","region":"CO","country":"US","postalCode":"80202"}}`).
			Decode(t, "pay", 201, &paid)
		if paid.SalesforceResultCode != "Success" {
			t.Fatalf("paid %+v", paid)
		}
		s.srv.Get(t, commercePath("checkouts/"+id), buyer).Decode(t, "after pay", 200, &v)
		if v.CartSummary.PurchaseOrderNumber != "PO-1234" {
			t.Fatalf("PO number not on the cart: %+v", v.CartSummary)
		}
		grand := v.CartSummary.GrandTotalAmount
		var placed, retried orderResult
		s.srv.Call(t, "POST", commercePath("checkouts/"+id+"/orders"), buyer, "").Decode(t, "place", 201, &placed)
		s.srv.Call(t, "POST", commercePath("checkouts/"+id+"/orders"), buyer, "").Decode(t, "place again", 201, &retried)
		if placed.OrderReferenceNumber == "" || retried != placed {
			t.Fatalf("placed %+v then %+v", placed, retried)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM "order"`); n != "1" {
			t.Fatalf("%s orders", n)
		}
		s.srv.Get(t, commercePath("checkouts/"+id), buyer).Decode(t, "ordered", 200, &v)
		if v.OrderReferenceNumber == nil || *v.OrderReferenceNumber != placed.OrderReferenceNumber || v.CartSummary.Status != "Closed" {
			t.Fatalf("ordered checkout %+v", v)
		}
		if got := onHand(t, s, pen); got == stock {
			t.Fatalf("stock not taken: %s", got)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM cartinventoryreservation WHERE webcartid = ?`, v.CartSummary.CartID); n != "0" {
			t.Fatalf("holds left: %s", n)
		}
		// The summary is a record: staff read it through the records API, with the order's grand total.
		r := s.srv.Get(t, "/services/data/v64.0/ui-api/records/"+placed.OrderSummaryID+"?fields=OrderSummary.GrandTotalAmount,OrderSummary.OrderNumber", admin)
		if r.Status != 200 || !strings.Contains(r.Body, `"value":`+grand+`}`) {
			t.Fatalf("staff read of the summary (grand %s): %d %s", grand, r.Status, r.Body)
		}
		// The cart is closed: the buyer's current cart is a new, empty one.
		s.srv.Get(t, commercePath("carts/current"), buyer).Decode(t, "after order", 200, &cartSummary{})
		if r := s.srv.Call(t, "PATCH", commercePath("checkouts/"+id), buyer, `{"deliveryMethodId":"`+ground+`"}`); r.Status != 422 {
			t.Fatalf("patch after order: %d %s", r.Status, r.Body)
		}
	})
}

func TestCheckoutStaleAndExpired(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).Decode(t, "add", 201, &cartItem{})
		v := startCheckout(t, s, buyer)
		// A cart change makes the checkout stale and drops its holds; the client deletes it and starts again.
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(marker, 1)).Decode(t, "add", 201, &cartItem{})
		var stale checkoutView
		s.srv.Get(t, commercePath("checkouts/"+v.CheckoutID), buyer).Decode(t, "stale", 422, &stale)
		if len(stale.Errors) != 1 || stale.Errors[0].ErrorCode != "CHECKOUT_CONFLICT" {
			t.Fatalf("stale %+v", stale)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM cartinventoryreservation`); n != "0" {
			t.Fatalf("holds of a stale checkout: %s", n)
		}
		if r := s.srv.Call(t, "PUT", commercePath("checkouts"), buyer, `{"cartId":"current"}`); r.Status != 422 {
			t.Fatalf("start over a stale checkout: %d %s", r.Status, r.Body)
		}
		s.srv.Call(t, "DELETE", commercePath("checkouts/"+v.CheckoutID), buyer, "").Want(t, "delete", 204, "")
		s.srv.Get(t, commercePath("checkouts/"+v.CheckoutID), buyer).Decode(t, "deleted", 404, &[]any{})
		v = startCheckout(t, s, buyer)

		// Past its time the checkout is expired (410), and its holds are swept.
		s.exec(t, `UPDATE cartcheckoutsession SET expiresat = '2020-01-01T00:00:00.000Z' WHERE id = ?`, v.CheckoutID)
		s.exec(t, `UPDATE cartinventoryreservation SET expiresat = '2020-01-01T00:00:00.000Z'`)
		if n, err := s.srv.App.SweepHolds(context.Background()); err != nil || n != 2 { // the pen and the marker
			t.Fatalf("swept %d holds: %v", n, err)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM cartinventoryreservation`); n != "0" {
			t.Fatalf("holds left after the sweep: %s", n)
		}
		var expired checkoutView
		s.srv.Get(t, commercePath("checkouts/active"), buyer).Decode(t, "expired", 410, &expired)
		if expired.Errors[0].ErrorCode != "CHECKOUT_EXPIRED" {
			t.Fatalf("expired %+v", expired)
		}
		if r := s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/orders"), buyer, ""); r.Status != 410 {
			t.Fatalf("place an expired checkout: %d %s", r.Status, r.Body)
		}
		s.srv.Call(t, "DELETE", commercePath("checkouts/"+v.CheckoutID), buyer, "").Want(t, "delete expired", 204, "")

		// A cart deleted under its checkout leaves nothing to order.
		v = startCheckout(t, s, buyer)
		s.srv.Call(t, "DELETE", commercePath("carts/current"), buyer, "").Want(t, "delete cart", 204, "")
		if r := s.srv.Get(t, commercePath("checkouts/"+v.CheckoutID), buyer); r.Status != 422 || !strings.Contains(r.Body, "CHECKOUT_CONFLICT") {
			t.Fatalf("checkout of a deleted cart: %d %s", r.Status, r.Body)
		}
		s.srv.Call(t, "DELETE", commercePath("checkouts/"+v.CheckoutID), buyer, "").Want(t, "delete", 204, "")
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).Decode(t, "add", 201, &cartItem{})
		var cs cartSummary
		s.srv.Get(t, commercePath("carts/current"), buyer).Decode(t, "cart", 200, &cs)
		if cs.Status != "Active" {
			t.Fatalf("cart after delete: %+v", cs)
		}
	})
}

// A delivery address from the account's address book, by id or as the default address, and the tax it brings.
func TestCheckoutAddressBook(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin := s.srv.Token(t, "admin@example.com")
		buyer := s.srv.Token(t, "buyer@example.com")
		manager := s.srv.Token(t, "manager@example.com")
		seattle := s.createRecord(t, admin, "ContactPointAddress", map[string]any{"Name": "Seattle dock",
			"ParentId": demo.BuyerAccountID, "AddressType": "Shipping", "IsDefault": true, "Street": "9 Pier Way",
			"City": "Seattle", "State": "WA", "PostalCode": "98101", "Country": "United States", "CountryCode": "US"})
		s.exec(t, `UPDATE contactpointaddress SET isdefault = ? WHERE id <> ?`, false, seattle) // the demo's own default
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(marker, 1)).Decode(t, "add", 201, &cartItem{})
		var v checkoutView
		s.srv.Call(t, "PUT", commercePath("checkouts"), buyer, `{"cartId":"current","deliveryAddressInput":{"shouldUseDefaultAddress":true}}`).
			Decode(t, "start", 202, &v)
		g := v.DeliveryGroups.Items[0]
		if g.DeliveryAddress == nil || g.DeliveryAddress.Street != "9 Pier Way" || g.DeliveryAddress.Region != "WA" {
			t.Fatalf("default address: %+v", g.DeliveryAddress)
		}
		// Washington's 6.5% on the products and the Ground charge.
		taxed := v.CartSummary.TotalTaxAmount
		s.srv.Call(t, "PATCH", commercePath("checkouts/"+v.CheckoutID), buyer, `{"deliveryAddress":`+coloradoAddress+`}`).Decode(t, "to Colorado", 202, &v)
		if v.CartSummary.TotalTaxAmount == taxed {
			t.Fatalf("the tax did not follow the address: %s", taxed)
		}
		s.srv.Call(t, "PATCH", commercePath("checkouts/"+v.CheckoutID), buyer, `{"deliveryAddress":{"id":"`+seattle+`"}}`).Decode(t, "by id", 202, &v)
		if v.CartSummary.TotalTaxAmount != taxed || v.DeliveryGroups.Items[0].DeliveryAddress.City != "Seattle" {
			t.Fatalf("by id: %+v", v)
		}
		// Another buyer's address book is not this buyer's.
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), manager, itemBody(marker, 1)).Decode(t, "add", 201, &cartItem{})
		if r := s.srv.Call(t, "PUT", commercePath("checkouts"), manager, `{"cartId":"current","deliveryAddressInput":{"id":"`+seattle+`"}}`); r.Status != 404 {
			t.Fatalf("someone else's address: %d %s", r.Status, r.Body)
		}
	})
}
