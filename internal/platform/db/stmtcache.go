package db

import (
	"context"
	"database/sql"
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
type StmtCache struct {
	db    *DB
	max   int
	mu    sync.RWMutex
	stmts map[string]*sql.Stmt
}

// NewStmtCache returns a cache of at most max statements over the reader pool.
func (d *DB) NewStmtCache(max int) *StmtCache {
	return &StmtCache{db: d, max: max, stmts: map[string]*sql.Stmt{}}
}

// Query runs a read like DB.Query.
func (c *StmtCache) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	c.db.statements.Add(1)
	defer metrics.ObserveQuery(time.Now())
	if st := c.stmt(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return c.db.R.QueryContext(ctx, c.db.Rebind(query), args...)
}

// QueryRow runs a single-row read like DB.QueryRow.
func (c *StmtCache) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	c.db.statements.Add(1)
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
	st, err := c.db.R.PrepareContext(ctx, c.db.Rebind(query))
	if err != nil {
		return nil
	}
	c.stmts[query] = st
	return st
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
