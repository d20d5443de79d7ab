package storecontext

import (
	"net/http"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
)

// Shopper is who a commerce call is for: the store it names, the caller, and the account the caller acts for.
type Shopper struct {
	Store     *Store
	Principal *identity.Principal
	// AccountID is the effective account; "" for a guest (and for staff without an account), who get the store's
	// guest buyer group.
	AccountID string
}

// Guest reports a caller who is not signed in.
func (s *Shopper) Guest() bool { return s.Principal.Guest || s.Principal.UserID == "" }

// ShopperFor is the one preamble of every commerce call, its checks in order: the {webstoreId} of the path names a
// store (404), a guest may browse it (401), and the effectiveAccountId parameter names an account the caller may
// act for (400, 403).
func ShopperFor(r *http.Request, d *db.DB) (*Shopper, error) {
	ctx := r.Context()
	store, err := LoadStore(ctx, d, r.PathValue("webstoreId"))
	if err != nil {
		return nil, err
	}
	p := identity.FromContext(ctx)
	if err := RequireBrowsing(store, p); err != nil {
		return nil, err
	}
	account, err := EffectiveAccount(ctx, d, p, r.URL.Query().Get("effectiveAccountId"))
	if err != nil {
		return nil, err
	}
	return &Shopper{Store: store, Principal: p, AccountID: account}, nil
}
