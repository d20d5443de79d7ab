// Package cart holds the buyer's and the guest's carts (WebCart and CartItem records). For now it answers the cart
// badge: the compact summary of the current cart. Whose cart a request may touch is decided here, once: a buyer's
// carts are those they own for the effective account; a guest's are those of their session.
package cart

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

// Cart states and the names that stand for a cart in paths.
const (
	StatusActive     = "Active"
	StatusCheckout   = "Checkout"
	StatusProcessing = "Processing"
	// Current is the open cart of the caller (not closed or pending delete); Active is the caller's cart in the
	// Active state, for signed-in buyers only.
	Current = "current"
	Active  = "active"
)

// Owner is whose carts a request may touch: a signed-in user for one account (AccountID "" for staff, who buy for
// no account), or a guest session.
type Owner struct {
	UserID, AccountID, GuestSessionID string
}

// OwnerOf is the owner for a principal acting for account (the checked effective account).
func OwnerOf(p *identity.Principal, account string) Owner {
	if p.Guest || p.UserID == "" {
		return Owner{GuestSessionID: p.SessionID}
	}
	return Owner{UserID: p.UserID, AccountID: account}
}

// IsGuest reports a guest owner.
func (o Owner) IsGuest() bool { return o.UserID == "" }

// where is the SQL condition (and its arguments) selecting the owner's carts of a store. A guest without a
// session owns nothing.
func (o Owner) where(storeID string) (string, []any) {
	cond := "webstoreid = ? AND "
	args := []any{storeID}
	switch {
	case o.IsGuest():
		cond += "ownerid IS NULL AND guestsessionid = ?"
		args = append(args, o.GuestSessionID)
	case o.AccountID == "":
		cond += "ownerid = ? AND accountid IS NULL"
		args = append(args, o.UserID)
	default:
		cond += "ownerid = ? AND accountid = ?"
		args = append(args, o.UserID, o.AccountID)
	}
	return cond, args
}

// Cart is what the summary needs of a WebCart.
type Cart struct {
	ID, Currency, Status string
}

// Find resolves cartStateOrId for the owner: "current" (the latest open cart), "active" (the latest Active one;
// signed-in buyers only, 401 for guests) or a cart id. It returns nil when the owner has no current or active cart;
// an id that is not one of the owner's carts is 404, whoever's it is.
func Find(ctx context.Context, d *db.DB, storeID string, o Owner, stateOrID string) (*Cart, error) {
	if o.IsGuest() && o.GuestSessionID == "" {
		if strings.EqualFold(stateOrID, Active) {
			return nil, httpx.Unauthorized()
		}
		if strings.EqualFold(stateOrID, Current) {
			return nil, nil
		}
		return nil, cartNotFound(stateOrID)
	}
	cond, args := o.where(storeID)
	switch {
	case strings.EqualFold(stateOrID, Current):
		cond += " AND type = 'Cart' AND status IN ('Active', 'Checkout', 'Processing') AND (issecondary = ? OR issecondary IS NULL)"
		args = append(args, false)
	case strings.EqualFold(stateOrID, Active):
		if o.IsGuest() {
			return nil, httpx.Unauthorized()
		}
		cond += " AND type = 'Cart' AND status = 'Active' AND (issecondary = ? OR issecondary IS NULL)"
		args = append(args, false)
	default:
		id, ok := records.NormalizeID(stateOrID)
		if !ok || records.KeyPrefix(id) != "0a6" {
			return nil, cartNotFound(stateOrID)
		}
		cond += " AND id = ?"
		args = append(args, id)
	}
	var c Cart
	var currency sql.NullString
	err := d.QueryRow(ctx, `SELECT id, currencyisocode, status FROM webcart WHERE `+cond+
		` ORDER BY lastmodifieddate DESC, id DESC LIMIT 1`, args...).Scan(&c.ID, &currency, &c.Status)
	if errors.Is(err, sql.ErrNoRows) {
		if strings.EqualFold(stateOrID, Current) || strings.EqualFold(stateOrID, Active) {
			return nil, nil
		}
		return nil, cartNotFound(stateOrID)
	}
	if err != nil {
		return nil, err
	}
	c.Currency = currency.String
	return &c, nil
}

func cartNotFound(id string) error {
	return httpx.NotFound("The requested resource does not exist: no cart %q for this user.", id)
}
