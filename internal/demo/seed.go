// Package demo seeds the demo store (a B2B supply store with its catalogue, prices, stock, buyers, menus and
// content) and generates large catalogues in the same shape for load tests. Every id is stable: two seeds into two
// fresh databases give the same ids, so tests, scripts and benchmarks can name records.
package demo

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"storefront/internal/auth"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// DemoProducts is the number of products of the demo store.
const DemoProducts = 300

// Options configure a seed.
type Options struct {
	Log       *slog.Logger // progress of large catalogues; slog.Default() when nil
	ChunkSize int          // products per transaction in SeedProducts; 10,000 when 0
}

func (o *Options) log() *slog.Logger {
	if o.Log == nil {
		return slog.Default()
	}
	return o.Log
}

// Users are the demo's people; password demo1234.
var Users = []auth.NewUser{
	{ID: AdminUserID, Email: "admin@example.com", Password: DemoPassword, FirstName: "Ada", LastName: "Admin", Staff: true,
		ProfileID: records.StoreAdministratorProfileID},
	{ID: BuyerUserID, Email: "buyer@example.com", Password: DemoPassword, FirstName: "Bonnie", LastName: "Buyer",
		AccountID: BuyerAccountID, ProfileID: records.BuyerProfileID},
	{ID: ManagerUserID, Email: "manager@example.com", Password: DemoPassword, FirstName: "Morgan", LastName: "Manager",
		AccountID: ManagerAccountID, ProfileID: records.BuyerProfileID},
	{ID: MerchandiserUserID, Email: "merchandiser@example.com", Password: DemoPassword, FirstName: "Mel",
		LastName: "Merchandiser", Staff: true, ProfileID: records.StoreManagerProfileID},
	{ID: SupportUserID, Email: "support@example.com", Password: DemoPassword, FirstName: "Sam", LastName: "Support",
		Staff: true, ProfileID: records.SupportAgentProfileID},
}

// Seed seeds the demo store into engine's database (through engine, the app's, so every domain's rules hold for the
// seeded records too) unless the database already has a store, and reports whether it seeded. Everything is
// written in one transaction: a seed that fails leaves nothing behind.
func Seed(ctx context.Context, engine *records.Engine, opt Options) (bool, error) {
	d := engine.DB
	if has, err := hasStore(d.QueryRow(ctx, countStores)); err != nil || has {
		return false, err
	}
	hash, err := auth.HashPassword(DemoPassword) // slow: before the write transaction opens
	if err != nil {
		return false, err
	}
	seeded := false
	if err := records.InstallProfiles(ctx, engine); err != nil { // the demo users' profiles (installed at migration too)
		return false, err
	}
	err = d.InTx(ctx, func(tx *db.Tx) error {
		if has, err := hasStore(tx.QueryRow(ctx, countStores)); err != nil || has { // another process seeded meanwhile
			return err
		}
		w := newWriter(ctx, tx, engine, AdminUserID)
		w.managerID = ManagerUserID
		if err := w.seedAccounts(); err != nil {
			return err
		}
		if err := w.flush(); err != nil { // buyers need their accounts in the table
			return err
		}
		for _, u := range Users {
			if _, err := auth.InsertUser(ctx, engine, tx, u, hash); err != nil {
				return fmt.Errorf("demo: user %s: %w", u.Email, err)
			}
		}
		if err := w.seedStore(flattenTree()); err != nil {
			return err
		}
		if err := w.writeProducts(w.productTables(), demoPlan(), 1, DemoProducts); err != nil {
			return err
		}
		if err := w.flush(); err != nil {
			return err
		}
		if err := w.seedCRM(); err != nil {
			return err
		}
		seeded = true
		return nil
	})
	return seeded, err
}

const countStores = `SELECT COUNT(*) FROM "webstore"`

// hasStore reports whether the row of countStores counts a store.
func hasStore(row *sql.Row) (bool, error) {
	var n int
	err := row.Scan(&n)
	return n > 0, err
}

// SeedProducts adds n generated products to the store's catalogue (seeding the demo store first when the database
// has none), in transactions of opt.ChunkSize products, logging progress after each.
func SeedProducts(ctx context.Context, engine *records.Engine, n int, opt Options) error {
	d := engine.DB
	if n <= 0 {
		return fmt.Errorf("demo: --products must be positive, got %d", n)
	}
	if _, err := Seed(ctx, engine, opt); err != nil {
		return err
	}
	plan, creator, err := loadPlan(ctx, d)
	if err != nil {
		return err
	}
	first, err := nextProductNumber(ctx, d)
	if err != nil {
		return err
	}
	chunk := opt.ChunkSize
	if chunk <= 0 {
		chunk = 10000
	}
	start := time.Now()
	last := first + n - 1
	for from := first; from <= last; from += chunk {
		to := min(from+chunk-1, last)
		err := d.InTx(ctx, func(tx *db.Tx) error {
			w := newWriter(ctx, tx, engine, creator)
			if err := w.writeProducts(w.productTables(), plan, from, to); err != nil {
				return err
			}
			return w.flush()
		})
		if err != nil {
			return err
		}
		opt.log().Info("seeded products", "done", to-first+1, "of", n, "elapsed", time.Since(start).Round(time.Millisecond).String())
	}
	return nil
}
