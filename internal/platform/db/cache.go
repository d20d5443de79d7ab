package db

import (
	"context"
	"sync"
	"sync/atomic"

	"storefront/internal/platform/metrics"
)

// Cache keeps values derived from one domain of a database, by key, while the domain's version stays where it was
// when they were loaded (versions.go). Reads take no lock: a version's entries live in a generation that the first
// reader to see a newer version replaces. A value is never labelled newer than its rows, because the version is
// read before the rows are. Values are shared between requests and must not be changed by their readers.
type Cache[K comparable, V any] struct {
	lookups metrics.Cache
	d       *DB
	dom     Domain
	max     int64 // entries one generation keeps; past it, values are loaded but not kept
	gen     atomic.Pointer[generation]
}

type generation struct {
	version int64
	entries sync.Map
	size    atomic.Int64
}

// NewCache returns a cache of d's dom named name (in metrics) keeping at most max entries per version. Keep one per
// database with Shared.
func NewCache[K comparable, V any](d *DB, name string, dom Domain, max int) *Cache[K, V] {
	return &Cache[K, V]{lookups: metrics.NewCache(name), d: d, dom: dom, max: int64(max)}
}

// Get returns key's value, calling load on a miss. Errors are not kept.
func (c *Cache[K, V]) Get(ctx context.Context, key K, load func(context.Context) (V, error)) (V, error) {
	version := c.d.Version(c.dom)
	g := c.gen.Load()
	if g == nil || g.version < version {
		fresh := &generation{version: version}
		if c.gen.CompareAndSwap(g, fresh) {
			g = fresh
		} else {
			g = c.gen.Load()
		}
	}
	if g.version >= version {
		if v, ok := g.entries.Load(key); ok {
			c.lookups.Hit()
			return v.(V), nil
		}
	}
	c.lookups.Miss()
	v, err := load(ctx)
	if err == nil && g.version == version && g.size.Add(1) <= c.max {
		g.entries.Store(key, v)
	}
	return v, err
}

// Forget drops key's value, so the next Get loads it again.
func (c *Cache[K, V]) Forget(key K) {
	if g := c.gen.Load(); g != nil {
		g.entries.Delete(key)
	}
}
