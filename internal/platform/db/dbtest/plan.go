package dbtest

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"storefront/internal/platform/db"
)

// QueryPlan is the database's plan of query, one line a step. On PostgreSQL scans are priced out, as the tables of
// a test are too small for an index to be worth reading otherwise.
func QueryPlan(t testing.TB, d *db.DB, query string, args ...any) string {
	t.Helper()
	var lines []string
	err := d.InTx(context.Background(), func(tx *db.Tx) error {
		explain := "EXPLAIN QUERY PLAN "
		if tx.Dialect() == db.Postgres {
			if _, err := tx.Exec(context.Background(), "SET LOCAL enable_seqscan = off"); err != nil {
				return err
			}
			explain = "EXPLAIN "
		}
		rows, err := tx.Query(context.Background(), explain+query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			for i := range vals {
				vals[i] = new(any)
			}
			if err := rows.Scan(vals...); err != nil {
				return err
			}
			lines = append(lines, fmt.Sprint(*vals[len(vals)-1].(*any)))
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(lines, "\n")
}
