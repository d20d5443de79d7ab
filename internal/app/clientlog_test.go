package app

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/auth"
	"storefront/internal/demo"
	"storefront/internal/platform/config"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}
func (l *lockedBuffer) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.b.String() }

// Every call made with a token issued to a registered API client is logged with the client's id, whatever the
// access-log sampling; other successful calls are sampled (here: none logged).
func TestAPIClientCallsAreLoggedWithTheClientID(t *testing.T) {
	logs := &lockedBuffer{}
	ctx := context.Background()
	a, err := Open(ctx, config.Config{DB: "sqlite://" + filepath.Join(t.TempDir(), "c.db"), AccessLogSample: 1_000_000},
		slog.New(slog.NewJSONHandler(logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if err := a.SeedDemoIfEmpty(ctx); err != nil {
		t.Fatal(err)
	}
	client, secret, err := auth.CreateClient(ctx, a.DB, "ERP sync")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.Handler())
	defer srv.Close()
	tg := &apitest.Target{URL: srv.URL, Password: demo.DemoPassword}
	call := func(as apitest.Principal, path string) {
		tg.Do(t, apitest.Request{As: as, Path: path}).WantStatus(t, "GET "+path, 200)
	}
	call(apitest.Client(client.ID, secret, "admin@example.com"), "/services/data/v61.0/sobjects")
	call(apitest.User("admin@example.com"), "/services/data/v64.0/ui-api/object-info")

	var withClient, others int
	for _, line := range strings.Split(logs.String(), "\n") {
		var entry map[string]any
		if json.Unmarshal([]byte(line), &entry) != nil || entry["msg"] != "request" {
			continue
		}
		switch {
		case entry["path"] == "/services/data/v61.0/sobjects" && entry["client_id"] == client.ID && entry["status"] == float64(200):
			withClient++
		case entry["path"] == "/services/data/v64.0/ui-api/object-info":
			others++
		}
	}
	if withClient != 1 || others != 0 {
		t.Fatalf("logged %d calls with the client id (want 1) and %d sampled-out calls (want 0):\n%s", withClient, others, logs.String())
	}
}
