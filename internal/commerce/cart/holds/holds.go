// Package holds keeps a cart's stock reservations (CartInventoryReservation): a checkout holds the cart's
// quantities of every stocked product until an expiry, placing the order converts the holds into stock taken, and
// a sweep drops holds past their expiry. It knows carts only by id; the cart package decides when to hold and
// release (a cart change or a cart leaving Checkout releases, see cart's hooks).
package holds

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Reservation is one product's stock held for the cart.
type Reservation struct {
	ProductID string `json:"productId"`
	Quantity  string `json:"quantity"`
}

// Reserve replaces the cart's holds with its quantities of every stocked product until expires. When some product
// has less available stock (on hand less other carts' live holds) it is refused with INSUFFICIENT_INVENTORY (409)
// naming them, and nothing is held.
func Reserve(ctx context.Context, e *records.Engine, tx *db.Tx, cartID string, expires time.Time) ([]Reservation, error) {
	now := time.Now().UTC().Format(records.DateTimeLayout)
	old, err := db.Strings(ctx, tx, `SELECT id FROM cartinventoryreservation WHERE webcartid = ?`, cartID)
	if err != nil {
		return nil, err
	}
	if err := e.DeleteMany(ctx, tx, records.System, old); err != nil {
		return nil, err
	}
	if err := lockStock(ctx, tx, cartID); err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, `SELECT i.product2id, SUM(i.quantity), MAX(p.name), MAX(inv.quantityonhand),
		COALESCE((SELECT SUM(r.quantity) FROM cartinventoryreservation r WHERE r.productid = i.product2id
			AND r.webcartid <> ? AND r.expiresat > ?), 0)
		FROM cartitem i JOIN product2 p ON p.id = i.product2id JOIN productinventory inv ON inv.productid = i.product2id
		WHERE i.cartid = ? AND i.type = 'Product' GROUP BY i.product2id ORDER BY i.product2id`, cartID, now, cartID)
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
		records.ReadInTx(tx, product) // joined to its product in tx: the hold's reference to it needs no check
		held = append(held, Reservation{ProductID: product, Quantity: strconv.FormatInt(qty, 10)})
		inserts = append(inserts, map[string]any{"WebCartId": cartID, "ProductId": product, "Quantity": qty,
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
		if _, err := e.Insert(ctx, tx, records.System, "CartInventoryReservation", inserts); err != nil {
			return nil, err
		}
	}
	if held == nil {
		held = []Reservation{}
	}
	return held, nil
}

// Release drops the cart's stock holds. A cart whose holds tx released already, none written since (Check), has
// none: placing an order releases them as it takes the stock, and closing the cart after would look again.
func Release(ctx context.Context, e *records.Engine, tx *db.Tx, cartID string) error {
	released := releasedIn(tx)
	if _, done := released.Load(cartID); done {
		return nil
	}
	ids, err := db.Strings(ctx, tx, `SELECT id FROM cartinventoryreservation WHERE webcartid = ?`, cartID)
	if err != nil {
		return err
	}
	if err := e.DeleteMany(ctx, tx, records.System, ids); err != nil {
		return err
	}
	released.Store(cartID, true)
	return nil
}

// releasedIn is the set of carts whose holds tx released (by id).
func releasedIn(tx *db.Tx) *sync.Map {
	return db.TxLocal(tx, releasedKey{}, func() *sync.Map { return new(sync.Map) })
}

type releasedKey struct{}

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

// Check is CartInventoryReservation's before-save rule: a hold is of a positive quantity.
func Check(_ context.Context, ev *records.SaveEvent) error {
	for _, rec := range ev.Records {
		releasedIn(ev.Tx).Delete(rec.String("WebCartId")) // the cart has a hold again
		if n, _ := rec.Values["Quantity"].(int64); n < 1 {
			return records.Refuse(records.CodeRule, "Quantity", "A stock hold is of at least 1 unit.")
		}
	}
	return nil
}
