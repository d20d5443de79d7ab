package cart

import (
	"context"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// The cart's reactions: a change of a cart's lines, coupons, delivery groups or adjustments made outside the cart's
// own code (staff through the records API or the console, the demo seed) releases a checkout's stock holds and
// recalculates the cart, as the cart API does after its own changes (whose writes are Quiet for Recalculation).

func (s *Service) afterLineSave(ctx context.Context, ev *records.SaveEvent) error {
	return s.recalculateChanged(ctx, ev.Tx, ev.Records, "CartId")
}

func (s *Service) afterLineDelete(ctx context.Context, ev *records.DeleteEvent) error {
	return s.recalculateChanged(ctx, ev.Tx, ev.Records, "CartId")
}

func (s *Service) afterCouponSave(ctx context.Context, ev *records.SaveEvent) error {
	return s.recalculateChanged(ctx, ev.Tx, ev.Records, "WebCartId")
}

func (s *Service) afterCouponDelete(ctx context.Context, ev *records.DeleteEvent) error {
	return s.recalculateChanged(ctx, ev.Tx, ev.Records, "WebCartId")
}

func (s *Service) afterGroupSave(ctx context.Context, ev *records.SaveEvent) error {
	return s.recalculateChanged(ctx, ev.Tx, ev.Records, "CartId")
}

func (s *Service) afterGroupDelete(ctx context.Context, ev *records.DeleteEvent) error {
	return s.recalculateChanged(ctx, ev.Tx, ev.Records, "CartId")
}

// A cart's adjustments and applied promotions are its calculation's output: written from elsewhere, the cart is
// calculated again (which writes them back as the calculation has them), so that they too hold while the cart's
// revision does and an add may keep them with its lines (kept.go).

func (s *Service) afterAdjustmentSave(ctx context.Context, ev *records.SaveEvent) error {
	return s.recalculateChanged(ctx, ev.Tx, ev.Records, "WebCartId")
}

func (s *Service) afterAdjustmentDelete(ctx context.Context, ev *records.DeleteEvent) error {
	return s.recalculateChanged(ctx, ev.Tx, ev.Records, "WebCartId")
}

// recalculateChanged recalculates each open cart the records belong to, once, unless the write is Quiet for
// Recalculation. A cart in checkout loses its stock holds (the change makes the checkout stale); a cart above its
// store's line limit is marked Processing and calculated in the background once the change is committed.
func (s *Service) recalculateChanged(ctx context.Context, tx *db.Tx, recs []*records.Record, field string) error {
	if records.Quieted(ctx, Recalculation) {
		return nil
	}
	carts, err := cartsOf(ctx, tx, recs, field)
	if err != nil {
		return err
	}
	for _, c := range carts { // a cart being deleted itself is no longer there
		if closed(c.Status) || c.Type == TypePayNow {
			continue
		}
		if c.Status == StatusCheckout {
			if err := s.Release(ctx, tx, c.ID); err != nil {
				return err
			}
		}
		if c.known != nil {
			c.known.adjustments = nil // a write from elsewhere may have been one of them: read them again
		}
		store, err := storecontext.LoadStore(ctx, s.DB, c.StoreID)
		if err != nil {
			return err
		}
		background, err := s.calculate(ctx, tx, store.CartSyncLineLimit, c)
		if err != nil {
			return err
		}
		if background {
			// calculateLater's transaction waits for this one (PostgreSQL's row lock, SQLite's single writer) and
			// finds the cart Processing once it is committed; rolled back, it finds nothing to do.
			go s.calculateLater(c.ID)
		}
	}
	return nil
}
