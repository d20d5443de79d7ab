// Package recordstest opens test databases with the standard objects' tables in place, on SQLite and (when
// STOREFRONT_TEST_POSTGRES is set) PostgreSQL, for the tests of every package that stores records.
package recordstest

import (
	"context"
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
	"storefront/internal/records"
)

// Open opens a fresh, migrated database of the given kind ("sqlite" or "postgres") with the standard objects' tables.
func Open(t testing.TB, kind string) *db.DB {
	t.Helper()
	d := dbtest.Open(t, kind)
	if err := records.SyncSchema(context.Background(), d, records.StandardObjects()); err != nil {
		t.Fatal(err)
	}
	return d
}

// Each runs fn as a subtest on each database, as dbtest.Each does, with the standard objects' tables in place.
func Each(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	for _, kind := range []string{"sqlite", "postgres"} {
		t.Run(kind, func(t *testing.T) { fn(t, Open(t, kind)) })
	}
}
