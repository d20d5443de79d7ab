package cart

import (
	"context"
	"slices"

	"storefront/internal/records"
)

// The rules of carts, their delivery groups and their stock holds, as hooks (see rules.go for the lines').

// cartMoves are the status transitions of a cart: Active and Checkout move between each other (a checkout starts
// and ends), to Processing (a calculation in the background, which ends Active) and on to the end of a cart:
// PendingClosed and Closed (ordered) or PendingDelete (deleted). Closed and PendingDelete are final.
var cartMoves = map[string][]string{
	StatusActive:     {StatusCheckout, StatusProcessing, "PendingClosed", StatusClosed, StatusPendingDelete},
	StatusCheckout:   {StatusActive, StatusProcessing, "PendingClosed", StatusClosed, StatusPendingDelete},
	StatusProcessing: {StatusActive, StatusCheckout, StatusClosed, StatusPendingDelete},
	"PendingClosed":  {StatusActive, StatusClosed, StatusPendingDelete},
}

// checkCarts is WebCart's before-save rule: a new cart is Active; a cart keeps its type and its owner (a cart
// never passes to another buyer); its status moves only as cartMoves allow; a PayNowReadOnly cart changes only as
// it is closed or deleted.
func checkCarts(_ context.Context, ev *records.SaveEvent) error {
	for i, rec := range ev.Records {
		if ev.Created {
			if st := rec.String("Status"); st != StatusActive {
				return refusal("Status", "A new cart is %s, not %s.", StatusActive, st)
			}
			continue
		}
		old := ev.Old[i]
		from, to := old.String("Status"), rec.String("Status")
		switch {
		case changed(ev, i, "Type"):
			return refusal("Type", "A cart's type can't change.")
		case changed(ev, i, "OwnerId"):
			return refusal("OwnerId", "A cart's owner can't change: the cart belongs to the buyer who made it.")
		case from != to && !slices.Contains(cartMoves[from], to):
			return refusal("Status", "A cart can't go from %s to %s.", from, to)
		case old.String("Type") == TypePayNow && !closed(to):
			return readOnlyCart(rec.ID)
		}
	}
	return nil
}

// releaseLeavingCheckout is WebCart's after-save rule: a cart that leaves Checkout (back to Active, or deleted)
// releases the checkout's stock holds. A calculation in the background (Processing) keeps them, and placing the
// order has converted them already.
func (s *Service) releaseLeavingCheckout(ctx context.Context, ev *records.SaveEvent) error {
	if ev.Created {
		return nil
	}
	for i, rec := range ev.Records {
		if to := rec.String("Status"); ev.Old[i].String("Status") == StatusCheckout && to != StatusCheckout &&
			to != StatusProcessing {
			if err := s.Release(ctx, ev.Tx, rec.ID); err != nil {
				return err
			}
		}
	}
	return nil
}
