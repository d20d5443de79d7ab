package avatars_test

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
)

// Every icon URL object-info and the avatars name is a real image, cached and revalidated by ETag.
func TestThemeIconsResolve(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := signIn(t, s, "admin@example.com")
		dir := admin.do("GET", "/object-info", "")
		objects := dir.json.(map[string]any)["objects"].(map[string]any)
		if len(objects) < 5 {
			t.Fatalf("object-info directory: %s", dir.body)
		}
		guest := signIn(t, s, "") // an <img> sends no token
		for name := range objects {
			info := admin.do("GET", "/object-info/"+name, "")
			icon := info.json.(map[string]any)["themeInfo"].(map[string]any)["iconUrl"].(string)
			r := guest.do("GET", icon, "")
			if r.status != 200 || r.header.Get("Content-Type") != "image/png" {
				t.Fatalf("%s: GET %s: %d %s", name, icon, r.status, r.header.Get("Content-Type"))
			}
			img, err := png.Decode(bytes.NewReader(r.body))
			if err != nil || img.Bounds().Dx() != 120 || img.Bounds().Dy() != 120 {
				t.Fatalf("%s: %s is not a 120px PNG: %v", name, icon, err)
			}
			if r.header.Get("Cache-Control") != "public, max-age=86400" || r.header.Get("ETag") == "" {
				t.Fatalf("%s: caching headers %v", name, r.header)
			}
		}

		// Revalidation, the SVG form, and names that are no icon.
		png1 := guest.do("GET", "/img/icon/t4v35/standard/account_120.png", "")
		if r := guest.do("GET", "/img/icon/t4v35/standard/account_120.png", "", "If-None-Match", png1.header.Get("ETag")); r.status != 304 || len(r.body) != 0 {
			t.Fatalf("If-None-Match: %d", r.status)
		}
		svg := guest.do("GET", "/img/icon/t4v35/standard/account.svg", "")
		if svg.status != 200 || svg.header.Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(string(svg.body), "<svg ") ||
			!strings.Contains(string(svg.body), `fill="#7F8DE1"`) {
			t.Fatalf("svg: %d %s %s", svg.status, svg.header.Get("Content-Type"), svg.body)
		}
		if r := guest.do("GET", "/img/icon/t4v35/custom/custom1_120.png", ""); r.status != 200 || r.header.Get("Content-Type") != "image/png" {
			t.Fatalf("custom icon: %d", r.status)
		}
		for _, bad := range []string{"standard/nosuchobject_120.png", "standard/account_120.gif", "custom/custom2_120.png",
			"other/account_120.png", "standard/Account_120.png"} {
			if r := guest.do("GET", "/img/icon/t4v35/"+bad, ""); r.status != 404 {
				t.Fatalf("%s: %d, want 404", bad, r.status)
			}
		}
	})
}
