// Package demo seeds the demo store (a B2B supply store with its catalogue, prices, stock, buyers, menus and
// content) and generates large catalogues in the same shape for load tests. Every id is stable: two seeds into two
// fresh databases give the same ids, so tests, scripts and benchmarks can name records.
package demo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"storefront/internal/platform/db"
)

// DemoProducts is the number of products of the demo store.
const DemoProducts = 300

// NewUser is a user to create. It mirrors auth.NewUser, plus ID: the stable id the demo wants (a creator that cannot
// honour it returns the id it chose, and the seed uses that one).
type NewUser struct {
	ID        string
	Email     string
	Password  string
	FirstName string
	LastName  string
	Staff     bool
	AccountID string // the buyer's account; empty for staff
}

// CreateUserFunc creates a user with its password credential and returns its id. The app passes one built on
// auth.CreateUser. It runs outside the seed's transaction (it has its own), so it must not need the seed's rows.
type CreateUserFunc func(ctx context.Context, u NewUser) (string, error)

// Options configure a seed.
type Options struct {
	CreateUser CreateUserFunc // required
	Log        *slog.Logger   // progress of large catalogues; slog.Default() when nil
	ChunkSize  int            // products per transaction in SeedProducts; 10,000 when 0
}

func (o *Options) log() *slog.Logger {
	if o.Log == nil {
		return slog.Default()
	}
	return o.Log
}

// Users are the demo's people; password demo1234.
var Users = []NewUser{
	{ID: AdminUserID, Email: "admin@example.com", Password: DemoPassword, FirstName: "Ada", LastName: "Admin", Staff: true},
	{ID: BuyerUserID, Email: "buyer@example.com", Password: DemoPassword, FirstName: "Bonnie", LastName: "Buyer",
		AccountID: BuyerAccountID},
	{ID: ManagerUserID, Email: "manager@example.com", Password: DemoPassword, FirstName: "Morgan", LastName: "Manager",
		AccountID: ManagerAccountID},
}

// Seed seeds the demo store unless the database already has a store, and reports whether it seeded. Creating a
// user runs a transaction of its own and checks the buyer's account, so the seed goes in three steps: the staff
// user and the accounts, then the buyers, then everything else in one transaction whose WebStore row marks the
// seed done. Each step is skipped when already done, so a seed that failed midway resumes cleanly.
func Seed(ctx context.Context, d *db.DB, opt Options) (bool, error) {
	if opt.CreateUser == nil {
		return false, errors.New("demo: Options.CreateUser is required")
	}
	if has, err := hasStore(d.QueryRow(ctx, countStores)); err != nil || has {
		return false, err
	}
	ids := map[string]string{}
	if err := ensureUsers(ctx, d, opt.CreateUser, ids, true); err != nil {
		return false, err
	}
	if err := seedAccountsOnce(ctx, d, ids[AdminUserID]); err != nil {
		return false, err
	}
	if err := ensureUsers(ctx, d, opt.CreateUser, ids, false); err != nil {
		return false, err
	}
	seeded := false
	err := d.InTx(ctx, func(tx *db.Tx) error {
		if has, err := hasStore(tx.QueryRow(ctx, countStores)); err != nil || has { // another process seeded meanwhile
			return err
		}
		w := newWriter(ctx, tx, ids[AdminUserID], time.Now())
		w.managerID = ids[ManagerUserID]
		if err := w.seedStore(flattenTree()); err != nil {
			return err
		}
		if err := w.writeProducts(w.productTables(), demoPlan(), 1, DemoProducts); err != nil {
			return err
		}
		if err := w.flush(); err != nil {
			return err
		}
		if err := w.seedCRM(ids); err != nil {
			return err
		}
		seeded = true
		return nil
	})
	return seeded, err
}

func seedAccountsOnce(ctx context.Context, d *db.DB, creator string) error {
	return d.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM "account" WHERE id = ?`, BuyerAccountID).Scan(&n); err != nil || n > 0 {
			return err
		}
		w := newWriter(ctx, tx, creator, time.Now())
		if err := w.seedAccounts(); err != nil {
			return err
		}
		return w.flush()
	})
}

const countStores = `SELECT COUNT(*) FROM "webstore"`

// hasStore reports whether the row of countStores counts a store.
func hasStore(row *sql.Row) (bool, error) {
	var n int
	err := row.Scan(&n)
	return n > 0, err
}

// ensureUsers creates the demo staff users (staff true) or buyers whose usernames are free, and records every one's
// id in ids under its stable id.
func ensureUsers(ctx context.Context, d *db.DB, create CreateUserFunc, ids map[string]string, staff bool) error {
	for _, u := range Users {
		if u.Staff != staff {
			continue
		}
		var id string
		err := d.QueryRow(ctx, `SELECT id FROM "user" WHERE username = ?`, u.Email).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			id, err = create(ctx, u)
		}
		if err != nil {
			return fmt.Errorf("demo: user %s: %w", u.Email, err)
		}
		ids[u.ID] = id
	}
	return nil
}

// SeedProducts adds n generated products to the store's catalogue (seeding the demo store first when the database
// has none), in transactions of opt.ChunkSize products, logging progress after each.
func SeedProducts(ctx context.Context, d *db.DB, n int, opt Options) error {
	if n <= 0 {
		return fmt.Errorf("demo: --products must be positive, got %d", n)
	}
	if _, err := Seed(ctx, d, opt); err != nil {
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
			w := newWriter(ctx, tx, creator, time.Now())
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
