package app

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"storefront/internal/platform/config"
)

// /healthz answers 200 while the database answers, and 503 once it does not.
func TestHealthzFollowsTheDatabase(t *testing.T) {
	a, err := Open(context.Background(), config.Config{DB: "sqlite://" + filepath.Join(t.TempDir(), "h.db")}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	h := a.Handler()
	get := func() int {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/healthz", nil))
		return rec.Code
	}
	if code := get(); code != http.StatusOK {
		t.Fatalf("healthy database: %d", code)
	}
	a.Close()
	if code := get(); code != http.StatusServiceUnavailable {
		t.Fatalf("closed database: %d, want 503", code)
	}
}
