package app_test

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"storefront/internal/app"
	"storefront/internal/platform/config"
	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// openApp opens (and so migrates) an app on the database at u, closed when the test ends.
func openApp(t *testing.T, u string) *app.App {
	t.Helper()
	a, err := app.Open(context.Background(), config.Config{DB: u}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

// schemaOf describes the database's tables, columns, indexes and triggers, one line each, in a stable order.
func schemaOf(t *testing.T, d *db.DB) string {
	t.Helper()
	query := `SELECT type || ' ' || name || ' ' || COALESCE(sql, '') FROM sqlite_master ORDER BY type, name`
	if d.Dialect == db.Postgres {
		query = `SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type FROM information_schema.columns
			WHERE table_schema = current_schema()
			UNION ALL SELECT 'index ' || replace(indexdef, current_schema() || '.', '') FROM pg_indexes WHERE schemaname = current_schema()
			UNION ALL SELECT 'trigger ' || c.relname || '.' || t.tgname FROM pg_trigger t
				JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
				WHERE n.nspname = current_schema() AND NOT t.tgisinternal
			ORDER BY 1`
	}
	rows, err := d.Query(context.Background(), query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var lines []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, s)
	}
	return strings.Join(lines, "\n")
}

// stateOf is what a migration may change besides the schema: the applied versions, the organization, the
// profiles, and the metadata's version.
func stateOf(t *testing.T, d *db.DB) string {
	t.Helper()
	var versions, settings, orgs, profiles int
	var modstamp, org string
	ctx := context.Background()
	for _, q := range []struct {
		query string
		into  any
	}{
		{`SELECT COUNT(*) FROM goose_db_version WHERE is_applied`, &versions},
		{`SELECT COUNT(*) FROM sf_setting WHERE name = 'organization_id'`, &settings},
		{`SELECT value FROM sf_setting WHERE name = 'organization_id'`, &org},
		{`SELECT COUNT(*) FROM "organization"`, &orgs},
		{`SELECT COUNT(*) FROM "profile"`, &profiles},
		{`SELECT MAX(modstamp) FROM sf_object`, &modstamp},
	} {
		if err := d.QueryRow(ctx, q.query).Scan(q.into); err != nil {
			t.Fatalf("%s: %v", q.query, err)
		}
	}
	return fmt.Sprintf("versions %d org settings %d org %s organizations %d profiles %d metadata %s",
		versions, settings, org, orgs, profiles, modstamp)
}

// A fresh database migrates to the full schema with every step recorded; migrating it again changes nothing.
func TestMigrateFreshThenNoOp(t *testing.T) {
	for kind, u := range dbtest.URLs(t) {
		t.Run(kind, func(t *testing.T) {
			a := openApp(t, u)
			schema, state := schemaOf(t, a.DB), stateOf(t, a.DB)
			for _, want := range []string{"product2", "sf_migration_step", "search_doc", "pricebookentry_prices"} {
				if !strings.Contains(schema, want) {
					t.Fatalf("the migrated schema has no %s", want)
				}
			}
			versions := migratedVersions(t)
			if !strings.HasPrefix(state, versions) || !strings.Contains(state, "organizations 1 ") ||
				!strings.Contains(state, "profiles 4 ") {
				t.Fatalf("state after migrating: %s (want %sone organization id and record, 4 profiles)", state, versions)
			}
			var steps int
			if err := a.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM sf_migration_step`).Scan(&steps); err != nil || steps != 7 {
				t.Fatalf("%d start-up steps recorded (%v), want 7", steps, err)
			}
			if err := a.Migrate(context.Background()); err != nil {
				t.Fatal(err)
			}
			if got := schemaOf(t, a.DB); got != schema {
				t.Fatalf("a second migration changed the schema:\n%s\nwas\n%s", got, schema)
			}
			if got := stateOf(t, a.DB); got != state {
				t.Fatalf("a second migration changed the state: %s, was %s", got, state)
			}
		})
	}
}

// Two instances starting at once on one PostgreSQL schema both come up, with one schema and one organization.
func TestMigrateTwoInstancesAtOnce(t *testing.T) {
	u, ok := dbtest.URLs(t)["postgres"]
	if !ok {
		t.Skip(dbtest.EnvPostgres + " is not set: PostgreSQL run skipped")
	}
	apps := make([]*app.App, 2)
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i := range apps {
		wg.Go(func() {
			apps[i], errs[i] = app.Open(context.Background(), config.Config{DB: u}, slog.New(slog.DiscardHandler))
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("instance %d: %v", i, err)
		}
		t.Cleanup(func() { apps[i].Close() })
	}
	state := stateOf(t, apps[0].DB)
	if !strings.HasPrefix(state, migratedVersions(t)) || !strings.Contains(state, "organizations 1 ") ||
		!strings.Contains(state, "profiles 4 ") {
		t.Fatalf("state after two instances migrated at once: %s", state)
	}
	// The schema is the one a single instance makes.
	single := openApp(t, dbtest.URLs(t)["postgres"])
	if got, want := schemaOf(t, apps[1].DB), schemaOf(t, single.DB); got != want {
		t.Fatalf("two instances at once made another schema than one alone:\n%s\nwant\n%s", got, want)
	}
}

// migratedVersions is how the state of a fully migrated database begins: every SQL file, the organization id step,
// and goose's own version 0.
func migratedVersions(t *testing.T) string {
	files, err := filepath.Glob("../platform/db/migrations/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("the migration files: %v", err)
	}
	return fmt.Sprintf("versions %d org settings 1 ", len(files)+2)
}
