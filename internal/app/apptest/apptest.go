// Package apptest serves the whole application over real HTTP on a seeded demo store, for the integration tests
// and benchmarks of every domain.
package apptest

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"testing"

	"storefront/internal/app"
	"storefront/internal/demo"
	"storefront/internal/platform/config"
	"storefront/internal/platform/db/dbtest"
)

// Server is the application with the demo store, served on a loopback port.
type Server struct {
	App *app.App
	URL string // http://127.0.0.1:PORT
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
	srv := httptest.NewServer(a.Handler())
	t.Cleanup(srv.Close)
	return &Server{App: a, URL: srv.URL, Commerce: srv.URL + "/services/data/v64.0/commerce/webstores/" + demo.StoreID + "/"}
}

// Token signs a demo user in through the OAuth password grant and returns the bearer token.
func (s *Server) Token(t testing.TB, username string) string {
	t.Helper()
	form := url.Values{"grant_type": {"password"}, "username": {username}, "password": {demo.DemoPassword}}
	resp, err := http.PostForm(s.URL+"/services/oauth2/token", form)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || out.AccessToken == "" {
		t.Fatalf("token for %s: status %d, %v", username, resp.StatusCode, err)
	}
	return out.AccessToken
}
