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
// over 1 KB goes gzip-compressed to a client that accepts it.
func TestConditionalGETs(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		product := records.StableID("01t", 6)
		category := records.StableID("0ZG", 1)
		admin := s.login(t, "admin@example.com")
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
		s.call(t, "PATCH", "/services/data/v64.0/ui-api/records/"+product, admin,
			`{"fields":{"Description":"Revised for the ETag test"}}`).decode(t, "product edit", 200, &struct{}{})
		for _, path := range []string{productDetail, seoProduct} {
			changed(t, s, path, etags[path], "Revised for the ETag test")
		}
		// The same for the category.
		s.call(t, "PATCH", "/services/data/v64.0/ui-api/records/"+category, admin,
			`{"fields":{"Description":"Category revised for the ETag test"}}`).decode(t, "category edit", 200, &struct{}{})
		for _, path := range []string{categoryDetail, seoCategory} {
			changed(t, s, path, etags[path], "Category revised for the ETag test")
		}
		// What did not change still revalidates with the ETag it had.
		for _, path := range []string{cmsLogo, cmsList} {
			if r := s.callWith(t, "GET", path, "", "", map[string]string{"If-None-Match": etags[path]}); r.status != 304 {
				t.Fatalf("%s unchanged: %d, want 304", path, r.status)
			}
		}

		// gzip: the product detail is over 1 KB and comes compressed to a client that accepts gzip, the same bytes
		// once inflated; a client that does not ask gets it as it is.
		plain := s.get(t, productDetail, "")
		if plain.status != 200 || len(plain.body) < 1024 || plain.header.Get("Content-Encoding") != "" {
			t.Fatalf("product detail without gzip: %d, %d bytes, Content-Encoding %q", plain.status, len(plain.body),
				plain.header.Get("Content-Encoding"))
		}
		zipped := s.callWith(t, "GET", productDetail, "", "", map[string]string{"Accept-Encoding": "gzip"})
		if zipped.status != 200 || zipped.header.Get("Content-Encoding") != "gzip" ||
			!strings.Contains(zipped.header.Get("Vary"), "Accept-Encoding") || zipped.header.Get("ETag") != plain.header.Get("ETag") {
			t.Fatalf("product detail with gzip: %d %v", zipped.status, zipped.header)
		}
		if got := gunzip(t, zipped.body); got != plain.body {
			t.Fatalf("inflated body differs:\n%s\nwant\n%s", got, plain.body)
		}
		// An answer under 1 KB is not worth compressing.
		small := s.callWith(t, "GET", cmsLogo, "", "", map[string]string{"Accept-Encoding": "gzip"})
		if small.status != 200 || len(small.body) >= 1024 || small.header.Get("Content-Encoding") != "" {
			t.Fatalf("small answer with gzip: %d, %d bytes, Content-Encoding %q", small.status, len(small.body),
				small.header.Get("Content-Encoding"))
		}
	})
}

// revalidates GETs path as a guest (200 with an ETag), then again with If-None-Match (304, no body, the same ETag),
// and returns the ETag.
func revalidates(t *testing.T, s *demoSite, path string) string {
	t.Helper()
	first := s.get(t, path, "")
	etag := first.header.Get("ETag")
	if first.status != 200 || etag == "" {
		t.Fatalf("GET %s: %d, ETag %q, Cache-Control %q", path, first.status, etag, first.header.Get("Cache-Control"))
	}
	again := s.callWith(t, "GET", path, "", "", map[string]string{"If-None-Match": etag})
	if again.status != 304 || again.body != "" || again.header.Get("ETag") != etag {
		t.Fatalf("GET %s with If-None-Match %s: %d, ETag %q, body %q; want 304, the same ETag, no body", path, etag,
			again.status, again.header.Get("ETag"), again.body)
	}
	return etag
}

// changed checks that path, asked with its old ETag, answers 200 with a new ETag and a body holding want; the new
// ETag revalidates in turn.
func changed(t *testing.T, s *demoSite, path, oldETag, want string) {
	t.Helper()
	r := s.callWith(t, "GET", path, "", "", map[string]string{"If-None-Match": oldETag})
	if r.status != 200 || r.header.Get("ETag") == "" || r.header.Get("ETag") == oldETag || !strings.Contains(r.body, want) {
		t.Fatalf("GET %s after a change, with the old ETag %s: %d, ETag %q, body %s", path, oldETag, r.status,
			r.header.Get("ETag"), r.body)
	}
	if again := revalidates(t, s, path); again != r.header.Get("ETag") {
		t.Fatalf("GET %s: ETag %s, then %s for the same answer", path, r.header.Get("ETag"), again)
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
