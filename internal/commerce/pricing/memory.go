package pricing

import (
	"context"

	"storefront/internal/platform/db"
)

// Prices and entitlements derive from rows of the catalog domain only (the store, buyer groups, price books and
// tiers, policies, products), so they are kept in memory per store, account and product while the catalog version
// holds (db.Remembered).

// memoryLimit bounds the answers kept per kind: enough for every product of a large catalogue for a few hundred
// accounts; past it, the kept answers start afresh.
const memoryLimit = 500_000

// remembered answers load's question for the products of one account (or the guest, "") in one store from memory.
func remembered[V any](ctx context.Context, q Querier, key *int, name, storeID, accountID string, productIDs []string,
	load func(ctx context.Context, q Querier, storeID, accountID string, productIDs []string) (map[string]V, error)) (map[string]V, error) {
	return db.Remembered(ctx, q, key, name, db.Catalog, memoryLimit, storeID+"\x00"+accountID, productIDs,
		func(ctx context.Context, q db.Querier, ids []string) (map[string]V, error) {
			return load(ctx, q, storeID, accountID, ids)
		})
}

// byBooks answers load's question for the products from memory kept per set of books (buyerBooks.scope), which
// every account with the same books shares.
func byBooks[V any](ctx context.Context, q Querier, key *int, name string, books *buyerBooks, productIDs []string,
	load func(ctx context.Context, q Querier, books *buyerBooks, productIDs []string) (map[string]V, error)) (map[string]V, error) {
	return db.Remembered(ctx, q, key, name, db.Catalog, memoryLimit, books.scope, productIDs,
		func(ctx context.Context, q db.Querier, ids []string) (map[string]V, error) {
			return load(ctx, q, books, ids)
		})
}

// perAccount answers load's question for one account (or the guest, "") in one store from memory, loading it once
// per catalog version.
func perAccount[V any](ctx context.Context, q Querier, key *int, name, storeID, accountID string,
	load func(ctx context.Context) (V, error)) (V, error) {
	return db.PerScope(ctx, q, key, name, db.Catalog, memoryLimit, storeID+"\x00"+accountID, load)
}
