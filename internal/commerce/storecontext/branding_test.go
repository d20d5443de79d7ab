package storecontext

import (
	"context"
	"testing"

	"storefront/internal/platform/db"
)

func TestLoadBrandingColoursAndLogo(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		bare := insert(t, d, "webstore", "0ZE", map[string]any{"name": "Bare"})
		b, err := LoadBranding(ctx, d, bare)
		if err != nil {
			t.Fatal(err)
		}
		if *b != (Branding{HeaderBackgroundColor: "#1B2A41", PromoBarBackgroundColor: "#C23934"}) {
			t.Fatalf("blank columns and no logo: %+v", b)
		}

		styled := insert(t, d, "webstore", "0ZE", map[string]any{"name": "Styled",
			"headerbackgroundcolor": " #0a1b2c ", "promobarbackgroundcolor": "red;background:url(x)"})
		insert(t, d, "managedcontent", "20Y", map[string]any{"contentkey": "MCDRAFTLOGO", "title": "Draft",
			"contenttype": "cms_image", "urlname": "logo", "ispublished": false})
		insert(t, d, "managedcontent", "20Y", map[string]any{"contentkey": "MCDOCLOGO", "title": "Doc",
			"contenttype": "cms_document", "urlname": "logo", "ispublished": true})
		insert(t, d, "managedcontent", "20Y", map[string]any{"contentkey": "MCBANNER", "title": "Banner",
			"contenttype": "cms_image", "urlname": "home-banner", "ispublished": true})
		insert(t, d, "managedcontent", "20Y", map[string]any{"contentkey": "MCLOGO", "title": "Logo",
			"contenttype": "cms_image", "urlname": "logo", "ispublished": true})
		b, err = LoadBranding(ctx, d, styled)
		if err != nil {
			t.Fatal(err)
		}
		// A valid colour is trimmed and upper-cased; anything that is not #RRGGBB falls back to the default.
		want := Branding{HeaderBackgroundColor: "#0A1B2C", PromoBarBackgroundColor: "#C23934", LogoContentKey: "MCLOGO"}
		if *b != want {
			t.Fatalf("got %+v, want %+v", b, want)
		}
	})
}
