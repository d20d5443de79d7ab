package app

import (
	"net/http"

	"storefront/internal/auth"
	"storefront/internal/commerce/storecontext"
)

// commerceBase is the prefix of every Commerce Webstore API call.
const commerceBase = "/services/data/v64.0/commerce/webstores/{webstoreId}/"

// mountAuth registers sign-in and the context calls (session and application context), and returns the middleware that resolves every request's
// principal.
func (a *App) mountAuth(mux *http.ServeMux) func(http.Handler) http.Handler {
	svc := auth.NewService(a.DB, a.Config.BasePath)
	mux.Handle("POST "+auth.LoginPath, svc.LoginHandler())
	mux.Handle("GET "+svc.LogoutPath(), svc.LogoutHandler())
	mux.Handle("POST "+svc.LogoutPath(), svc.LogoutHandler())
	mux.Handle("POST "+auth.TokenPath, svc.TokenHandler())

	ctx := &storecontext.Handlers{DB: a.DB, BasePath: a.Config.BasePath}
	mux.Handle("GET /api/site", ctx.Site())
	mux.Handle("GET "+commerceBase+"session-context", ctx.SessionContext())
	mux.Handle("GET "+commerceBase+"application-context", ctx.ApplicationContext())
	return auth.Middleware(svc)
}
