package app

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"testing"

	"storefront/internal/commerce/cart"
	"storefront/internal/demo"
	"storefront/internal/platform/config"
	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
	"storefront/internal/records"
)

// No silent bypass: the System actor's writes, and writes marked Quiet for the cart's recalculation, are held to
// every rule; Quiet skips the reaction only.
func TestSystemWritesKeepTheRules(t *testing.T) {
	for kind, u := range dbtest.URLs(t) {
		t.Run(kind, func(t *testing.T) {
			if u == "" {
				u = "sqlite://" + filepath.Join(t.TempDir(), "demo.db")
			}
			ctx := context.Background()
			a, err := Open(ctx, config.Config{DB: u}, slog.New(slog.DiscardHandler))
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			if err := a.SeedDemoIfEmpty(ctx); err != nil {
				t.Fatal(err)
			}
			e := a.Engine
			var cartID string
			err = a.DB.InTx(ctx, func(tx *db.Tx) error {
				recs, err := e.Insert(ctx, tx, records.SystemFor(demo.BuyerUserID), "WebCart", []map[string]any{{
					"Name": "Cart", "WebStoreId": demo.StoreID, "AccountId": demo.BuyerAccountID}})
				if err == nil {
					cartID = recs[0].ID
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			line := map[string]any{"CartId": cartID, "Product2Id": records.StableID("01t", 1), "Name": "Pen",
				"Type": "Product", "Quantity": -5}
			for name, wctx := range map[string]context.Context{"System": ctx,
				"System, quiet": records.Quiet(ctx, cart.Recalculation)} {
				err := a.DB.InTx(wctx, func(tx *db.Tx) error {
					_, err := e.Insert(wctx, tx, records.System, "CartItem", []map[string]any{line})
					return err
				})
				var we *records.WriteError
				if !errors.As(err, &we) || we.Codes()[0] != records.CodeRule {
					t.Fatalf("%s: a line of -5 was not refused: %v", name, err)
				}
			}
			var lines int
			if err := a.DB.QueryRow(ctx, `SELECT COUNT(*) FROM cartitem WHERE cartid = ?`, cartID).Scan(&lines); err != nil || lines != 0 {
				t.Fatalf("%d lines, %v", lines, err)
			}

			// A valid System write reacts (the cart is recalculated); the same write marked Quiet does not.
			line["Quantity"] = 2
			total := func() string {
				var s string
				if err := a.DB.QueryRow(ctx, `SELECT CAST(totalproductcount AS TEXT) FROM webcart WHERE id = ?`, cartID).Scan(&s); err != nil {
					t.Fatal(err)
				}
				return s
			}
			if err := a.DB.InTx(ctx, func(tx *db.Tx) error {
				_, err := e.Insert(records.Quiet(ctx, cart.Recalculation), tx, records.System, "CartItem", []map[string]any{line})
				return err
			}); err != nil {
				t.Fatal(err)
			}
			if got := total(); got != "0" {
				t.Fatalf("a quiet write recalculated the cart: %s units", got)
			}
			id, _ := db.Strings(ctx, a.DB, `SELECT id FROM cartitem WHERE cartid = ?`, cartID)
			if err := a.DB.InTx(ctx, func(tx *db.Tx) error {
				_, err := e.UpdateMany(ctx, tx, records.System, []records.Change{{ID: id[0], Values: map[string]any{"Quantity": 3}}}, records.UpdateOptions{})
				return err
			}); err != nil {
				t.Fatal(err)
			}
			if got := total(); got != "3" {
				t.Fatalf("the System's write did not recalculate the cart: %s units", got)
			}
		})
	}
}
