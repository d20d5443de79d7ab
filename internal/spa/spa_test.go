package spa

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

const indexHTML = `<!doctype html><html lang="en"><head>` +
	`<script type="module" crossorigin src="/assets/index-abc123.js"></script>` +
	`<link rel="stylesheet" crossorigin href="/assets/index-def456.css"></head>` +
	`<body><div id="root"></div></body></html>`

func testFS() fstest.MapFS {
	return fstest.MapFS{
		"index.html":              {Data: []byte(indexHTML)},
		"assets/index-abc123.js":  {Data: []byte("console.log('app')")},
		"assets/index-def456.css": {Data: []byte("body{margin:0}")},
		"robots.txt":              {Data: []byte("User-agent: *\n")},
		".keep":                   {Data: nil},
	}
}

func get(t *testing.T, h http.Handler, method, target string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, target, nil))
	return rec
}

func TestDeepLinksServeIndex(t *testing.T) {
	h := Handler(testFS(), "")
	for _, target := range []string{"/", "/cart", "/global-search/x", "/global-search/some.thing", "/global-search/a%2Fb", "/login?startURL=%2Fcart", "/a/../cart", "/Login/"} {
		rec := get(t, h, http.MethodGet, target)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: status %d, want 200", target, rec.Code)
		}
		if got := rec.Header().Get("Content-Type"); got != "text/html; charset=utf-8" {
			t.Errorf("%s: content type %q", target, got)
		}
		if got := rec.Header().Get("Cache-Control"); got != "no-cache" {
			t.Errorf("%s: cache control %q, want no-cache", target, got)
		}
		if rec.Body.String() != indexHTML {
			t.Errorf("%s: body is not index.html: %q", target, rec.Body.String())
		}
	}
}

// A path that is none of the app's pages gets the app (which shows its not-found page) with status 404.
func TestUnknownPageIs404WithTheApp(t *testing.T) {
	h := Handler(testFS(), "")
	for _, target := range []string{"/nope", "/index.html", "/product/x", "/global-search/a/b", "/checkout/x", "/login/extra"} {
		rec := get(t, h, http.MethodGet, target)
		if rec.Code != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", target, rec.Code)
		}
		if rec.Body.String() != indexHTML {
			t.Errorf("%s: body is not index.html: %q", target, rec.Body.String())
		}
		if got := rec.Header().Get("Content-Type"); got != "text/html; charset=utf-8" {
			t.Errorf("%s: content type %q", target, got)
		}
		if got := rec.Header().Get("Cache-Control"); got != "no-cache" {
			t.Errorf("%s: cache control %q", target, got)
		}
	}
	head := get(t, h, http.MethodHead, "/nope")
	if head.Code != http.StatusNotFound || head.Body.Len() != 0 || head.Header().Get("Content-Length") != fmt.Sprint(len(indexHTML)) {
		t.Errorf("HEAD /nope: %d, body %d bytes, length %q", head.Code, head.Body.Len(), head.Header().Get("Content-Length"))
	}
}

func TestAssetServedWithTypeAndLongCache(t *testing.T) {
	h := Handler(testFS(), "")
	rec := get(t, h, http.MethodGet, "/assets/index-abc123.js")
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d", rec.Code)
	}
	if got := rec.Header().Get("Content-Type"); got != "text/javascript; charset=utf-8" {
		t.Errorf("content type %q", got)
	}
	if got := rec.Header().Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
		t.Errorf("cache control %q", got)
	}
	if rec.Body.String() != "console.log('app')" {
		t.Errorf("body %q", rec.Body.String())
	}
	css := get(t, h, http.MethodGet, "/assets/index-def456.css")
	if got := css.Header().Get("Content-Type"); got != "text/css; charset=utf-8" {
		t.Errorf("css content type %q", got)
	}
}

func TestMissingAssetIs404NotIndex(t *testing.T) {
	h := Handler(testFS(), "")
	for _, target := range []string{"/assets/x.js", "/assets/", "/assets"} {
		rec := get(t, h, http.MethodGet, target)
		if rec.Code != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", target, rec.Code)
		}
		if strings.Contains(rec.Body.String(), "<div id=\"root\">") {
			t.Errorf("%s: served index.html", target)
		}
	}
}

func TestOtherRealFilesServed(t *testing.T) {
	h := Handler(testFS(), "")
	rec := get(t, h, http.MethodGet, "/robots.txt")
	if rec.Code != http.StatusOK || rec.Body.String() != "User-agent: *\n" {
		t.Fatalf("robots.txt: %d %q", rec.Code, rec.Body.String())
	}
	if got := rec.Header().Get("Cache-Control"); got != "no-cache" {
		t.Errorf("cache control %q", got)
	}
}

func TestIndexRevalidatesWithETag(t *testing.T) {
	h := Handler(testFS(), "")
	first := get(t, h, http.MethodGet, "/cart")
	tag := first.Header().Get("ETag")
	if tag == "" {
		t.Fatal("no ETag on index.html")
	}
	req := httptest.NewRequest(http.MethodGet, "/faq", nil)
	req.Header.Set("If-None-Match", tag)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotModified {
		t.Errorf("status %d, want 304", rec.Code)
	}
}

func TestBasePath(t *testing.T) {
	h := Handler(testFS(), "/store/")
	rec := get(t, h, http.MethodGet, "/store/cart")
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d", rec.Code)
	}
	body := rec.Body.String()
	if !strings.Contains(body, `src="/store/assets/index-abc123.js"`) || !strings.Contains(body, `href="/store/assets/index-def456.css"`) {
		t.Errorf("asset references not under the base path: %s", body)
	}
	if rec := get(t, h, http.MethodGet, "/store"); rec.Code != http.StatusOK {
		t.Errorf("/store: status %d", rec.Code)
	}
	if rec := get(t, h, http.MethodGet, "/store/nope"); rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), `src="/store/assets/index-abc123.js"`) {
		t.Errorf("/store/nope: status %d, want 404 with the app", rec.Code)
	}
	if rec := get(t, h, http.MethodGet, "/store/assets/index-abc123.js"); rec.Code != http.StatusOK || rec.Body.String() != "console.log('app')" {
		t.Errorf("asset under base: %d", rec.Code)
	}
	for _, target := range []string{"/cart", "/storefront/cart", "/assets/index-abc123.js"} {
		if rec := get(t, h, http.MethodGet, target); rec.Code != http.StatusNotFound {
			t.Errorf("%s outside the base path: status %d, want 404", target, rec.Code)
		}
	}
}

func TestMethodsAndHead(t *testing.T) {
	h := Handler(testFS(), "")
	rec := get(t, h, http.MethodPost, "/cart")
	if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: %d allow=%q", rec.Code, rec.Header().Get("Allow"))
	}
	head := get(t, h, http.MethodHead, "/cart")
	if head.Code != http.StatusOK || head.Body.Len() != 0 {
		t.Errorf("HEAD: %d body=%d", head.Code, head.Body.Len())
	}
}

func TestNotBuilt(t *testing.T) {
	h := Handler(fstest.MapFS{".keep": {Data: nil}}, "")
	rec := get(t, h, http.MethodGet, "/cart")
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "npm run build") {
		t.Errorf("status %d body %q", rec.Code, rec.Body.String())
	}
}

// Every HTML answer of the app, found or not, carries the policy and refuses framing by other sites.
func TestHTMLCarriesTheSecurityPolicy(t *testing.T) {
	h := Handler(testFS(), "/store")
	for _, target := range []string{"/store", "/store/cart", "/store/nope"} {
		rec := get(t, h, http.MethodGet, target)
		csp := rec.Header().Get("Content-Security-Policy")
		for _, directive := range []string{"default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: https:",
			"connect-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'self'"} {
			if !strings.Contains(csp, directive+";") && !strings.HasSuffix(csp, directive) {
				t.Errorf("%s: policy %q lacks %q", target, csp, directive)
			}
		}
		if got := rec.Header().Get("X-Frame-Options"); got != "SAMEORIGIN" {
			t.Errorf("%s: X-Frame-Options %q", target, got)
		}
	}
	// Scripts and styles do not need one.
	if rec := get(t, h, http.MethodGet, "/store/assets/index-abc123.js"); rec.Header().Get("Content-Security-Policy") != "" {
		t.Errorf("asset with a policy")
	}
}

func TestResetPasswordPageSendsNoReferrer(t *testing.T) {
	h := Handler(testFS(), "/shop")
	rec := get(t, h, http.MethodGet, "/shop/reset-password?token=secret")
	if rec.Code != http.StatusOK || rec.Header().Get("Referrer-Policy") != "no-referrer" {
		t.Fatalf("reset page: %d Referrer-Policy %q", rec.Code, rec.Header().Get("Referrer-Policy"))
	}
	if other := get(t, h, http.MethodGet, "/shop/login"); other.Header().Get("Referrer-Policy") != "" {
		t.Fatalf("other pages keep the site-wide policy: %q", other.Header().Get("Referrer-Policy"))
	}
}
