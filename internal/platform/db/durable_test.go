package db_test

import (
	"context"
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

func TestInDurableTx(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := d.Exec(ctx, `CREATE TABLE durable_probe (n INTEGER)`); err != nil {
			t.Fatal(err)
		}
		err := d.InDurableTx(ctx, func(tx *db.Tx) error {
			if d.Dialect == db.SQLite {
				var level int
				if err := tx.QueryRow(ctx, `PRAGMA synchronous`).Scan(&level); err != nil || level != 2 {
					t.Errorf("synchronous inside a durable transaction: %d %v, want 2 (FULL)", level, err)
				}
			} else {
				var v string
				if err := tx.QueryRow(ctx, `SHOW synchronous_commit`).Scan(&v); err != nil || v != "on" {
					t.Errorf("synchronous_commit: %q %v", v, err)
				}
			}
			_, err := tx.Exec(ctx, `INSERT INTO durable_probe (n) VALUES (1)`)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if d.Dialect == db.SQLite {
			err = d.InTx(ctx, func(tx *db.Tx) error {
				var level int
				if err := tx.QueryRow(ctx, `PRAGMA synchronous`).Scan(&level); err != nil || level != 1 {
					t.Errorf("synchronous after a durable transaction: %d %v, want 1 (NORMAL)", level, err)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		var n int
		if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM durable_probe`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("committed rows: %d %v", n, err)
		}
	})
}

// BenchmarkCommit measures what a durable commit costs on a SQLite file against an ordinary one (one small insert
// per transaction): go test ./internal/platform/db -run '^$' -bench Commit.
func BenchmarkCommit(b *testing.B) {
	for _, durable := range []bool{false, true} {
		name := "normal"
		if durable {
			name = "durable"
		}
		b.Run(name, func(b *testing.B) {
			d := dbtest.Open(b, "sqlite")
			ctx := context.Background()
			if _, err := d.Exec(ctx, `CREATE TABLE bench_probe (n INTEGER)`); err != nil {
				b.Fatal(err)
			}
			run := d.InTx
			if durable {
				run = d.InDurableTx
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := run(ctx, func(tx *db.Tx) error {
					_, err := tx.Exec(ctx, `INSERT INTO bench_probe (n) VALUES (?)`, i)
					return err
				}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
