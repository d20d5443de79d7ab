// Package db opens the store's database (an embedded SQLite file or PostgreSQL) and hides the few differences
// between the two behind one small dialect layer. Queries are written once with `?` placeholders.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"modernc.org/sqlite"               // registers the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"

	"storefront/internal/platform/metrics"
)

// Dialect names the database flavour.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is the store's database. SQLite gets a single writer connection (W) and a pool of readers (R); on PostgreSQL both
// are the same pool. Writes and transactions go through W, plain reads through R.
type DB struct {
	Dialect Dialect
	W       *sql.DB
	R       *sql.DB
	// Stmts keeps the reads' prepared statements (see StmtCache). Query and QueryRow go through it: the cache is
	// bounded, and a text that finds it full runs unprepared, so request-shaped texts (field lists) cost at worst
	// what an unprepared read costs.
	Stmts *StmtCache
	// txStmts keeps the transactions' prepared statements on the writer (see StmtCache.inTx).
	txStmts *StmtCache
	// txSlots bounds the write transactions open at once on PostgreSQL below the pool's size, so the reads a
	// transaction's request makes outside it (the metadata registry's refresh, a record read) always find a free
	// connection: with every connection held by a transaction waiting for such a read, the pool would deadlock.
	txSlots chan struct{}
	// queue admits SQLite's writes (transactions and single statements) to its one writer connection first come,
	// first served, and commits those that waited together (groupcommit.go): database/sql alone hands a freed
	// connection to a random waiter, so under 32 buyers adding to their carts some waited seconds while most went
	// through in tens of milliseconds (p50 67 ms, p99 2 s). Nil on PostgreSQL.
	queue *writeQueue
	// statements counts what ran through this DB's Exec, Query and QueryRow (transactions and the statement cache
	// included), so tests can check that a request's statement count does not grow with its size.
	statements atomic.Int64
	// versions are the local versions of the read-mostly state that caches derive from it (versions.go).
	versions versions
	// url is the PostgreSQL connection string, for the connection that listens for version notices.
	url string
	// shared holds one value per key for the life of the DB: the caches of the packages using it (Shared).
	shared sync.Map
	// checkpoints copies SQLite's WAL back into its file in the background (checkpoint.go); nil on PostgreSQL.
	checkpoints *checkpointer
}

// Statements is how many statements have run through the database so far.
func (d *DB) Statements() int64 { return d.statements.Load() }

// Querier is what a read needs: the database, its statement cache, or a transaction.
type Querier interface {
	Query(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRow(ctx context.Context, query string, args ...any) *sql.Row
}

// stmtCacheSize bounds the prepared statements kept per database: every fixed query text of the code base fits.
const stmtCacheSize = 512

func newDB(dialect Dialect, w, r *sql.DB) *DB {
	d := &DB{Dialect: dialect, W: w, R: r}
	if r == w {
		metrics.RegisterPool("pool", w)
	} else {
		metrics.RegisterPool("writer", w)
		metrics.RegisterPool("readers", r)
	}
	d.Stmts = d.NewStmtCache(stmtCacheSize)
	d.txStmts = d.newTxStmtCache(stmtCacheSize)
	return d
}

// Open connects to the database named by url: "sqlite://path/to/file.db" (or "sqlite::memory:") or "postgres://...".
func Open(ctx context.Context, rawURL string) (*DB, error) {
	switch {
	case strings.HasPrefix(rawURL, "postgres://"), strings.HasPrefix(rawURL, "postgresql://"):
		return openPostgres(ctx, rawURL)
	case strings.HasPrefix(rawURL, "sqlite:"):
		return openSQLite(ctx, strings.TrimPrefix(strings.TrimPrefix(rawURL, "sqlite:"), "//"))
	default:
		return nil, fmt.Errorf("db: unsupported database URL %q (want sqlite://FILE or postgres://...)", rawURL)
	}
}

// pgPoolSize is the PostgreSQL pool's size; pgReadHeadroom of its connections are kept from write transactions.
const pgPoolSize, pgReadHeadroom = 20, 4

// DefaultConnectTimeout bounds the opening of a PostgreSQL connection, the TCP connect and the server's answer to
// the startup message together, unless the URL sets connect_timeout: a server that does not answer (a port that
// drops packets, a hung server) fails a request within seconds, answered 503, instead of when the operating system
// gives up on the connection, which takes minutes.
const DefaultConnectTimeout = 5 * time.Second

// withConnectTimeout returns the PostgreSQL URL with connect_timeout set to DefaultConnectTimeout when it sets none.
func withConnectTimeout(rawURL string) (string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", fmt.Errorf("db: postgres URL: %w", err)
	}
	q := u.Query()
	if q.Get("connect_timeout") != "" {
		return rawURL, nil
	}
	q.Set("connect_timeout", strconv.Itoa(int(DefaultConnectTimeout/time.Second)))
	u.RawQuery = q.Encode()
	return u.String(), nil
}

func openPostgres(ctx context.Context, rawURL string) (*DB, error) {
	rawURL, err := withConnectTimeout(rawURL)
	if err != nil {
		return nil, err
	}
	pool, err := sql.Open("pgx", rawURL)
	if err != nil {
		return nil, err
	}
	pool.SetMaxOpenConns(pgPoolSize)
	pool.SetMaxIdleConns(pgPoolSize)
	if err := pool.PingContext(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("db: postgres: %w", err)
	}
	d := newDB(Postgres, pool, pool)
	d.url = rawURL
	d.txSlots = make(chan struct{}, pgPoolSize-pgReadHeadroom)
	return d, nil
}

// busyTimeoutMs is how long (ms) a SQLite connection waits for a lock another holds before it fails busy.
const busyTimeoutMs = 10000

// sqliteReaders is the size of the SQLite reader pool.
const sqliteReaders = 8

func openSQLite(ctx context.Context, path string) (*DB, error) {
	if path == "" {
		return nil, errors.New("db: sqlite URL names no file")
	}
	if path != ":memory:" {
		if dir := filepath.Dir(path); dir != "." {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, err
			}
		}
	}
	// WAL lets readers run beside the one writer; the busy timeout absorbs checkpoints; IMMEDIATE transactions take
	// the write lock up front so two writers never deadlock upgrading a read lock.
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", "busy_timeout(" + strconv.Itoa(busyTimeoutMs) + ")",
		"foreign_keys(1)", "synchronous(NORMAL)"} {
		q.Add("_pragma", p)
	}
	// The writer keeps its temporary files in memory. A group's members after the first run in savepoints
	// (groupcommit.go), whose journal of the pages they change otherwise spills to a temporary file past 64 KB: a
	// checkout under load spent a seventh of the writer's time writing, opening and closing it. The cost of memory:
	// SQLite cuts an in-memory journal back at the end of every statement by walking it from its start, so a huge
	// transaction run in a savepoint slows down as it grows (seeding 20,000 products into a 550,000-product file took
	// 51 s instead of 18 s when every member had a savepoint). The first member has none, so a seed or an import that
	// has the writer to itself does not pay it: the same seed now takes 7 s (10 s with the file).
	// Nor does it checkpoint: the checkpointer does, beside it (checkpoint.go).
	// A WAL that grew while a long read held it (restartWAL gives up then) is cut back to walSizeLimit once
	// restarted, rather than keeping its largest size on disk.
	wq := url.Values{"_pragma": append(q["_pragma"], "temp_store(MEMORY)", "wal_autocheckpoint(0)",
		"journal_size_limit("+strconv.Itoa(walSizeLimit)+")")}
	w, err := sql.Open("sqlite", "file:"+path+"?"+wq.Encode()+"&_txlock=immediate")
	if err != nil {
		return nil, err
	}
	w.SetMaxOpenConns(1)
	r, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		w.Close()
		return nil, err
	}
	// Keep every reader open: database/sql keeps only 2 idle connections by default, so under load the others were
	// closed and reopened request after request, and each new SQLite connection reads the whole schema and prepares
	// its statements again (a CPU profile of product detail showed 22% in opening connections, 28% in preparing).
	r.SetMaxOpenConns(sqliteReaders)
	r.SetMaxIdleConns(sqliteReaders)
	if path == ":memory:" { // a memory database is per connection: share the writer
		r.Close()
		r = w
	}
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("db: sqlite: %w", err)
	}
	d := newDB(SQLite, w, r)
	d.queue = &writeQueue{}
	if path != ":memory:" {
		if d.checkpoints, err = startCheckpoints(path, q); err != nil {
			d.Close()
			return nil, err
		}
	}
	return d, nil
}

// Close closes both pools.
func (d *DB) Close() error {
	var err error
	if d.checkpoints != nil {
		err = d.checkpoints.close()
	}
	err = errors.Join(err, d.Stmts.Close(), d.txStmts.Close(), d.W.Close())
	if d.R != d.W {
		err = errors.Join(err, d.R.Close())
	}
	return err
}

// Ping checks that the database answers.
func (d *DB) Ping(ctx context.Context) error { return d.R.PingContext(ctx) }

// Rebind turns `?` placeholders into the dialect's form ($1, $2... on PostgreSQL). Queries never hold a literal `?`.
func (d *DB) Rebind(query string) string {
	if d.Dialect != Postgres || !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Exec runs a statement on the writer.
func (d *DB) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if tx := TxFrom(ctx); tx != nil {
		return tx.Exec(ctx, query, args...)
	}
	d.statements.Add(1)
	d.noteStatement(ctx, query, false)
	defer metrics.ObserveExec(time.Now())
	if d.queue != nil { // the statement joins a group like any write transaction
		var res sql.Result
		err := d.inGroup(ctx, false, func(tx *Tx) (err error) {
			tx.noteWrite(query)
			res, err = tx.Tx.ExecContext(tx.statementContext(ctx), query, args...)
			return err
		})
		return res, err
	}
	res, err := d.W.ExecContext(ctx, d.Rebind(query), args...)
	if err == nil && d.movesVersions(query) {
		d.afterWrite(ctx)
	}
	return res, err
}

// Query runs a read on the reader pool, as a prepared statement while the statement cache has room.
func (d *DB) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return d.Stmts.Query(ctx, query, args...)
}

// QueryRow runs a single-row read on the reader pool, as a prepared statement while the statement cache has room.
func (d *DB) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return d.Stmts.QueryRow(ctx, query, args...)
}

// Tx is a write transaction with the same `?` placeholder convention.
type Tx struct {
	*sql.Tx
	db   *DB
	done atomic.Bool // committed or rolled back: a context carrying it no longer joins it (txctx.go)
	// grouped marks a member of a SQLite group (groupcommit.go), whose statements a caller's ended context must not
	// interrupt: SQLite rolls back the whole transaction when a write is interrupted, the other members' work with it.
	grouped bool
	// locals are values packages keep for the life of the transaction (TxLocal).
	locals sync.Map
	moves  atomic.Bool // a statement may have moved a version counter (writes.go)
}

// Exec runs a statement inside the transaction, prepared when the writer's statement cache has it.
func (t *Tx) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	t.noteWrite(query)
	t.db.statements.Add(1)
	t.db.noteStatement(ctx, query, true)
	defer metrics.ObserveExec(time.Now())
	ctx = t.statementContext(ctx)
	if st := t.db.txStmts.inTx(ctx, t.Tx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return t.Tx.ExecContext(ctx, t.db.Rebind(query), args...)
}

// Query runs a read inside the transaction, prepared when the writer's statement cache has it.
func (t *Tx) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	t.noteWrite(query) // INSERT ... RETURNING
	t.db.statements.Add(1)
	t.db.noteStatement(ctx, query, true)
	defer metrics.ObserveQuery(time.Now())
	ctx = t.statementContext(ctx)
	if st := t.db.txStmts.inTx(ctx, t.Tx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return t.Tx.QueryContext(ctx, t.db.Rebind(query), args...)
}

// QueryRow runs a single-row read inside the transaction, prepared when the writer's statement cache has it.
func (t *Tx) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	t.noteWrite(query) // INSERT ... RETURNING
	t.db.statements.Add(1)
	t.db.noteStatement(ctx, query, true)
	defer metrics.ObserveQuery(time.Now())
	ctx = t.statementContext(ctx)
	if st := t.db.txStmts.inTx(ctx, t.Tx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return t.Tx.QueryRowContext(ctx, t.db.Rebind(query), args...)
}

// statementContext is the context a statement of the transaction runs with: ctx, or for a group's member ctx
// without its cancellation while it lasts. A member whose context has ended fails at its next statement (database/sql
// refuses an ended context before the driver sees it) and rolls back to its savepoint alone.
func (t *Tx) statementContext(ctx context.Context) context.Context {
	if t.grouped && ctx.Err() == nil {
		return context.WithoutCancel(ctx)
	}
	return ctx
}

// Dialect of the transaction's database.
func (t *Tx) Dialect() Dialect { return t.db.Dialect }

// InTx runs fn in a write transaction, committing when fn returns nil and rolling back otherwise, so a failed
// change leaves nothing half-written. With a context that carries a transaction (WithTx), fn runs in it, and its
// error is the caller's to act on.
func (d *DB) InTx(ctx context.Context, fn func(tx *Tx) error) error {
	if tx := TxFrom(ctx); tx != nil {
		return fn(tx)
	}
	if d.txSlots != nil {
		select {
		case d.txSlots <- struct{}{}:
			defer func() { <-d.txSlots }()
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if d.queue != nil {
		return d.inGroup(ctx, false, fn)
	}
	sqlTx, err := d.W.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	return d.run(ctx, sqlTx, fn)
}

// run runs fn in the begun transaction: committed when fn returns nil, rolled back otherwise.
func (d *DB) run(ctx context.Context, sqlTx *sql.Tx, fn func(tx *Tx) error) error {
	tx := &Tx{Tx: sqlTx, db: d}
	defer tx.done.Store(true)
	if err := fn(tx); err != nil {
		_ = sqlTx.Rollback()
		return err
	}
	if err := sqlTx.Commit(); err != nil {
		return err
	}
	if tx.moves.Load() {
		d.afterWrite(ctx)
	}
	return nil
}

// Ident quotes an SQL identifier (table or column). Identifiers come from metadata, never from request text,
// but are quoted all the same so reserved words such as "user" work on both databases.
func Ident(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }

// DecimalType is the column type for exact decimals: NUMERIC on PostgreSQL; TEXT on SQLite, whose NUMERIC affinity
// would turn "12.50" into the float 12.5.
func (d *DB) DecimalType() string {
	if d.Dialect == Postgres {
		return "NUMERIC"
	}
	return "TEXT"
}

// IsUniqueViolation reports whether err is a unique-constraint failure on either database.
func IsUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint failed") || strings.Contains(s, "SQLSTATE 23505")
}

// IsDataError reports whether err is the database refusing a value rather than failing: a PostgreSQL data exception
// (SQLSTATE class 22: numeric value out of range, invalid text representation, string data right truncation, a
// character not in UTF-8...) or SQLite's equivalents (a string or blob too big, a datatype mismatch). The value came
// from the caller, so the answer is a 400, not a 500.
func IsDataError(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return strings.HasPrefix(pg.Code, "22")
	}
	var lite *sqlite.Error
	if errors.As(err, &lite) {
		switch lite.Code() & 0xff { // the primary result code, without the extended bits
		case sqlite3.SQLITE_TOOBIG, sqlite3.SQLITE_MISMATCH:
			return true
		}
	}
	return false
}
