package cart

import (
	"strings"

	"storefront/internal/commerce/storecontext"
)

// countryCode is the ISO code of a country as an address spells it ("" when unknown).
func countryCode(s string) string { return storecontext.CountryCode(s) }

func equalFoldTrim(a, b string) bool {
	return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
}
