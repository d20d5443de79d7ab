package app_test

import (
	"context"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
	"storefront/internal/platform/db"
)

// demoSite is the real handler over a database seeded with the demo store, on each database in use.
type demoSite struct {
	srv *apptest.Server
	d   *db.DB
}

func eachDemo(t *testing.T, fn func(t *testing.T, s *demoSite)) { eachDemoAt(t, "", fn) }

// eachDemoAt serves the demo site under a base path ("" or "shop").
func eachDemoAt(t *testing.T, basePath string, fn func(t *testing.T, s *demoSite)) {
	apptest.Each(t, basePath, func(t *testing.T, srv *apptest.Server) {
		fn(t, &demoSite{srv: srv, d: srv.App.DB})
	})
}

func (s *demoSite) exec(t *testing.T, query string, args ...any) {
	t.Helper()
	if _, err := s.d.Exec(context.Background(), query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

func (s *demoSite) queryString(t *testing.T, query string, args ...any) string {
	t.Helper()
	var v string
	if err := s.d.QueryRow(context.Background(), query, args...).Scan(&v); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return v
}

// errorBody is the read-error list with one entry.
func errorBody(code, message string) string {
	return apitest.JSON([]map[string]string{{"errorCode": code, "message": message}})
}
