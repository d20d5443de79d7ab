package storecontext

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// EffectiveAccount returns the account the caller acts for. requested is the raw effectiveAccountId parameter:
//   - blank (or the all-zero id clients use for "none"): the caller's own account ("" for guests and staff);
//   - not an Account id: 400 INVALID_ID_FIELD;
//   - the caller's own account, or one a ManagedAccount row lets the caller buy for: that account (18 characters);
//   - anything else, and any id from a guest: 403 INSUFFICIENT_ACCESS.
//
// Every commerce call that takes the parameter checks it this way (ShopperFor does for most).
func EffectiveAccount(ctx context.Context, d *db.DB, p *identity.Principal, requested string) (string, error) {
	requested = strings.TrimSpace(requested)
	if requested == "" || strings.Trim(requested, "0") == "" || requested == "000000000000000AAA" {
		return p.AccountID, nil
	}
	id, ok := records.NormalizeID(requested)
	if !ok || records.KeyPrefix(id) != "001" {
		return "", httpx.BadRequest("INVALID_ID_FIELD", "effectiveAccountId %q is not a valid account id.", requested)
	}
	ok, err := ActsFor(ctx, d, p, id)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", forbiddenAccount(requested)
	}
	return id, nil
}

// ActsFor reports whether the caller may act for the account id (18 characters): their own account or one a
// ManagedAccount row lets them buy for. Guests act for none. It costs no query for the own account and one
// indexed query for a managed one.
func ActsFor(ctx context.Context, d *db.DB, p *identity.Principal, id string) (bool, error) {
	if p.Guest || p.UserID == "" || id == "" {
		return false, nil
	}
	if id == p.AccountID {
		return true, nil
	}
	var found string
	err := d.QueryRow(ctx, `SELECT accountid FROM managedaccount WHERE userid = ? AND accountid = ? LIMIT 1`,
		p.UserID, id).Scan(&found)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

func forbiddenAccount(id string) error {
	return httpx.Forbidden("You don't have access to the effective account %q.", id)
}
