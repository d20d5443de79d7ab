package app

import (
	"context"

	"storefront/internal/auth"
	"storefront/internal/commerce/catalog"
	"storefront/internal/commerce/pricing"
	"storefront/internal/commerce/search"
	"storefront/internal/domains"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// Migrate brings the database to the shape this binary needs (db.Migrate): the steps of migration, in order.
func (a *App) Migrate(ctx context.Context) error {
	return a.DB.Migrate(ctx, a.Log, a.migration()...)
}

// migration is every change the database goes through at start, top to bottom. First the one-time migrations:
// the SQL files of internal/platform/db/migrations (00001 to 00009), then the versioned Go steps below, by version.
// Then, on every start and in this order, the steps that follow the binary's own definitions; each is idempotent.
func (a *App) migration() []db.Step {
	return []db.Step{
		{Version: 10, Name: "organization id", Run: func(ctx context.Context) error {
			_, err := auth.EnsureOrgID(ctx, a.DB) // made once, at installation
			return err
		}},

		{Name: "records schema", Run: func(ctx context.Context) error {
			return records.SyncSchema(ctx, a.DB, domains.Objects())
		}},
		{Name: "organization", Run: func(ctx context.Context) error { return auth.SyncOrganization(ctx, a.DB) }},
		{Name: "standard profiles", Run: func(ctx context.Context) error { return records.InstallProfiles(ctx, a.Engine) }},
		// The SKU index and the full-text index over products need the product2 table of the records schema.
		{Name: "catalog indexes", Run: func(ctx context.Context) error { return catalog.Install(ctx, a.DB) }},
		{Name: "price index", Run: func(ctx context.Context) error { return pricing.Install(ctx, a.DB) }},
		{Name: "search index", Run: func(ctx context.Context) error { return search.Install(ctx, a.DB) }},
		{Name: "cache version triggers", Run: func(ctx context.Context) error {
			return a.DB.InstallVersionTriggers(ctx, versionedTables, untrackedTables...)
		}},
	}
}
