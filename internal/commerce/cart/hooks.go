package cart

import (
	"context"
	"net/http"

	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// The cart's hooks recalculate a cart whose lines or coupons were changed outside the cart API (staff through the
// records API or the console). The cart API's own writes use the System actor and recalculate themselves.

func (s *Service) afterLineSave(ctx context.Context, ev *records.SaveEvent) error {
	return s.recalculateChanged(ctx, ev.Tx, ev.Actor.System, ev.Records, "CartId")
}

func (s *Service) afterLineDelete(ctx context.Context, ev *records.DeleteEvent) error {
	return s.recalculateChanged(ctx, ev.Tx, ev.Actor.System, ev.Records, "CartId")
}

func (s *Service) afterCouponSave(ctx context.Context, ev *records.SaveEvent) error {
	return s.recalculateChanged(ctx, ev.Tx, ev.Actor.System, ev.Records, "WebCartId")
}

func (s *Service) afterCouponDelete(ctx context.Context, ev *records.DeleteEvent) error {
	return s.recalculateChanged(ctx, ev.Tx, ev.Actor.System, ev.Records, "WebCartId")
}

// recalculateChanged recalculates each open cart the records belong to, once.
func (s *Service) recalculateChanged(ctx context.Context, tx *db.Tx, system bool, recs []*records.Record, field string) error {
	if system {
		return nil
	}
	seen := map[string]bool{}
	for _, rec := range recs {
		id := rec.String(field)
		if id == "" || seen[id] {
			continue
		}
		seen[id] = true
		c, err := scanCart(tx.QueryRow(ctx, `SELECT `+cartColumns+` FROM webcart WHERE id = ?`, id))
		if err != nil {
			continue // the cart itself is being deleted
		}
		if c.Status == StatusClosed || c.Status == StatusPendingDelete {
			continue
		}
		if err := s.recalculate(ctx, tx, c); err != nil {
			return err
		}
	}
	return nil
}

// Products is GET carts/{cartStateOrId}/products: the products of the cart's lines, with their quantity rules,
// as the cart knows them.
func (s *Service) Products(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, true)
	if err != nil {
		return err
	}
	c, err := s.find(r.Context(), sh, cartRef(r))
	if err != nil {
		return err
	}
	out := []ProductDetails{}
	if c != nil {
		items, err := s.loadItems(r.Context(), s.DB, c, itemQuery{cond: "i.type = 'Product'", order: "i.linenumber, i.id"})
		if err != nil {
			return err
		}
		for _, it := range items {
			out = append(out, it.ProductDetails)
		}
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"products": out})
	return nil
}
