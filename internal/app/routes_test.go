package app

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"storefront/internal/platform/config"
)

func TestUnderBasePathRoutesServerPathsAndLeavesTheRestToTheApp(t *testing.T) {
	seen := ""
	record := func(who string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { seen = who + " " + r.URL.Path })
	}
	h := underBasePath("/shop", record("server"), record("web"))
	cases := map[string]string{
		"/shop/services/data/v64.0/ui-api/object-info/Account": "server /services/data/v64.0/ui-api/object-info/Account",
		"/shop/api/site":           "server /api/site",
		"/shop/logout":             "server /logout",
		"/services/oauth2/token":   "server /services/oauth2/token", // the root paths keep working
		"/shop/cart":               "web /shop/cart",                // the web app keeps its base path
		"/shop/global-search/api":  "web /shop/global-search/api",
		"/shopping/services/x":     "web /shopping/services/x", // not under the base path
		"/shop/cms/delivery/media": "server /cms/delivery/media",
	}
	for in, want := range cases {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", in, nil))
		if seen != want {
			t.Errorf("%s reached %s, want %s", in, seen, want)
		}
	}
}

// emptyApp is the application over a migrated, empty SQLite database, under the site base path base.
func emptyApp(t *testing.T, base string) *App {
	t.Helper()
	a, err := Open(context.Background(), config.Config{DB: "sqlite://" + filepath.Join(t.TempDir(), "r.db"), BasePath: base},
		slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

func emptyServer(t *testing.T, base string) http.Handler { return emptyApp(t, base).Handler() }

// The README's API table documents every route of the routing table, and each path it names has routes.
func TestTheReadmeDocumentsEveryRoute(t *testing.T) {
	raw, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(raw), "\n## API\n")
	section, _, _ = strings.Cut(section, "\n## ")
	var documented []*regexp.Regexp
	for _, line := range strings.Split(section, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cell := strings.Split(line, "|")[1]
		for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(cell, -1) {
			expr := regexp.QuoteMeta(m[1])
			expr = regexp.MustCompile(`\\\{[A-Za-z]+\\\}`).ReplaceAllString(expr, `[^/]+`)
			expr = strings.TrimSuffix(expr, `\.\.\.`) // "/prefix/..." names everything under it
			if !strings.HasSuffix(m[1], "...") {
				expr += "$"
			}
			documented = append(documented, regexp.MustCompile("^"+expr))
		}
	}
	for _, probe := range []string{"`GET /healthz`", "`GET /readyz`"} {
		if !strings.Contains(string(raw), probe) {
			t.Errorf("the README does not document %s", probe)
		}
	}
	used := make([]bool, len(documented))
	for _, rt := range emptyApp(t, "").Routes() {
		_, path, _ := strings.Cut(rt.Pattern, " ")
		found := path == "/healthz" || path == "/readyz"
		for i, re := range documented {
			if re.MatchString(path) {
				found, used[i] = true, true
			}
		}
		if !found {
			t.Errorf("%s is not in the README's API table", rt.Pattern)
		}
	}
	for i, re := range documented {
		if !used[i] {
			t.Errorf("the README's API table names %s, which no route serves", re)
		}
	}
}

// Under the API's prefixes, what no route claims is the API's JSON error, never the web app: 404 NOT_FOUND for an
// unknown path, 405 METHOD_NOT_ALLOWED with Allow for a known path and another method. Under the base path too.
func TestUnroutedAPIPathsAnswerTheAPIsJSONError(t *testing.T) {
	const notFound = `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`
	commerce := "/services/data/v64.0/commerce/webstores/0ZE000000000001AAA/"
	for _, base := range []string{"", "/shop"} {
		h := emptyServer(t, base)
		for _, c := range []struct {
			method, path string
			status       int
			allow, body  string
		}{
			{"GET", "/services/nope", 404, "", notFound},
			{"GET", "/services/data/v64.0/ui-api/nope/x", 404, "", notFound},
			{"POST", "/api/nope", 404, "", notFound},
			{"GET", "/lwr/apex/v64.0/Foo", 404, "", notFound},
			{"DELETE", "/lwr/", 404, "", notFound},
			{"DELETE", "/api/site", 405, "GET, HEAD",
				`[{"errorCode":"METHOD_NOT_ALLOWED","message":"HTTP Method 'DELETE' not allowed. Allowed are GET,HEAD"}]`},
			{"GET", "/services/oauth2/token", 405, "POST",
				`[{"errorCode":"METHOD_NOT_ALLOWED","message":"HTTP Method 'GET' not allowed. Allowed are POST"}]`},
			{"PUT", commerce + "carts/current/cart-items/0a9000000000001AAA", 405, "PATCH, DELETE",
				`[{"errorCode":"METHOD_NOT_ALLOWED","message":"HTTP Method 'PUT' not allowed. Allowed are PATCH,DELETE"}]`},
			{"PATCH", commerce + "carts", 405, "POST, PUT",
				`[{"errorCode":"METHOD_NOT_ALLOWED","message":"HTTP Method 'PATCH' not allowed. Allowed are POST,PUT"}]`},
			{"OPTIONS", "/lwr/apex/v64.0/A/b", 405, "GET, HEAD, POST",
				`[{"errorCode":"METHOD_NOT_ALLOWED","message":"HTTP Method 'OPTIONS' not allowed. Allowed are GET,HEAD,POST"}]`},
		} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(c.method, base+c.path, nil))
			if rec.Code != c.status || rec.Header().Get("Allow") != c.allow ||
				rec.Header().Get("Content-Type") != "application/json;charset=UTF-8" || strings.TrimSpace(rec.Body.String()) != c.body {
				t.Errorf("%s %s%s: %d Allow %q %s %s, want %d Allow %q %s", c.method, base, c.path, rec.Code,
					rec.Header().Get("Allow"), rec.Header().Get("Content-Type"), rec.Body, c.status, c.allow, c.body)
			}
		}
		// The rest is still the web app (its page, or a plain-text 503 when it is not built).
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", base+"/product/pen/01t000000000001AAA", nil))
		if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			t.Errorf("a deep link of the web app answered JSON: %d %s", rec.Code, rec.Body)
		}
	}
}

// Every response carries the security headers, JSON ones included; the API's answers may not be framed.
func TestResponsesCarryTheSecurityHeaders(t *testing.T) {
	h := emptyServer(t, "")
	for _, path := range []string{"/api/site", "/services/nope", "/healthz"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		got := rec.Header()
		if got.Get("X-Content-Type-Options") != "nosniff" || got.Get("Referrer-Policy") != "strict-origin-when-cross-origin" ||
			got.Get("X-Frame-Options") != "DENY" {
			t.Errorf("GET %s (%d): headers %v", path, rec.Code, got)
		}
	}
}

// The server's own paths refuse a NUL or bytes that are not UTF-8 before any handler runs; the web app's paths are
// left to the web app.
func TestServerPathsRefuseTextNoDatabaseStores(t *testing.T) {
	h := emptyServer(t, "/shop")
	for _, target := range []string{"/services/oauth2/token%00", "/shop/api/site?x=%FF", "/cms/delivery/media/%00"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), `"errorCode":"INVALID_API_INPUT"`) {
			t.Errorf("GET %s: %d %s", target, rec.Code, rec.Body)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/shop/global-search/%FF", nil))
	if rec.Code == 400 {
		t.Errorf("a web app path was refused: %s", rec.Body)
	}
}
