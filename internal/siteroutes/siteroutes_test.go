package siteroutes

import (
	"crypto/tls"
	"net/http/httptest"
	"testing"
)

func TestPaths(t *testing.T) {
	if p := ProductPath("ballpoint-pen-1", "01t000000000001AAA"); p != "/product/ballpoint-pen-1/01t000000000001AAA" {
		t.Fatal(p)
	}
	if p := CategoryPath(" ", "0ZG000000000001AAA"); p != "/category/detail/0ZG000000000001AAA" {
		t.Fatal(p)
	}
	if p := CategoryPath("a/b c", "0ZG000000000001AAA"); p != "/category/a%2Fb%20c/0ZG000000000001AAA" {
		t.Fatal(p)
	}
}

func TestSiteURL(t *testing.T) {
	r := httptest.NewRequest("GET", "http://shop.example.com/x", nil)
	if u := SiteURL(r, "/shop"); u != "http://shop.example.com/shop" {
		t.Fatal(u)
	}
	r.Header.Set("X-Forwarded-Proto", "https")
	if u := SiteURL(r, ""); u != "https://shop.example.com" {
		t.Fatal(u)
	}
	r = httptest.NewRequest("GET", "https://shop.example.com/x", nil)
	r.TLS = &tls.ConnectionState{}
	if u := SiteURL(r, ""); u != "https://shop.example.com" {
		t.Fatal(u)
	}
}
