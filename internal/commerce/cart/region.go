package cart

import "strings"

// countryNames maps the country names addresses hold to ISO codes, for the countries stores ship to most; a
// two-letter value is taken as a code already.
var countryNames = map[string]string{
	"united states": "US", "united states of america": "US", "usa": "US", "canada": "CA", "mexico": "MX",
	"united kingdom": "GB", "germany": "DE", "france": "FR", "japan": "JP", "australia": "AU",
}

// countryCode is the ISO code of a country as an address spells it ("" when unknown).
func countryCode(s string) string {
	s = strings.TrimSpace(s)
	if len(s) == 2 {
		return strings.ToUpper(s)
	}
	return countryNames[strings.ToLower(s)]
}

func equalFoldTrim(a, b string) bool {
	return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
}
