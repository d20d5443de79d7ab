// Package apptest serves the whole application over real HTTP on a seeded demo store, for the integration tests
// and benchmarks of every domain.
package apptest

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"storefront/internal/app"
	"storefront/internal/app/apitest"
	"storefront/internal/demo"
	"storefront/internal/platform/config"
	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// Server is the application with the demo store, served on a loopback port. Its Target (URL, DB, requests,
// scenarios) signs demo users in with the demo password.
type Server struct {
	*apitest.Target
	App *app.App
	// Commerce is the prefix of the demo store's commerce calls: URL + /services/data/v64.0/commerce/webstores/{id}/.
	Commerce string
}

// Each runs fn as a subtest on the demo store served over each database in use (SQLite, and PostgreSQL when
// STOREFRONT_TEST_POSTGRES is set), under the site base path basePath ("" or "/shop").
func Each(t *testing.T, basePath string, fn func(t *testing.T, s *Server)) {
	for kind, u := range dbtest.URLs(t) {
		t.Run(kind, func(t *testing.T) { fn(t, DemoAt(t, u, basePath)) })
	}
}

// Demo opens the database at dbURL (a fresh SQLite file when empty), seeds the demo store and serves it until the
// test ends.
func Demo(t testing.TB, dbURL string) *Server { return DemoAt(t, dbURL, "") }

// DemoAt is Demo under a site base path.
func DemoAt(t testing.TB, dbURL, basePath string) *Server {
	t.Helper()
	if dbURL == "" {
		dbURL = "sqlite://" + filepath.Join(t.TempDir(), "demo.db")
	}
	ctx := context.Background()
	a, err := app.Open(ctx, config.Config{DB: dbURL, BasePath: basePath}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if err := a.SeedDemoIfEmpty(ctx); err != nil {
		t.Fatal(err)
	}
	tg := Serve(t, a.Handler(), a.DB)
	return &Server{Target: tg, App: a, Commerce: tg.URL + "/services/data/v64.0/commerce/webstores/" + demo.StoreID + "/"}
}

// Serve serves any handler of the app (a custom configuration's, say) over loopback until the test ends, as a
// Target whose users sign in with the demo password.
func Serve(t testing.TB, h http.Handler, d *db.DB) *apitest.Target {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &apitest.Target{URL: srv.URL, DB: d, Password: demo.DemoPassword}
}
