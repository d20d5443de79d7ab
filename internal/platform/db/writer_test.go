package db_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// SQLite's writes take the one writer connection in the order they asked for it, whichever way they write (a
// transaction, a durable one, a single statement): database/sql alone would hand the connection to a random waiter.
// The waiters are started a few milliseconds apart while a transaction holds the writer, so each is queued before
// the next; their rows must come out in that order.
func TestSQLiteWritersTakeTurns(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if d.Dialect != db.SQLite {
			t.Skip("PostgreSQL has a pool of writers")
		}
		ctx := context.Background()
		if _, err := d.Exec(ctx, `CREATE TABLE turn (n INTEGER)`); err != nil {
			t.Fatal(err)
		}
		const waiters = 9
		var wg sync.WaitGroup
		holding, release := make(chan struct{}), make(chan struct{})
		go func() {
			_ = d.InTx(ctx, func(tx *db.Tx) error {
				close(holding)
				<-release
				return nil
			})
		}()
		<-holding
		errs := make([]error, waiters)
		for i := range waiters {
			wg.Add(1)
			go func() {
				defer wg.Done()
				insert := func(tx *db.Tx) error {
					_, err := tx.Exec(ctx, `INSERT INTO turn (n) VALUES (?)`, i)
					return err
				}
				switch i % 3 {
				case 0:
					errs[i] = d.InTx(ctx, insert)
				case 1:
					errs[i] = d.InDurableTx(ctx, insert)
				default:
					_, errs[i] = d.Exec(ctx, `INSERT INTO turn (n) VALUES (?)`, i)
				}
			}()
			time.Sleep(20 * time.Millisecond) // queued before the next one asks
		}
		close(release)
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("writer %d: %v", i, err)
			}
		}
		rows, err := db.Strings(ctx, d, `SELECT CAST(n AS TEXT) FROM turn ORDER BY rowid`)
		if err != nil {
			t.Fatal(err)
		}
		want := make([]string, waiters)
		for i := range want {
			want[i] = fmt.Sprint(i)
		}
		if !slices.Equal(rows, want) {
			t.Fatalf("the writers wrote in the order %v, want the order they asked in %v", rows, want)
		}
	})
}

// A write that waits for its turn gives up when its context ends, leaving its turn to the next.
func TestSQLiteWriterWaitEndsWithContext(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if d.Dialect != db.SQLite {
			t.Skip("PostgreSQL has a pool of writers")
		}
		holding, release := make(chan struct{}), make(chan struct{})
		done := make(chan error)
		go func() {
			done <- d.InTx(context.Background(), func(tx *db.Tx) error {
				close(holding)
				<-release
				return nil
			})
		}()
		<-holding
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		if err := d.InTx(ctx, func(tx *db.Tx) error { return nil }); err != context.DeadlineExceeded {
			t.Fatalf("a wait past its context: %v, want %v", err, context.DeadlineExceeded)
		}
		close(release)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(context.Background(), `SELECT 1`); err != nil {
			t.Fatalf("the writer after a given-up wait: %v", err)
		}
	})
}
