package app

import (
	"context"
	"net/http"

	"storefront/internal/commerce/search"
	"storefront/internal/records"
)

// mountSearch registers product search, suggestions and sort rules.
func (a *App) mountSearch(mux *http.ServeMux, reg *records.Registry) {
	svc := search.New(a.DB, reg)
	svc.Register(mux, commerceBase)
	go svc.Warm(context.Background())
}

// installSearch creates or upgrades the full-text index over products (it needs the product2 table, so it runs
// after the records schema).
func (a *App) installSearch(ctx context.Context) error { return search.Install(ctx, a.DB) }
