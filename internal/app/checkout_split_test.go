package app_test

import (
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/demo"
)

// A buyer with several saved addresses ships two lines to two of them during checkout through the delivery-group
// calls (as the storefront's split shipment does). Those calls change only where the lines ship, so the checkout
// stays live and follows them (it answered 422 "The cart changed during checkout." after each, and the client
// restarted it every step); its stock holds stay; a change of the total drops a payment made before it.
func TestSplitShipmentKeepsTheCheckout(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		dock := s.queryString(t, `SELECT id FROM contactpointaddress WHERE parentid = ? AND name LIKE '%Receiving Dock'`, demo.BuyerAccountID)
		shop := s.queryString(t, `SELECT id FROM contactpointaddress WHERE parentid = ? AND name LIKE '%Maintenance Shop'`, demo.BuyerAccountID)
		var first, second cartItem
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 2)).Decode(t, "add", 201, &first)
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(marker, 1)).Decode(t, "add", 201, &second)
		var v checkoutView
		s.srv.Call(t, "PUT", commercePath("checkouts"), buyer, `{"cartId":"current","deliveryAddressInput":{"shouldUseDefaultAddress":true}}`).
			Decode(t, "start", 202, &v)
		id := v.CheckoutID
		live := func(what string) checkoutView {
			t.Helper()
			var now checkoutView
			r := s.srv.Get(t, commercePath("checkouts/"+id), buyer)
			if r.Status != 200 {
				t.Fatalf("after %s the checkout answers %d %s", what, r.Status, r.Body)
			}
			r.Decode(t, what, 200, &now)
			if held := s.queryString(t, `SELECT CAST(SUM(quantity) AS TEXT) FROM cartinventoryreservation WHERE webcartid = ?`,
				now.CartSummary.CartID); held != "3" {
				t.Fatalf("after %s %s units are held, want 3", what, held)
			}
			return now
		}

		var g deliveryGroup
		s.srv.Call(t, "POST", commercePath("carts/current/delivery-groups"), buyer, `{"deliveryAddress":{"id":"`+shop+`"}}`).
			Decode(t, "create group", 201, &g)
		live("a group added")
		s.srv.Call(t, "POST", commercePath("carts/current/delivery-groups/actions/arrange-items"), buyer,
			`{"arrangements":[{"deliveryGroupId":"`+g.ID+`","cartItemIds":["`+second.CartItemID+`"]}],"options":{"deleteEmptyDeliveryGroups":true}}`).
			Decode(t, "arrange", 202, &groupCollection{})
		live("the lines arranged")
		// The storefront starts the checkout again after the group calls: the same live checkout answers.
		var again checkoutView
		s.srv.Call(t, "PUT", commercePath("checkouts"), buyer, `{"cartId":"current"}`).Decode(t, "start again", 202, &again)
		if again.CheckoutID != id {
			t.Fatalf("start again answered %s, want the live %s", again.CheckoutID, id)
		}
		s.srv.Call(t, "PATCH", commercePath("checkouts/"+id), buyer, `{"deliveryAddress":{"id":"`+dock+`"}}`).Decode(t, "address", 202, &v)
		s.srv.Call(t, "PATCH", commercePath("carts/current/delivery-groups/"+g.ID), buyer, `{"deliveryMethodId":"`+ground+`"}`).
			Decode(t, "group method", 200, &g)
		v = live("the second group's method")
		if v.DeliveryGroups.Count != 2 || !strings.Contains(s.srv.Get(t, commercePath("checkouts/"+id), buyer).Body, `"totalChargeAmount":"19.98"`) {
			t.Fatalf("two groups by Ground: %+v", v.DeliveryGroups)
		}
		s.srv.Call(t, "POST", commercePath("checkouts/"+id+"/payments"), buyer, `{"requestType":"SimplePurchaseOrder","paymentToken":"PO-SPLIT"}`).
			Decode(t, "pay", 201, &struct{}{})
		// Express for the second group after paying: the checkout follows, the payment for the old total is dropped.
		s.srv.Call(t, "PATCH", commercePath("carts/current/delivery-groups/"+g.ID), buyer, `{"deliveryMethodId":"`+express+`"}`).
			Decode(t, "express", 200, &g)
		live("a new method after paying")
		if r := s.srv.Call(t, "POST", commercePath("checkouts/"+id+"/orders"), buyer, ""); r.Status != 422 || !strings.Contains(r.Body, "PAYMENT_FAILURE") {
			t.Fatalf("placed with the payment for the old total: %d %s", r.Status, r.Body)
		}
		s.srv.Call(t, "POST", commercePath("checkouts/"+id+"/payments"), buyer, `{"requestType":"SimplePurchaseOrder","paymentToken":"PO-SPLIT"}`).
			Decode(t, "pay again", 201, &struct{}{})
		var placed orderResult
		s.srv.Call(t, "POST", commercePath("checkouts/"+id+"/orders"), buyer, "").Decode(t, "place", 201, &placed)
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM orderdeliverygroupsummary WHERE ordersummaryid = ?
			AND delivertostreet IN ('1550 Wynkoop St', '20 Service Rd')`, placed.OrderSummaryID); n != "2" {
			t.Fatalf("the order ships to %s of the two addresses", n)
		}

		// A change of the lines still makes a checkout stale.
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).Decode(t, "add", 201, &first)
		v = startCheckout(t, s, buyer)
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(marker, 1)).Decode(t, "add", 201, &second)
		if r := s.srv.Get(t, commercePath("checkouts/"+v.CheckoutID), buyer); r.Status != 422 || !strings.Contains(r.Body, "CHECKOUT_CONFLICT") {
			t.Fatalf("a line added under the checkout: %d %s", r.Status, r.Body)
		}
	})
}

// A delivery address from the address book is a Shipping address, wherever a delivery group takes one: every
// address the checkout's picker lists (addressType=Shipping) is taken, a Billing one is refused with nothing written.
func TestDeliveryAddressIsAShippingAddress(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).Decode(t, "add", 201, &cartItem{})
		refused := func(what string, r apitest.Reply) {
			t.Helper()
			if r.Status != 400 || !strings.Contains(r.Body, "INVALID_API_INPUT") || !strings.Contains(r.Body, "must be a Shipping address") {
				t.Fatalf("%s: %d %s", what, r.Status, r.Body)
			}
		}
		refused("start", s.srv.Call(t, "PUT", commercePath("checkouts"), buyer, `{"cartId":"current","deliveryAddressInput":{"id":"`+billing+`"}}`))
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM cartcheckoutsession`); n != "0" {
			t.Fatalf("a refused start left %s checkouts", n)
		}
		var v checkoutView
		s.srv.Call(t, "PUT", commercePath("checkouts"), buyer, `{"cartId":"current","deliveryAddressInput":{"id":"`+dock+`"}}`).Decode(t, "start", 202, &v)
		refused("checkout PATCH", s.srv.Call(t, "PATCH", commercePath("checkouts/"+v.CheckoutID), buyer, `{"deliveryAddress":{"id":"`+billing+`"}}`))
		group := v.DeliveryGroups.Items[0].ID
		refused("group PATCH", s.srv.Call(t, "PATCH", commercePath("carts/current/delivery-groups/"+group), buyer, `{"deliveryAddress":{"addressId":"`+billing+`"}}`))
		refused("group create", s.srv.Call(t, "POST", commercePath("carts/current/delivery-groups"), buyer, `{"deliveryAddress":{"id":"`+billing+`"}}`))
		if street := s.queryString(t, `SELECT delivertostreet FROM cartdeliverygroup WHERE id = ?`, group); street != "1550 Wynkoop St" {
			t.Fatalf("the group ships to %q", street)
		}
		// The picker's addresses are all taken.
		for _, id := range s.addressIDs(t, addressesPath("current", "")+"?addressType=Shipping", buyer) {
			s.srv.Call(t, "PATCH", commercePath("checkouts/"+v.CheckoutID), buyer, `{"deliveryAddress":{"id":"`+id+`"}}`).Decode(t, "picked "+id, 202, &v)
		}
	})
}
