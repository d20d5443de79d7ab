package db

import "context"

// Remembered and PerScope keep answers derived from one domain's rows (prices, entitlements, product images) in
// memory while the domain's version holds, so a page of products costs no query once its products have been seen.
// Inside a transaction they read from the transaction, which may hold changes of its own.

// scopedKey names one id's answer in one scope (a store and account, say; "" when the answer is everyone's).
type scopedKey struct{ scope, id string }

// known is a kept answer: absent ids are kept too (no price, no image), so they cost no query either.
type known[V any] struct {
	value V
	found bool
}

// Remembered answers load's question for ids in scope from memory, loading only the ones not kept, with one call.
// The cache is one per database (named by key, counted in metrics as name) and keeps at most limit answers per
// version of dom.
func Remembered[V any](ctx context.Context, q Querier, key *int, name string, dom Domain, limit int, scope string,
	ids []string, load func(ctx context.Context, q Querier, ids []string) (map[string]V, error)) (map[string]V, error) {
	d, ok := q.(*DB)
	if !ok {
		return load(ctx, q, ids)
	}
	cache := Shared(d, key, func() *Cache[scopedKey, known[V]] {
		return NewCache[scopedKey, known[V]](d, name, dom, limit)
	})
	fill := cache.Begin()
	out := make(map[string]V, len(ids))
	var missing []string
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		if id == "" || seen[id] {
			continue
		}
		seen[id] = true
		k, hit := fill.Lookup(scopedKey{scope, id})
		switch {
		case !hit:
			missing = append(missing, id)
		case k.found:
			out[id] = k.value
		}
	}
	if len(missing) == 0 {
		return out, nil
	}
	loaded, err := load(ctx, q, missing)
	if err != nil {
		return nil, err
	}
	for _, id := range missing {
		v, found := loaded[id]
		fill.Store(scopedKey{scope, id}, known[V]{v, found})
		if found {
			out[id] = v
		}
	}
	return out, nil
}

// PerScope answers load's question for one scope from memory, loading it once per version of dom.
func PerScope[V any](ctx context.Context, q Querier, key *int, name string, dom Domain, limit int, scope string,
	load func(ctx context.Context) (V, error)) (V, error) {
	d, ok := q.(*DB)
	if !ok {
		return load(ctx)
	}
	cache := Shared(d, key, func() *Cache[string, V] {
		return NewCache[string, V](d, name, dom, limit)
	})
	return cache.Get(ctx, scope, load)
}
