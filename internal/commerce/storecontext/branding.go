package storecontext

import (
	"context"
	"database/sql"
	"errors"
	"regexp"
	"strings"

	"storefront/internal/platform/db"
)

// Branding is what the storefront header shows of the store's look: its two background colours (spec section 3,
// header properties) and the CMS media key of its logo.
type Branding struct {
	HeaderBackgroundColor   string
	PromoBarBackgroundColor string
	// LogoContentKey is the content key of the site's logo: the published image whose URL name is "logo".
	// Empty when the site has none; the header then shows the store name.
	LogoContentKey string
}

// The WebStore metadata's defaults for the colour columns (records/catalog_core.go).
const (
	defaultHeaderBackground   = "#1B2A41"
	defaultPromoBarBackground = "#C23934"
)

// hexColour is the only colour form the client accepts (spec section 5: hex colours are 6 digits). Anything else
// stored in the column falls back to the default rather than reaching a style attribute.
var hexColour = regexp.MustCompile(`^#[0-9A-Fa-f]{6}$`)

// LoadBranding reads the header colours of a store and the site's logo key.
func LoadBranding(ctx context.Context, d *db.DB, storeID string) (*Branding, error) {
	var header, promo sql.NullString
	err := d.QueryRow(ctx, `SELECT headerbackgroundcolor, promobarbackgroundcolor FROM webstore WHERE id = ?`, storeID).
		Scan(&header, &promo)
	if err != nil {
		return nil, err
	}
	b := &Branding{
		HeaderBackgroundColor:   colourOrDefault(header, defaultHeaderBackground),
		PromoBarBackgroundColor: colourOrDefault(promo, defaultPromoBarBackground),
	}
	err = d.QueryRow(ctx, `SELECT contentkey FROM managedcontent WHERE urlname = ? AND ispublished = ?
		AND contenttype IN ('cms_image', 'sfdc_cms__image') ORDER BY createddate, id LIMIT 1`, "logo", true).
		Scan(&b.LogoContentKey)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	return b, nil
}

func colourOrDefault(v sql.NullString, def string) string {
	c := strings.TrimSpace(v.String)
	if v.Valid && hexColour.MatchString(c) {
		return strings.ToUpper(c)
	}
	return def
}
