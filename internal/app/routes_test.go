package app

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestUnderBasePathRoutesServerPathsAndLeavesTheRestToTheApp(t *testing.T) {
	seen := ""
	h := underBasePath("/shop", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { seen = r.URL.Path }))
	cases := map[string]string{
		"/shop/services/data/v64.0/ui-api/object-info/Account": "/services/data/v64.0/ui-api/object-info/Account",
		"/shop/api/site":          "/api/site",
		"/shop/logout":            "/logout",
		"/services/oauth2/token":  "/services/oauth2/token", // the root paths keep working
		"/shop/cart":              "/shop/cart",             // the web app keeps its base path
		"/shop/global-search/api": "/shop/global-search/api",
	}
	for in, want := range cases {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", in, nil))
		if seen != want {
			t.Errorf("%s reached the mux as %s, want %s", in, seen, want)
		}
	}
}
