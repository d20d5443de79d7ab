package cart

import (
	"context"
	"database/sql"
	"math/big"
	"net/http"
	"slices"
	"strings"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
)

// CompactSummary is the Cart Compact Summary: what the cart badge shows. totalProductCount is the sum of the
// product lines' quantities as a string in the real API's form ("0" for none, otherwise a decimal with at least
// one fraction digit: "150.0", "2.5"); uniqueProductCount counts distinct products.
type CompactSummary struct {
	CartID             *string `json:"cartId"`
	CurrencyIsoCode    string  `json:"currencyIsoCode"`
	TotalProductCount  string  `json:"totalProductCount"`
	UniqueProductCount int     `json:"uniqueProductCount"`
}

// Handlers serves the cart calls.
type Handlers struct{ DB *db.DB }

// CompactSummary answers GET carts/compact-summary and GET carts/{cartStateOrId}/compact-summary (query
// effectiveAccountId, currencyIsoCode). Without a current cart the answer is an empty summary (cartId null, counts
// zero), as a GET of the current cart answers an empty cart: the badge shows 0.
func (h *Handlers) CompactSummary() http.Handler {
	return httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		ctx := r.Context()
		store, err := storecontext.LoadStore(ctx, h.DB, r.PathValue("webstoreId"))
		if err != nil {
			return err
		}
		p := identity.FromContext(ctx)
		if err := storecontext.RequireBrowsing(store, p); err != nil {
			return err
		}
		q := r.URL.Query()
		account, err := storecontext.EffectiveAccount(ctx, h.DB, p, q.Get("effectiveAccountId"))
		if err != nil {
			return err
		}
		currency, err := requestedCurrency(store, q.Get("currencyIsoCode"))
		if err != nil {
			return err
		}
		out, err := h.summary(ctx, store, OwnerOf(p, account), stateOrID(r), currency)
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", "no-store")
		httpx.WriteJSON(w, http.StatusOK, out)
		return nil
	})
}

func stateOrID(r *http.Request) string {
	if v := strings.TrimSpace(r.PathValue("cartStateOrId")); v != "" {
		return v
	}
	return Current
}

// requestedCurrency is the currencyIsoCode parameter when the store sells in it, the store's default when absent.
func requestedCurrency(store *storecontext.Store, raw string) (string, error) {
	raw = strings.ToUpper(strings.TrimSpace(raw))
	if raw == "" {
		return store.DefaultCurrency, nil
	}
	if !slices.Contains(store.SupportedCurrencies, raw) {
		return "", httpx.BadRequest("INVALID_API_INPUT", "The currency %q isn't supported by this store.", raw)
	}
	return raw, nil
}

func (h *Handlers) summary(ctx context.Context, store *storecontext.Store, o Owner, stateOrID, currency string) (*CompactSummary, error) {
	empty := &CompactSummary{CurrencyIsoCode: currency, TotalProductCount: "0"}
	if o.IsGuest() && !store.GuestCartEnabled {
		if strings.EqualFold(stateOrID, Current) {
			return empty, nil
		}
		return nil, cartNotFound(stateOrID)
	}
	c, err := Find(ctx, h.DB, store.ID, o, stateOrID)
	if err != nil || c == nil {
		return empty, err
	}
	total, unique, err := productCounts(ctx, h.DB, c.ID)
	if err != nil {
		return nil, err
	}
	out := &CompactSummary{CartID: &c.ID, CurrencyIsoCode: c.Currency, TotalProductCount: total,
		UniqueProductCount: unique}
	if out.CurrencyIsoCode == "" {
		out.CurrencyIsoCode = store.DefaultCurrency
	}
	return out, nil
}

// productCounts sums the quantities of the cart's product lines exactly and counts their distinct products, with
// one query however many lines the cart has.
func productCounts(ctx context.Context, d *db.DB, cartID string) (string, int, error) {
	rows, err := d.Query(ctx, `SELECT product2id, CAST(quantity AS TEXT) FROM cartitem WHERE cartid = ? AND type = 'Product'`, cartID)
	if err != nil {
		return "", 0, err
	}
	defer rows.Close()
	total := new(big.Rat)
	products := map[string]bool{}
	for rows.Next() {
		var product, qty sql.NullString
		if err := rows.Scan(&product, &qty); err != nil {
			return "", 0, err
		}
		if q, ok := new(big.Rat).SetString(strings.TrimSpace(qty.String)); ok {
			total.Add(total, q)
		}
		if product.Valid && product.String != "" {
			products[product.String] = true
		}
	}
	if err := rows.Err(); err != nil {
		return "", 0, err
	}
	return FormatCount(total), len(products), nil
}

// FormatCount writes a quantity total as the real API does (a Java double's text): "0" for nothing, "150.0" for a
// whole number, "2.5" otherwise.
func FormatCount(r *big.Rat) string {
	if r.Sign() == 0 {
		return "0"
	}
	if r.IsInt() {
		return r.Num().String() + ".0"
	}
	s := r.FloatString(18)
	return strings.TrimRight(s, "0")
}
