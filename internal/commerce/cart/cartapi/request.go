// Package cartapi is the HTTP face of the cart: the cart, cart-item, coupon, delivery-group, stock-hold, promotion
// and tax calls under /services/data/v64.0/commerce/webstores/{webstoreId}/. Each handler reads its request
// (path, query, body), calls the cart domain (package cart) and writes the answer; the rules, the SQL and the
// transactions are the domain's. Every call runs the commerce preamble (store, guest browsing,
// effectiveAccountId) and checks currencyIsoCode (but deletes); the cart id defaults to "current". X-Highscale is
// accepted and changes nothing: every cart is calculated the same way.
package cartapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"storefront/internal/auth"
	"storefront/internal/commerce/cart"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/httpx"
)

// Handlers serves the cart calls over the cart domain.
type Handlers struct {
	Carts *cart.Service
}

// New returns the cart calls over the cart service.
func New(carts *cart.Service) *Handlers { return &Handlers{Carts: carts} }

// shopper runs the preamble and the currency check of a cart call.
func (h *Handlers) shopper(r *http.Request, checkCurrency bool) (*storecontext.Shopper, error) {
	sh, err := storecontext.ShopperFor(r, h.Carts.DB)
	if err != nil {
		return nil, err
	}
	if checkCurrency {
		if raw := strings.ToUpper(strings.TrimSpace(r.URL.Query().Get("currencyIsoCode"))); raw != "" &&
			!slices.Contains(sh.Store.SupportedCurrencies, raw) {
			return nil, httpx.BadRequest("INVALID_API_INPUT", "The currency %q isn't supported by this store.", httpx.Clip(raw))
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
	return cart.Current
}

// noStore marks a cart answer, which no cache may keep (a shopper's cart changes under the same URL).
func noStore(w http.ResponseWriter) { w.Header().Set("Cache-Control", "no-store") }

// writeNoStore writes a cart answer with noStore.
func writeNoStore(w http.ResponseWriter, status int, v any) {
	noStore(w)
	httpx.WriteJSON(w, status, v)
}

// processingStatus is 202 (with Retry-After) for a cart whose calculation runs in the background, else ok.
func (h *Handlers) processingStatus(w http.ResponseWriter, c *cart.Cart, ok int) int {
	if !h.Carts.InBackground(c) {
		return ok
	}
	w.Header().Set("Retry-After", "1")
	return http.StatusAccepted
}

// DiscardBody accepts an empty body or a JSON object whose fields are ignored (the calls that take none).
func DiscardBody(w http.ResponseWriter, r *http.Request) error {
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
			return 0, 0, httpx.BadRequest("INVALID_API_INPUT", "page %q must be a page number from 1.", httpx.Clip(raw))
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

// intParam reads a whole-number query parameter within [lo, hi].
func intParam(r *http.Request, name string, def, lo, hi int) (int, error) {
	raw := strings.TrimSpace(r.URL.Query().Get(name))
	if raw == "" {
		return def, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < lo || n > hi {
		return 0, httpx.BadRequest("INVALID_API_INPUT", "%s must be a whole number from %d to %d.", name, lo, hi)
	}
	return n, nil
}

// parseQuantity is the one reader of a quantity the cart calls take (add, batch add, update; quick order and
// reorder send theirs through them): a string or a JSON number holding a decimal numeral as the API documents it,
// digits with an optional fraction ("5", "5.0"), whole units from 1 to cart.MaxQuantity. Nothing else is read as a
// number: no spaces, sign, exponent ("1e3") or base prefix ("0x10", which Go's general number parsers read as 16).
func parseQuantity(raw any) (int64, error) {
	var text string
	switch v := raw.(type) {
	case string:
		text = v
	case fmt.Stringer: // json.Number
		text = v.String()
	case nil:
		return 0, httpx.BadRequest("INVALID_API_INPUT", "quantity is required.")
	default:
		return 0, httpx.BadRequest("INVALID_API_INPUT", "quantity must be a number or a numeric string.")
	}
	whole, fraction, negative, ok := decimalNumeral(text)
	if !ok {
		return 0, httpx.BadRequest("INVALID_API_INPUT", "quantity %q must be a whole number written in decimal digits.", httpx.Clip(text))
	}
	if strings.Trim(fraction, "0") != "" {
		return 0, httpx.BadRequest("INVALID_API_INPUT", "quantity %q must be a whole number.", httpx.Clip(text))
	}
	whole = strings.TrimLeft(whole, "0")
	if whole == "" {
		whole = "0"
	}
	n, err := strconv.ParseInt(whole, 10, 64)
	if negative || err != nil || n < 1 || n > cart.MaxQuantity {
		return 0, httpx.BadRequest("INVALID_API_INPUT", "quantity must be from 1 to %d.", cart.MaxQuantity)
	}
	return n, nil
}

// decimalNumeral splits "-12.50" into its digits before and after the point: an optional minus, at least one
// digit, and an optional point followed by at least one digit; false for anything else.
func decimalNumeral(s string) (whole, fraction string, negative, ok bool) {
	if negative = strings.HasPrefix(s, "-"); negative {
		s = s[1:]
	}
	whole, fraction, dot := strings.Cut(s, ".")
	digits := func(d string) bool { return d != "" && strings.Trim(d, "0123456789") == "" }
	if !digits(whole) || (dot && !digits(fraction)) {
		return "", "", false, false
	}
	return whole, fraction, negative, true
}
