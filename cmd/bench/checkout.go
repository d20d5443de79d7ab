package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"storefront/internal/demo"
	"storefront/internal/records"
)

// The checkout scenario: one iteration is one whole checkout by a signed-in buyer of its own (a buyer per virtual
// user, created with `storefront user create` in the demo buyer's account before the server starts, so that each
// user has a cart of its own): add one product, start the checkout, set the default shipping address by id, choose
// Express, pay by purchase order, place the order. Its row counts orders: req/s is orders/s, p50/p99 a whole
// checkout's time, and an iteration where any step fails is one error.

// express is the demo store's Express delivery method (Ground, the cheapest, is the one a checkout starts with).
var express = records.StableID("2Dm", 2)

// stockedProducts are the demo products with neither a quantity rule (every 5th and 8th) nor short stock (every 13th
// is out of stock, every 7th has 1-5): each has 25-999 on hand, so the ~160 of them hold at least 4,000 orders of
// one unit taken round-robin, far more than a run places. Real stock and real reservations, no seeding tricks.
var stockedProducts = func() []string {
	var out []string
	for n := 1; n <= demo.DemoProducts; n++ {
		if n%5 != 0 && n%8 != 0 && n%13 != 0 && n%7 != 0 {
			out = append(out, productN(n))
		}
	}
	return out
}()

// buyerEmail is the address of the bench's buyer i in the run identified by tag.
func buyerEmail(tag string, i int) string { return fmt.Sprintf("bench-%s-%d@example.com", tag, i) }

func (e *env) commerceURL(rest string) string {
	return e.base + api + "/commerce/webstores/" + e.storeID + "/" + rest
}

// signInBuyer gives the user a buyer of its own (created before the server started), signed in with a bearer token
// (a session of its own), and its default shipping address. Not measured; the user keeps it for every buyer row.
func signInBuyer(ctx context.Context, client *http.Client, e *env, u *vuser) error {
	if u.token != "" {
		return nil
	}
	e.mu.Lock()
	if e.nextBuyer >= len(e.buyers) {
		e.mu.Unlock()
		return fmt.Errorf("no buyer left for this user (%d created): the buyer scenarios need one per user", len(e.buyers))
	}
	email := e.buyers[e.nextBuyer]
	e.nextBuyer++
	e.mu.Unlock()
	token, err := signIn(ctx, client, e.base, email)
	if err != nil {
		return fmt.Errorf("sign in as %s: %w", email, err)
	}
	req, err := bearer(http.MethodGet, e.commerceURL("accounts/current/addresses?addressType=Shipping&defaultOnly=true"), token, "")
	if err != nil {
		return err
	}
	var book struct {
		Items []struct {
			AddressID string `json:"addressId"`
		} `json:"items"`
	}
	if err := send(ctx, client, req, &book); err != nil {
		return err
	}
	if len(book.Items) == 0 || book.Items[0].AddressID == "" {
		return errors.New("the buyer account has no default shipping address")
	}
	u.token, u.addressID = token, book.Items[0].AddressID
	return nil
}

// checkoutOnce is one whole checkout; a failed step deletes the checkout (best effort, not measured as a step of
// its own) so that the user's next iteration starts from an open cart.
func checkoutOnce(ctx context.Context, client *http.Client, e *env, u *vuser) error {
	product := stockedProducts[int(e.orderNumber.Add(1))%len(stockedProducts)]
	step := func(method, rest, body string, out any) error {
		req, err := bearer(method, e.commerceURL(rest), u.token, body)
		if err != nil {
			return err
		}
		return send(ctx, client, req, out)
	}
	if err := step(http.MethodPost, "carts/current/cart-items", `{"productId":"`+product+`","quantity":"1","type":"Product"}`, nil); err != nil {
		return err
	}
	var started struct {
		CheckoutID string `json:"checkoutId"`
	}
	if err := step(http.MethodPut, "checkouts", `{"cartId":"current"}`, &started); err != nil {
		return err
	}
	if started.CheckoutID == "" {
		return errors.New("PUT checkouts: no checkoutId")
	}
	id := started.CheckoutID
	var placed struct {
		OrderReferenceNumber string `json:"orderReferenceNumber"`
	}
	err := step(http.MethodPatch, "checkouts/"+id, `{"deliveryAddress":{"id":"`+u.addressID+`"}}`, nil)
	if err == nil {
		err = step(http.MethodPatch, "checkouts/"+id, `{"deliveryMethodId":"`+express+`"}`, nil)
	}
	if err == nil {
		err = step(http.MethodPost, "checkouts/"+id+"/payments", fmt.Sprintf(`{"requestType":"SimplePurchaseOrder",`+
			`"paymentToken":"PO-%d","billingAddress":{"name":"Bench Buyer","street":"1 Main St","city":"Denver",`+
			`"region":"CO","country":"US","postalCode":"80202"}}`, e.orderNumber.Load()), nil)
	}
	if err == nil {
		err = step(http.MethodPost, "checkouts/"+id+"/orders", "", &placed)
	}
	if err == nil && strings.TrimSpace(placed.OrderReferenceNumber) == "" {
		err = errors.New("POST orders: no orderReferenceNumber")
	}
	if err != nil && ctx.Err() == nil {
		_ = step(http.MethodDelete, "checkouts/"+id, "", nil)
	}
	return err
}

// Its goals are issue 19's "place an order": orders/s at least 0.05 of the insert ceiling (about 500 orders/s where
// that is 10,000 inserts/s), and a whole checkout's p99 within 100 ms.
var checkoutScenario = scenario{name: "checkout", unit: "orders", setup: signInBuyer, buyers: true, flow: checkoutOnce,
	against: insertCeilingRow, goals: []goal{minShare(0.05), maxP99(100 * time.Millisecond)}}
