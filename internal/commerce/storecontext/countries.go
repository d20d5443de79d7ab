package storecontext

import (
	"slices"
	"strings"
)

// countryNames maps the country names addresses hold to ISO codes, for the countries stores ship to most; a
// two-letter value is taken as a code already.
var countryNames = map[string]string{
	"united states": "US", "united states of america": "US", "usa": "US", "canada": "CA", "mexico": "MX",
	"united kingdom": "GB", "germany": "DE", "france": "FR", "japan": "JP", "australia": "AU",
}

// CountryCode is the ISO 3166 code of a country as an address spells it, upper case ("" when unknown): carts tax
// by it, the address book checks shipping countries and orders names by it.
func CountryCode(s string) string {
	s = strings.TrimSpace(s)
	if len(s) == 2 && isLetters(s) {
		return strings.ToUpper(s)
	}
	return countryNames[strings.ToLower(s)]
}

func isLetters(s string) bool {
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') {
			return false
		}
	}
	return true
}

// ShipsTo reports whether the store ships to the country with the ISO code (its ShippingCountries).
func (s *Store) ShipsTo(code string) bool {
	return code != "" && slices.ContainsFunc(s.ShippingCountries, func(c string) bool { return strings.EqualFold(c, code) })
}

// lastNameFirst are the countries (ISO codes) where a full name starts with the last name (spec/storefront.md
// section 5). The web data layer applies the same rule to the names it builds itself.
var lastNameFirst = map[string]bool{
	"CN": true, "HU": true, "JP": true, "KR": true, "MO": true, "MY": true, "SG": true, "TW": true, "VN": true,
}

// FullName is the name of an address built from its first and last names, in the order of its country: "Ada
// Lovelace", or "Lovelace Ada" for a Japanese address. Blank parts are left out; "" when both are blank.
func FullName(first, last, countryCode string) string {
	parts := []string{strings.TrimSpace(first), strings.TrimSpace(last)}
	if lastNameFirst[strings.ToUpper(strings.TrimSpace(countryCode))] {
		parts[0], parts[1] = parts[1], parts[0]
	}
	return strings.TrimSpace(strings.Join(parts, " "))
}

// isoCountries are the ISO 3166-1 alpha-2 codes of the countries (officially assigned codes).
var isoCountries = func() map[string]bool {
	const codes = "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT " +
		"BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI " +
		"FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ " +
		"IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK " +
		"ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN " +
		"PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH " +
		"TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
	out := map[string]bool{}
	for _, c := range strings.Fields(codes) {
		out[c] = true
	}
	return out
}()

// IsCountryCode reports whether code is an ISO 3166-1 alpha-2 country code (any case).
func IsCountryCode(code string) bool { return isoCountries[strings.ToUpper(code)] }
