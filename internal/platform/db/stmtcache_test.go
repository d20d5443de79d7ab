package db_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

func TestStmtCache(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := d.Exec(ctx, `CREATE TABLE stmt_t (id TEXT PRIMARY KEY, n BIGINT)`); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(ctx, `INSERT INTO stmt_t (id, n) VALUES (?, ?), (?, ?)`, "a", 1, "b", 2); err != nil {
			t.Fatal(err)
		}
		c := d.NewStmtCache(1) // a cache of its own, to reach its bound
		defer c.Close()
		for i := 0; i < 3; i++ { // the same statement, prepared once (SQLite) and run again
			var n int
			if err := c.QueryRow(ctx, `SELECT n FROM stmt_t WHERE id = ?`, "b").Scan(&n); err != nil || n != 2 {
				t.Fatalf("cached read %d: %d, %v", i, n, err)
			}
		}
		// Past the cache's size, reads still run, unprepared.
		rows, err := c.Query(ctx, `SELECT id FROM stmt_t WHERE n > ? ORDER BY id`, 0)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		rows.Close()
		if len(ids) != 2 || ids[0] != "a" || ids[1] != "b" {
			t.Fatalf("uncached read: %v", ids)
		}
		// A query that cannot be prepared reports its error like a plain read.
		fresh := d.NewStmtCache(4)
		defer fresh.Close()
		if err := fresh.QueryRow(ctx, `SELECT nope FROM stmt_t`).Scan(new(int)); err == nil {
			t.Fatal("a bad query read without error")
		}
	})
}

// Transactions run their statements prepared on SQLite from the second time a text is seen, with the same results:
// after a rollback, after a schema change, in durable transactions, and with many transactions at once (the writer's
// one connection is never waited for while a transaction holds it).
func TestTransactionsReusePreparedStatements(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := d.Exec(ctx, `CREATE TABLE txstmt_t (id TEXT PRIMARY KEY, n BIGINT)`); err != nil {
			t.Fatal(err)
		}
		insert := func(tx *db.Tx, id string, n int) error {
			_, err := tx.Exec(ctx, `INSERT INTO txstmt_t (id, n) VALUES (?, ?)`, id, n)
			return err
		}
		sum := func(tx *db.Tx) (n int, err error) {
			err = tx.QueryRow(ctx, `SELECT COALESCE(SUM(n), 0) FROM txstmt_t`).Scan(&n)
			return n, err
		}
		before := db.TxStatementsPrepared(d)
		for i, want := range []int{1, 3, 6} {
			err := d.InTx(ctx, func(tx *db.Tx) error {
				if err := insert(tx, fmt.Sprint("r", i), i+1); err != nil {
					return err
				}
				got, err := sum(tx)
				if err == nil && got != want {
					t.Errorf("transaction %d sums %d, want %d", i, got, want)
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		prepared := db.TxStatementsPrepared(d) - before
		if d.Dialect == db.SQLite && prepared != 2 {
			t.Fatalf("%d statements prepared for transactions, want the insert and the sum", prepared)
		}
		if d.Dialect == db.Postgres && prepared != 0 { // pgx keeps its own per connection
			t.Fatalf("%d statements prepared for transactions on PostgreSQL", prepared)
		}

		// A rolled-back transaction's prepared insert leaves nothing.
		refused := errors.New("refused")
		err := d.InTx(ctx, func(tx *db.Tx) error {
			if err := insert(tx, "gone", 100); err != nil {
				return err
			}
			return refused
		})
		if !errors.Is(err, refused) {
			t.Fatalf("rollback: %v", err)
		}
		// A schema change: a prepared statement sees the new column (SQLite re-prepares it), and the change itself
		// is not kept.
		err = d.InTx(ctx, func(tx *db.Tx) error {
			if _, err := tx.Exec(ctx, `ALTER TABLE txstmt_t ADD COLUMN note TEXT`); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE txstmt_t SET note = 'x' WHERE id = ?`, "r0"); err != nil {
				return err
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		err = d.InDurableTx(ctx, func(tx *db.Tx) error {
			rows, err := tx.Query(ctx, `SELECT * FROM txstmt_t WHERE id = ?`, "r0")
			if err != nil {
				return err
			}
			cols, err := rows.Columns()
			rows.Close()
			if err != nil || len(cols) != 3 {
				t.Errorf("after adding a column a prepared read has columns %v (%v)", cols, err)
			}
			if got, err := sum(tx); err != nil || got != 6 {
				t.Errorf("after a rollback the rows sum %d (%v), want 6", got, err)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if d.Dialect == db.SQLite && db.TxStatementsPrepared(d)-before != 4 { // + UPDATE, SELECT *; not the ALTER
			t.Fatalf("%d statements prepared, want 4", db.TxStatementsPrepared(d)-before)
		}

		// Many transactions at once, plain and durable, each with a text of its own the first time and shared ones
		// after, beside reads: none waits forever for the writer.
		var wg sync.WaitGroup
		errs := make(chan error, 64)
		for g := range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 10 {
					run := d.InTx
					if i%3 == 0 {
						run = d.InDurableTx
					}
					err := run(ctx, func(tx *db.Tx) error {
						var n int
						own := fmt.Sprintf(`SELECT COUNT(*) + %d FROM txstmt_t`, g)
						if err := tx.QueryRow(ctx, own).Scan(&n); err != nil {
							return err
						}
						return insert(tx, fmt.Sprintf("g%d-%d", g, i), 0)
					})
					if err == nil {
						err = d.QueryRow(ctx, `SELECT COUNT(*) FROM txstmt_t`).Scan(new(int))
					}
					if err != nil {
						errs <- err
						return
					}
				}
			}()
		}
		done := make(chan struct{})
		go func() { wg.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(2 * time.Minute): // liveness, not speed: a deadlock never finishes
			t.Fatal("concurrent transactions did not finish: the writer's connection was waited for while held")
		}
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		var rows int
		if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM txstmt_t`).Scan(&rows); err != nil || rows != 3+160 {
			t.Fatalf("%d rows (%v), want 163", rows, err)
		}
	})
}
