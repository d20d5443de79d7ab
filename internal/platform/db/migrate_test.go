package db_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// eachFresh opens an empty database of each kind in use, not yet migrated.
func eachFresh(t *testing.T, fn func(t *testing.T, u string, d *db.DB)) {
	for kind, u := range dbtest.URLs(t) {
		t.Run(kind, func(t *testing.T) {
			d, err := db.Open(context.Background(), u)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { d.Close() })
			fn(t, u, d)
		})
	}
}

func count(t *testing.T, d *db.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// hasTable reports whether the table exists, on either database.
func hasTable(t *testing.T, d *db.DB, name string) bool {
	t.Helper()
	if d.Dialect == db.Postgres {
		return count(t, d, `SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema()
			AND table_name = ?`, name) == 1
	}
	return count(t, d, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, name) == 1
}

// A one-time Go step runs once, with the SQL migrations; the every-start steps run on every start, in order, each
// recorded; a second start applies nothing new.
func TestMigrateRunsOnceStepsOnceAndEveryStartStepsInOrder(t *testing.T) {
	eachFresh(t, func(t *testing.T, _ string, d *db.DB) {
		ctx := context.Background()
		var ran []string
		steps := []db.Step{
			{Version: 1000, Name: "seed probe", Run: func(ctx context.Context) error {
				ran = append(ran, "seed probe")
				if _, err := d.Exec(ctx, `CREATE TABLE probe (n INTEGER)`); err != nil {
					return err
				}
				// The step's own write is visible to its reads through Querier: they share its transaction.
				_, err := d.Exec(ctx, `INSERT INTO probe (n) VALUES (1)`)
				var n int
				if err == nil {
					err = d.Querier(ctx).QueryRow(ctx, `SELECT n FROM probe`).Scan(&n)
				}
				return err
			}},
			{Name: "first", Run: func(ctx context.Context) error { ran = append(ran, "first"); return nil }},
			{Name: "second", Run: func(ctx context.Context) error {
				ran = append(ran, "second")
				_, err := d.Exec(ctx, `UPDATE probe SET n = n + 1`)
				return err
			}},
		}
		if err := d.Migrate(ctx, nil, steps...); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(ran, ","); got != "seed probe,first,second" {
			t.Fatalf("first start ran %s", got)
		}
		ran = nil
		if err := d.Migrate(ctx, nil, steps...); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(ran, ","); got != "first,second" {
			t.Fatalf("second start ran %s, want only the every-start steps", got)
		}
		if n := count(t, d, `SELECT n FROM probe`); n != 3 {
			t.Fatalf("probe holds %d, want 3 (1 inserted once, 2 starts adding 1)", n)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM goose_db_version WHERE version_id = 1000`); n != 1 {
			t.Fatalf("the one-time step is recorded %d times", n)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM sf_migration_step WHERE name IN ('first', 'second')`); n != 2 {
			t.Fatalf("%d every-start steps recorded, want 2", n)
		}
	})
}

// A failing step stops the migration with an error naming it, leaves nothing of itself, and keeps what the steps
// before it did; the steps after it do not run.
func TestMigrateFailingStepNamesItself(t *testing.T) {
	eachFresh(t, func(t *testing.T, _ string, d *db.DB) {
		ctx := context.Background()
		after := false
		err := d.Migrate(ctx, nil,
			db.Step{Name: "good", Run: func(ctx context.Context) error {
				_, err := d.Exec(ctx, `CREATE TABLE kept (n INTEGER)`)
				return err
			}},
			db.Step{Name: "broken step", Run: func(ctx context.Context) error {
				if _, err := d.Exec(ctx, `CREATE TABLE half_done (n INTEGER)`); err != nil {
					return err
				}
				return errors.New("boom")
			}},
			db.Step{Name: "after", Run: func(ctx context.Context) error { after = true; return nil }})
		if err == nil || !strings.Contains(err.Error(), `step "broken step"`) || !strings.Contains(err.Error(), "boom") {
			t.Fatalf("error %v, want one naming the step and its cause", err)
		}
		if after {
			t.Fatal("a step after the failing one ran")
		}
		if !hasTable(t, d, "kept") || hasTable(t, d, "half_done") {
			t.Fatalf("kept %v, half_done %v: want the good step's table only", hasTable(t, d, "kept"), hasTable(t, d, "half_done"))
		}
		if n := count(t, d, `SELECT COUNT(*) FROM sf_migration_step WHERE name = 'broken step'`); n != 0 {
			t.Fatal("the failed step is recorded as run")
		}

		// A failing one-time step names itself too, and is not recorded as applied.
		err = d.Migrate(ctx, nil, db.Step{Version: 1001, Name: "broken once", Run: func(context.Context) error {
			return errors.New("bad data")
		}})
		if err == nil || !strings.Contains(err.Error(), `step "broken once"`) {
			t.Fatalf("error %v, want one naming the one-time step", err)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM goose_db_version WHERE version_id = 1001`); n != 0 {
			t.Fatal("the failed one-time step is recorded as applied")
		}
	})
}

// A list that puts a one-time step after an every-start one is refused: it would not run where it is written.
func TestMigrateRefusesMisorderedList(t *testing.T) {
	eachFresh(t, func(t *testing.T, _ string, d *db.DB) {
		noop := func(context.Context) error { return nil }
		err := d.Migrate(context.Background(), nil, db.Step{Name: "every", Run: noop},
			db.Step{Version: 1002, Name: "late once", Run: noop})
		if err == nil || !strings.Contains(err.Error(), `"late once"`) {
			t.Fatalf("error %v, want the misplaced step named", err)
		}
	})
}

// Two instances migrating one PostgreSQL schema at once both succeed, one after the other: the one-time step runs
// once and the every-start steps never overlap.
func TestMigrateTwoInstancesAtOnce(t *testing.T) {
	u, ok := dbtest.URLs(t)["postgres"]
	if !ok {
		t.Skip(dbtest.EnvPostgres + " is not set: PostgreSQL run skipped")
	}
	ctx := context.Background()
	var mu sync.Mutex
	running, overlapped := 0, false
	every := func(ctx context.Context) error {
		mu.Lock()
		running++
		overlapped = overlapped || running > 1
		mu.Unlock()
		defer func() { mu.Lock(); running--; mu.Unlock() }()
		return nil
	}
	var once sync.Map
	var wg sync.WaitGroup
	errs := make([]error, 2)
	handles := make([]*db.DB, 2)
	for i := range handles {
		d, err := db.Open(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		handles[i] = d
	}
	for i, d := range handles {
		wg.Go(func() {
			errs[i] = d.Migrate(ctx, nil,
				db.Step{Version: 1000, Name: "probe", Run: func(ctx context.Context) error {
					once.Store(i, true)
					_, err := d.Exec(ctx, `CREATE TABLE probe (n INTEGER)`)
					return err
				}},
				db.Step{Name: "every", Run: every})
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("instance %d: %v", i, err)
		}
	}
	ran := 0
	once.Range(func(any, any) bool { ran++; return true })
	if ran != 1 || overlapped {
		t.Fatalf("the one-time step ran %d times, every-start steps overlapped: %v", ran, overlapped)
	}
	if n := count(t, handles[0], `SELECT COUNT(*) FROM goose_db_version WHERE version_id = 1000`); n != 1 {
		t.Fatalf("the one-time step is recorded %d times", n)
	}
}
