package app

import (
	"net/http"

	"storefront/internal/commerce/catalog"
)

// mountCatalog registers the catalog calls: product detail and availability, product prices, categories.
func (a *App) mountCatalog(mux *http.ServeMux) {
	catalog.New(a.DB).Register(mux, commerceBase)
}
