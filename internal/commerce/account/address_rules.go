package account

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// The address rules, a before-save hook of ContactPointAddress so that they hold whoever writes an address (the
// address-book calls, the records API, sObject REST, composite, the console, the demo seed):
//
//   - street, city and country hold text, and the address has a name (built from the first and last names, in the
//     country's order, when blank; a name that was built from them follows them when they change);
//   - a country written as two letters, and countryCode, must be an ISO 3166-1 alpha-2 code (a country written as
//     a name is kept as written; its code is derived when the name is known);
//   - a Shipping address is in a country the store ships to. The store is the one the writing request is made for
//     (the address-book calls name it); writers that name none (staff, the seed) are held to the site's store,
//     when one is set up.

type storeKey struct{}

// forStore marks the writes made with ctx as made for the store (its shipping countries).
func forStore(ctx context.Context, store *storecontext.Store) context.Context {
	return context.WithValue(ctx, storeKey{}, store)
}

// checkAddresses is the hook: each address as it will be written is checked and completed (see checkAddress).
func checkAddresses(ctx context.Context, e *records.Engine, ev *records.SaveEvent) error {
	store, _ := ctx.Value(storeKey{}).(*storecontext.Store)
	for i, rec := range ev.Records {
		var old map[string]any // nil on create
		if !ev.Created {
			old = ev.Old[i].Values
		}
		changes := map[string]any{} // what the write sets: every value on create, what differs on update
		for k, v := range rec.Values {
			if (ev.Created && v != nil) || (!ev.Created && fmt.Sprint(v) != fmt.Sprint(old[k])) {
				changes[k] = v
			}
		}
		if store == nil && shipping(changes, old) {
			var err error
			var none *httpx.Error
			if store, err = storecontext.FirstStore(ctx, e.DB); errors.As(err, &none) && none.Status == http.StatusNotFound {
				store = nil // no store set up yet (the demo seed writes accounts first): none to ship from
			} else if err != nil {
				return err
			}
		}
		if err := checkAddress(store, changes, old, ev.Created); err != nil {
			return err
		}
		for k, v := range changes {
			rec.Values[k] = v
		}
	}
	return nil
}

// shipping reports whether the address as written is a Shipping address.
func shipping(changes, old map[string]any) bool {
	if t, ok := changes["AddressType"]; ok {
		return t == "Shipping"
	}
	return old["AddressType"] == "Shipping"
}

// addressRefusal is a refusal of the address rules; the address-book calls answer it as INVALID_API_INPUT (see
// writeError).
func addressRefusal(field, format string, args ...any) *records.WriteError {
	return records.Refuse(records.CodeRule, field, format, args...)
}

func missingFields(format string, args ...any) *records.WriteError {
	return records.Refuse("REQUIRED_FIELD_MISSING", "", format, args...)
}

// checkAddress checks an address as it will be once changes apply to old (nil on create), and completes changes:
// the required fields hold text; a Shipping address is in a country the store ships to (checked when the
// country or type is set); a blank name is built from the first and last names; a name that was built from them
// follows them when they change.
func checkAddress(store *storecontext.Store, changes, old map[string]any, creating bool) error {
	get := func(field string) string {
		if v, ok := changes[field]; ok {
			s, _ := v.(string)
			return strings.TrimSpace(s)
		}
		s, _ := old[field].(string)
		return strings.TrimSpace(s)
	}
	given, codeGiven := changes["CountryCode"].(string) // nil (cleared) or trimmed text
	if codeGiven {
		if !storecontext.IsCountryCode(given) {
			return addressRefusal("CountryCode", "countryCode %q must be a two-letter ISO country code.", httpx.Clip(given))
		}
		given = strings.ToUpper(given)
		changes["CountryCode"] = given
		if get("Country") == "" {
			changes["Country"] = given // a code alone names the country
		}
	}
	var missing []string
	for _, f := range requiredFields {
		if get(f.field) == "" {
			missing = append(missing, f.wire)
		}
	}
	if len(missing) > 0 {
		return missingFields("Required fields are missing: %s.", strings.Join(missing, ", "))
	}
	code := given
	_, countryGiven := changes["Country"]
	if code == "" && !countryGiven {
		code = storecontext.CountryCode(get("CountryCode")) // the stored code still holds
	}
	if code == "" { // a new country without a code: the old code was the old country's
		code = storecontext.CountryCode(get("Country"))
	}
	if code != "" && !storecontext.IsCountryCode(code) {
		return addressRefusal("Country", "%q isn't a country: a two-letter country must be an ISO 3166 code.",
			httpx.Clip(get("Country")))
	}
	_, typeGiven := changes["AddressType"]
	if (creating || countryGiven || codeGiven || typeGiven) && get("AddressType") == "Shipping" && store != nil &&
		!store.ShipsTo(code) {
		return addressRefusal("Country", "The store doesn't ship to %q: a shipping address must be in %s.", httpx.Clip(get("Country")),
			strings.Join(store.ShippingCountries, ", "))
	}
	if countryGiven && code != "" && strings.EqualFold(get("Country"), code) {
		changes["Country"] = code // a country given as its code is kept as the code, upper case
	}
	name := storecontext.FullName(get("FirstName"), get("LastName"), code)
	_, nameGiven := changes["Name"]
	switch {
	case nameGiven && get("Name") != "":
	case creating || nameGiven:
		if name == "" {
			return missingFields("Required fields are missing: name, or firstName or lastName.")
		}
		changes["Name"] = name
	case name != "" && old["Name"] == storecontext.FullName(str(old["FirstName"]), str(old["LastName"]), oldCode(old)):
		changes["Name"] = name // the name was built from the names: it follows them
	}
	return nil
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func oldCode(old map[string]any) string {
	if c := storecontext.CountryCode(str(old["CountryCode"])); c != "" {
		return c
	}
	return storecontext.CountryCode(str(old["Country"]))
}
