package db_test

import (
	"context"
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// A cache bounded by weight keeps what fits; the store that overflows it starts a fresh generation holding only the
// new value, so a full cache goes on keeping new values instead of keeping nothing until the version moves. A
// value heavier than the whole bound is never kept.
func TestCacheStartsAfreshWhenFull(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		cache := db.NewCache[string, int](d, "probe_cache", db.Catalog, 10)
		kept := func(key string) bool {
			_, ok := cache.Begin().Lookup(key)
			return ok
		}
		fill := cache.Begin()
		fill.StoreWeighing("a", 1, 4)
		fill.StoreWeighing("b", 2, 4)
		if !kept("a") || !kept("b") {
			t.Fatal("values within the bound are not kept")
		}
		cache.Begin().StoreWeighing("c", 3, 4) // 12 > 10: a fresh generation with c alone
		if kept("a") || kept("b") || !kept("c") {
			t.Fatalf("after overflowing: a %v, b %v, c %v; want only c", kept("a"), kept("b"), kept("c"))
		}
		cache.Begin().StoreWeighing("d", 4, 4)
		if !kept("c") || !kept("d") {
			t.Fatal("the fresh generation does not keep what fits")
		}
		cache.Begin().StoreWeighing("huge", 5, 11)
		if kept("huge") || !kept("c") {
			t.Fatal("a value heavier than the bound replaced the cache")
		}
		v, err := cache.Get(context.Background(), "d", func(context.Context) (int, error) { return 0, nil })
		if err != nil || v != 4 {
			t.Fatalf("Get of a kept value: %d %v", v, err)
		}
	})
}
