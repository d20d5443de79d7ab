package db

import (
	"context"
	"database/sql"
	"strings"
	"sync"
	"time"

	"storefront/internal/platform/metrics"
)

// StmtCache runs reads through statements prepared once and reused. On SQLite, parsing and planning a query costs
// more than running it for the small indexed reads of a storefront page (a product page's reads run about twice as
// fast prepared); PostgreSQL's driver already caches prepared statements per connection, so there the cache
// passes reads straight to the pool.
//
// DB.Query and DB.QueryRow run through the database's own cache (DB.Stmts). The cache holds at most max statements,
// first come first kept; past that, reads run unprepared, so texts a request shapes (a field list) can at worst
// cost what an unprepared read costs. Statements are safe for concurrent use and database/sql prepares them on each
// pooled connection as needed. SQLite re-prepares a statement by itself after a schema change (a custom field).
//
// Transactions have a cache of their own over the writer (DB.txStmts, see Tx), whose one SQLite connection every
// transaction runs on: a profile of adding to a cart spent 29% of its CPU parsing the transaction's statements.
type StmtCache struct {
	db    *DB
	pool  *sql.DB // where the statements are prepared
	max   int
	mu    sync.RWMutex
	stmts map[string]*sql.Stmt
	// wanted are the texts transactions ran unprepared, to prepare once the writer is free (PrepareWanted).
	wanted map[string]struct{}
}

// NewStmtCache returns a cache of at most max statements over the reader pool.
func (d *DB) NewStmtCache(max int) *StmtCache {
	return &StmtCache{db: d, pool: d.R, max: max, stmts: map[string]*sql.Stmt{}}
}

// newTxStmtCache returns the transactions' cache of at most max statements, prepared on the writer.
func (d *DB) newTxStmtCache(max int) *StmtCache {
	return &StmtCache{db: d, pool: d.W, max: max, stmts: map[string]*sql.Stmt{}, wanted: map[string]struct{}{}}
}

// Query runs a read like DB.Query.
func (c *StmtCache) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	c.db.statements.Add(1)
	c.db.noteStatement(ctx, query, false)
	defer metrics.ObserveQuery(time.Now())
	if st := c.stmt(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return c.db.R.QueryContext(ctx, c.db.Rebind(query), args...)
}

// QueryRow runs a single-row read like DB.QueryRow.
func (c *StmtCache) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	c.db.statements.Add(1)
	c.db.noteStatement(ctx, query, false)
	defer metrics.ObserveQuery(time.Now())
	if st := c.stmt(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return c.db.R.QueryRowContext(ctx, c.db.Rebind(query), args...)
}

var stmtCacheLookups = metrics.NewCache("prepared_statements")

// stmt returns the prepared statement for query, preparing it on first use; nil when the read should run
// unprepared (PostgreSQL, a full cache, or a query that fails to prepare, whose error the plain read reports).
func (c *StmtCache) stmt(ctx context.Context, query string) *sql.Stmt {
	if c.db.Dialect == Postgres {
		return nil
	}
	c.mu.RLock()
	st, ok := c.stmts[query]
	full := len(c.stmts) >= c.max
	c.mu.RUnlock()
	if ok {
		stmtCacheLookups.Hit()
		return st
	}
	stmtCacheLookups.Miss()
	if full {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if st, ok := c.stmts[query]; ok {
		return st
	}
	st, err := c.pool.PrepareContext(ctx, c.db.Rebind(query))
	if err != nil {
		return nil
	}
	c.stmts[query] = st
	return st
}

// inTx returns query's prepared statement bound to tx, or nil when it runs unprepared: on PostgreSQL, or the first
// time a text is seen. The writer has one connection, which tx holds, so a statement cannot be prepared on the
// writer now; the text is noted and prepared after the transaction (PrepareWanted). A statement prepared on the
// writer is already prepared on tx's connection, and database/sql reuses it there.
func (c *StmtCache) inTx(ctx context.Context, tx *sql.Tx, query string) *sql.Stmt {
	if c.db.Dialect == Postgres {
		return nil
	}
	c.mu.RLock()
	st, ok := c.stmts[query]
	_, noted := c.wanted[query]
	full := len(c.stmts)+len(c.wanted) >= c.max
	c.mu.RUnlock()
	if ok {
		stmtCacheLookups.Hit()
		return tx.StmtContext(ctx, st)
	}
	stmtCacheLookups.Miss()
	if !noted && !full && isDML(query) {
		c.mu.Lock()
		c.wanted[query] = struct{}{}
		c.mu.Unlock()
	}
	return nil
}

// isDML reports whether query reads or changes rows: only those repeat. Schema changes run once (a migration, a
// custom field) and would take the room of the statements that repeat.
func isDML(query string) bool {
	q := strings.TrimLeft(query, " \t\r\n(")
	for _, verb := range []string{"SELECT", "INSERT", "UPDATE", "DELETE", "WITH"} {
		if len(q) >= len(verb) && strings.EqualFold(q[:len(verb)], verb) {
			return true
		}
	}
	return false
}

// PrepareWanted prepares the texts transactions ran unprepared. It must run with no transaction of the caller's
// open: it takes the writer's connection for each statement. The cache's lock is not held while preparing, since
// another goroutine's open transaction may need it to finish and free the connection.
func (c *StmtCache) PrepareWanted(ctx context.Context) {
	c.mu.Lock()
	if len(c.wanted) == 0 {
		c.mu.Unlock()
		return
	}
	texts := make([]string, 0, len(c.wanted))
	for q := range c.wanted {
		texts = append(texts, q)
	}
	clear(c.wanted)
	c.mu.Unlock()
	for _, q := range texts {
		st, err := c.pool.PrepareContext(ctx, c.db.Rebind(q))
		if err != nil {
			continue // a text that cannot be prepared keeps running unprepared, reporting its own error
		}
		c.mu.Lock()
		if _, ok := c.stmts[q]; ok || len(c.stmts) >= c.max {
			st.Close()
		} else {
			c.stmts[q] = st
		}
		c.mu.Unlock()
	}
}

// Close releases the prepared statements.
func (c *StmtCache) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for q, st := range c.stmts {
		st.Close()
		delete(c.stmts, q)
	}
	return nil
}
