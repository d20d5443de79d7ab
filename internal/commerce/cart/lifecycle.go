package cart

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// The life of a cart: found, created, deleted, merged at login (a guest's cart into the buyer's), copied for a
// payment link.

// Open resolves the shopper's cart of a read (cartStateOrId ref, see Find); nil with no error for a current cart
// that does not exist yet.
func (s *Service) Open(ctx context.Context, sh *storecontext.Shopper, ref string) (*Cart, error) {
	o, err := s.ownerFor(sh)
	if err != nil {
		return nil, err
	}
	return Find(ctx, s.DB, sh.Store.ID, o, ref)
}

// Ensure returns the shopper's current cart, creating it when there is none; created reports which.
func (s *Service) Ensure(ctx context.Context, sh *storecontext.Shopper) (c *Cart, created bool, err error) {
	o, err := s.ownerFor(sh)
	if err != nil {
		return nil, false, err
	}
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		if err := lockOwner(ctx, tx, sh.Store.ID, o); err != nil {
			return err
		}
		if c, err = Find(ctx, tx, sh.Store.ID, o, Current); err != nil || c != nil {
			return err
		}
		created = true
		c, err = s.create(ctx, tx, sh, o)
		return err
	})
	if isLockTimeout(err) {
		return nil, false, errBusy
	}
	return c, created, err
}

// maxSecondaryCarts is how many saved (secondary) carts a buyer keeps beside the primary one, as Salesforce allows.
const maxSecondaryCarts = 5

// Create returns the shopper's current cart when it is primary and they have one; else it writes a new cart with
// the name, primary or secondary (a saved cart: signed-in buyers only, at most maxSecondaryCarts open at a time).
func (s *Service) Create(ctx context.Context, sh *storecontext.Shopper, name string, secondary bool) (*Cart, error) {
	o, err := s.ownerFor(sh)
	if err != nil {
		return nil, err
	}
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
		return nil, errBusy
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Delete empties the shopper's cart (ref) and marks it deleted.
func (s *Service) Delete(ctx context.Context, sh *storecontext.Shopper, ref string) error {
	o, err := s.ownerFor(sh)
	if err != nil {
		return err
	}
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		if err := lockOwner(ctx, tx, sh.Store.ID, o); err != nil {
			return err
		}
		c, err := Find(ctx, tx, sh.Store.ID, o, ref)
		if err != nil {
			return err
		}
		if c == nil {
			return cartNotFound(ref)
		}
		return s.markDeleted(ctx, tx, c)
	})
	if isLockTimeout(err) {
		return errBusy
	}
	if err == nil { // what an add kept of the cart is behind it now: the next add would read its facts ahead for nothing
		s.kept.forget(keyOf(sh.Store.ID, o, ref))
		s.kept.forget(keyOf(sh.Store.ID, o, Current))
	}
	return err
}

// markDeleted empties a cart and marks it deleted, so that a later call naming it answers "is Deleted" rather
// than not found.
func (s *Service) markDeleted(ctx context.Context, tx *db.Tx, c *Cart) error {
	return s.closeCart(ctx, tx, c, StatusPendingDelete)
}

// closeCart deletes the cart's lines, coupons and promotions (cascading their adjustments and reservations) and
// sets its status.
func (s *Service) closeCart(ctx context.Context, tx *db.Tx, c *Cart, status string) error {
	for _, q := range []string{`SELECT id FROM cartitem WHERE cartid = ?`,
		`SELECT id FROM webcartadjustmentbasis WHERE webcartid = ?`,
		`SELECT id FROM webcartadjustmentgroup WHERE webcartid = ?`,
		`SELECT id FROM cartinventoryreservation WHERE webcartid = ?`} {
		ids, err := db.Strings(ctx, tx, q, c.ID)
		if err != nil {
			return err
		}
		if err := s.Engine.DeleteMany(quiet(ctx), tx, records.System, ids); err != nil {
			return err
		}
	}
	_, err := s.Engine.UpdateMany(ctx, tx, records.System, []records.Change{{ID: c.ID, Values: map[string]any{
		"Status": status, "TotalProductCount": 0, "UniqueProductCount": 0}}}, records.UpdateOptions{})
	return err
}

// PreserveResult is the answer of a preserve: the buyer's cart after the merge, and the guest cart's products
// that could not be carried over (not sold to the buyer's account, no price for it, or a quantity its rules
// refuse).
type PreserveResult struct {
	*Summary
	NumberOfProductsWithError int            `json:"numberOfProductsWithError"`
	ProductsWithError         []ProductError `json:"productsWithError"`
	PreservedCartID           string         `json:"preservedCartId"`
}

// ProductError is one product a preserve could not carry over.
type ProductError struct {
	ProductID string `json:"productId"`
	Message   string `json:"message"`
}

// Preserve merges, once after login, the guest cart of the session the login replaced (rawGuestID) into the
// buyer's current cart line by line (quantities added), then closes it. A second call for the same guest cart
// changes nothing and answers the same cart (idempotent); a cart that was not that session's is 404; a guest is
// 401.
func (s *Service) Preserve(ctx context.Context, sh *storecontext.Shopper, rawGuestID string) (*PreserveResult, error) {
	if sh.Guest() {
		return nil, httpx.Unauthorized()
	}
	prior := sh.Principal.PriorGuestSessionID
	guestID, ok := records.NormalizeID(rawGuestID)
	if !ok || records.KeyPrefix(guestID) != "0a6" || prior == "" {
		return nil, cartNotFound(rawGuestID)
	}
	var guest struct {
		status string
		found  bool
	}
	err := s.DB.QueryRow(ctx, `SELECT status FROM webcart WHERE id = ? AND webstoreid = ? AND ownerid IS NULL
		AND guestsessionid = ?`, guestID, sh.Store.ID, prior).Scan(&guest.status)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, cartNotFound(guestID)
	}
	if err != nil {
		return nil, err
	}
	out := &PreserveResult{ProductsWithError: []ProductError{}, PreservedCartID: guestID}
	c, err := s.change(ctx, sh, Current, true, func(tx *db.Tx, c *Cart) error {
		var status string
		if err := tx.QueryRow(ctx, `SELECT status FROM webcart WHERE id = ?`, guestID).Scan(&status); err != nil {
			return err
		}
		if status != StatusActive && status != StatusCheckout {
			return nil // preserved already
		}
		lines, err := loadLines(ctx, tx, guestID)
		if err != nil {
			return err
		}
		inputs := make([]ItemInput, 0, len(lines))
		for _, l := range lines {
			if l.productID != "" {
				inputs = append(inputs, ItemInput{ProductID: l.productID, Quantity: l.quantity})
			}
		}
		if len(inputs) > 0 {
			outcomes, err := s.addItems(ctx, tx, sh, c, inputs)
			if err != nil {
				return err
			}
			for i, o := range outcomes {
				if o.err != nil {
					msg := o.err.Error()
					if e, ok := o.err.(*httpx.Error); ok {
						msg = e.Message
					}
					out.ProductsWithError = append(out.ProductsWithError, ProductError{ProductID: inputs[i].ProductID, Message: msg})
				}
			}
		}
		return s.closeCart(ctx, tx, &Cart{ID: guestID}, StatusClosed)
	})
	if err != nil {
		return nil, err
	}
	out.Summary = summaryOf(c, sh.Store.DefaultCurrency)
	out.NumberOfProductsWithError = len(out.ProductsWithError)
	return out, nil
}

// Clone writes a read-only (PayNowReadOnly) copy of the shopper's cart, for a payment link, with its lines and
// prices, and returns the copy.
func (s *Service) Clone(ctx context.Context, sh *storecontext.Shopper, ref string) (*Cart, error) {
	var copyID string
	_, err := s.change(ctx, sh, ref, false, func(tx *db.Tx, c *Cart) error {
		var err error
		copyID, err = s.copyCart(ctx, tx, sh.Principal.UserID, c)
		return err
	})
	if err != nil {
		return nil, err
	}
	o, _ := s.ownerFor(sh)
	return Find(ctx, s.DB, sh.Store.ID, o, copyID)
}

// Reserve holds the shopper's cart's quantities of every stocked product until expires, in a cart change (package
// holds).
func (s *Service) Reserve(ctx context.Context, sh *storecontext.Shopper, ref string, expires time.Time) ([]Reservation, error) {
	var held []Reservation
	_, err := s.change(ctx, sh, ref, false, func(tx *db.Tx, c *Cart) (err error) {
		held, err = s.Hold(ctx, tx, c, expires)
		return err
	})
	return held, err
}

// copyCart writes a PayNowReadOnly copy of c (same owner, lines and stored prices).
func (s *Service) copyCart(ctx context.Context, tx *db.Tx, userID string, c *Cart) (string, error) {
	cat, err := s.Engine.Catalog(ctx)
	if err != nil {
		return "", err
	}
	src, err := s.Engine.Get(ctx, records.System, c.ID)
	if err != nil {
		return "", err
	}
	cp := copyValues(cat.Object("WebCart"), src)
	cp["Type"], cp["Status"] = TypePayNow, StatusActive
	recs, err := s.Engine.Insert(ctx, tx, records.SystemFor(userID), "WebCart", []map[string]any{cp})
	if err != nil {
		return "", err
	}
	ids, err := db.Strings(ctx, tx, `SELECT id FROM cartitem WHERE cartid = ?`, c.ID)
	if err != nil || len(ids) == 0 {
		return recs[0].ID, err
	}
	lines, err := s.Engine.GetMany(ctx, tx, records.System, "CartItem", ids)
	if err != nil {
		return "", err
	}
	item := cat.Object("CartItem")
	rows := make([]map[string]any, len(lines))
	for i, rec := range lines {
		rows[i] = copyValues(item, rec)
		rows[i]["CartId"] = recs[0].ID
	}
	_, err = s.Engine.Insert(quiet(ctx), tx, records.SystemFor(userID), "CartItem", rows)
	return recs[0].ID, err
}

// copyValues are a record's values for a new record: everything but its id and the engine's system fields.
func copyValues(o *records.Object, rec *records.Record) map[string]any {
	out := map[string]any{}
	for _, f := range o.Fields {
		switch f.APIName {
		case "Id", "CreatedDate", "CreatedById", "LastModifiedDate", "LastModifiedById", "SystemModstamp":
			continue
		}
		if f.HasColumn() {
			out[f.APIName] = rec.Values[f.APIName]
		}
	}
	return out
}
