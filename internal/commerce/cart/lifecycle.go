package cart

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

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

// Preserve is POST carts/{guestCartId}/actions/preserve, called once after login: the guest cart of the session
// the login replaced is merged into the buyer's current cart line by line (quantities added), then closed. A
// second call for the same guest cart changes nothing and answers the same cart (idempotent); a cart that was
// not that session's is 404.
func (s *Service) Preserve(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, true)
	if err != nil {
		return err
	}
	if sh.Guest() {
		return httpx.Unauthorized()
	}
	prior := sh.Principal.PriorGuestSessionID
	guestID, ok := records.NormalizeID(r.PathValue("cartStateOrId"))
	if !ok || records.KeyPrefix(guestID) != "0a6" || prior == "" {
		return cartNotFound(r.PathValue("cartStateOrId"))
	}
	ctx := r.Context()
	var guest struct {
		status string
		found  bool
	}
	err = s.DB.QueryRow(ctx, `SELECT status FROM webcart WHERE id = ? AND webstoreid = ? AND ownerid IS NULL
		AND guestsessionid = ?`, guestID, sh.Store.ID, prior).Scan(&guest.status)
	if errors.Is(err, sql.ErrNoRows) {
		return cartNotFound(guestID)
	}
	if err != nil {
		return err
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
		return err
	}
	out.Summary = summaryOf(c, sh.Store.DefaultCurrency)
	out.NumberOfProductsWithError = len(out.ProductsWithError)
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// Clone is POST carts/{cartStateOrId}/actions/clone?targetType=PayNowReadOnly: a read-only copy of the cart (for a
// payment link), with its lines and prices. 201 with the copy's summary.
func (s *Service) Clone(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, true)
	if err != nil {
		return err
	}
	if t := r.URL.Query().Get("targetType"); t != TypePayNow {
		return httpx.BadRequest("INVALID_API_INPUT", "targetType must be %s.", TypePayNow)
	}
	if err := discardBody(w, r); err != nil {
		return err
	}
	ctx := r.Context()
	var copyID string
	_, err = s.change(ctx, sh, cartRef(r), false, func(tx *db.Tx, c *Cart) error {
		var err error
		copyID, err = s.copyCart(ctx, tx, sh.Principal.UserID, c)
		return err
	})
	if err != nil {
		return err
	}
	o, _ := s.ownerFor(sh)
	clone, err := Find(ctx, s.DB, sh.Store.ID, o, copyID)
	if err != nil {
		return err
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusCreated, summaryOf(clone, sh.Store.DefaultCurrency))
	return nil
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

// Reservation is one product's stock held for the cart.
type Reservation struct {
	ProductID string `json:"productId"`
	Quantity  string `json:"quantity"`
}

// Reserve is PUT carts/{cartStateOrId}/inventory-reservations: {durationInSeconds} (default: the store's
// reservation time, else 14400). It holds the cart's quantities of every stocked product until then, replacing
// the cart's earlier hold; when some product has less available stock (on hand less other carts' live holds) the
// call is refused with INSUFFICIENT_INVENTORY naming them, and nothing is held.
func (s *Service) Reserve(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, true)
	if err != nil {
		return err
	}
	var body struct {
		DurationInSeconds *int64 `json:"durationInSeconds"`
	}
	if r.ContentLength != 0 {
		if err := httpx.DecodeJSON(w, r, &body); err != nil {
			return err
		}
	}
	duration := sh.Store.ReservationInSeconds
	if body.DurationInSeconds != nil {
		duration = *body.DurationInSeconds
	}
	if duration < 1 || duration > 7*24*3600 {
		return httpx.BadRequest("INVALID_API_INPUT", "durationInSeconds must be from 1 to 604800.")
	}
	ctx := r.Context()
	expires := time.Now().UTC().Add(time.Duration(duration) * time.Second)
	var held []Reservation
	_, err = s.change(ctx, sh, cartRef(r), false, func(tx *db.Tx, c *Cart) error {
		held, err = s.reserve(ctx, tx, c, expires)
		return err
	})
	if err != nil {
		return err
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"durationInSeconds": duration,
		"expirationTime": expires.Format(records.DateTimeLayout), "reservations": held})
	return nil
}

func (s *Service) reserve(ctx context.Context, tx *db.Tx, c *Cart, expires time.Time) ([]Reservation, error) {
	now := time.Now().UTC().Format(records.DateTimeLayout)
	old, err := db.Strings(ctx, tx, `SELECT id FROM cartinventoryreservation WHERE webcartid = ?`, c.ID)
	if err != nil {
		return nil, err
	}
	if err := s.Engine.DeleteMany(ctx, tx, records.System, old); err != nil {
		return nil, err
	}
	if err := lockStock(ctx, tx, c.ID); err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, `SELECT i.product2id, SUM(i.quantity), MAX(p.name), MAX(inv.quantityonhand),
		COALESCE((SELECT SUM(r.quantity) FROM cartinventoryreservation r WHERE r.productid = i.product2id
			AND r.webcartid <> ? AND r.expiresat > ?), 0)
		FROM cartitem i JOIN product2 p ON p.id = i.product2id JOIN productinventory inv ON inv.productid = i.product2id
		WHERE i.cartid = ? AND i.type = 'Product' GROUP BY i.product2id ORDER BY i.product2id`, c.ID, now, c.ID)
	if err != nil {
		return nil, err
	}
	var held []Reservation
	var inserts []map[string]any
	var short []string
	for rows.Next() {
		var product, name string
		var qty, onHand, reserved int64
		if err := rows.Scan(&product, &qty, &name, &onHand, &reserved); err != nil {
			rows.Close()
			return nil, err
		}
		if onHand-reserved < qty {
			short = append(short, name)
			continue
		}
		held = append(held, Reservation{ProductID: product, Quantity: itoa(qty)})
		inserts = append(inserts, map[string]any{"WebCartId": c.ID, "ProductId": product, "Quantity": qty,
			"ExpiresAt": expires.Format(records.DateTimeLayout)})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(short) > 0 {
		return nil, httpx.Errorf(http.StatusConflict, "INSUFFICIENT_INVENTORY",
			"Not enough stock to hold the cart's quantities of: %s.", strings.Join(short, ", "))
	}
	if len(inserts) > 0 {
		if _, err := s.Engine.Insert(ctx, tx, records.System, "CartInventoryReservation", inserts); err != nil {
			return nil, err
		}
	}
	if held == nil {
		held = []Reservation{}
	}
	return held, nil
}

// lockStock locks the stock rows of the cart's products on PostgreSQL, in product order, so that two carts holding
// or buying the same products serialise (and never deadlock) and the "available" each computes stays true until it
// commits. SQLite's single writer serialises them already.
func lockStock(ctx context.Context, tx *db.Tx, cartID string) error {
	if tx.Dialect() != db.Postgres {
		return nil
	}
	_, err := tx.Exec(ctx, `SELECT 1 FROM productinventory WHERE productid IN
		(SELECT product2id FROM cartitem WHERE cartid = ? AND type = 'Product') ORDER BY productid FOR UPDATE`, cartID)
	return err
}
