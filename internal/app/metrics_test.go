package app

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
)

// GET /metrics serves the Prometheus text format to a loopback scraper: requests per route pattern (not per path),
// statement timings and the pools; a client that is not on the machine is refused without the token.
func TestMetricsCountRequestsPerRoute(t *testing.T) {
	a := emptyApp(t, "")
	a.Config.MetricsToken = "s3cret"
	srv := httptest.NewServer(a.Handler())
	defer srv.Close()
	tg := &apitest.Target{URL: srv.URL}
	for _, id := range []string{"01t000000000001AAA", "01t000000000002AAA"} {
		tg.Get(t, "/services/data/v64.0/commerce/webstores/0ZE000000000000AAA/products/"+id, "")
	}
	tg.Get(t, "/api/site", "") // looks the site's store up: a cache lookup
	resp := tg.Get(t, "/metrics", "")
	if resp.Status != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("GET /metrics: %d %s", resp.Status, resp.Header.Get("Content-Type"))
	}
	text := resp.Body
	route := `route="GET /services/data/v64.0/commerce/webstores/{webstoreId}/products/{productId}"`
	for _, want := range []string{
		`storefront_http_requests_total{code="404",method="GET",` + route + `} `,
		`storefront_http_request_duration_seconds_count{` + route + `} `,
		`storefront_db_statement_duration_seconds_count{kind="query"} `,
		`go_sql_open_connections{db_name="writer"} `,
		`storefront_cart_recalculation_duration_seconds_count `,
		`storefront_cache_lookups_total{cache="stores",result="miss"} `, // /api/site's store: none, so not kept
	} {
		if !strings.Contains(text, want) {
			t.Errorf("/metrics has no line starting %s", want)
		}
	}
	if strings.Contains(text, "01t000000000001AAA") {
		t.Error("/metrics labels a request by its path; want the route pattern")
	}

	// The same request from behind a proxy is not the machine's own scraper.
	for _, c := range []struct {
		auth string
		want int
	}{{"", http.StatusForbidden}, {"Bearer wrong", http.StatusForbidden}, {"Bearer s3cret", http.StatusOK}} {
		req := httptest.NewRequest("GET", "/metrics", nil)
		req.RemoteAddr = "203.0.113.9:5555"
		if c.auth != "" {
			req.Header.Set("Authorization", c.auth)
		}
		rec := httptest.NewRecorder()
		a.Handler().ServeHTTP(rec, req)
		if rec.Code != c.want {
			t.Errorf("remote scraper with %q: %d, want %d", c.auth, rec.Code, c.want)
		}
	}
}
