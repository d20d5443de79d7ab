package cart

import (
	"context"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// What the checkout and order packages use of the cart: they run their own transactions (a checkout step is not a
// cart change) but lock, price, hold and close carts only through these, so each rule stays here.

// Lock takes the owner's cart lock in tx (PostgreSQL; SQLite's single writer serialises already) and resolves the
// cart ref; a ref naming no open cart of the shopper is 404.
func (s *Service) Lock(ctx context.Context, tx *db.Tx, sh *storecontext.Shopper, ref string) (*Cart, error) {
	o, err := s.ownerFor(sh)
	if err != nil {
		return nil, err
	}
	if err := lockOwner(ctx, tx, sh.Store.ID, o); err != nil {
		return nil, err
	}
	c, err := Find(ctx, tx, sh.Store.ID, o, ref)
	if err == nil && c == nil {
		err = cartNotFound(ref)
	}
	return c, err
}

// Owns reports whether the cart with the id is one of the shopper's carts, open or not.
func (s *Service) Owns(ctx context.Context, q db.Querier, sh *storecontext.Shopper, cartID string) (bool, error) {
	o, err := s.ownerFor(sh)
	if err != nil {
		return false, err
	}
	if o.IsGuest() && o.GuestSessionID == "" {
		return false, nil
	}
	cond, args := o.where(sh.Store.ID)
	var n int
	err = q.QueryRow(ctx, `SELECT COUNT(*) FROM webcart WHERE `+cond+` AND id = ?`, append(args, cartID)...).Scan(&n)
	return n > 0, err
}

// Reload reads the cart again inside tx.
func Reload(ctx context.Context, q db.Querier, id string) (*Cart, error) {
	return scanCart(q.QueryRow(ctx, `SELECT `+cartColumns+` FROM webcart WHERE id = ?`, id))
}

// Recalculate prices the cart in tx (see recalculate) for a checkout's step; c.Revision moves to the stored
// revision. A step writes no catalog rows, so its catalog reads come from memory as a buyer's cart change's do
// (Cart.catalogFromMemory); placing the order reprices as Reprice says.
func (s *Service) Recalculate(ctx context.Context, tx *db.Tx, c *Cart) error {
	c.catalogFromMemory = true
	return s.recalculate(ctx, tx, c)
}

// SetStatus moves the cart to a status (Active, Checkout, Closed) with extra values (PoNumber), keeping its
// lines: a closed cart is the record of what was ordered.
func (s *Service) SetStatus(ctx context.Context, tx *db.Tx, c *Cart, status string, extra map[string]any) error {
	v := map[string]any{"Status": status}
	for k, x := range extra {
		v[k] = x
	}
	_, err := s.Engine.UpdateMany(ctx, tx, records.System, []records.Change{{ID: c.ID, Values: v}}, records.UpdateOptions{})
	if err == nil {
		c.Status = status
	}
	return err
}

// SummaryOf is the cart's Cart Summary.
func SummaryOf(c *Cart, defaultCurrency string) *Summary { return summaryOf(c, defaultCurrency) }

// Change runs fn on the shopper's cart in a cart change (locked, recalculated after), creating the current cart
// when create is set.
func (s *Service) Change(ctx context.Context, sh *storecontext.Shopper, ref string, create bool,
	fn func(tx *db.Tx, c *Cart) error) (*Cart, error) {
	return s.change(ctx, sh, ref, create, fn)
}

// AddItems adds products to the cart c in tx as the batch add does; errs holds each input's refusal (nil: added).
func (s *Service) AddItems(ctx context.Context, tx *db.Tx, sh *storecontext.Shopper, c *Cart, inputs []ItemInput) (errs []error, err error) {
	outcomes, err := s.addItems(ctx, tx, sh, c, inputs)
	if err != nil {
		return nil, err
	}
	errs = make([]error, len(outcomes))
	for i, o := range outcomes {
		errs[i] = o.err
	}
	return errs, nil
}

// LockOwner takes the shopper's cart lock in tx (PostgreSQL; see lockOwner) without resolving a cart: a checkout
// whose cart was closed by its order still serialises with every other change of the shopper's carts.
func (s *Service) LockOwner(ctx context.Context, tx *db.Tx, sh *storecontext.Shopper) error {
	o, err := s.ownerFor(sh)
	if err != nil {
		return err
	}
	return lockOwner(ctx, tx, sh.Store.ID, o)
}

// IsLockTimeout reports a lock wait that gave up (answered 409 by the cart calls).
func IsLockTimeout(err error) bool { return isLockTimeout(err) }

// ErrBusy is the 409 of a change that waited too long for another.
var ErrBusy = errBusy
