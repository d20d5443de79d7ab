package cart

import (
	"context"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// The rules of a cart's delivery groups, as hooks (see cart_rules.go for the carts', rules.go for the lines').

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
			return refusal("DeliverToCountry", "The store doesn't ship to %q.", httpx.Clip(country))
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
