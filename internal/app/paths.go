package app

import (
	"net/http"
	"slices"
	"strings"

	"storefront/internal/platform/httpx"
)

// serverPrefixes are the server's own paths. The web app calls them under the site base path as well, so with a
// base path of /shop, /shop/services/... is /services/...; everything else under /shop is the web app.
var serverPrefixes = []string{"/services/", "/api/", "/lwr/", "/cms/", "/img/", "/id/", "/logout", "/healthz", "/readyz"}

// apiPrefixes are the API's prefixes: a path under them that no route claims is the API's JSON error, never the web
// app's HTML.
var apiPrefixes = []string{"/services/", "/api/", "/lwr/", "/id/", "/img/icon/"}

// allowOrder are the methods the routing table uses, in the order an Allow header lists them.
var allowOrder = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}

func isServerPath(p string) bool {
	return slices.ContainsFunc(serverPrefixes, func(prefix string) bool { return strings.HasPrefix(p, prefix) })
}

// underBasePath sends the server's own paths to server, at the root or under the site base path (stripped), and
// everything else to web.
func underBasePath(base string, server, web http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if rest, ok := strings.CutPrefix(r.URL.Path, base); ok && base != "" && isServerPath(rest) {
			r2 := r.Clone(r.Context())
			r2.URL.Path = rest
			r2.URL.RawPath = strings.TrimPrefix(r.URL.RawPath, base)
			server.ServeHTTP(w, r2)
			return
		}
		if isServerPath(r.URL.Path) {
			server.ServeHTTP(w, r)
			return
		}
		web.ServeHTTP(w, r)
	})
}

// oneLeadingSlash serves a path that starts with several slashes as the path with one: a client that joins an
// instance URL ending in a slash with an absolute path (the Salesforce CLI keeps --instance-url as
// "http://host/" and asks "http://host//services/data/...") reaches the same call, as on Salesforce, where
// ServeMux would answer a redirect that such clients do not follow.
func oneLeadingSlash(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "//") {
			r2 := r.WithContext(r.Context())
			u := *r.URL
			u.Path = "/" + strings.TrimLeft(u.Path, "/")
			if u.RawPath != "" {
				u.RawPath = "/" + strings.TrimLeft(u.RawPath, "/")
			}
			r2.URL = &u
			r = r2
		}
		next.ServeHTTP(w, r)
	})
}

// unroutedAPI answers a request under the API's prefixes that no route of mux claims. A path that ends in a slash is
// first tried without it: Salesforce accepts .../query/?q=..., POST .../sobjects/Account/ and the like, and clients
// send them (simple-salesforce always does), so every route answers with a trailing slash too, while the routes
// written with one ({$}) keep answering as written. Otherwise it answers in the API's error format as Salesforce
// does: 405 METHOD_NOT_ALLOWED with an Allow header when the path has routes for other methods (ServeMux would say
// so in plain text), 404 NOT_FOUND otherwise. The allowed methods are found by asking mux which pattern each method
// would reach.
func unroutedAPI(mux *http.ServeMux) http.Handler {
	return httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		if trimmed, ok := strings.CutSuffix(r.URL.Path, "/"); ok && !strings.HasSuffix(trimmed, "/") &&
			!slices.Contains(apiPrefixes, r.URL.Path) {
			r2 := r.WithContext(r.Context()) // one try: the trimmed path ends in no slash, so it comes back at most once
			u := *r.URL
			u.Path, u.RawPath = trimmed, strings.TrimSuffix(u.RawPath, "/")
			r2.URL = &u
			mux.ServeHTTP(w, r2)
			return nil
		}
		var allowed []string
		for _, m := range allowOrder {
			probe := &http.Request{Method: m, URL: r.URL, Host: r.Host, Header: http.Header{}}
			if _, pattern := mux.Handler(probe); pattern != "" && !slices.Contains(apiPrefixes, pattern) {
				allowed = append(allowed, m)
			}
		}
		if len(allowed) == 0 {
			return httpx.NotFound("The requested resource does not exist")
		}
		w.Header().Set("Allow", strings.Join(allowed, ", "))
		return httpx.Errorf(http.StatusMethodNotAllowed, "METHOD_NOT_ALLOWED", "HTTP Method '%s' not allowed. Allowed are %s",
			r.Method, strings.Join(allowed, ","))
	})
}
