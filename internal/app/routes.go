package app

import (
	"net/http"

	"storefront/internal/media"
	"storefront/internal/platform/httpx"
)

// Handler builds the server's routing table. Each domain registers its own routes; the table is read top to bottom
// as the map of the API.
func (a *App) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", a.healthz)
	mux.Handle(media.Path, media.Handler(a.DB))

	return httpx.Observe(a.Log, mux)
}
