package app

import (
	"net/http"
	"strings"

	"storefront/internal/commerce/cart"
	"storefront/internal/platform/httpx"
)

// mountCarts registers the cart calls (spec/storefront.md section 7 "Carts").
func mountCarts(mux *http.ServeMux, c *cart.Service) {
	for _, r := range []struct {
		pattern string
		handle  httpx.HandlerFunc
	}{
		{"GET carts/compact-summary", c.CompactSummary},
		{"GET carts/{cartStateOrId}/compact-summary", c.CompactSummary},
		{"GET carts/{cartStateOrId}", c.Summary},
		{"PUT carts", c.Ensure},
		{"POST carts", c.Ensure},
		{"DELETE carts/{cartStateOrId}", c.Delete},
		{"POST carts/{cartStateOrId}/actions/preserve", c.Preserve},
		{"POST carts/{cartStateOrId}/actions/clone", c.Clone},
		{"GET carts/{cartStateOrId}/cart-items", c.Items},
		{"POST carts/{cartStateOrId}/cart-items", c.AddItem},
		{"POST carts/{cartStateOrId}/cart-items/batch", c.AddBatch},
		{"PATCH carts/{cartStateOrId}/cart-items/{cartItemId}", c.UpdateItem},
		{"DELETE carts/{cartStateOrId}/cart-items/{cartItemId}", c.DeleteItem},
		{"POST carts/{cartStateOrId}/cart-coupons", c.ApplyCoupon},
		{"DELETE carts/{cartStateOrId}/cart-coupons/{cartCouponId}", c.RemoveCoupon},
		{"PUT carts/{cartStateOrId}/inventory-reservations", c.Reserve},
		{"GET carts/{cartStateOrId}/products", c.Products},
	} {
		method, path, _ := strings.Cut(r.pattern, " ")
		mux.Handle(method+" "+commerceBase+path, r.handle)
	}
}
