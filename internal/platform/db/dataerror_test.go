package db_test

import (
	"context"
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// Values a database refuses are data errors on both databases; a missing table (a server fault) is not.
func TestIsDataError(t *testing.T) {
	type statement struct {
		query string
		arg   any
	}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := d.Exec(ctx, `CREATE TABLE data_t (id INTEGER PRIMARY KEY, name VARCHAR(3))`); err != nil {
			t.Fatal(err)
		}
		refused := []statement{{`INSERT INTO data_t (id) VALUES (?)`, "not a number"}}
		if d.Dialect == db.Postgres { // SQLite stores these as they are
			refused = append(refused, statement{`INSERT INTO data_t (id, name) VALUES (1, ?)`, "too long"},
				statement{`INSERT INTO data_t (id, name) VALUES (2, ?)`, "a\x00"},
				statement{`INSERT INTO data_t (id, name) VALUES (3, ?)`, "\xff"},
				statement{`SELECT CAST(? AS BIGINT)`, "99999999999999999999"})
		}
		for _, s := range refused {
			if _, err := d.Exec(ctx, s.query, s.arg); !db.IsDataError(err) {
				t.Errorf("%s %q: %v is not a data error", s.query, s.arg, err)
			}
		}
		if _, err := d.Exec(ctx, `SELECT * FROM no_such_table`); err == nil || db.IsDataError(err) {
			t.Errorf("a missing table: %v", err)
		}
	})
}
