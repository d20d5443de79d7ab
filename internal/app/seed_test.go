package app

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
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
			tg := &apitest.Target{URL: srv.URL}

			var productURL, productName string
			if err := a.DB.QueryRow(ctx, `SELECT p.displayurl, p.name FROM "product2" p ORDER BY p.id LIMIT 1`).
				Scan(&productURL, &productName); err != nil {
				t.Fatal(err)
			}
			res := tg.Get(t, productURL, "")
			if res.Status != 200 || res.Header.Get("Content-Type") != "image/svg+xml" {
				t.Fatalf("GET %s: %d %s", productURL, res.Status, res.Header.Get("Content-Type"))
			}
			if !strings.HasPrefix(res.Body, "<svg") || !strings.Contains(res.Body, "<title>"+productName+"</title>") {
				t.Fatalf("product image is not an SVG titled %q: %.200s", productName, res.Body)
			}
			if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "max-age=") {
				t.Fatalf("Cache-Control = %q", cc)
			}
			etag := res.Header.Get("ETag")
			if again := tg.Get(t, productURL, "", "If-None-Match", etag); again.Status != http.StatusNotModified {
				t.Fatalf("revalidation with the ETag: %d, want 304", again.Status)
			}

			// The logo's stored SVG res.Body is served as it is.
			res = tg.Get(t, "/cms/delivery/media/"+demo.LogoContentKey, "")
			if res.Status != 200 || !strings.Contains(res.Body, "Demo Supply") {
				t.Fatalf("logo: %d %.100s", res.Status, res.Body)
			}

			// /api/site names the demo logo and the demo store's header colours; the demo store keeps guest carts, so
			// its site shows guests the cart badge.
			res = tg.Get(t, "/api/site", "")
			var site map[string]any
			if res.Status != 200 || json.Unmarshal([]byte(res.Body), &site) != nil ||
				site["logoContentKey"] != demo.LogoContentKey || site["headerBackgroundColor"] != "#1B2A41" ||
				site["promoBarBackgroundColor"] != "#C23934" || site["cartShowToGuest"] != true {
				t.Fatalf("site: %d %s", res.Status, res.Body)
			}

			res = tg.Get(t, "/cms/delivery/media/MCNOSUCHKEY", "")
			var errs []map[string]string
			if res.Status != 404 || json.Unmarshal([]byte(res.Body), &errs) != nil || len(errs) != 1 || errs[0]["errorCode"] != "NOT_FOUND" {
				t.Fatalf("unknown key: %d %s, want 404 with [{errorCode: NOT_FOUND}]", res.Status, res.Body)
			}
		})
	}
}
