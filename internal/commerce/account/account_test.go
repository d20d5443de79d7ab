package account

import (
	"errors"
	"reflect"
	"testing"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

func TestFullNameFollowsTheCountry(t *testing.T) {
	for _, c := range []struct{ first, last, country, want string }{
		{"Ada", "Lovelace", "US", "Ada Lovelace"},
		{"Taro", "Yamada", "JP", "Yamada Taro"},
		{"Taro", "Yamada", "jp", "Yamada Taro"},
		{"Mei", "Lin", "TW", "Lin Mei"},
		{" Ada ", "", "GB", "Ada"},
		{"", "Kim", "KR", "Kim"},
		{"", "", "CN", ""},
	} {
		if got := storecontext.FullName(c.first, c.last, c.country); got != c.want {
			t.Errorf("storecontext.FullName(%q, %q, %q) = %q, want %q", c.first, c.last, c.country, got, c.want)
		}
	}
	for _, code := range []string{"CN", "HU", "JP", "KR", "MO", "MY", "SG", "TW", "VN"} {
		if storecontext.FullName("A", "B", code) != "B A" {
			t.Errorf("%s puts the last name first", code)
		}
	}
}

func addressObj(t *testing.T) *records.Object {
	t.Helper()
	for _, o := range records.StandardObjects() {
		if o.APIName == addressObject {
			return &o
		}
	}
	t.Fatal("no ContactPointAddress")
	return nil
}

func message(err error) string {
	var e *httpx.Error
	var we *records.WriteError
	switch {
	case errors.As(err, &e):
		return e.Message
	case errors.As(err, &we):
		return we.Message()
	}
	return ""
}

func TestParseInput(t *testing.T) {
	o := addressObj(t)
	in, err := parseInput(map[string]any{"street": " 1 Main St ", "city": "", "country": nil, "isDefault": true,
		"region": "CO", "regionCode": "XX", "addressType": "billing", "addressId": "8lW000000000001", "phoneNumber": "555"}, o)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"Street": "1 Main St", "City": nil, "Country": nil, "IsDefault": true, "State": "CO",
		"AddressType": "Billing", "Phone": "555"}
	if !reflect.DeepEqual(in.values, want) || in.addressID != "8lW000000000001" {
		t.Fatalf("parsed %#v %q", in.values, in.addressID)
	}
	if in, _ := parseInput(map[string]any{"regionCode": "CO"}, o); in.values["State"] != "CO" {
		t.Fatalf("regionCode alone is the region: %#v", in.values)
	}
	for want, body := range map[string]map[string]any{
		"isDefault must be true or false, not a string.":                      {"isDefault": "true"},
		"city must be a string, not a boolean.":                               {"city": false},
		"name must be a string, not an object.":                               {"name": map[string]any{}},
		`Unrecognized field "Street" in the address.`:                         {"Street": "1 Main"},
		`addressType "Office" must be Shipping or Billing.`:                   {"addressType": "Office"},
		"commerceAddressFieldInputList must be an object with a fields list.": {"commerceAddressFieldInputList": "x"},
	} {
		if _, err := parseInput(body, o); message(err) != want {
			t.Errorf("%v: %v, want %q", body, err, want)
		}
	}
}

func TestCheckAddress(t *testing.T) {
	store := &storecontext.Store{ShippingCountries: []string{"US", "CA"}}
	changes := map[string]any{"Street": "1 Main", "City": "Tokyo", "Country": "jp", "FirstName": "Taro",
		"LastName": "Yamada", "AddressType": "Billing"}
	if err := checkAddress(store, changes, nil, true); err != nil {
		t.Fatal(err)
	}
	if changes["Country"] != "JP" || changes["Name"] != "Yamada Taro" {
		t.Fatalf("completed: %#v", changes)
	}
	old := map[string]any{"Street": "1 Main", "City": "Denver", "Country": "United States", "CountryCode": "US",
		"AddressType": "Shipping", "FirstName": "Ada", "LastName": "Lovelace", "Name": "Ada Lovelace"}
	// An unrelated change to an address outside the shipping countries is not refused for the country.
	if err := checkAddress(store, map[string]any{"City": "Boulder"}, map[string]any{"Street": "1", "City": "Oslo",
		"Country": "Norway", "AddressType": "Shipping", "Name": "N"}, false); err != nil {
		t.Fatal(err)
	}
	changes = map[string]any{"LastName": "Byron"}
	if err := checkAddress(store, changes, old, false); err != nil || changes["Name"] != "Ada Byron" {
		t.Fatalf("a built name follows the names: %v %#v", err, changes)
	}
	old["Name"] = "Head Office"
	changes = map[string]any{"LastName": "Byron"}
	if err := checkAddress(store, changes, old, false); err != nil || changes["Name"] != nil {
		t.Fatalf("a name made by hand stays: %v %#v", err, changes)
	}
	changes = map[string]any{"CountryCode": "ca"}
	if err := checkAddress(store, changes, old, false); err != nil || changes["CountryCode"] != "CA" {
		t.Fatalf("a code given: %v %#v", err, changes)
	}
	if err := checkAddress(store, map[string]any{"Country": "Mexico"}, old, false); message(err) !=
		`The store doesn't ship to "Mexico": a shipping address must be in US, CA.` {
		t.Fatalf("Mexico: %v", err)
	}
	if err := checkAddress(store, map[string]any{"Name": nil, "FirstName": nil, "LastName": nil}, old, false); message(err) !=
		"Required fields are missing: name, or firstName or lastName." {
		t.Fatalf("no name left: %v", err)
	}
}
