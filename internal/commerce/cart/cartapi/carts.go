package cartapi

import (
	"net/http"
	"strings"
	"time"

	"storefront/internal/commerce/cart"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// The calls on a cart as a whole: its summaries, creating, deleting, preserving a guest's cart at login, cloning
// for a payment link, holding its stock, and the products of its lines.

// CompactSummary is GET carts/compact-summary and carts/{id}/compact-summary: what the cart badge shows. Without a
// current cart the answer is an empty summary (cartId null, counts zero).
func (h *Handlers) CompactSummary(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	c, err := h.Carts.Open(r.Context(), sh, cartRef(r))
	if err != nil {
		return err
	}
	out := map[string]any{"cartId": nil, "currencyIsoCode": sh.Store.DefaultCurrency, "totalProductCount": "0",
		"uniqueProductCount": 0}
	if c != nil {
		sum := cart.SummaryOf(c, sh.Store.DefaultCurrency)
		out = map[string]any{"cartId": c.ID, "currencyIsoCode": sum.CurrencyIsoCode,
			"totalProductCount": sum.TotalProductCount, "uniqueProductCount": sum.UniqueProductCount}
	}
	writeNoStore(w, http.StatusOK, out)
	return nil
}

// Summary is GET carts/{cartStateOrId}: the Cart Summary. The current cart of a caller who has none is an empty
// cart (v63+); a cart being recalculated in the background answers 202 with Retry-After.
func (h *Handlers) Summary(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	c, err := h.Carts.Open(r.Context(), sh, cartRef(r))
	if err != nil {
		return err
	}
	noStore(w)
	if c == nil {
		httpx.WriteJSON(w, http.StatusOK, emptySummary(sh))
		return nil
	}
	httpx.WriteJSON(w, h.processingStatus(w, c, http.StatusOK), cart.SummaryOf(c, sh.Store.DefaultCurrency))
	return nil
}

// emptySummary is the summary of the current cart of a shopper who has none yet.
func emptySummary(sh *storecontext.Shopper) *cart.Summary {
	out := cart.SummaryOf(&cart.Cart{Name: "Cart", Status: cart.StatusActive, Type: cart.TypeCart,
		Currency: sh.Store.DefaultCurrency, StoreID: sh.Store.ID, AccountID: sh.AccountID, TaxType: sh.Store.TaxType},
		sh.Store.DefaultCurrency)
	out.CartID = nil
	return out
}

// Ensure is PUT carts: the caller's current cart, created when there is none (201) or as it is (200).
func (h *Handlers) Ensure(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	if err := DiscardBody(w, r); err != nil {
		return err
	}
	if err := guestSession(w, r, sh); err != nil {
		return err
	}
	c, created, err := h.Carts.Ensure(r.Context(), sh)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeNoStore(w, status, cart.SummaryOf(c, sh.Store.DefaultCurrency))
	return nil
}

// Create is POST carts {name, type, isSecondary, currencyIsoCode, effectiveAccountId} (Cart Input; every field
// optional), answered 201 with the Cart Summary as the real call is. A primary cart (isSecondary false, the default)
// is the current one when the shopper has it, else a new one with the name given; a secondary (saved) cart is always
// a new one, for signed-in buyers only and at most five open at a time (cart.Service.Create). The only type a
// shopper creates is Cart.
func (h *Handlers) Create(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	var in struct {
		Name               *string `json:"name"`
		Type               *string `json:"type"`
		IsSecondary        *bool   `json:"isSecondary"`
		CurrencyIsoCode    *string `json:"currencyIsoCode"`
		EffectiveAccountID *string `json:"effectiveAccountId"`
	}
	if r.ContentLength != 0 {
		body, err := httpx.ReadBody(w, r)
		if err != nil {
			return err
		}
		if strings.TrimSpace(string(body)) != "" {
			if err := httpx.DecodeJSONBytes(body, &in); err != nil {
				return err
			}
		}
	}
	name := "Cart"
	if in.Name != nil && strings.TrimSpace(*in.Name) != "" {
		name = strings.TrimSpace(*in.Name)
		if err := cart.CheckText("name", name, 250); err != nil {
			return err
		}
	}
	if in.Type != nil && *in.Type != cart.TypeCart {
		return httpx.BadRequest("INVALID_API_INPUT", "type must be %s: a shopper creates only carts of that type.", cart.TypeCart)
	}
	if in.CurrencyIsoCode != nil && !strings.EqualFold(strings.TrimSpace(*in.CurrencyIsoCode), sh.Store.DefaultCurrency) {
		return httpx.BadRequest("INVALID_API_INPUT", "The currency %q isn't this store's currency (%s).",
			httpx.Clip(*in.CurrencyIsoCode), sh.Store.DefaultCurrency)
	}
	if in.EffectiveAccountID != nil && strings.TrimSpace(*in.EffectiveAccountID) != "" && sh.AccountID != "" {
		if id, ok := records.NormalizeID(strings.TrimSpace(*in.EffectiveAccountID)); !ok || id != sh.AccountID {
			return httpx.BadRequest("INVALID_API_INPUT", "effectiveAccountId in the body must be the call's effective account.")
		}
	}
	secondary := in.IsSecondary != nil && *in.IsSecondary
	if secondary && sh.Guest() {
		return httpx.BadRequest("INVALID_API_INPUT", "Guest shoppers can't have secondary carts.")
	}
	if err := guestSession(w, r, sh); err != nil {
		return err
	}
	c, err := h.Carts.Create(r.Context(), sh, name, secondary)
	if err != nil {
		return err
	}
	writeNoStore(w, http.StatusCreated, cart.SummaryOf(c, sh.Store.DefaultCurrency))
	return nil
}

// Delete is DELETE carts/{cartStateOrId}: the cart's lines go and the cart is marked deleted (calls naming it
// then answer as the real API does for a deleted cart). 204.
func (h *Handlers) Delete(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, false)
	if err != nil {
		return err
	}
	if err := h.Carts.Delete(r.Context(), sh, cartRef(r)); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// Preserve is POST carts/{guestCartId}/actions/preserve, called once after login: the guest cart of the session
// the login replaced is merged into the buyer's current cart (cart.Service.Preserve). 200.
func (h *Handlers) Preserve(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	out, err := h.Carts.Preserve(r.Context(), sh, r.PathValue("cartStateOrId"))
	if err != nil {
		return err
	}
	writeNoStore(w, http.StatusOK, out)
	return nil
}

// Clone is POST carts/{cartStateOrId}/actions/clone?targetType=PayNowReadOnly: a read-only copy of the cart (for a
// payment link), with its lines and prices. 201 with the copy's summary.
func (h *Handlers) Clone(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	if t := r.URL.Query().Get("targetType"); t != cart.TypePayNow {
		return httpx.BadRequest("INVALID_API_INPUT", "targetType must be %s.", cart.TypePayNow)
	}
	if err := DiscardBody(w, r); err != nil {
		return err
	}
	clone, err := h.Carts.Clone(r.Context(), sh, cartRef(r))
	if err != nil {
		return err
	}
	writeNoStore(w, http.StatusCreated, cart.SummaryOf(clone, sh.Store.DefaultCurrency))
	return nil
}

// Reserve is PUT carts/{cartStateOrId}/inventory-reservations: {durationInSeconds} (default: the store's
// reservation time, else 14400). It holds the cart's quantities of every stocked product until then, replacing
// the cart's earlier hold; when some product has less available stock (on hand less other carts' live holds) the
// call is refused with INSUFFICIENT_INVENTORY naming them, and nothing is held.
func (h *Handlers) Reserve(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	var body struct {
		DurationInSeconds *int64 `json:"durationInSeconds"`
	}
	if r.ContentLength != 0 {
		if err := httpx.DecodeJSON(w, r, &body); err != nil {
			return err
		}
	}
	duration := sh.Store.ReservationInSeconds
	if body.DurationInSeconds != nil {
		duration = *body.DurationInSeconds
	}
	if duration < 1 || duration > 7*24*3600 {
		return httpx.BadRequest("INVALID_API_INPUT", "durationInSeconds must be from 1 to 604800.")
	}
	expires := time.Now().UTC().Add(time.Duration(duration) * time.Second)
	held, err := h.Carts.Reserve(r.Context(), sh, cartRef(r), expires)
	if err != nil {
		return err
	}
	writeNoStore(w, http.StatusOK, map[string]any{"durationInSeconds": duration,
		"expirationTime": expires.Format(records.DateTimeLayout), "reservations": held})
	return nil
}

// Products is GET carts/{cartStateOrId}/products: the products of the cart's lines, with their quantity rules,
// as the cart knows them.
func (h *Handlers) Products(w http.ResponseWriter, r *http.Request) error {
	sh, err := h.shopper(r, true)
	if err != nil {
		return err
	}
	c, err := h.Carts.Open(r.Context(), sh, cartRef(r))
	if err != nil {
		return err
	}
	out := []cart.ProductDetails{}
	if c != nil {
		if out, err = h.Carts.Products(r.Context(), c); err != nil {
			return err
		}
	}
	writeNoStore(w, http.StatusOK, map[string]any{"products": out})
	return nil
}
