package app

import (
	"net/http"

	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/uiapi"
)

// Handler builds the server's routing table. Each domain registers its own routes; the table is read top to bottom
// as the map of the API.
func (a *App) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", a.healthz)
	uiapi.Register(mux, records.NewEngine(a.DB))

	return httpx.Observe(a.Log, mux)
}
