package cart

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"storefront/internal/auth"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// The cart calls, under /services/data/v64.0/commerce/webstores/{webstoreId}/. Every call runs the commerce
// preamble (store, guest browsing, effectiveAccountId) and checks currencyIsoCode (but deletes); the cart id
// defaults to "current". X-Highscale is accepted and changes nothing: every cart is calculated the same way.

// shopper runs the preamble and the currency check of a cart call.
func (s *Service) shopper(r *http.Request, checkCurrency bool) (*storecontext.Shopper, error) {
	sh, err := storecontext.ShopperFor(r, s.DB)
	if err != nil {
		return nil, err
	}
	if checkCurrency {
		if raw := strings.ToUpper(strings.TrimSpace(r.URL.Query().Get("currencyIsoCode"))); raw != "" &&
			!slices.Contains(sh.Store.SupportedCurrencies, raw) {
			return nil, httpx.BadRequest("INVALID_API_INPUT", "The currency %q isn't supported by this store.", clip(raw))
		}
	}
	return sh, nil
}

// guestSession gives a guest who is about to get a cart a session to own it (auth.EnsureSession), when the store
// lets guests keep carts.
func guestSession(w http.ResponseWriter, r *http.Request, sh *storecontext.Shopper) error {
	if !sh.Guest() || !sh.Store.GuestCartEnabled {
		return nil
	}
	p, err := auth.EnsureSession(w, r)
	if err == nil {
		sh.Principal = p
	}
	return err
}

func cartRef(r *http.Request) string {
	if v := strings.TrimSpace(r.PathValue("cartStateOrId")); v != "" {
		return v
	}
	return Current
}

func noStore(w http.ResponseWriter) { w.Header().Set("Cache-Control", "no-store") }

// find resolves the cart of a read; nil with no error for a current cart that does not exist yet.
func (s *Service) find(ctx context.Context, sh *storecontext.Shopper, ref string) (*Cart, error) {
	o, err := s.ownerFor(sh)
	if err != nil {
		return nil, err
	}
	return Find(ctx, s.DB, sh.Store.ID, o, ref)
}

// CompactSummary is GET carts/compact-summary and carts/{id}/compact-summary: what the cart badge shows. Without a
// current cart the answer is an empty summary (cartId null, counts zero).
func (s *Service) CompactSummary(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, true)
	if err != nil {
		return err
	}
	c, err := s.find(r.Context(), sh, cartRef(r))
	if err != nil {
		return err
	}
	out := map[string]any{"cartId": nil, "currencyIsoCode": sh.Store.DefaultCurrency, "totalProductCount": "0",
		"uniqueProductCount": 0}
	if c != nil {
		sum := summaryOf(c, sh.Store.DefaultCurrency)
		out = map[string]any{"cartId": c.ID, "currencyIsoCode": sum.CurrencyIsoCode,
			"totalProductCount": sum.TotalProductCount, "uniqueProductCount": sum.UniqueProductCount}
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// Summary is GET carts/{cartStateOrId}: the Cart Summary. The current cart of a caller who has none is an empty
// cart (v63+); a cart being recalculated in the background answers 202 with Retry-After.
func (s *Service) Summary(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, true)
	if err != nil {
		return err
	}
	c, err := s.find(r.Context(), sh, cartRef(r))
	if err != nil {
		return err
	}
	noStore(w)
	if c == nil {
		httpx.WriteJSON(w, http.StatusOK, emptySummary(sh))
		return nil
	}
	httpx.WriteJSON(w, s.processingStatus(w, c, http.StatusOK), summaryOf(c, sh.Store.DefaultCurrency))
	return nil
}

func emptySummary(sh *storecontext.Shopper) *Summary {
	out := summaryOf(&Cart{Name: "Cart", Status: StatusActive, Type: TypeCart, Currency: sh.Store.DefaultCurrency,
		StoreID: sh.Store.ID, AccountID: sh.AccountID, TaxType: sh.Store.TaxType}, sh.Store.DefaultCurrency)
	out.CartID = nil
	return out
}

// processingStatus is 202 (with Retry-After) for a cart whose calculation runs in the background, else ok. A cart
// left Processing for longer than a calculation takes (its instance stopped mid-way) gets a new run from here.
func (s *Service) processingStatus(w http.ResponseWriter, c *Cart, ok int) int {
	if c.Status != StatusProcessing {
		return ok
	}
	if t, err := time.Parse(records.DateTimeLayout, c.Modified); err == nil && time.Since(t) > staleProcessing {
		go s.calculateLater(c.ID)
	}
	w.Header().Set("Retry-After", "1")
	return http.StatusAccepted
}

// staleProcessing is how long a background calculation may take before a read starts another.
const staleProcessing = 30 * time.Second

// Ensure is PUT carts: the caller's current cart, created when there is none (201) or as it is (200).
func (s *Service) Ensure(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, true)
	if err != nil {
		return err
	}
	if err := discardBody(w, r); err != nil {
		return err
	}
	if err := guestSession(w, r, sh); err != nil {
		return err
	}
	c, created, err := s.ensure(r.Context(), sh)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	noStore(w)
	httpx.WriteJSON(w, status, summaryOf(c, sh.Store.DefaultCurrency))
	return nil
}

// maxSecondaryCarts is how many saved (secondary) carts a buyer keeps beside the primary one, as Salesforce allows.
const maxSecondaryCarts = 5

// Create is POST carts {name, type, isSecondary, currencyIsoCode, effectiveAccountId} (Cart Input; every field
// optional), answered 201 with the Cart Summary as the real call is. A primary cart (isSecondary false, the default)
// is the current one when the shopper has it, else a new one with the name given; a secondary (saved) cart is always
// a new one, for signed-in buyers only and at most five open at a time. The only type a shopper creates is Cart.
func (s *Service) Create(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, true)
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
		if err := CheckText("name", name, 250); err != nil {
			return err
		}
	}
	if in.Type != nil && *in.Type != TypeCart {
		return httpx.BadRequest("INVALID_API_INPUT", "type must be %s: a shopper creates only carts of that type.", TypeCart)
	}
	if in.CurrencyIsoCode != nil && !strings.EqualFold(strings.TrimSpace(*in.CurrencyIsoCode), sh.Store.DefaultCurrency) {
		return httpx.BadRequest("INVALID_API_INPUT", "The currency %q isn't this store's currency (%s).",
			clip(*in.CurrencyIsoCode), sh.Store.DefaultCurrency)
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
	o, err := s.ownerFor(sh)
	if err != nil {
		return err
	}
	ctx := r.Context()
	var c *Cart
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		if err := lockOwner(ctx, tx, sh.Store.ID, o); err != nil {
			return err
		}
		if !secondary {
			if c, err = Find(ctx, tx, sh.Store.ID, o, Current); err != nil || c != nil {
				return err
			}
		} else {
			cond, args := o.where(sh.Store.ID)
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM webcart WHERE `+cond+
				` AND type = 'Cart' AND issecondary = ? AND status = 'Active'`, append(args, true)...).Scan(&n); err != nil {
				return err
			}
			if n >= maxSecondaryCarts {
				return httpx.BadRequest("LIMIT_EXCEEDED", "A buyer keeps at most %d secondary carts.", maxSecondaryCarts)
			}
		}
		c, err = s.createNamed(ctx, tx, sh, o, name, secondary)
		return err
	})
	if isLockTimeout(err) {
		return errBusy
	}
	if err != nil {
		return err
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusCreated, summaryOf(c, sh.Store.DefaultCurrency))
	return nil
}

// discardBody accepts an empty body or a JSON object (whose fields are ignored): the calls that take none.
func discardBody(w http.ResponseWriter, r *http.Request) error {
	if r.ContentLength == 0 {
		return nil
	}
	var ignored map[string]json.RawMessage
	err := httpx.DecodeJSON(w, r, &ignored)
	if e, ok := err.(*httpx.Error); ok && strings.Contains(e.Message, "empty") {
		return nil
	}
	return err
}

// Delete is DELETE carts/{cartStateOrId}: the cart's lines go and the cart is marked deleted (calls naming it
// then answer as the real API does for a deleted cart). 204.
func (s *Service) Delete(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, false)
	if err != nil {
		return err
	}
	o, err := s.ownerFor(sh)
	if err != nil {
		return err
	}
	ctx := r.Context()
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		if err := lockOwner(ctx, tx, sh.Store.ID, o); err != nil {
			return err
		}
		c, err := Find(ctx, tx, sh.Store.ID, o, cartRef(r))
		if err != nil {
			return err
		}
		if c == nil {
			return cartNotFound(cartRef(r))
		}
		return s.markDeleted(ctx, tx, c)
	})
	if isLockTimeout(err) {
		return errBusy
	}
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// page reads the pageNumber/page (token) and pageSize parameters: page 1 and 25 lines by default, 1 to 100 lines.
func page(q map[string][]string) (number, size int, err error) {
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return strings.TrimSpace(v[0])
		}
		return ""
	}
	number, size = 1, 25
	raw := get("pageNumber")
	if tok := get("page"); tok != "" {
		raw = tok // page tokens are the page number, opaque to clients
	}
	if raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > 100000 {
			return 0, 0, httpx.BadRequest("INVALID_API_INPUT", "page %q must be a page number from 1.", clip(raw))
		}
		number = n
	}
	if raw := get("pageSize"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > 100 {
			return 0, 0, httpx.BadRequest("INVALID_API_INPUT", "pageSize must be from 1 to 100.")
		}
		size = n
	}
	return number, size, nil
}
