package app

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"storefront/internal/demo"
	"storefront/internal/platform/config"
	"storefront/internal/platform/db/dbtest"
)

// The demo store's images are served at the media delivery path from the real handler on a seeded database.
func TestDemoMediaIsServed(t *testing.T) {
	for kind, url := range dbtest.URLs(t) {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			a, err := Open(ctx, config.Config{DB: url}, slog.New(slog.DiscardHandler))
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			if err := a.SeedDemoIfEmpty(ctx); err != nil {
				t.Fatal(err)
			}
			srv := httptest.NewServer(a.Handler())
			defer srv.Close()

			var productURL, productName string
			if err := a.DB.QueryRow(ctx, `SELECT p.displayurl, p.name FROM "product2" p ORDER BY p.id LIMIT 1`).
				Scan(&productURL, &productName); err != nil {
				t.Fatal(err)
			}
			res, body := get(t, srv.URL+productURL, "")
			if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" {
				t.Fatalf("GET %s: %d %s", productURL, res.StatusCode, res.Header.Get("Content-Type"))
			}
			if !strings.HasPrefix(body, "<svg") || !strings.Contains(body, "<title>"+productName+"</title>") {
				t.Fatalf("product image is not an SVG titled %q: %.200s", productName, body)
			}
			if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "max-age=") {
				t.Fatalf("Cache-Control = %q", cc)
			}
			etag := res.Header.Get("ETag")
			if again, _ := get(t, srv.URL+productURL, etag); again.StatusCode != http.StatusNotModified {
				t.Fatalf("revalidation with the ETag: %d, want 304", again.StatusCode)
			}

			// The logo's stored SVG body is served as it is.
			res, body = get(t, srv.URL+"/cms/delivery/media/"+demo.LogoContentKey, "")
			if res.StatusCode != 200 || !strings.Contains(body, "Demo Supply") {
				t.Fatalf("logo: %d %.100s", res.StatusCode, body)
			}

			// /api/site names the demo logo and the demo store's header colours; the demo store keeps guest carts, so
			// its site shows guests the cart badge.
			res, body = get(t, srv.URL+"/api/site", "")
			var site map[string]any
			if res.StatusCode != 200 || json.Unmarshal([]byte(body), &site) != nil ||
				site["logoContentKey"] != demo.LogoContentKey || site["headerBackgroundColor"] != "#1B2A41" ||
				site["promoBarBackgroundColor"] != "#C23934" || site["cartShowToGuest"] != true {
				t.Fatalf("site: %d %s", res.StatusCode, body)
			}

			res, body = get(t, srv.URL+"/cms/delivery/media/MCNOSUCHKEY", "")
			var errs []map[string]string
			if res.StatusCode != 404 || json.Unmarshal([]byte(body), &errs) != nil || len(errs) != 1 || errs[0]["errorCode"] != "NOT_FOUND" {
				t.Fatalf("unknown key: %d %s, want 404 with [{errorCode: NOT_FOUND}]", res.StatusCode, body)
			}
		})
	}
}

func get(t *testing.T, url, ifNoneMatch string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if ifNoneMatch != "" {
		req.Header.Set("If-None-Match", ifNoneMatch)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}
