package app

import (
	"net/http"

	"storefront/internal/platform/httpx"
)

// Handler builds the server's routing table. Each domain registers its own routes; the table is read top to bottom
// as the map of the API.
func (a *App) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", a.healthz)
	withPrincipal := a.mountAuth(mux) // sign-in, logout, OAuth token, /api/site, session and application context

	return httpx.Observe(a.Log, withPrincipal(mux))
}
