package account

import "strings"

// lastNameFirst are the countries (ISO codes) where a full name starts with the last name (spec/storefront.md
// section 5). The web data layer applies the same rule to the names it builds itself.
var lastNameFirst = map[string]bool{
	"CN": true, "HU": true, "JP": true, "KR": true, "MO": true, "MY": true, "SG": true, "TW": true, "VN": true,
}

// fullName is the name of an address built from its first and last names, in the order of its country: "Ada
// Lovelace", or "Lovelace Ada" for a Japanese address. Blank parts are left out; "" when both are blank.
func fullName(first, last, countryCode string) string {
	parts := []string{strings.TrimSpace(first), strings.TrimSpace(last)}
	if lastNameFirst[strings.ToUpper(strings.TrimSpace(countryCode))] {
		parts[0], parts[1] = parts[1], parts[0]
	}
	return strings.TrimSpace(strings.Join(parts, " "))
}
