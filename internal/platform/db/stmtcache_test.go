package db_test

import (
	"context"
	"testing"

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
		c := d.NewStmtCache(1)
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
