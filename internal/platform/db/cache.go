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
	max     int64 // the weight one generation keeps (entries, unless stored by weight); past it, the cache starts afresh
	gen     atomic.Pointer[generation]
}

type generation struct {
	version int64
	entries sync.Map
	size    atomic.Int64
}

// NewCache returns a cache of d's dom named name (in metrics) keeping at most max entries (or max of the weights
// given to StoreWeighing) at a time. Keep one per database with Shared.
func NewCache[K comparable, V any](d *DB, name string, dom Domain, max int) *Cache[K, V] {
	return &Cache[K, V]{lookups: metrics.NewCache(name), d: d, dom: dom, max: int64(max)}
}

// Get returns key's value, calling load on a miss. Errors are not kept.
func (c *Cache[K, V]) Get(ctx context.Context, key K, load func(context.Context) (V, error)) (V, error) {
	f := c.Begin()
	if v, ok := f.Lookup(key); ok {
		return v, nil
	}
	v, err := load(ctx)
	if err == nil {
		f.Store(key, v)
	}
	return v, err
}

// Fill is one use of a cache for several keys: look them up, load the missing ones together, store them. It holds
// the version read when it began, before anything was loaded.
type Fill[K comparable, V any] struct {
	c       *Cache[K, V]
	g       *generation
	version int64
}

// Begin starts a Fill.
func (c *Cache[K, V]) Begin() Fill[K, V] {
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
	return Fill[K, V]{c: c, g: g, version: version}
}

// Lookup returns key's value when it is kept.
func (f Fill[K, V]) Lookup(key K) (V, bool) {
	if f.g.version >= f.version {
		if v, ok := f.g.entries.Load(key); ok {
			f.c.lookups.Hit()
			return v.(V), true
		}
	}
	f.c.lookups.Miss()
	var zero V
	return zero, false
}

// Store keeps key's value, loaded after the Fill began, unless the version has moved since.
func (f Fill[K, V]) Store(key K, v V) { f.StoreWeighing(key, v, 1) }

// StoreWeighing is Store for a value of the given weight (its bytes, say), counted against the cache's bound. A
// full generation is replaced by an empty one of the same version, rather than tracking which entries are used:
// otherwise a long-lived instance whose catalog rarely changes would fill its caches once (with cart pages of
// states long gone, say) and keep nothing new until the next catalog write. Readers of the full one finish with it.
func (f Fill[K, V]) StoreWeighing(key K, v V, weight int64) {
	g := f.g
	if g.version != f.version || weight > f.c.max {
		return
	}
	if g.size.Add(weight) > f.c.max {
		fresh := &generation{version: f.version}
		if !f.c.gen.CompareAndSwap(g, fresh) {
			return // another store started afresh already, or the version moved on
		}
		g = fresh
		g.size.Add(weight)
	}
	g.entries.Store(key, v)
}

// Forget drops key's value, so the next Get loads it again.
func (c *Cache[K, V]) Forget(key K) {
	if g := c.gen.Load(); g != nil {
		g.entries.Delete(key)
	}
}
