package cartapi

import (
	"net/http"

	"storefront/internal/commerce/cart"
	"storefront/internal/platform/httpx"
)

// ProductTaxes is GET taxes/products/{productId}?countryIsoCode=&stateIsoCode=: the Store Taxes Info of a product
// the caller may see, in the region asked (by default the buyer's ship-to region, as the cart is taxed), with the
// store's tax type. 404 for a product the caller may not see.
func (h *Handlers) ProductTaxes(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, false)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	taxType, info, err := h.Carts.ProductTaxes(r.Context(), sh, r.PathValue("productId"), q.Get("countryIsoCode"),
		q.Get("stateIsoCode"))
	if err != nil {
		return err
	}
	writeNoStore(w, http.StatusOK, map[string]any{"taxLocaleType": taxType, "taxesInfo": info})
	return nil
}

// CalculateTaxes is POST taxes/actions/calculate-taxes {cartItems: [{deliveryAddress: {countryCode, stateCode},
// lineItems: [{lineId, productId, quantity, unitPrice}]}], currencyIsoCode?}: each line's tax at its group's
// address, as the cart computes tax, and the total (cart.Service.CalculateTaxes). 200.
func (h *Handlers) CalculateTaxes(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	var in cart.TaxRequest
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	res, err := h.Carts.CalculateTaxes(r.Context(), sh, &in)
	if err != nil {
		return err
	}
	writeNoStore(w, http.StatusOK, map[string]any{"currencyIsoCode": res.CurrencyIsoCode, "errorMessage": nil,
		"lineItemTaxes": res.LineItemTaxes, "success": true, "taxLocaleType": res.TaxLocaleType,
		"totalTaxAmount": res.TotalTaxAmount})
	return nil
}
