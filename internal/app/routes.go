package app

import (
	"net/http"
	"strings"

	"storefront/internal/media"
	"storefront/internal/platform/httpx"
	"storefront/internal/spa"
	"storefront/internal/uiapi"
	"storefront/web"
)

// Handler builds the server's routing table. Each domain registers its own routes; the table is read top to bottom
// as the map of the API. Whatever no route claims is the web app (deep links included).
func (a *App) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", a.healthz)
	withPrincipal := a.mountAuth(mux) // sign-in, logout, OAuth token, /api/site, session and application context
	// One records engine, so one metadata registry: every domain sees a custom field the moment it is added.
	engine, carts := a.newEngine()
	uiapi.Register(mux, engine)
	a.mountCatalog(mux, engine.Registry) // product detail, prices, categories
	a.mountSearch(mux, engine.Registry)  // product search, suggestions, sort rules
	mux.Handle(media.Path, media.Handler(a.DB))
	a.mountContent(mux, engine) // navigation menus, CMS delivery, SEO properties
	mountCarts(mux, carts)
	a.mountCheckout(mux, engine, carts)

	mux.Handle("/", spa.Handler(web.FS(), a.Config.BasePath))
	return httpx.Observe(a.Log, underBasePath(a.Config.BasePath, withPrincipal(mux)))
}

// serverPrefixes are the server's own paths. The web app calls them under the site base path as well, so with a
// base path of /shop, /shop/services/... is /services/...; everything else under /shop is the web app.
var serverPrefixes = []string{"/services/", "/api/", "/lwr/", "/cms/", "/img/", "/logout", "/healthz"}

func underBasePath(base string, next http.Handler) http.Handler {
	if base == "" {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if rest, ok := strings.CutPrefix(r.URL.Path, base); ok {
			for _, p := range serverPrefixes {
				if strings.HasPrefix(rest, p) {
					r2 := r.Clone(r.Context())
					r2.URL.Path = rest
					r2.URL.RawPath = ""
					next.ServeHTTP(w, r2)
					return
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}
