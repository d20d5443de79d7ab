package cart

import (
	"context"
	"time"

	"storefront/internal/commerce/cart/holds"
	"storefront/internal/platform/db"
)

// The cart's stock holds live in package holds; these are the cart's names for them, which the checkout and the
// workers use.

// Reservation is one product's stock held for the cart.
type Reservation = holds.Reservation

// ErrInsufficientStock is the refusal of CommitStock; Products names what is short.
type ErrInsufficientStock = holds.ErrInsufficientStock

// Hold replaces the cart's stock holds with its quantities until expires; INSUFFICIENT_INVENTORY (409) when some
// product lacks available stock, and nothing is held.
func (s *Service) Hold(ctx context.Context, tx *db.Tx, c *Cart, expires time.Time) ([]Reservation, error) {
	return holds.Reserve(ctx, s.Engine, tx, c.ID, expires)
}

// Release drops the cart's stock holds.
func (s *Service) Release(ctx context.Context, tx *db.Tx, cartID string) error {
	return holds.Release(ctx, s.Engine, tx, cartID)
}

// CommitStock takes the cart's quantities out of stock in tx as an order is placed (holds.Commit).
func (s *Service) CommitStock(ctx context.Context, tx *db.Tx, c *Cart) error {
	return holds.Commit(ctx, s.Engine, tx, c.ID)
}

// SweepHolds deletes up to 500 expired stock holds (holds.Sweep).
func (s *Service) SweepHolds(ctx context.Context) (int, error) {
	return holds.Sweep(ctx, s.DB, s.Engine)
}
