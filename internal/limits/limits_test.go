package limits

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"storefront/internal/identity"
)

// TestDailyCount: REST calls count, other paths do not, and a new UTC day starts again from the full allocation.
func TestDailyCount(t *testing.T) {
	now := time.Date(2026, 11, 25, 23, 59, 0, 0, time.UTC)
	c := &Counter{Now: func() time.Time { return now }}
	h := c.Count(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	for _, p := range []string{"/services/data/v64.0/query", "/services/data/v61.0/sobjects", "/api/site", "/services/oauth2/token"} {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", p, nil))
	}
	remaining := func() string {
		rec := httptest.NewRecorder()
		r := httptest.NewRequest("GET", "/services/data/v64.0/limits", nil)
		r = r.WithContext(identity.WithPrincipal(r.Context(), &identity.Principal{UserID: "005x"}))
		c.Handler().ServeHTTP(rec, r)
		return rec.Body.String()
	}
	if got := remaining(); got != `{"DailyApiRequests":{"Max":100000,"Remaining":99998}}`+"\n" {
		t.Fatalf("today: %s", got)
	}
	now = now.Add(2 * time.Minute)
	if got := remaining(); got != `{"DailyApiRequests":{"Max":100000,"Remaining":100000}}`+"\n" {
		t.Fatalf("the next day: %s", got)
	}
}
