package catalog

import (
	"database/sql"
	"errors"
	"net/http"
	"strconv"

	"storefront/internal/commerce/pricing"
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
	ctx := r.Context()
	s, err := h.shopperFor(r)
	if err != nil {
		return err
	}
	id, err := parseID(r.PathValue("productId"), "productId")
	if err != nil {
		return err
	}
	pred, args := pricing.EntitledFilter("p", s.Store.ID, s.AccountID)
	var onHand, reserved, threshold sql.NullInt64
	var tracked bool
	err = h.DB.QueryRow(ctx, `SELECT i.id IS NOT NULL, i.quantityonhand, i.quantityreserved, i.lowstockthreshold
		FROM product2 p LEFT JOIN productinventory i ON i.productid = p.id
		WHERE p.id = ? AND `+pred, append([]any{id}, args...)...).Scan(&tracked, &onHand, &reserved, &threshold)
	if errors.Is(err, sql.ErrNoRows) {
		return itemNotFound("The product %s doesn't exist or isn't available to this account.", id)
	}
	if err != nil {
		return err
	}
	out := availability{ProductID: id, InStock: true}
	if s.Store.InventoryEnabled && tracked {
		available := max(0, onHand.Int64-reserved.Int64)
		n := strconv.FormatInt(available, 10)
		out.AvailableToOrder = &n
		out.InStock = available > 0
		out.LowStock = out.InStock && threshold.Valid && available <= threshold.Int64
	}
	writeJSON(w, perCaller, out)
	return nil
}
