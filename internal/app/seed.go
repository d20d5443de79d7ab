package app

import (
	"context"

	"storefront/internal/demo"
)

// SeedDemoIfEmpty seeds the demo store when the database holds no store yet.
func (a *App) SeedDemoIfEmpty(ctx context.Context) error {
	seeded, err := demo.Seed(ctx, a.DB, a.demoOptions())
	if seeded {
		a.Log.Info("seeded the demo store", "store", demo.StoreName, "products", demo.DemoProducts)
	}
	return err
}

// SeedProducts generates a catalog of n products in the demo store's shape (seeding the demo store first when the
// database has no store).
func (a *App) SeedProducts(ctx context.Context, n int) error {
	return demo.SeedProducts(ctx, a.DB, n, a.demoOptions())
}

func (a *App) demoOptions() demo.Options {
	return demo.Options{Log: a.Log}
}
