package app

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"storefront/internal/platform/config"
)

// /healthz answers 200 while the database answers, and 503 once it does not; /readyz as well, once the search index
// has loaded.
func TestHealthzFollowsTheDatabase(t *testing.T) {
	a, err := Open(context.Background(), config.Config{DB: "sqlite://" + filepath.Join(t.TempDir(), "h.db")}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	h := a.Handler()
	get := func(path string) int {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec.Code
	}
	if code := get("/healthz"); code != http.StatusOK {
		t.Fatalf("healthy database: %d", code)
	}
	for deadline := time.Now().Add(30 * time.Second); get("/readyz") != http.StatusOK; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("/readyz never answered 200")
		}
	}
	a.Close()
	for _, path := range []string{"/healthz", "/readyz"} {
		if code := get(path); code != http.StatusServiceUnavailable {
			t.Fatalf("%s with the database closed: %d, want 503", path, code)
		}
	}
}

// searchIndex is the search service as readyz sees it.
type searchIndex bool

func (loaded searchIndex) Ready() bool { return bool(loaded) }

// /readyz answers 503 with Retry-After while the search index loads, and as /healthz once it has.
func TestReadyzWaitsForTheSearchIndex(t *testing.T) {
	a, err := Open(context.Background(), config.Config{DB: "sqlite://" + filepath.Join(t.TempDir(), "r.db")}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	rec := httptest.NewRecorder()
	a.readyz(searchIndex(false)).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/readyz", nil))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "5" ||
		rec.Header().Get("Cache-Control") != "no-store" || rec.Body.String() != "search index loading\n" {
		t.Fatalf("loading: %d %q, headers %v", rec.Code, rec.Body, rec.Header())
	}
	rec = httptest.NewRecorder()
	a.readyz(searchIndex(true)).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/readyz", nil))
	if rec.Code != http.StatusOK || rec.Body.String() != "ok\n" {
		t.Fatalf("loaded: %d %q", rec.Code, rec.Body)
	}
}
