package apiversion

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestList(t *testing.T) {
	list := List()
	if len(list) != 38 || list[0].Version != "31.0" || list[37].Version != "68.0" {
		t.Fatalf("%d versions: %v", len(list), list)
	}
	// The labels Salesforce's guides list their versions under.
	for _, want := range []Version{{"Summer '14", "/services/data/v31.0", "31.0"}, {"Winter '15", "/services/data/v32.0", "32.0"},
		{"Spring '16", "/services/data/v36.0", "36.0"}, {"Winter '21", "/services/data/v50.0", "50.0"},
		{"Summer '24", "/services/data/v61.0", "61.0"}, {"Winter '25", "/services/data/v62.0", "62.0"},
		{"Summer '25", "/services/data/v64.0", "64.0"}, {"Winter '26", "/services/data/v65.0", "65.0"},
		{"Spring '26", "/services/data/v66.0", "66.0"}, {"Summer '26", "/services/data/v67.0", "67.0"},
		{"Winter '27", "/services/data/v68.0", "68.0"}} {
		var n int
		for _, v := range list {
			if v == want {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%v listed %d times", want, n)
		}
	}
}

func TestValid(t *testing.T) {
	for v, want := range map[string]bool{"50.0": true, "61.0": true, "64.0": true, "31.0": true, "67.0": true, "68.0": true,
		"30.0": false, "69.0": false,
		"99.0": false, "61.1": false, "61": false, "abc": false, "6a.0": false, "": false, "061.0": false} {
		if Valid(v) != want {
			t.Errorf("Valid(%q) = %v", v, !want)
		}
	}
}

// TestRewrite: listed versions reach the v64.0 path with the asked version in the context; trailing slashes of the
// list and of a version go; anything else under /services/data/ is 404; other paths pass untouched.
func TestRewrite(t *testing.T) {
	var gotPath, gotRaw, gotVersion string
	h := Rewrite(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotPath, gotRaw, gotVersion = r.URL.Path, r.URL.RawPath, FromContext(r.Context())
	}))
	for _, c := range []struct{ in, path, raw, version string }{
		{"/services/data/v61.0/commerce/webstores/x/products", "/services/data/v64.0/commerce/webstores/x/products", "", "61.0"},
		{"/services/data/v64.0/query?q=SELECT", "/services/data/v64.0/query", "", "64.0"},
		{"/services/data/v50.0", "/services/data/v64.0", "", "50.0"},
		{"/services/data/v67.0/commerce/webstores/x/products", "/services/data/v64.0/commerce/webstores/x/products", "", "67.0"},
		{"/services/data/v31.0/query", "/services/data/v64.0/query", "", "31.0"},
		{"/services/data/v61.0/", "/services/data/v64.0", "", "61.0"},
		{"/services/data/", "/services/data", "", "64.0"},
		{"/services/data", "/services/data", "", "64.0"},
		{"/services/data/v61.0/sobjects/Account/a%2Fb", "/services/data/v64.0/sobjects/Account/a/b", "/services/data/v64.0/sobjects/Account/a%2Fb", "61.0"},
		{"/api/site", "/api/site", "", "64.0"},
	} {
		gotPath, gotRaw, gotVersion = "", "", ""
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", c.in, nil))
		if rec.Code != 200 || gotPath != c.path || gotRaw != c.raw || gotVersion != c.version {
			t.Errorf("%s: %d %q %q %q", c.in, rec.Code, gotPath, gotRaw, gotVersion)
		}
	}
	for _, in := range []string{"/services/data/v30.0", "/services/data/v69.0", "/services/data/v99.0/query", "/services/data/vabc", "/services/data/64.0/query", "/services/data/x"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", in, nil))
		if rec.Code != 404 || rec.Body.String() != `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`+"\n" {
			t.Errorf("%s: %d %s", in, rec.Code, rec.Body)
		}
	}
}

func TestPath(t *testing.T) {
	ctx := context.WithValue(context.Background(), versionKey{}, "61.0")
	if got := Path(ctx, "/services/data/v64.0/query/01g-2000"); got != "/services/data/v61.0/query/01g-2000" {
		t.Errorf("Path = %q", got)
	}
	if got := Path(context.Background(), "/services/data/v64.0/query"); got != "/services/data/v64.0/query" {
		t.Errorf("Path without a version = %q", got)
	}
}
