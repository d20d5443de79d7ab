package db_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// openTwice opens the database at u twice, as two instances (or an instance and a tool) would, with the probe
// tables and their version triggers installed.
func openTwice(t *testing.T, u string) (*db.DB, *db.DB) {
	t.Helper()
	ctx := context.Background()
	var handles [2]*db.DB
	for i := range handles {
		d, err := db.Open(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		handles[i] = d
	}
	first := handles[0]
	for _, stmt := range []string{
		`CREATE TABLE probe_price (id TEXT PRIMARY KEY, amount BIGINT)`,
		`CREATE TABLE sf_session (id TEXT PRIMARY KEY, user_id TEXT, csrf_token TEXT, last_seen_at BIGINT,
			expires_at BIGINT, prior_guest_id TEXT, client_id TEXT)`,
	} {
		if _, err := first.Exec(ctx, stmt); err != nil {
			t.Fatal(err)
		}
	}
	err := first.InstallVersionTriggers(ctx, db.VersionedTables{db.Catalog: {"probe_price"}, db.Sessions: {"sf_session"}})
	if err != nil {
		t.Fatal(err)
	}
	return handles[0], handles[1]
}

// eventually waits up to 5 s for cond: a change must reach another instance within PollInterval, or at once
// through a notice; the margin is for a loaded machine.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("%s: not seen within 5 s", what)
}

func TestVersionsFollowEveryWriter(t *testing.T) {
	for kind, u := range dbtest.URLs(t) {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			mine, other := openTwice(t, u)
			watching, stop := context.WithCancel(ctx)
			done := make(chan struct{})
			go func() { defer close(done); mine.Watch(watching, nil, slog.New(slog.DiscardHandler)) }()
			t.Cleanup(func() { stop(); <-done })

			// A write through this DB moves the version before the call returns: the next read rebuilds.
			before := mine.Version(db.Catalog)
			if _, err := mine.Exec(ctx, `INSERT INTO probe_price (id, amount) VALUES ('a', 1)`); err != nil {
				t.Fatal(err)
			}
			if mine.Version(db.Catalog) == before {
				t.Fatal("own write: the catalog version did not move")
			}
			sessions := mine.Version(db.Sessions)
			if mine.Version(db.Sessions) != sessions {
				t.Fatal("a catalog write moved the sessions version")
			}
			// A statement that changes no row moves nothing: the engine and the sweeps run many. On PostgreSQL the
			// insert's notice, or the poller's next look at the counter it moved, may move the version once more
			// after the insert returned: that settles first.
			if !mine.WaitVersionsSettled(10 * time.Second) {
				t.Fatal("the versions did not settle")
			}
			before = mine.Version(db.Catalog)
			if _, err := mine.Exec(ctx, `UPDATE probe_price SET amount = 5 WHERE id = 'none'`); err != nil {
				t.Fatal(err)
			}
			if _, err := mine.Exec(ctx, `DELETE FROM probe_price WHERE id = 'none'`); err != nil {
				t.Fatal(err)
			}
			if mine.Version(db.Catalog) != before {
				t.Fatal("statements that changed no row moved the catalog version")
			}

			// A hand-written UPDATE elsewhere (another instance, psql) reaches this one by notice or poll.
			before = mine.Version(db.Catalog)
			if _, err := other.Exec(ctx, `UPDATE probe_price SET amount = 2 WHERE id = 'a'`); err != nil {
				t.Fatal(err)
			}
			eventually(t, "another writer's update", func() bool { return mine.Version(db.Catalog) != before })

			// A session's last-seen time slides without moving anything; its end moves Sessions.
			if _, err := mine.Exec(ctx, `INSERT INTO sf_session (id, csrf_token, last_seen_at, expires_at) VALUES ('s', 'c', 1, 9)`); err != nil {
				t.Fatal(err)
			}
			sessions = mine.Version(db.Sessions)
			if _, err := mine.Exec(ctx, `UPDATE sf_session SET last_seen_at = 2 WHERE id = 's'`); err != nil {
				t.Fatal(err)
			}
			if got := mine.Version(db.Sessions); got != sessions {
				t.Fatalf("sliding last_seen_at moved the sessions version (%d -> %d)", sessions, got)
			}
			if _, err := other.Exec(ctx, `DELETE FROM sf_session WHERE id = 's'`); err != nil {
				t.Fatal(err)
			}
			eventually(t, "a session ended elsewhere", func() bool { return mine.Version(db.Sessions) != sessions })

			// Nothing was written in a rolled-back transaction, and nothing moves.
			before = mine.Version(db.Catalog)
			_ = mine.InTx(ctx, func(tx *db.Tx) error {
				_, _ = tx.Exec(ctx, `UPDATE probe_price SET amount = 3`)
				return context.Canceled
			})
			if mine.Version(db.Catalog) != before && kind == "sqlite" {
				t.Fatal("a rolled-back write moved the version")
			}
		})
	}
}

func TestInstallVersionTriggersTwice(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := d.Exec(ctx, `CREATE TABLE probe_price (id TEXT PRIMARY KEY, amount BIGINT)`); err != nil {
			t.Fatal(err)
		}
		tables := db.VersionedTables{db.Catalog: {"probe_price"}}
		for range 2 { // every start installs them again
			if err := d.InstallVersionTriggers(ctx, tables); err != nil {
				t.Fatal(err)
			}
		}
		insertMovesCatalog(t, d, "after the triggers were installed twice")
	})
}

// insertMovesCatalog inserts a probe price and fails when the catalog version stays where it was.
func insertMovesCatalog(t *testing.T, d *db.DB, when string) {
	t.Helper()
	before := d.Version(db.Catalog)
	if _, err := d.Exec(context.Background(), `INSERT INTO probe_price (id, amount) VALUES ('a', 1)`); err != nil {
		t.Fatal(err)
	}
	if d.Version(db.Catalog) == before {
		t.Fatalf("an insert did not move the version %s", when)
	}
}

// On PostgreSQL a start whose triggers are already in place replaces none of them, so it does not wait for the
// transactions of instances already serving (replacing a trigger locks its table exclusively: a start beside a
// long transaction hung, and with a process's own second connection in the cycle PostgreSQL saw no deadlock). A
// trigger dropped by hand is put back at the next start.
func TestInstallVersionTriggersLeavesCurrentTriggersAlone(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if d.Dialect != db.Postgres {
			t.Skip("SQLite replaces its triggers in the one writer's transaction")
		}
		ctx := context.Background()
		if _, err := d.Exec(ctx, `CREATE TABLE probe_price (id TEXT PRIMARY KEY, amount BIGINT)`); err != nil {
			t.Fatal(err)
		}
		tables := db.VersionedTables{db.Catalog: {"probe_price"}}
		if err := d.InstallVersionTriggers(ctx, tables); err != nil {
			t.Fatal(err)
		}
		// Another instance's transaction holds a row of a watched table.
		busy, err := d.W.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer busy.Rollback()
		if _, err := busy.Exec(`INSERT INTO probe_price (id, amount) VALUES ('held', 1)`); err != nil {
			t.Fatal(err)
		}
		quick, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		if err := d.InstallVersionTriggers(quick, tables); err != nil {
			t.Fatalf("a second start beside an open transaction: %v", err)
		}
		if err := busy.Rollback(); err != nil {
			t.Fatal(err)
		}

		if _, err := d.Exec(ctx, `DROP TRIGGER sf_version_probe_price ON probe_price`); err != nil {
			t.Fatal(err)
		}
		if err := d.InstallVersionTriggers(ctx, tables); err != nil {
			t.Fatal(err)
		}
		insertMovesCatalog(t, d, "after a trigger dropped by hand was put back")
	})
}

// bus is an in-process Notifier: what one instance publishes, the others' subscriptions receive.
type bus struct {
	published chan string
	deliver   func(payload string)
	ready     chan struct{}
}

func (b *bus) Publish(_ context.Context, _, payload string) error {
	b.published <- payload
	return nil
}

func (b *bus) SubscribeFrom(ctx context.Context, _ string, fn func(string), subscribed func()) {
	b.deliver = fn
	subscribed()
	close(b.ready)
	<-ctx.Done()
}

// With a Notifier (Redis), an instance publishes after its own writes move a counter, and a message from another
// instance moves every local version at once, without waiting for the poll.
func TestVersionsTravelThroughANotifier(t *testing.T) {
	ctx := context.Background()
	mine, _ := openTwice(t, dbtest.URLs(t)["sqlite"])
	b := &bus{published: make(chan string, 10), ready: make(chan struct{})}
	watching, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); mine.Watch(watching, b, slog.New(slog.DiscardHandler)) }()
	t.Cleanup(func() { stop(); <-done })
	<-b.ready

	if _, err := mine.Exec(ctx, `INSERT INTO probe_price (id, amount) VALUES ('a', 1)`); err != nil {
		t.Fatal(err)
	}
	select {
	case <-b.published:
	case <-time.After(5 * time.Second):
		t.Fatal("a write that moved a counter published nothing")
	}
	if _, err := mine.Exec(ctx, `CREATE TABLE unversioned (n INTEGER)`); err != nil {
		t.Fatal(err)
	}
	select {
	case p := <-b.published:
		t.Fatalf("a write that moved no counter published %q", p)
	default:
	}

	before := [...]int64{mine.Version(db.Catalog), mine.Version(db.Metadata), mine.Version(db.Sessions)}
	b.deliver("") // another instance wrote
	after := [...]int64{mine.Version(db.Catalog), mine.Version(db.Metadata), mine.Version(db.Sessions)}
	for i := range before {
		if after[i] == before[i] {
			t.Fatalf("domain %d did not move on a message from another instance", i)
		}
	}
}

// A transaction that wrote only untracked tables skips the counters' refresh after its commit: it moved none. Any
// other write refreshes them before it returns, so the writer's next read sees its own change.
func TestOnlyTrackedWritesRefreshTheVersions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		for _, stmt := range []string{`CREATE TABLE probe_price (id TEXT PRIMARY KEY, amount BIGINT)`,
			`CREATE TABLE probe_cart (id TEXT PRIMARY KEY, quantity BIGINT)`} {
			if _, err := d.Exec(ctx, stmt); err != nil {
				t.Fatal(err)
			}
		}
		if err := d.InstallVersionTriggers(ctx, db.VersionedTables{db.Catalog: {"probe_price"}}, "probe_cart"); err != nil {
			t.Fatal(err)
		}
		refreshes, catalog := db.VersionRefreshes(d), d.Version(db.Catalog)
		err := d.InTx(ctx, func(tx *db.Tx) error {
			for _, stmt := range []string{`INSERT INTO probe_cart (id, quantity) VALUES ('c', 1)`,
				`UPDATE probe_cart SET quantity = 2 WHERE id = 'c'`, `SELECT amount FROM probe_price`} {
				if _, err := tx.Exec(ctx, stmt); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(ctx, `DELETE FROM probe_cart WHERE id = 'c'`); err != nil {
			t.Fatal(err)
		}
		if got := db.VersionRefreshes(d); got != refreshes || d.Version(db.Catalog) != catalog {
			t.Fatalf("untracked writes: %d refreshes, catalog %d -> %d", got-refreshes, catalog, d.Version(db.Catalog))
		}

		err = d.InTx(ctx, func(tx *db.Tx) error {
			if _, err := tx.Exec(ctx, `INSERT INTO probe_cart (id, quantity) VALUES ('d', 1)`); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO probe_price (id, amount) VALUES ('p', 5)`)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if d.Version(db.Catalog) == catalog {
			t.Fatal("a transaction writing a tracked table did not move the catalog version before it returned")
		}
		// A statement of a shape not told apart counts as a tracked write.
		refreshes = db.VersionRefreshes(d)
		if _, err := d.Exec(ctx, `WITH n AS (SELECT 3 AS q) UPDATE probe_cart SET quantity = (SELECT q FROM n)`); err != nil {
			t.Fatal(err)
		}
		if db.VersionRefreshes(d) == refreshes {
			t.Fatal("a WITH statement skipped the refresh")
		}
	})
}
