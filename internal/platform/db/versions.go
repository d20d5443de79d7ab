package db

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"
)

// Read-mostly state (the store, its categories, products, price books and entitlement, the metadata registry,
// sessions) is held in each process's memory as a derived copy and rebuilt when the database says it changed.
//
// The database keeps one counter per Domain, and triggers on the tables a domain derives from move it, whatever
// writes them: the records API, the console, seeding, a migration or a hand-written UPDATE. On SQLite the counter
// is a row of sf_cache_version, updated inside the writing transaction; on PostgreSQL it is a sequence (nextval
// never blocks, so concurrent writers do not queue on one row) and the trigger also NOTIFYs sf_cache_version,
// which PostgreSQL delivers when the transaction commits.
//
// Every process keeps, per domain, the counter it last saw and a local Version that caches compare with. The
// Version moves when the counter is seen to move, and on PostgreSQL also when a notification arrives: a sequence
// moves before its transaction commits, so a cache rebuilt in between may hold the old rows; the notification,
// sent at commit, makes it rebuild once more. A process learns of a change:
//   - at once for its own writes: every write through this DB re-reads the counters after it commits;
//   - within milliseconds for other processes on PostgreSQL (Watch listens), or through Redis pub/sub when the
//     instances share one (Watch with a Notifier);
//   - within PollInterval in any case (Watch polls the counters), which also covers several processes on one
//     SQLite file and a lost listening connection.

// Domain names a group of tables whose derived copies are rebuilt together.
type Domain int

const (
	// Catalog: the store and its settings, catalogs, categories, products and their media, price books, price
	// tiers, buyer groups and entitlement policies.
	Catalog Domain = iota
	// Metadata: object definitions (sf_object).
	Metadata
	// Sessions: sessions ended or changed (but for their last-seen time) and users' access.
	Sessions
	// Permissions: profiles, permission sets, their object and field permissions and their assignments.
	Permissions
	numDomains
)

var domainNames = [numDomains]string{"catalog", "metadata", "sessions", "permissions"}

func (dom Domain) String() string { return domainNames[dom] }

// versions is a DB's view of the counters: the domains', and the tables' (reads.go) once installed.
type versions struct {
	domains [numDomains]counter
	tables  atomic.Pointer[tableCounters]             // nil until InstallVersionTriggers ran on this DB
	notify  atomic.Pointer[func(ctx context.Context)] // tells the other instances (Redis) after a local write moved a counter
	// untracked are the tables without a counter (InstallVersionTriggers): writing only them moves none (writes.go)
	untracked atomic.Pointer[map[string]bool]
	refreshes atomic.Int64 // RefreshVersions calls, for tests
}

// counter is the local view of one database counter.
type counter struct {
	seen    atomic.Int64 // the database's counter when last read
	version atomic.Int64 // what caches compare with: moves whenever seen moves or a notice arrives
	recent  atomic.Bool  // PostgreSQL: seen moving since the poller's last tick (see poll)
}

// counter returns the local counter of a domain or table name; nil for a name this DB does not follow.
func (v *versions) counter(name string) *counter {
	for dom := range numDomains {
		if dom.String() == name {
			return &v.domains[dom]
		}
	}
	if tc := v.tables.Load(); tc != nil {
		return tc.counters[name]
	}
	return nil
}

// Version is the local version of dom's derived state: a cache built when it was v is current while it is still v.
// Read it before reading the rows the cache is built from, so a cache is never labelled newer than its rows.
func (d *DB) Version(dom Domain) int64 { return d.versions.domains[dom].version.Load() }

// Invalidate moves dom's local version, so every cache of it rebuilds on its next use.
func (d *DB) Invalidate(dom Domain) { d.versions.domains[dom].version.Add(1) }

// InvalidateAll moves every domain's and table's local version.
func (d *DB) InvalidateAll() {
	d.versions.each(func(c *counter) { c.version.Add(1) })
}

// WaitVersionsSettled waits until no local version has moved for two poll intervals, giving up after limit, and
// reports whether they settled. A write moves versions for a while after it returns (on PostgreSQL a counter seen
// moving is moved once more at the poller's next tick, and a notice may still be on its way), so what counts the
// statements of an answer kept in memory waits for them first: an answer built before would go stale by itself.
func (d *DB) WaitVersionsSettled(limit time.Duration) bool {
	sum := func() int64 { // versions only grow: an unchanged sum is no move
		var n int64
		d.versions.each(func(c *counter) { n += c.version.Load() })
		return n
	}
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); {
		before := sum()
		time.Sleep(2 * PollInterval)
		if sum() == before {
			return true
		}
	}
	return false
}

// each calls fn with every counter: the domains', then the tables'.
func (v *versions) each(fn func(c *counter)) {
	for dom := range numDomains {
		fn(&v.domains[dom])
	}
	if tc := v.tables.Load(); tc != nil {
		for _, c := range tc.counters {
			fn(c)
		}
	}
}

// RefreshVersions reads the database's counters and moves the local version of every domain and table whose
// counter moved. It reports whether any did.
func (d *DB) RefreshVersions(ctx context.Context) (bool, error) {
	// Not counted in Statements: it is the cache's bookkeeping, run by the poller at any moment, and a test counting
	// a request's statements must not see the poller's.
	d.versions.refreshes.Add(1)
	var rows *sql.Rows
	var err error
	if st := d.Stmts.stmt(ctx, d.versionsQuery()); st != nil { // it follows every commit: prepared once
		rows, err = st.QueryContext(ctx)
	} else {
		rows, err = d.R.QueryContext(ctx, d.versionsQuery())
	}
	if err != nil {
		return false, fmt.Errorf("reading cache versions: %w", err)
	}
	defer rows.Close()
	moved := false
	for rows.Next() {
		var name string
		var now int64
		if err := rows.Scan(&name, &now); err != nil {
			return false, fmt.Errorf("reading cache versions: %w", err)
		}
		c := d.versions.counter(name)
		if c == nil {
			continue // another instance's table this one does not follow
		}
		if old := c.seen.Swap(now); old != now {
			c.version.Add(1)
			c.recent.Store(d.Dialect == Postgres)
			moved = true
		}
	}
	if err := rows.Err(); err != nil {
		return false, fmt.Errorf("reading cache versions: %w", err)
	}
	return moved, nil
}

// afterWrite runs after a write through this DB committed: caches of what it changed must not serve the old rows
// to the next request, on this instance (at once) or on the others (a Notifier, when configured).
func (d *DB) afterWrite(ctx context.Context) {
	moved, err := d.RefreshVersions(context.WithoutCancel(ctx))
	if err != nil {
		// The write is committed; the poller will see the counters. Until then, rebuild everything.
		d.InvalidateAll()
		return
	}
	if notify := d.versions.notify.Load(); moved && notify != nil {
		(*notify)(ctx)
	}
}

// versionsQuery reads every counter as rows of (name, value): the domains' and the followed tables'.
func (d *DB) versionsQuery() string {
	if tc := d.versions.tables.Load(); tc != nil {
		return tc.query
	}
	return versionsQueryOf(d.Dialect, nil)
}

func versionsQueryOf(dialect Dialect, tables []string) string {
	if dialect != Postgres {
		return "SELECT domain, version FROM sf_cache_version"
	}
	var names []string
	for dom := range numDomains {
		names = append(names, dom.String())
	}
	var parts []string
	for _, name := range append(names, tables...) {
		// A fresh sequence's last_value is its first value, not yet handed out.
		parts = append(parts, "SELECT '"+name+"', CASE WHEN is_called THEN last_value ELSE 0 END FROM sf_version_"+name)
	}
	return strings.Join(parts, " UNION ALL ")
}

// VersionedTables lists, per domain, the tables whose changes move it.
type VersionedTables map[Domain][]string

// sessionColumns are the sf_session columns whose change moves Sessions: every one but last_seen_at, which slides
// with use.
const sessionColumns = "user_id, csrf_token, expires_at, prior_guest_id, client_id"

// InstallVersionTriggers creates the counters and makes changes to the tables move their domain's counter. Every
// other table of the schema but the untracked ones gets a counter of its own, so that answers built
// from its rows can be kept while it does not change (reads.go); untracked are those written on hot paths (a
// buyer's cart), where a trigger per row would cost more than the answers gain. It runs at every start, after the
// records schema exists (the tables are the records engine's), and replaces the triggers it made before. On
// PostgreSQL an advisory lock keeps instances starting together from racing on them, and the triggers are replaced
// only when they differ from what is wanted (a fingerprint of the statements) or some are missing: replacing a
// trigger locks its table exclusively, and an instance starting beside others that serve (or beside a command such
// as user create) must not queue behind their transactions, nor they behind it.
func (d *DB) InstallVersionTriggers(ctx context.Context, tables VersionedTables, untracked ...string) error {
	all, err := d.schemaTables(ctx)
	if err != nil {
		return err
	}
	notOwn := map[string]bool{"sf_cache_version": true, "sf_version_triggers": true}
	for _, t := range untracked {
		notOwn[t] = true
	}
	for dom := range numDomains {
		for _, t := range tables[dom] {
			notOwn[t] = true
		}
	}
	var own []string // the tables with a counter of their own, sorted (schemaTables is)
	for _, t := range all {
		if !notOwn[t] {
			own = append(own, t)
		}
	}
	counters := append(append([]string{}, domainNames[:]...), own...)
	var stmts []string
	if d.Dialect == Postgres {
		for _, name := range counters {
			stmts = append(stmts, "CREATE SEQUENCE IF NOT EXISTS sf_version_"+name)
		}
		stmts = append(stmts, `CREATE OR REPLACE FUNCTION sf_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN
				PERFORM nextval('sf_version_' || TG_ARGV[0]);
				PERFORM pg_notify('`+versionChannel+`', current_schema() || '.' || TG_ARGV[0]);
				RETURN NULL;
			END $$`)
	} else {
		stmts = append(stmts, `CREATE TABLE IF NOT EXISTS sf_cache_version (domain TEXT PRIMARY KEY, version BIGINT NOT NULL)`)
		for _, name := range counters {
			stmts = append(stmts, "INSERT OR IGNORE INTO sf_cache_version (domain, version) VALUES ('"+name+"', 1)")
		}
	}
	triggers := 0
	for dom := range numDomains { // in a fixed order, so two instances lock tables in the same order
		for _, table := range tables[dom] {
			stmts = append(stmts, d.triggerStatements(dom.String(), dom == Sessions, table)...)
			triggers += 2 // on PostgreSQL: the rows' trigger and TRUNCATE's
		}
	}
	for _, table := range own {
		stmts = append(stmts, d.triggerStatements(table, false, table)...)
		triggers += 2
	}
	err = d.InTx(ctx, func(tx *Tx) error {
		fingerprint := ""
		if d.Dialect == Postgres {
			sum := sha256.Sum256([]byte(strings.Join(stmts, "\x00")))
			fingerprint = hex.EncodeToString(sum[:])
			current, err := installedTriggers(ctx, tx, fingerprint, triggers)
			if err != nil || current {
				return err
			}
		}
		for _, stmt := range stmts {
			if _, err := tx.Exec(ctx, stmt); err != nil {
				return fmt.Errorf("cache version triggers: %w", err)
			}
		}
		if fingerprint != "" {
			if _, err := tx.Exec(ctx, `DELETE FROM sf_version_triggers`); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO sf_version_triggers (fingerprint) VALUES ($1)`, fingerprint)
			return err
		}
		return nil
	})
	if err != nil {
		return err
	}
	d.followTables(all, tables, own)
	set := map[string]bool{}
	for _, t := range untracked {
		set[t] = true
	}
	d.versions.untracked.Store(&set)
	return nil
}

// installedTriggers takes the installers' advisory lock and reports whether the triggers in place are the ones of
// fingerprint, all count of them. A lock held too long fails the start rather than hanging it.
func installedTriggers(ctx context.Context, tx *Tx, fingerprint string, count int) (bool, error) {
	for _, stmt := range []string{`SET LOCAL lock_timeout = '30s'`, `SELECT pg_advisory_xact_lock(7201)`,
		`CREATE TABLE IF NOT EXISTS sf_version_triggers (fingerprint TEXT NOT NULL)`} {
		if _, err := tx.Exec(ctx, stmt); err != nil {
			return false, fmt.Errorf("cache version triggers: %w", err)
		}
	}
	var installed string
	err := tx.QueryRow(ctx, `SELECT fingerprint FROM sf_version_triggers`).Scan(&installed)
	if errors.Is(err, sql.ErrNoRows) || err == nil && installed != fingerprint {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	var present int
	err = tx.QueryRow(ctx, `SELECT COUNT(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
		JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = current_schema() AND t.tgname LIKE 'sf\_version\_%'`).Scan(&present)
	return present == count, err
}

// versionChannel is the PostgreSQL notification channel of the counters. Channels are per database, not per
// schema, so a notice names its schema first ("public.catalog"): stores in other schemas of one database hear only
// their own.
const versionChannel = "sf_cache_version"

// triggerStatements make changes to table move the counter named counter (a domain's or the table's own).
func (d *DB) triggerStatements(counter string, existingOnly bool, table string) []string {
	name := "sf_version_" + strings.ToLower(table)
	events := []string{"INSERT", "UPDATE", "DELETE"}
	if existingOnly { // Sessions: a new session or user changes no cached copy: caches only hold what exists
		events = []string{"UPDATE", "DELETE"}
	}
	update := "UPDATE"
	if table == "sf_session" {
		update = "UPDATE OF " + sessionColumns
	}
	if d.Dialect == Postgres {
		// Per row, not per statement: a statement trigger fires for statements that change no row, and the engine
		// and the sweeps run many (a DELETE of expired sessions, an UPDATE matching nothing), each of which would
		// drop every copy. nextval costs little per row, and the notices of one transaction are sent once.
		on := strings.ReplaceAll(strings.Join(events, " OR "), "UPDATE", update)
		bump := " EXECUTE FUNCTION sf_version_bump('" + counter + "')"
		return []string{
			"DROP TRIGGER IF EXISTS " + name + " ON " + Ident(table),
			"CREATE TRIGGER " + name + " AFTER " + on + " ON " + Ident(table) + " FOR EACH ROW" + bump,
			"DROP TRIGGER IF EXISTS " + name + "_truncate ON " + Ident(table),
			// TRUNCATE has no rows to fire for.
			"CREATE TRIGGER " + name + "_truncate AFTER TRUNCATE ON " + Ident(table) + " FOR EACH STATEMENT" + bump,
		}
	}
	bump := "UPDATE sf_cache_version SET version = version + 1 WHERE domain = '" + counter + "'"
	var out []string
	for _, ev := range events {
		trigger := name + "_" + strings.ToLower(ev)
		on := ev
		if ev == "UPDATE" {
			on = update
		}
		out = append(out, "DROP TRIGGER IF EXISTS "+trigger,
			"CREATE TRIGGER "+trigger+" AFTER "+on+" ON "+Ident(table)+" BEGIN "+bump+"; END")
	}
	return out
}

// Shared returns the value kept under key for the life of d, made by make on first use. Packages keep their caches
// of d's state here, so every part of the process using d shares one copy. key is a package-level pointer.
func Shared[T any](d *DB, key any, make func() *T) *T {
	if v, ok := d.shared.Load(key); ok {
		return v.(*T)
	}
	v, _ := d.shared.LoadOrStore(key, make())
	return v.(*T)
}
