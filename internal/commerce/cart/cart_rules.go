package cart

import (
	"context"
	"slices"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
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

// checkGroups is CartDeliveryGroup's before-save rule: a new group, or a group given another address, is of a cart
// that is not read-only; a cart has
// one group, or up to MaxGroups where its store enables split shipment; a group with a delivery address has
// street, city and country, and the country is one the cart's store ships to.
func (s *Service) checkGroups(ctx context.Context, ev *records.SaveEvent) error {
	written := ev.Created
	for i := range ev.Records {
		written = written || changed(ev, i, "CartId") || changed(ev, i, "DeliverToCountry") ||
			changed(ev, i, "DeliverToStreet") || changed(ev, i, "DeliverToCity")
	}
	if !written {
		return nil // a method, a date, instructions or the calculation's amounts
	}
	carts, err := cartsOf(ctx, ev.Tx, ev.Records, "CartId")
	if err != nil {
		return err
	}
	if ev.Created {
		if err := s.checkGroupCount(ctx, ev, carts); err != nil {
			return err
		}
	}
	for i, rec := range ev.Records {
		c := carts[rec.String("CartId")]
		if c == nil {
			continue // the reference check refuses it
		}
		if c.Type == TypePayNow {
			return readOnlyCart(c.ID)
		}
		if !ev.Created && changed(ev, i, "CartId") {
			return refusal("CartId", "A delivery group can't move to another cart.")
		}
		if !changed(ev, i, "DeliverToCountry") && !changed(ev, i, "DeliverToStreet") && !changed(ev, i, "DeliverToCity") {
			continue
		}
		street, city, country := rec.String("DeliverToStreet"), rec.String("DeliverToCity"), rec.String("DeliverToCountry")
		if street == "" && city == "" && country == "" {
			continue // no address yet (a new cart's default group)
		}
		if street == "" || city == "" || country == "" {
			return refusal("DeliverToCountry", "A delivery address needs street, city and country.")
		}
		store, err := storecontext.LoadStore(ctx, s.DB, c.StoreID)
		if err != nil {
			return err
		}
		if !store.ShipsTo(countryCode(country)) {
			return refusal("DeliverToCountry", "The store doesn't ship to %q.", clip(country))
		}
	}
	return nil
}

// checkGroupCount refuses new groups beyond what their carts' stores allow (one statement for the batch).
func (s *Service) checkGroupCount(ctx context.Context, ev *records.SaveEvent, carts map[string]*Cart) error {
	adding := map[string]int{}
	for _, rec := range ev.Records {
		adding[rec.String("CartId")]++
	}
	ids := make([]string, 0, len(adding))
	for id := range adding {
		ids = append(ids, id)
	}
	in, args := db.InList(ids)
	rows, err := ev.Tx.Query(ctx, `SELECT cartid, COUNT(*) FROM cartdeliverygroup WHERE cartid IN (`+in+`) GROUP BY cartid`, args...)
	if err != nil {
		return err
	}
	have := map[string]int{}
	for rows.Next() {
		var id string
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			rows.Close()
			return err
		}
		have[id] = n
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for id, n := range adding {
		c := carts[id]
		if c == nil {
			continue // the reference check refuses it
		}
		store, err := storecontext.LoadStore(ctx, s.DB, c.StoreID)
		if err != nil {
			return err
		}
		switch total := have[id] + n; {
		case total > 1 && !store.SplitShipmentEnabled:
			return refusalOf("This store ships each order to one address: split shipment isn't enabled.")
		case total > MaxGroups:
			return refusalOf("A cart has %d delivery groups at most.", MaxGroups)
		}
	}
	return nil
}

func (s *Service) afterGroupSave(ctx context.Context, ev *records.SaveEvent) error {
	return s.recalculateChanged(ctx, ev.Tx, ev.Records, "CartId")
}

func (s *Service) afterGroupDelete(ctx context.Context, ev *records.DeleteEvent) error {
	return s.recalculateChanged(ctx, ev.Tx, ev.Records, "CartId")
}

// checkCoupons is WebCartAdjustmentBasis's before-save rule: coupons are applied to open carts that are not
// read-only.
func checkCoupons(ctx context.Context, ev *records.SaveEvent) error {
	carts, err := cartsOf(ctx, ev.Tx, ev.Records, "WebCartId")
	if err != nil {
		return err
	}
	for _, c := range carts {
		if c.Type == TypePayNow {
			return readOnlyCart(c.ID)
		}
		if closed(c.Status) {
			return refusalOf("The cart %s is closed: its coupons can't change.", c.ID[:15])
		}
	}
	return nil
}
