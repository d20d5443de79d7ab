package app

import (
	"context"
	"net/http"

	"storefront/internal/commerce/catalog"
	"storefront/internal/records"
)

// mountCatalog registers the catalog calls: product detail and availability, products by id or SKU, product prices,
// categories.
func (a *App) mountCatalog(mux *http.ServeMux, reg *records.Registry) {
	catalog.New(a.DB, reg).Register(mux, commerceBase)
}

// installCatalog indexes what the catalog calls look up beyond the records schema (the folded SKU).
func (a *App) installCatalog(ctx context.Context) error { return catalog.Install(ctx, a.DB) }
