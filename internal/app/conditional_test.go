package app_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"strings"
	"testing"

	"storefront/internal/demo"
	"storefront/internal/records"
)

// Cacheable GET answers carry an ETag from their bytes end to end: the same GET with If-None-Match is 304 without a
// body, a change to the record underneath gives a new ETag and 200 (the old one no longer matches), and an answer
// of 1,400 bytes or more goes gzip-compressed to a client that accepts it.
func TestConditionalGETs(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		product := records.StableID("01t", 6)
		category := records.StableID("0ZG", 1)
		admin := s.srv.Token(t, "admin@example.com")
		productDetail := "/services/data/v64.0/commerce/webstores/" + demo.StoreID + "/products/" + product
		categoryDetail := "/services/data/v64.0/commerce/webstores/" + demo.StoreID + "/product-categories/" + category
		seoProduct := seoPath(product, "?fields=Name,Description")
		seoCategory := seoPath(category, "?fields=Name,Description")
		cmsLogo := siteContents("/" + demo.LogoContentKey)
		cmsList := siteContents("?contentTypeFQN=sfdc_cms__image&pageSize=100")

		etags := map[string]string{}
		for _, path := range []string{productDetail, categoryDetail, seoProduct, seoCategory, cmsLogo, cmsList} {
			etags[path] = revalidates(t, s, path)
		}

		// A change to the product through the records API: its detail and SEO answers change, and so their ETags.
		s.srv.Call(t, "PATCH", "/services/data/v64.0/ui-api/records/"+product, admin,
			`{"fields":{"Description":"Revised for the ETag test"}}`).Decode(t, "product edit", 200, &struct{}{})
		for _, path := range []string{productDetail, seoProduct} {
			changed(t, s, path, etags[path], "Revised for the ETag test")
		}
		// The same for the category.
		s.srv.Call(t, "PATCH", "/services/data/v64.0/ui-api/records/"+category, admin,
			`{"fields":{"Description":"Category revised for the ETag test"}}`).Decode(t, "category edit", 200, &struct{}{})
		for _, path := range []string{categoryDetail, seoCategory} {
			changed(t, s, path, etags[path], "Category revised for the ETag test")
		}
		// What did not change still revalidates with the ETag it had.
		for _, path := range []string{cmsLogo, cmsList} {
			if r := s.srv.Call(t, "GET", path, "", "", "If-None-Match", etags[path]); r.Status != 304 {
				t.Fatalf("%s unchanged: %d, want 304", path, r.Status)
			}
		}

		// gzip: the product detail is over 1,400 bytes and comes compressed to a client that accepts gzip, the same bytes
		// once inflated; a client that does not ask gets it as it is.
		plain := s.srv.Get(t, productDetail, "")
		if plain.Status != 200 || len(plain.Body) < 1400 || plain.Header.Get("Content-Encoding") != "" {
			t.Fatalf("product detail without gzip: %d, %d bytes, Content-Encoding %q", plain.Status, len(plain.Body),
				plain.Header.Get("Content-Encoding"))
		}
		zipped := s.srv.Call(t, "GET", productDetail, "", "", "Accept-Encoding", "gzip")
		if zipped.Status != 200 || zipped.Header.Get("Content-Encoding") != "gzip" ||
			!strings.Contains(zipped.Header.Get("Vary"), "Accept-Encoding") || zipped.Header.Get("ETag") != plain.Header.Get("ETag") {
			t.Fatalf("product detail with gzip: %d %v", zipped.Status, zipped.Header)
		}
		if got := gunzip(t, zipped.Body); got != plain.Body {
			t.Fatalf("inflated body differs:\n%s\nwant\n%s", got, plain.Body)
		}
		// An answer under 1,400 bytes is not worth compressing.
		small := s.srv.Call(t, "GET", cmsLogo, "", "", "Accept-Encoding", "gzip")
		if small.Status != 200 || len(small.Body) >= 1400 || small.Header.Get("Content-Encoding") != "" {
			t.Fatalf("small answer with gzip: %d, %d bytes, Content-Encoding %q", small.Status, len(small.Body),
				small.Header.Get("Content-Encoding"))
		}
	})
}

// revalidates GETs path as a guest (200 with an ETag), then again with If-None-Match (304, no body, the same ETag),
// and returns the ETag.
func revalidates(t *testing.T, s *demoSite, path string) string {
	t.Helper()
	first := s.srv.Get(t, path, "")
	etag := first.Header.Get("ETag")
	if first.Status != 200 || etag == "" {
		t.Fatalf("GET %s: %d, ETag %q, Cache-Control %q", path, first.Status, etag, first.Header.Get("Cache-Control"))
	}
	again := s.srv.Call(t, "GET", path, "", "", "If-None-Match", etag)
	if again.Status != 304 || again.Body != "" || again.Header.Get("ETag") != etag {
		t.Fatalf("GET %s with If-None-Match %s: %d, ETag %q, body %q; want 304, the same ETag, no body", path, etag,
			again.Status, again.Header.Get("ETag"), again.Body)
	}
	return etag
}

// changed checks that path, asked with its old ETag, answers 200 with a new ETag and a body holding want; the new
// ETag revalidates in turn.
func changed(t *testing.T, s *demoSite, path, oldETag, want string) {
	t.Helper()
	r := s.srv.Call(t, "GET", path, "", "", "If-None-Match", oldETag)
	if r.Status != 200 || r.Header.Get("ETag") == "" || r.Header.Get("ETag") == oldETag || !strings.Contains(r.Body, want) {
		t.Fatalf("GET %s after a change, with the old ETag %s: %d, ETag %q, body %s", path, oldETag, r.Status,
			r.Header.Get("ETag"), r.Body)
	}
	if again := revalidates(t, s, path); again != r.Header.Get("ETag") {
		t.Fatalf("GET %s: ETag %s, then %s for the same answer", path, r.Header.Get("ETag"), again)
	}
}

func gunzip(t *testing.T, body string) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader([]byte(body)))
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
