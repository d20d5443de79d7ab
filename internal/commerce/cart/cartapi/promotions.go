package cartapi

import (
	"net/http"
	"strings"

	"storefront/internal/commerce/cart"
	"storefront/internal/platform/httpx"
)

// EvaluateProducts is POST promotions/actions/evaluate-products {products: [{productId | sku, salesPrice?}],
// effectiveAccountId?, currencyIsoCode?} (also served at /commerce/promotions/actions/evaluate-products with the
// store as webStoreId): each product's promotional price and the promotions in it (cart.Service.EvaluateProducts).
// 200.
func (h *Handlers) EvaluateProducts(w http.ResponseWriter, r *http.Request) error {
	body, err := httpx.ReadBody(w, r)
	if err != nil {
		return err
	}
	var in cart.EvaluateRequest
	if err := httpx.DecodeJSONBytes(body, &in); err != nil {
		return err
	}
	if r.PathValue("webstoreId") == "" { // the store-less resource names its store in the body
		if in.WebStoreID == nil || strings.TrimSpace(*in.WebStoreID) == "" {
			return httpx.BadRequest("INVALID_API_INPUT", "webStoreId is required.")
		}
		r.SetPathValue("webstoreId", strings.TrimSpace(*in.WebStoreID))
		if in.EffectiveAccountID != nil && r.URL.Query().Get("effectiveAccountId") == "" {
			q := r.URL.Query()
			q.Set("effectiveAccountId", *in.EffectiveAccountID)
			r.URL.RawQuery = q.Encode()
		}
	}
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	out, err := h.Carts.EvaluateProducts(r.Context(), sh, &in)
	if err != nil {
		return err
	}
	writeNoStore(w, http.StatusOK, map[string]any{"promotionProductEvaluationResults": out})
	return nil
}
