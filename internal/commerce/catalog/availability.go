package catalog

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"

	"storefront/internal/commerce/pricing"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
)

// availability is the answer of GET products/{productId}/availability. The Connect API has no product stock call
// for storefronts (B2B stores answer it from their own code: the quickstart's checkProductIsInStock returns
// {"inStock": true}), so this call keeps that shape and adds what a product page shows:
//   - inStock: whether the product can be ordered now (always true when the store does not track inventory, or
//     when the product has no stock row);
//   - availableToOrder: units on hand less units reserved by carts in checkout, never negative, as a string like
//     every quantity on the wire; null when not tracked;
//   - lowStock: in stock but at or under the product's low-stock threshold.
type availability struct {
	AvailableToOrder *string `json:"availableToOrder"`
	InStock          bool    `json:"inStock"`
	LowStock         bool    `json:"lowStock"`
	ProductID        string  `json:"productId"`
}

// GetProductAvailability is GET products/{productId}/availability. It answers for a product the caller may see;
// others are 404 like the product itself.
func (h *Handlers) GetProductAvailability(w http.ResponseWriter, r *http.Request) error {
	s, err := h.shopperFor(r)
	if err != nil {
		return err
	}
	id, err := parseID(r.PathValue("productId"), "productId")
	if err != nil {
		return err
	}
	found, err := h.availabilityOf(r.Context(), s, []string{id})
	if err != nil {
		return err
	}
	if len(found) == 0 {
		return itemNotFound("The product %s doesn't exist or isn't available to this account.", id)
	}
	writeJSON(w, perCaller, found[0])
	return nil
}

// maxAvailabilityItems bounds GET products/availability: a cart page holds at most 100 lines, quick order 500.
const maxAvailabilityItems = maxPricingItems

// GetProductsAvailability is GET products/availability?productIds=a,b,c: the availability of each listed product the
// caller may see, in one query (the cart page asks for its lines' products at once), as
// {"availability": [...]} in the order asked. Products the caller may not see are left out, as from a search.
func (h *Handlers) GetProductsAvailability(w http.ResponseWriter, r *http.Request) error {
	s, err := h.shopperFor(r)
	if err != nil {
		return err
	}
	raw, err := listParam(r.URL.Query(), "productIds", maxAvailabilityItems, 255)
	if err != nil {
		return err
	}
	if len(raw) == 0 {
		return invalidInput("The productIds parameter is required: a comma-separated list of up to %d product ids.", maxAvailabilityItems)
	}
	ids := make([]string, 0, len(raw))
	seen := make(map[string]bool, len(raw))
	for _, v := range raw {
		id, err := parseID(v, "productIds")
		if err != nil {
			return err
		}
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	found, err := h.availabilityOf(r.Context(), s, ids)
	if err != nil {
		return err
	}
	writeJSON(w, perCaller, map[string]any{"availability": found})
	return nil
}

// availabilityOf reads the stock of the products of ids the shopper may see, in the order of ids, in one query.
func (h *Handlers) availabilityOf(ctx context.Context, s *storecontext.Shopper, ids []string) ([]availability, error) {
	pred, args := pricing.EntitledFilter("p", s.Store.ID, s.AccountID)
	in, inArgs := db.InList(ids)
	rows, err := h.DB.Query(ctx, `SELECT p.id, i.id IS NOT NULL, i.quantityonhand, i.quantityreserved, i.lowstockthreshold
		FROM product2 p LEFT JOIN productinventory i ON i.productid = p.id
		WHERE p.id IN (`+in+`) AND `+pred, append(inArgs, args...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	byID := make(map[string]availability, len(ids))
	for rows.Next() {
		var id string
		var onHand, reserved, threshold sql.NullInt64
		var tracked bool
		if err := rows.Scan(&id, &tracked, &onHand, &reserved, &threshold); err != nil {
			return nil, err
		}
		out := availability{ProductID: id, InStock: true}
		if s.Store.InventoryEnabled && tracked {
			available := max(0, onHand.Int64-reserved.Int64)
			n := strconv.FormatInt(available, 10)
			out.AvailableToOrder = &n
			out.InStock = available > 0
			out.LowStock = out.InStock && threshold.Valid && available <= threshold.Int64
		}
		byID[id] = out
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	found := make([]availability, 0, len(byID))
	for _, id := range ids {
		if a, ok := byID[id]; ok {
			found = append(found, a)
		}
	}
	return found, nil
}
