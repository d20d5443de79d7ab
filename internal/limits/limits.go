// Package limits serves GET /services/data/vXX.X/limits, the org limits that the Salesforce CLI's org list limits
// and the client libraries' limits() read, in Salesforce's shape: {"DailyApiRequests":{"Max":..,"Remaining":..}}.
package limits

import (
	"net/http"
	"strings"
	"sync"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// DailyAPIRequests is the daily allocation the answer names: Salesforce's base allocation of an Enterprise
// Edition org. Storefront refuses no call for it; Remaining counts down as this instance answers REST calls.
const DailyAPIRequests = 100_000

// Limit is one entry of the answer.
type Limit struct {
	Max       int64 `json:"Max"`
	Remaining int64 `json:"Remaining"`
}

// Counter counts the REST API calls an instance answers in the current UTC day.
type Counter struct {
	mu  sync.Mutex
	day string
	n   int64
	Now func() time.Time // the clock; time.Now when nil
}

func (c *Counter) today() string {
	now := time.Now
	if c.Now != nil {
		now = c.Now
	}
	return now().UTC().Format(time.DateOnly)
}

// used is the number of calls answered today, starting a new day's count when the day changed.
func (c *Counter) used(add int64) int64 {
	day := c.today()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.day != day {
		c.day, c.n = day, 0
	}
	c.n += add
	return c.n
}

// Count counts each request under /services/data/ (a composite request is one call, as in Salesforce: its
// subrequests do not pass here again).
func (c *Counter) Count(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/services/data/") {
			c.used(1)
		}
		next.ServeHTTP(w, r)
	})
}

// Handler is GET limits, for signed-in callers.
func (c *Counter) Handler() http.Handler {
	return httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		if !records.Signed(identity.FromContext(r.Context())) {
			return httpx.Unauthorized()
		}
		used := c.used(0)
		w.Header().Set("Cache-Control", "no-store")
		httpx.WriteJSON(w, http.StatusOK, map[string]Limit{
			"DailyApiRequests": {Max: DailyAPIRequests, Remaining: max(0, DailyAPIRequests-used)},
		})
		return nil
	})
}
