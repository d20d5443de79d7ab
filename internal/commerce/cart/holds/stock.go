package holds

import (
	"context"
	"strings"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// ErrInsufficientStock is the refusal of Commit; Products names what is short.
type ErrInsufficientStock struct{ Products []string }

func (e *ErrInsufficientStock) Error() string {
	return "Not enough stock for: " + strings.Join(e.Products, ", ") + "."
}

// Commit takes the cart's quantities out of stock in tx, as an order is placed: the stock rows are locked in
// product order, each product must have its quantity available (on hand less other carts' live holds; the cart's
// own hold is what it converts), on hand goes down by the quantity (never below zero) and the cart's holds are
// dropped. A fixed number of statements however many lines. Products without a stock row are not stocked.
func Commit(ctx context.Context, e *records.Engine, tx *db.Tx, cartID string) error {
	if err := lockStock(ctx, tx, cartID); err != nil {
		return err
	}
	now := time.Now().UTC().Format(records.DateTimeLayout)
	rows, err := tx.Query(ctx, `SELECT MAX(inv.id), SUM(i.quantity), MAX(p.name), MAX(inv.quantityonhand),
		COALESCE((SELECT SUM(r.quantity) FROM cartinventoryreservation r WHERE r.productid = i.product2id
			AND r.webcartid <> ? AND r.expiresat > ?), 0)
		FROM cartitem i JOIN product2 p ON p.id = i.product2id JOIN productinventory inv ON inv.productid = i.product2id
		WHERE i.cartid = ? AND i.type = 'Product' GROUP BY i.product2id ORDER BY i.product2id`, cartID, now, cartID)
	if err != nil {
		return err
	}
	var changes []records.Change
	var short []string
	for rows.Next() {
		var inv, name string
		var qty, onHand, held int64
		if err := rows.Scan(&inv, &qty, &name, &onHand, &held); err != nil {
			rows.Close()
			return err
		}
		if onHand-held < qty {
			short = append(short, name)
			continue
		}
		changes = append(changes, records.Change{ID: inv, Values: map[string]any{"QuantityOnHand": onHand - qty}})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if len(short) > 0 {
		return &ErrInsufficientStock{Products: short}
	}
	if len(changes) > 0 {
		if _, err := e.UpdateMany(ctx, tx, records.System, changes, records.UpdateOptions{}); err != nil {
			return err
		}
	}
	return Release(ctx, e, tx, cartID)
}

// Available reports a product's available stock (on hand less live holds), or -1 when it is not stocked.
func Available(ctx context.Context, q db.Querier, productID string) (int64, error) {
	var n int64
	err := q.QueryRow(ctx, `SELECT inv.quantityonhand - COALESCE((SELECT SUM(r.quantity) FROM cartinventoryreservation r
		WHERE r.productid = inv.productid AND r.expiresat > ?), 0) FROM productinventory inv WHERE inv.productid = ?`,
		time.Now().UTC().Format(records.DateTimeLayout), productID).Scan(&n)
	if err != nil && strings.Contains(err.Error(), "no rows") {
		return -1, nil
	}
	return n, err
}

// Sweep deletes up to 500 stock holds past their expiry and reports how many went. Expired holds already no
// longer count against stock; sweeping keeps the table to the live ones. On PostgreSQL one instance sweeps at a
// time: a run that does not get the advisory lock at once leaves the work to the one that has it.
func Sweep(ctx context.Context, d *db.DB, e *records.Engine) (int, error) {
	swept := 0
	err := d.InTx(ctx, func(tx *db.Tx) error {
		if tx.Dialect() == db.Postgres {
			var mine bool
			if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock(hashtext('storefront:sweep-holds'))`).Scan(&mine); err != nil || !mine {
				return err
			}
		}
		ids, err := db.Strings(ctx, tx, `SELECT id FROM cartinventoryreservation WHERE expiresat <= ? ORDER BY id LIMIT 500`,
			time.Now().UTC().Format(records.DateTimeLayout))
		if err != nil {
			return err
		}
		swept = len(ids)
		return e.DeleteMany(ctx, tx, records.System, ids)
	})
	return swept, err
}
