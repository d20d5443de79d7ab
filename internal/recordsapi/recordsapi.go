// Package recordsapi is what the APIs over the records engine share: the UI API's endpoint groups (package uiapi),
// sObject REST (package sobjects) and the query resources (package soql). It holds the signed-in wrapper, the
// mapping of engine errors to each API's error body, the record representations (UI API and REST) and the describe
// helpers (type names, which fields a caller sees, record types, child relationships), so that a new endpoint group
// is a small package of handlers over these.
package recordsapi

import (
	"net/http"
	"strings"

	"storefront/internal/apiversion"
	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Call is a handler of a records API given the signed-in caller.
type Call func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error

// SignedIn turns a call into a handler that refuses guests (401): the records APIs are for staff, API clients and
// buyers within their visibility. Answers are never cached, and the engine's errors become the dialect's bodies.
func SignedIn(d Dialect, next Call) http.Handler {
	return httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		actor := identity.FromContext(r.Context())
		if !records.Signed(actor) {
			return httpx.Unauthorized()
		}
		w.Header().Set("Cache-Control", "no-store")
		return d.Error(next(w, withDuplicateHeader(r), actor))
	})
}

// NotFound is the one answer for objects and records that are unknown, malformed or out of the caller's sight, so
// that an answer never tells which.
func NotFound() *httpx.Error { return httpx.NotFound("The requested resource does not exist") }

// Version is the version segment of the call's URL ("v61.0"): URLs in answers keep the version the client asked.
func Version(r *http.Request) string { return "v" + apiversion.FromContext(r.Context()) }

// RequestPath is the call's path as the client asked it, in the version it asked (the routes are v64.0's), for the
// url fields of answers.
func RequestPath(r *http.Request) string {
	return strings.Replace(r.URL.Path, "/v64.0/", "/"+Version(r)+"/", 1)
}

// SplitList reads a comma-separated parameter, also given repeated (fields=a,b&fields=c), without empty entries.
func SplitList(values ...string) []string {
	var out []string
	for _, v := range values {
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}
