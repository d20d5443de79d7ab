package httpx

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"storefront/internal/platform/metrics"
)

type requestIDKey struct{}
type loggerKey struct{}
type factsKey struct{}

// requestFacts are what handlers inside Observe learn about a request that its metrics and access-log line need:
// Observe creates them, the routing table and the auth middleware fill them in.
type requestFacts struct {
	route  string // the route pattern that answered
	client string // the API client the caller's session was issued to
}

// Route names the route pattern h answers for in the request metrics, so metrics are per route (a bounded set) and
// not per path.
func Route(pattern string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if facts, ok := r.Context().Value(factsKey{}).(*requestFacts); ok {
			facts.route = pattern
		}
		h.ServeHTTP(w, r)
	})
}

// NoteClient records the registered API client whose session makes the request: its access-log line then always
// appears, whatever the sampling, and names the client.
func NoteClient(ctx context.Context, clientID string) {
	if facts, ok := ctx.Value(factsKey{}).(*requestFacts); ok {
		facts.client = clientID
	}
}

// RequestID returns the request's id.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// statusRecorder remembers the status a handler wrote, for the access log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// AccessLog says which requests get an access-log line: every failure (status 400 and up, and 499), every request
// slower than Slow, and one in SampleEvery of the others (every one when SampleEvery <= 1). At thousands of
// requests a second a line for each costs more than most requests do, and tells an operator nothing the metrics
// do not.
type AccessLog struct {
	SampleEvery int
	Slow        time.Duration
}

// SlowRequest is how long a request takes to count as slow, and always get its access-log line.
const SlowRequest = 250 * time.Millisecond

// Observe gives every request an id (kept from X-Request-Id when the caller sent a sane one), a logger carrying it,
// metrics, an access-log line as policy says, and a recovery that turns a panic into a logged 500.
func Observe(log *slog.Logger, policy AccessLog, next http.Handler) http.Handler {
	var seen atomic.Uint64
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if id == "" || len(id) > 64 {
			var raw [8]byte
			_, _ = rand.Read(raw[:])
			id = hex.EncodeToString(raw[:])
		}
		facts := &requestFacts{}
		ctx := context.WithValue(context.WithValue(r.Context(), requestIDKey{}, id), loggerKey{}, log)
		ctx = context.WithValue(ctx, factsKey{}, facts)
		w.Header().Set("X-Request-Id", id)
		rec := &statusRecorder{ResponseWriter: w}
		start := time.Now()
		defer func() {
			if p := recover(); p != nil {
				Logger(ctx).Error("panic", "panic", p)
				if rec.status == 0 {
					WriteError(rec, r.WithContext(ctx), Errorf(http.StatusInternalServerError, "UNKNOWN_EXCEPTION", "An unexpected error occurred. Quote request id %s.", id))
				}
			}
			status := rec.status
			if status == 0 && r.Context().Err() != nil {
				status = StatusClientClosed
			}
			elapsed := time.Since(start)
			metrics.ObserveRequest(facts.route, r.Method, status, elapsed)
			// Integration clients' calls are always logged (they are few, and whom they came from matters).
			if facts.client != "" || status >= 400 || elapsed >= policy.Slow || policy.SampleEvery <= 1 ||
				seen.Add(1)%uint64(policy.SampleEvery) == 0 {
				attrs := []slog.Attr{slog.String("request_id", id), slog.String("method", r.Method), slog.String("path", r.URL.Path),
					slog.Int("status", status), slog.Int("bytes", rec.bytes), slog.Duration("duration", elapsed)}
				if facts.client != "" {
					attrs = append(attrs, slog.String("client_id", facts.client))
				}
				log.LogAttrs(ctx, slog.LevelInfo, "request", attrs...)
			}
		}()
		next.ServeHTTP(rec, r.WithContext(ctx))
	})
}
