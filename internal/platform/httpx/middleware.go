package httpx

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"time"
)

type requestIDKey struct{}
type loggerKey struct{}

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

// Observe gives every request an id (kept from X-Request-Id when the caller sent a sane one), a logger carrying it,
// an access-log line, and a recovery that turns a panic into a logged 500.
func Observe(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if id == "" || len(id) > 64 {
			var raw [8]byte
			_, _ = rand.Read(raw[:])
			id = hex.EncodeToString(raw[:])
		}
		reqLog := log.With("request_id", id)
		ctx := context.WithValue(context.WithValue(r.Context(), requestIDKey{}, id), loggerKey{}, reqLog)
		w.Header().Set("X-Request-Id", id)
		rec := &statusRecorder{ResponseWriter: w}
		start := time.Now()
		defer func() {
			if p := recover(); p != nil {
				reqLog.Error("panic", "panic", p)
				if rec.status == 0 {
					WriteError(rec, r.WithContext(ctx), Errorf(http.StatusInternalServerError, "UNKNOWN_EXCEPTION", "An unexpected error occurred. Quote request id %s.", id))
				}
			}
			reqLog.LogAttrs(ctx, slog.LevelInfo, "request", slog.String("method", r.Method), slog.String("path", r.URL.Path),
				slog.Int("status", rec.status), slog.Int("bytes", rec.bytes), slog.Duration("duration", time.Since(start)))
		}()
		next.ServeHTTP(rec, r.WithContext(ctx))
	})
}
