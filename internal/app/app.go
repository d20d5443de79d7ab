// Package app assembles Storefront: it opens the database, brings the schema up to date, seeds the demo store when
// asked, and builds the HTTP handler with every domain's routes.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"time"

	"storefront/internal/auth"
	"storefront/internal/commerce/catalog"
	"storefront/internal/commerce/search"
	"storefront/internal/platform/config"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// App is a running Storefront.
type App struct {
	Config config.Config
	DB     *db.DB
	Log    *slog.Logger

	trustedProxies []netip.Prefix // Config.TrustedProxies, parsed
}

// Open connects to the database and applies migrations and the records schema.
func Open(ctx context.Context, cfg config.Config, log *slog.Logger) (*App, error) {
	cfg.Normalize()
	proxies, err := auth.ParseTrustedProxies(cfg.TrustedProxies)
	if err != nil {
		return nil, err
	}
	d, err := db.Open(ctx, cfg.DB)
	if err != nil {
		return nil, err
	}
	a := &App{Config: cfg, DB: d, Log: log, trustedProxies: proxies}
	if err := a.Migrate(ctx); err != nil {
		d.Close()
		return nil, err
	}
	return a, nil
}

// Migrate applies the embedded migrations, then makes the object tables match the standard catalogue.
func (a *App) Migrate(ctx context.Context) error {
	if err := a.DB.Migrate(ctx); err != nil {
		return err
	}
	if err := records.SyncSchema(ctx, a.DB, objects()); err != nil {
		return fmt.Errorf("records schema: %w", err)
	}
	// The SKU index and the full-text index over products need the product2 table, so they come after the records
	// schema.
	if err := catalog.Install(ctx, a.DB); err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	return search.Install(ctx, a.DB)
}

// Close releases the database.
func (a *App) Close() error { return a.DB.Close() }

// healthz answers 200 when the database answers, 503 otherwise.
func (a *App) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Cache-Control", "no-store")
	if err := a.DB.Ping(ctx); err != nil {
		http.Error(w, "database unavailable", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok\n"))
}
