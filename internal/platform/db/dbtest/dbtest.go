// Package dbtest runs storage tests on both databases: a fresh SQLite file always, and PostgreSQL when
// STOREFRONT_TEST_POSTGRES names a server (each test then gets a schema of its own, dropped afterwards).
package dbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"storefront/internal/platform/db"
)

// EnvPostgres names the environment variable holding the PostgreSQL URL for tests.
const EnvPostgres = "STOREFRONT_TEST_POSTGRES"

// Each runs fn as a subtest once per database: "sqlite" and, when configured, "postgres". The database is migrated.
func Each(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			d := Open(t, name)
			fn(t, d)
		})
	}
}

// URLs returns database URLs for a test, one per database in use, each on fresh storage.
func URLs(t testing.TB) map[string]string {
	t.Helper()
	out := map[string]string{"sqlite": "sqlite://" + filepath.Join(t.TempDir(), "test.db")}
	if pg := os.Getenv(EnvPostgres); pg != "" {
		out["postgres"] = freshSchema(t, pg)
	}
	return out
}

// Open opens and migrates a fresh database of the named kind, closed when the test ends. A postgres test is
// skipped, saying why, when STOREFRONT_TEST_POSTGRES is not set.
func Open(t testing.TB, kind string) *db.DB {
	t.Helper()
	var u string
	switch kind {
	case "sqlite":
		u = "sqlite://" + filepath.Join(t.TempDir(), "test.db")
	case "postgres":
		pg := os.Getenv(EnvPostgres)
		if pg == "" {
			t.Skip(EnvPostgres + " is not set: PostgreSQL run skipped")
		}
		u = freshSchema(t, pg)
	default:
		t.Fatalf("dbtest: unknown database kind %q", kind)
	}
	ctx := context.Background()
	d, err := db.Open(ctx, u)
	if err != nil {
		t.Fatalf("open %s: %v", kind, err)
	}
	t.Cleanup(func() { d.Close() })
	if err := d.Migrate(ctx, nil); err != nil {
		t.Fatalf("migrate %s: %v", kind, err)
	}
	return d
}

// freshSchema creates a uniquely named schema on the server and returns a URL whose connections use it.
func freshSchema(t testing.TB, base string) string {
	t.Helper()
	var raw [6]byte
	_, _ = rand.Read(raw[:])
	schema := "t_" + hex.EncodeToString(raw[:])
	ctx := context.Background()
	admin, err := db.Open(ctx, base)
	if err != nil {
		t.Fatalf("postgres: %v", err)
	}
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		admin.Close()
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("postgres url: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
