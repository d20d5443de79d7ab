package pricing

import (
	"context"

	"storefront/internal/platform/db"
)

// Prices and entitlements derive from rows of the catalog domain only (the store, buyer groups, price books and
// tiers, policies, products), so they are kept in memory per store, account and product while the catalog version
// holds, and a page of products costs no query once its products have been seen. Inside a transaction they are
// read from the transaction, which may hold changes of its own.

// productKey names one product's answer for one account (or the guest, "") in one store.
type productKey struct{ store, account, product string }

// known is a kept answer: absent products are kept too (no price, not visible), so they cost no query either.
type known[V any] struct {
	value V
	found bool
}

// memoryLimit bounds the answers kept per kind: enough for every product of a large catalogue for a few hundred
// accounts; past it, answers are computed and not kept until the next version.
const memoryLimit = 500_000

// remembered answers load's question for the products from memory, loading only the ones not kept, with one call.
func remembered[V any](ctx context.Context, q Querier, key *int, name, storeID, accountID string, productIDs []string,
	load func(ctx context.Context, q Querier, storeID, accountID string, productIDs []string) (map[string]V, error)) (map[string]V, error) {
	d, ok := q.(*db.DB)
	if !ok {
		return load(ctx, q, storeID, accountID, productIDs)
	}
	cache := db.Shared(d, key, func() *db.Cache[productKey, known[V]] {
		return db.NewCache[productKey, known[V]](d, name, db.Catalog, memoryLimit)
	})
	fill := cache.Begin()
	out := make(map[string]V, len(productIDs))
	var missing []string
	for _, id := range distinct(productIDs) {
		k, hit := fill.Lookup(productKey{storeID, accountID, id})
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
	loaded, err := load(ctx, q, storeID, accountID, missing)
	if err != nil {
		return nil, err
	}
	for _, id := range missing {
		v, found := loaded[id]
		fill.Store(productKey{storeID, accountID, id}, known[V]{v, found})
		if found {
			out[id] = v
		}
	}
	return out, nil
}

// perAccount answers load's question for one account (or the guest, "") in one store from memory, loading it once
// per catalog version.
func perAccount[V any](ctx context.Context, q Querier, key *int, name, storeID, accountID string,
	load func(ctx context.Context) (V, error)) (V, error) {
	d, ok := q.(*db.DB)
	if !ok {
		return load(ctx)
	}
	cache := db.Shared(d, key, func() *db.Cache[[2]string, V] {
		return db.NewCache[[2]string, V](d, name, db.Catalog, memoryLimit)
	})
	return cache.Get(ctx, [2]string{storeID, accountID}, load)
}
