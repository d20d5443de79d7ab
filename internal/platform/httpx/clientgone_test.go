package httpx

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// Work cancelled because the client hung up is neither answered nor logged as a failure: the access log records
// 499 at info level.
func TestAClientThatHangsUpIsNotAServerError(t *testing.T) {
	var logs bytes.Buffer
	h := Observe(slog.New(slog.NewTextHandler(&logs, nil)), AccessLog{}, HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		<-r.Context().Done() // the handler is waiting on the database when the client goes
		return fmt.Errorf("reading the cart: %w", r.Context().Err())
	}))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/x", nil).WithContext(ctx))
	if rec.Body.Len() != 0 {
		t.Fatalf("answered a client that is gone: %q", rec.Body.String())
	}
	out := logs.String()
	if strings.Contains(out, "level=ERROR") || !strings.Contains(out, "status=499") {
		t.Fatalf("log:\n%s", out)
	}
}

// The access log keeps every failure and one in SampleEvery of the successful fast requests, each line with its
// request id.
func TestAccessLogSamplesSuccessesAndKeepsFailures(t *testing.T) {
	var logs bytes.Buffer
	h := Observe(slog.New(slog.NewTextHandler(&logs, nil)), AccessLog{SampleEvery: 10, Slow: time.Hour},
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/fail" {
				WriteError(w, r, NotFound("no such thing"))
			}
		}))
	for i := 0; i < 100; i++ {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/ok", nil))
	}
	for i := 0; i < 3; i++ {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/fail", nil))
	}
	out := logs.String()
	if ok, failed := strings.Count(out, "path=/ok"), strings.Count(out, "path=/fail status=404"); ok != 10 || failed != 3 {
		t.Fatalf("logged %d of 100 successes (want 10) and %d of 3 failures (want 3):\n%s", ok, failed, out)
	}
	if strings.Count(out, "request_id=") != 13 {
		t.Fatalf("a line without its request id:\n%s", out)
	}
}
