package httpx

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// Every response is nosniff with a referrer policy; everything but an HTML page refuses to be framed, and an HTML
// page keeps whatever framing policy its handler set.
func TestSecurityHeaders(t *testing.T) {
	for _, c := range []struct {
		contentType, frame string
	}{
		{"application/json;charset=UTF-8", "DENY"},
		{"image/svg+xml", "DENY"},
		{"text/plain; charset=utf-8", "DENY"},
		{"text/html; charset=utf-8", ""},
	} {
		h := SecurityHeaders(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", c.contentType)
			_, _ = w.Write([]byte("x"))
		}))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
		got := rec.Header()
		if got.Get("X-Content-Type-Options") != "nosniff" || got.Get("Referrer-Policy") != "strict-origin-when-cross-origin" ||
			got.Get("X-Frame-Options") != c.frame {
			t.Errorf("%s: %v", c.contentType, got)
		}
	}
}
