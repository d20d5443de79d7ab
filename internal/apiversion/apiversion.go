// Package apiversion serves the REST API under every version it lists. The routing table names each call once,
// under the latest version; Rewrite maps a request for an older listed version onto it (remembering the version the
// client asked for), so clients pinned to v61.0 reach the same handlers, and anything else under /services/data/
// that names no listed version is the API's 404.
package apiversion

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"storefront/internal/platform/httpx"
)

// Latest is the version the routing table is written for (its wire format, and the version an unversioned answer
// names); Oldest and Newest bound the versions served: v31.0 (Summer '14), the oldest Salesforce still serves, to
// v68.0 (Winter '27), the newest it has released. Clients built today ask for versions after the table's, and one
// that gets a 404 on its first call goes no further, so every released version reaches the table.
const (
	Latest = "64.0"
	Oldest = 31
	Newest = 68
)

// Prefix is where the versioned REST API lives.
const Prefix = "/services/data/"

// seasons names the releases: version 32.0 is Winter '15, and every version after it is the next season (three a
// year, Winter named for the year after the autumn it comes out in).
var seasons = [...]string{"Winter", "Spring", "Summer"}

// Version is one entry of GET /services/data.
type Version struct {
	Label   string `json:"label"`
	URL     string `json:"url"`
	Version string `json:"version"`
}

// List is every version served, oldest first.
func List() []Version {
	out := make([]Version, 0, Newest-Oldest+1)
	for n := Oldest; n <= Newest; n++ {
		i := n - 32          // 32.0 is Winter '15
		year := 14 + (i+3)/3 // i+3 keeps the division on whole years for 31.0 (Summer '14)
		out = append(out, Version{Label: fmt.Sprintf("%s '%02d", seasons[(i%3+3)%3], year),
			URL: fmt.Sprintf("/services/data/v%d.0", n), Version: fmt.Sprintf("%d.0", n)})
	}
	return out
}

// NewestVersion is Newest as a version string ("68.0"): what "latest" names to clients.
func NewestVersion() string { return fmt.Sprintf("%d.0", Newest) }

// Valid reports whether v ("61.0") is a version served.
func Valid(v string) bool {
	major, ok := strings.CutSuffix(v, ".0")
	if !ok || len(major) != 2 || major[0] < '0' || major[0] > '9' || major[1] < '0' || major[1] > '9' {
		return false
	}
	n := int(major[0]-'0')*10 + int(major[1]-'0')
	return n >= Oldest && n <= Newest
}

type versionKey struct{}

// FromContext is the version the client asked for ("61.0"); Latest outside a versioned request. Handlers whose
// answers embed their own URLs use it so the URLs stay under the client's version.
func FromContext(ctx context.Context) string {
	if v, ok := ctx.Value(versionKey{}).(string); ok {
		return v
	}
	return Latest
}

// Path is path (written for Latest, "/services/data/v64.0/...") under the version the request asked for.
func Path(ctx context.Context, path string) string {
	v := FromContext(ctx)
	if v == Latest {
		return path
	}
	return strings.Replace(path, "/v"+Latest+"/", "/v"+v+"/", 1)
}

// Rewrite serves every listed version's /services/data/vXX.X/... from the routing table's /services/data/v64.0/...
// and answers 404 NOT_FOUND for a segment after /services/data/ that is not a listed version. /services/data/ and
// /services/data/vXX.X/ are their paths without the trailing slash, so the table names each once.
func Rewrite(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rest, ok := strings.CutPrefix(r.URL.Path, Prefix)
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		segment, tail, _ := strings.Cut(rest, "/")
		v, isVersion := strings.CutPrefix(segment, "v")
		if segment != "" && (!isVersion || !Valid(v)) {
			httpx.WriteError(w, r, httpx.NotFound("The requested resource does not exist"))
			return
		}
		path := strings.TrimSuffix(Prefix, "/") // /services/data/ is the version list
		if segment == "" {
			v = Latest
		} else if path = Prefix + "v" + Latest; tail != "" {
			path += "/" + tail
		}
		if path == r.URL.Path && v == Latest && r.Context().Value(versionKey{}) == nil {
			next.ServeHTTP(w, r) // the latest version is what FromContext answers already: no copy of the request
			return
		}
		ctx := context.WithValue(r.Context(), versionKey{}, v)
		if path == r.URL.Path {
			next.ServeHTTP(w, r.WithContext(ctx))
			return
		}
		r2 := r.WithContext(ctx)
		u := *r.URL
		u.Path, u.RawPath = path, ""
		if rawRest, ok := strings.CutPrefix(r.URL.RawPath, Prefix+segment+"/"); ok && tail != "" {
			u.RawPath = Prefix + "v" + Latest + "/" + rawRest // an escaped tail stays escaped as the client sent it
		}
		r2.URL = &u
		next.ServeHTTP(w, r2)
	})
}
