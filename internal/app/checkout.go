package app

import (
	"net/http"
	"strings"

	"storefront/internal/commerce/cart"
	"storefront/internal/commerce/checkout"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// mountCheckout registers the delivery-group, checkout, payment and order calls (spec/storefront.md section 7
// "Delivery groups" and "Checkouts"; issue 8).
func (a *App) mountCheckout(mux *http.ServeMux, engine *records.Engine, c *cart.Service) {
	co := &checkout.Service{DB: a.DB, Engine: engine, Carts: c, Log: a.Log}
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
	} {
		method, path, _ := strings.Cut(r.pattern, " ")
		mux.Handle(method+" "+commerceBase+path, r.handle)
	}
}
