package app

import "context"

// SeedDemoIfEmpty seeds the demo store when the database holds no store yet.
func (a *App) SeedDemoIfEmpty(ctx context.Context) error { return nil }

// SeedProducts generates a catalog of n products in the demo store's shape.
func (a *App) SeedProducts(ctx context.Context, n int) error { return nil }
