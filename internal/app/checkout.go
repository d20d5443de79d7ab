package app

import (
	"net/http"
	"strings"

	"storefront/internal/commerce/cart"
	"storefront/internal/commerce/checkout"
	"storefront/internal/commerce/order"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// mountCheckout registers the delivery-group, checkout, payment and order calls (spec/storefront.md section 7
// "Delivery groups" and "Checkouts"; issue 8) and the order history.
func (a *App) mountCheckout(mux *http.ServeMux, engine *records.Engine, c *cart.Service) {
	co := &checkout.Service{DB: a.DB, Engine: engine, Carts: c, Log: a.Log}
	orders := &order.Service{DB: a.DB, Engine: engine, Carts: c, Log: a.Log}
	for _, r := range []struct {
		pattern string
		handle  httpx.HandlerFunc
	}{
		{"GET carts/{cartStateOrId}/delivery-groups", c.ListGroups},
		{"POST carts/{cartStateOrId}/delivery-groups", c.CreateGroup},
		{"POST carts/{cartStateOrId}/delivery-groups/actions/arrange-items", c.ArrangeItems},
		{"GET carts/{cartStateOrId}/delivery-groups/{deliveryGroupId}", c.GetGroup},
		{"PATCH carts/{cartStateOrId}/delivery-groups/{deliveryGroupId}", c.UpdateGroupCall},
		{"DELETE carts/{cartStateOrId}/delivery-groups/{deliveryGroupId}", c.DeleteGroup},
		{"PUT checkouts", co.Start},
		{"POST checkouts", co.Start},
		{"GET checkouts/{checkoutId}", co.Get},
		{"PATCH checkouts/{checkoutId}", co.Patch},
		{"DELETE checkouts/{checkoutId}", co.Delete},
		{"POST checkouts/{checkoutId}/coupons", co.ApplyCoupon},
		{"DELETE checkouts/{checkoutId}/coupons/{couponId}", co.RemoveCoupon},
		{"POST checkouts/{checkoutId}/payments", co.Pay},
		{"POST checkouts/{checkoutId}/orders", co.PlaceOrder},
		{"POST checkouts/{checkoutId}/orders/actions", co.Actions},
		{"POST payments/token", co.Token},
		{"GET order-summaries", orders.List},
		{"POST order-summaries/actions/lookup", orders.Lookup},
		{"GET order-summaries/{orderSummaryId}", orders.Get},
		{"GET order-summaries/{orderSummaryId}/items", orders.Items},
		{"POST order-summaries/{orderSummaryId}/actions/add-order-to-cart", orders.AddToCart},
	} {
		method, path, _ := strings.Cut(r.pattern, " ")
		mux.Handle(method+" "+commerceBase+path, r.handle)
	}
}
