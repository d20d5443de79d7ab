package app

import (
	"net/http"

	"storefront/internal/commerce/catalog"
	"storefront/internal/records"
)

// mountCatalog registers the catalog calls: product detail and availability, product prices, categories.
func (a *App) mountCatalog(mux *http.ServeMux, reg *records.Registry) {
	catalog.New(a.DB, reg).Register(mux, commerceBase)
}
