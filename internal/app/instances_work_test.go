package app_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"os"
	"sync"
	"testing"

	"storefront/internal/app"
	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
	"storefront/internal/platform/config"
	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// twoInstances serves the demo store from two App instances, each with its own connection pools, on one PostgreSQL
// database; skipped without STOREFRONT_TEST_POSTGRES.
func twoInstances(t *testing.T) (first *apptest.Server, second *app.App, secondURL, dbURL string) {
	t.Helper()
	if os.Getenv(dbtest.EnvPostgres) == "" {
		t.Skip(dbtest.EnvPostgres + " is not set: PostgreSQL run skipped")
	}
	dbURL = dbtest.URLs(t)["postgres"]
	first = apptest.Demo(t, dbURL)
	second, err := app.Open(context.Background(), config.Config{DB: dbURL}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { second.Close() })
	srv := httptest.NewServer(second.Handler())
	t.Cleanup(srv.Close)
	return first, second, srv.URL, dbURL
}

// Auto-numbers drawn in parallel through two instances are all different, and every create succeeds: the instances
// take numbers one after another instead of colliding on the unique index.
func TestTwoInstancesNumberRecordsOnce(t *testing.T) {
	first, _, secondURL, _ := twoInstances(t)
	admin := first.Token(t, "admin@example.com")
	instances := []*apitest.Target{first.Target, {URL: secondURL}}
	const creates = 30
	var mu sync.Mutex
	var wg sync.WaitGroup
	numbers := map[string]bool{}
	for i := range creates {
		wg.Go(func() {
			r := instances[i%2].Call(t, "POST", "/services/data/v64.0/ui-api/records", admin,
				fmt.Sprintf(`{"apiName":"Case","fields":{"Subject":"case %d"}}`, i))
			mu.Lock()
			defer mu.Unlock()
			if r.Status != 201 {
				t.Errorf("create %d: %d %s", i, r.Status, r.Body)
				return
			}
			fields, _ := r.Object(t)["fields"].(map[string]any)
			number, _ := fields["CaseNumber"].(map[string]any)
			numbers[fmt.Sprint(number["value"])] = true
		})
	}
	wg.Wait()
	if len(numbers) != creates {
		t.Fatalf("%d distinct case numbers for %d cases: %v", len(numbers), creates, numbers)
	}
}

// Expired stock holds are swept by one instance at a time: while one holds the sweep's lock the other sweeps
// nothing, and two sweeps racing delete each hold once between them.
func TestTwoInstancesSweepHoldsOnce(t *testing.T) {
	first, second, _, _ := twoInstances(t)
	ctx := context.Background()
	buyer := first.Token(t, "buyer@example.com")
	hold := func() int {
		t.Helper()
		for _, product := range []string{pen, marker} {
			first.Call(t, "POST", first.Commerce+"carts/current/cart-items", buyer, itemBody(product, 1)).WantStatus(t, "add to cart", 201)
		}
		if r := first.Call(t, "PUT", first.Commerce+"carts/current/inventory-reservations", buyer, ""); r.Status != 200 && r.Status != 201 {
			t.Fatalf("hold stock: %d %s", r.Status, r.Body)
		}
		if _, err := first.App.DB.Exec(ctx, `UPDATE cartinventoryreservation SET expiresat = '2020-01-01T00:00:00.000Z'`); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := first.App.DB.QueryRow(ctx, `SELECT COUNT(*) FROM cartinventoryreservation`).Scan(&n); err != nil || n == 0 {
			t.Fatalf("expired holds: %d %v", n, err)
		}
		return n
	}

	held := hold()
	// The first instance is mid-sweep (it holds the sweep's lock): the second sweeps nothing.
	err := first.App.DB.InTx(ctx, func(tx *db.Tx) error {
		var mine bool
		if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock(hashtext('storefront:sweep-holds'))`).Scan(&mine); err != nil || !mine {
			return fmt.Errorf("taking the sweep's lock: %v %v", mine, err)
		}
		if n, err := second.SweepHolds(ctx); err != nil || n != 0 {
			return fmt.Errorf("the second instance swept %d holds (%v) while the first held the lock", n, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n, err := second.SweepHolds(ctx); err != nil || n != held {
		t.Fatalf("after the lock's release the second instance swept %d of %d holds: %v", n, held, err)
	}

	// Both at once: each hold is deleted once.
	held = hold()
	var wg sync.WaitGroup
	swept := make([]int, 2)
	for i, a := range []*app.App{first.App, second} {
		wg.Go(func() {
			var err error
			if swept[i], err = a.SweepHolds(ctx); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if swept[0]+swept[1] != held {
		t.Fatalf("racing sweeps deleted %v of %d holds", swept, held)
	}
}
