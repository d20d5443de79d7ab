package app_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"storefront/internal/demo"
	"storefront/internal/records"
)

// The buyer's demo addresses: her account's receiving dock (the default shipping address), maintenance shop, and
// accounts payable (the default billing address), seeded in that order at one time.
var (
	dock    = records.StableID("8lW", 1)
	shop    = records.StableID("8lW", 2)
	billing = records.StableID("8lW", 3)
	// The manager's first managed account's receiving dock.
	riversideDock = records.StableID("8lW", 7)
)

func addressesPath(account, rest string) string {
	return commercePath("accounts/" + account + "/addresses" + rest)
}

// buyerAddress is one of the buyer's demo addresses exactly as the API sends it.
func buyerAddress(id, typ, label, street string, isDefault bool) string {
	return fmt.Sprintf(`{"addressId":%q,"addressType":%q,"city":"Denver","companyName":"Acme Facilities Group",`+
		`"country":"United States","fields":{},"firstName":"Bonnie","isDefault":%t,"lastName":"Buyer",`+
		`"middleName":null,"name":"Acme Facilities Group - %s","phoneNumber":"(555) 010-1000","postalCode":"80202",`+
		`"region":"CO","street":%q}`, id, typ, isDefault, label, street)
}

type addressPage struct {
	Count                           int
	CurrentPageToken, NextPageToken *string
	PreviousPageToken, NextPageURL  *string
	PageSize                        int
	SortOrder                       string
	Items                           []struct {
		AddressID, AddressType, Country, Name string
		IsDefault                             bool
		Fields                                map[string]*string
	}
}

func (p addressPage) ids() []string {
	out := []string{}
	for _, it := range p.Items {
		out = append(out, it.AddressID)
	}
	return out
}

func (s *demoSite) addressIDs(t *testing.T, path, token string) []string {
	t.Helper()
	var page addressPage
	s.srv.Get(t, path, token).Decode(t, path, 200, &page)
	return page.ids()
}

func sameList(a, b []string) bool { return strings.Join(a, ",") == strings.Join(b, ",") }

// sameSet is sameList without regard to order.
func sameSet(a, b []string) bool {
	return sameList(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// defaults are the account's default addresses of a type, from the table.
func (s *demoSite) defaults(t *testing.T, account, typ string) []string {
	t.Helper()
	rows, err := s.d.Query(t.Context(), `SELECT id FROM contactpointaddress WHERE parentid = ? AND addresstype = ?
		AND isdefault = ? ORDER BY id`, account, typ, true)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		out = append(out, id)
	}
	return out
}

func (s *demoSite) addressCount(t *testing.T) string {
	return s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM contactpointaddress`)
}

func TestAddressList(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		manager := s.srv.Token(t, "manager@example.com")
		admin := s.srv.Token(t, "admin@example.com")
		path := addressesPath("current", "")

		// Defaults first, then the newest (the demo's three share a creation time: the larger id is newer).
		items := []string{buyerAddress(billing, "Billing", "Accounts Payable", "1550 Wynkoop St, Suite 200", true),
			buyerAddress(dock, "Shipping", "Receiving Dock", "1550 Wynkoop St", true),
			buyerAddress(shop, "Shipping", "Maintenance Shop", "20 Service Rd", false)}
		s.srv.Get(t, path, buyer).Want(t, "the buyer's address book", 200, `{"count":3,"currentPageToken":"1",`+
			`"currentPageUrl":"`+path+`?pageSize=25&pageToken=1","items":[`+strings.Join(items, ",")+`],`+
			`"nextPageToken":null,"nextPageUrl":null,"pageSize":25,"previousPageToken":null,"previousPageUrl":null,`+
			`"sortOrder":"CreatedDateDesc"}`)
		// Her account by id, by 15-character id, and as her effective account answer the same.
		for _, p := range []string{addressesPath(demo.BuyerAccountID, ""), addressesPath(demo.BuyerAccountID[:15], ""),
			path + "?effectiveAccountId=" + demo.BuyerAccountID, addressesPath("CURRENT", "")} {
			if got := s.addressIDs(t, p, buyer); !sameList(got, []string{billing, dock, shop}) {
				t.Errorf("%s: %v", p, got)
			}
		}
		for _, c := range []struct {
			query string
			want  []string
		}{
			{"?addressType=Shipping", []string{dock, shop}},
			{"?addressType=billing", []string{billing}},
			{"?addressType=Shipping,Billing", []string{billing, dock, shop}},
			{"?shouldShowDefaultAddrFirst=false", []string{billing, shop, dock}},
			{"?shouldShowDefaultAddrFirst=false&sortOrder=CreatedDateAsc", []string{dock, shop, billing}},
			{"?shouldShowDefaultAddrFirst=false&sortOrder=NameAsc", []string{billing, shop, dock}},
			{"?shouldShowDefaultAddrFirst=false&sortOrder=NameDesc", []string{dock, shop, billing}},
			{"?defaultOnly=true", []string{billing, dock}},
			{"?addressId=" + shop[:15], []string{shop}},
			{"?addressId=" + riversideDock, []string{}}, // another account's address is not in her book
			{"?excludeUnsupportedCountries=true", []string{billing, dock, shop}},
		} {
			if got := s.addressIDs(t, path+c.query, buyer); !sameList(got, c.want) {
				t.Errorf("%s: %v, want %v", c.query, got, c.want)
			}
		}

		// Pages: tokens are page numbers; count is over all pages.
		var page addressPage
		s.srv.Get(t, path+"?pageSize=1", buyer).Decode(t, "page 1", 200, &page)
		if page.Count != 3 || !sameList(page.ids(), []string{billing}) || *page.CurrentPageToken != "1" ||
			*page.NextPageToken != "2" || page.PreviousPageToken != nil || page.PageSize != 1 ||
			*page.NextPageURL != path+"?pageSize=1&pageToken=2" {
			t.Fatalf("page 1: %+v", page)
		}
		page = addressPage{}
		s.srv.Get(t, path+"?pageSize=1&pageToken=3", buyer).Decode(t, "page 3", 200, &page)
		if page.Count != 3 || !sameList(page.ids(), []string{shop}) || page.NextPageToken != nil || *page.PreviousPageToken != "2" {
			t.Fatalf("page 3: %+v", page)
		}
		page = addressPage{}
		s.srv.Get(t, path+"?pageSize=2&pageToken=9", buyer).Decode(t, "past the end", 200, &page)
		if page.Count != 3 || len(page.Items) != 0 {
			t.Fatalf("past the end: %+v", page)
		}

		// fields adds ContactPointAddress fields to each item.
		page = addressPage{}
		s.srv.Get(t, path+"?addressType=Billing&fields=CountryCode,ContactPointAddress.PostalCode,middlename", buyer).Decode(t, "fields", 200, &page)
		if f := page.Items[0].Fields; len(f) != 3 || *f["CountryCode"] != "US" || *f["PostalCode"] != "80202" || f["MiddleName"] != nil {
			t.Fatalf("fields: %+v", page.Items[0].Fields)
		}

		// A shipping address outside the store's shipping countries (US, CA), as one is left when the store stops
		// shipping there (the address rules refuse to write one): listed unless excludeUnsupportedCountries=true. A
		// billing address there stays listed.
		tokyo := s.createRecord(t, admin, "ContactPointAddress", map[string]any{"Name": "Tokyo Office",
			"ParentId": demo.BuyerAccountID, "AddressType": "Billing", "Street": "1-1 Marunouchi", "City": "Tokyo",
			"Country": "Japan"})
		s.exec(t, `UPDATE contactpointaddress SET addresstype = 'Shipping' WHERE id = ?`, tokyo)
		if code := s.queryString(t, `SELECT countrycode FROM contactpointaddress WHERE id = ?`, tokyo); code != "JP" {
			t.Fatalf("the console's address got the country code %q", code)
		}
		tokyoBilling := s.createRecord(t, admin, "ContactPointAddress", map[string]any{"Name": "Tokyo Billing",
			"ParentId": demo.BuyerAccountID, "AddressType": "Billing", "Street": "1-1 Marunouchi", "City": "Tokyo",
			"Country": "JP"})
		all := s.addressIDs(t, path+"?shouldShowDefaultAddrFirst=false&sortOrder=CreatedDateAsc", buyer)
		// The two Tokyo addresses may share a CreatedDate second (their order is then the ids'): compared as sets.
		if !sameSet(all, []string{dock, shop, billing, tokyo, tokyoBilling}) {
			t.Fatalf("with Tokyo: %v", all)
		}
		if got := s.addressIDs(t, path+"?excludeUnsupportedCountries=true&shouldShowDefaultAddrFirst=false&sortOrder=CreatedDateAsc", buyer); !sameSet(got, []string{dock, shop, billing, tokyoBilling}) {
			t.Fatalf("supported countries only: %v", got)
		}

		// A manager reads the books of the accounts she acts for, by id or as her effective account.
		riversideBook := []string{records.StableID("8lW", 9), riversideDock, records.StableID("8lW", 8)}
		for _, p := range []string{addressesPath(demo.ManagedAccountIDs[0], ""),
			path + "?effectiveAccountId=" + demo.ManagedAccountIDs[0]} {
			if got := s.addressIDs(t, p, manager); !sameList(got, riversideBook) {
				t.Errorf("manager, %s: %v", p, got)
			}
		}

		// Refusals.
		cpa := errorBody("FUNCTIONALITY_NOT_ENABLED", "CPA disabled")
		s.srv.Get(t, path, "").Want(t, "guest", 403, cpa)
		s.srv.Get(t, addressesPath(demo.BuyerAccountID, ""), "").Want(t, "guest naming an account", 403, cpa)
		s.srv.Get(t, path, admin).Want(t, "staff of no account", 403, cpa)
		s.srv.Get(t, path+"?pageSize=0", buyer).Want(t, "page size 0", 400, errorBody("INVALID_API_INPUT", "CPA disabled"))
		for _, q := range []string{"?pageSize=101", "?pageSize=-1"} {
			s.srv.Get(t, path+q, buyer).Want(t, q, 400, errorBody("INVALID_API_INPUT", "pageSize must be from 1 through 100."))
		}
		for q, msg := range map[string]string{
			"?pageToken=0":                          `pageToken "0" is not a page token of this list.`,
			"?sortOrder=Newest":                     `sortOrder "Newest" must be one of CreatedDateDesc, CreatedDateAsc, NameAsc, NameDesc.`,
			"?addressType=Home":                     `addressType "Home" must be Shipping or Billing.`,
			"?pageSize=ten":                         "The type entered for pageSize isn't valid. Enter the value as a/an Integer.",
			"?defaultOnly=1":                        "The type entered for defaultOnly isn't valid. Enter the value as a/an Boolean.",
			"?excludeUnsupportedCountries=yes":      "The type entered for excludeUnsupportedCountries isn't valid. Enter the value as a/an Boolean.",
			"?shouldShowDefaultAddrFirst=sometimes": "The type entered for shouldShowDefaultAddrFirst isn't valid. Enter the value as a/an Boolean.",
		} {
			s.srv.Get(t, path+q, buyer).Want(t, q, 400, errorBody("INVALID_API_INPUT", msg))
		}
		s.srv.Get(t, path+"?fields=Nope", buyer).Want(t, "unknown field", 400,
			errorBody("INVALID_FIELD", "No such column 'Nope' on entity 'ContactPointAddress'."))
		s.srv.Get(t, path+"?addressId=x", buyer).Want(t, "malformed address id", 400,
			errorBody("INVALID_ID_FIELD", `addressId "x" is not a valid id.`))
		s.srv.Get(t, addressesPath("nope", ""), buyer).Want(t, "malformed account", 400,
			errorBody("INVALID_ID_FIELD", `accountId "nope" is not a valid account id.`))
		s.srv.Get(t, addressesPath(demo.ManagedAccountIDs[0], ""), buyer).Want(t, "an account she does not act for", 403,
			errorBody("INSUFFICIENT_ACCESS", `You don't have access to the account "`+demo.ManagedAccountIDs[0]+`".`))
		s.srv.Get(t, addressesPath(demo.BuyerAccountID, ""), manager).Want(t, "the buyer's account, for the manager", 403,
			errorBody("INSUFFICIENT_ACCESS", `You don't have access to the account "`+demo.BuyerAccountID+`".`))
		s.srv.Get(t, "/services/data/v64.0/commerce/webstores/"+records.StableID("0ZE", 9)+"/accounts/current/addresses", buyer).
			Want(t, "unknown store", 404, errorBody("NOT_FOUND",
				`The requested resource does not exist: no store has the id "`+records.StableID("0ZE", 9)+`".`))
	})
}

func TestAddressCreate(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		manager := s.srv.Token(t, "manager@example.com")
		path := addressesPath("current", "")
		var created struct{ AddressID string }

		r := s.srv.Call(t, "POST", path, buyer, `{"street":" 99 Blake St ","city":"Denver","region":"CO","postalCode":"80205",`+
			`"country":"us","firstName":"Rita","lastName":"Receiver","phoneNumber":"+1 303 555 0199"}`)
		r.Decode(t, "create", 201, &created)
		want := `{"addressId":"` + created.AddressID + `","addressType":"Shipping","city":"Denver","companyName":null,` +
			`"country":"US","fields":{},"firstName":"Rita","isDefault":false,"lastName":"Receiver","middleName":null,` +
			`"name":"Rita Receiver","phoneNumber":"+1 303 555 0199","postalCode":"80205","region":"CO","street":"99 Blake St"}`
		r.Want(t, "create", 201, want)
		if got := s.queryString(t, `SELECT parentid || ' ' || countrycode || ' ' || createdbyid FROM contactpointaddress
			WHERE id = ?`, created.AddressID); got != demo.BuyerAccountID+" US "+demo.BuyerUserID {
			t.Fatalf("the row: %s", got)
		}
		if d := s.defaults(t, demo.BuyerAccountID, "Shipping"); !sameList(d, []string{dock}) {
			t.Fatalf("a new address that is not the default leaves the default: %v", d)
		}

		// A billing address in Japan: the name starts with the last name; any country bills.
		var jp struct{ Name, Country, AddressType string }
		s.srv.Call(t, "POST", path, buyer, `{"addressType":"Billing","street":"1-1 Marunouchi","city":"Tokyo",`+
			`"country":"Japan","firstName":"Taro","lastName":"Yamada"}`).Decode(t, "Japan", 201, &jp)
		if jp.Name != "Yamada Taro" || jp.Country != "Japan" || jp.AddressType != "Billing" {
			t.Fatalf("Japanese billing address: %+v", jp)
		}
		// A name given is kept; countryCode alone gives the country.
		s.srv.Call(t, "POST", path, buyer, `{"addressType":"Billing","street":"1 Main","city":"Seoul","countryCode":"kr",`+
			`"name":"Seoul Branch"}`).Decode(t, "named", 201, &jp)
		if jp.Name != "Seoul Branch" || jp.Country != "KR" {
			t.Fatalf("named: %+v", jp)
		}

		// isDefault moves the default to the new address.
		var moved struct {
			AddressID string
			IsDefault bool
		}
		s.srv.Call(t, "POST", path, buyer, `{"street":"5 Dock Rd","city":"Denver","country":"US","name":"New Dock",`+
			`"isDefault":true}`).Decode(t, "new default", 201, &moved)
		if d := s.defaults(t, demo.BuyerAccountID, "Shipping"); !moved.IsDefault || !sameList(d, []string{moved.AddressID}) {
			t.Fatalf("the new default: %+v, defaults %v", moved, d)
		}
		// A manager writes into a managed account's book.
		s.srv.Call(t, "POST", addressesPath(demo.ManagedAccountIDs[1], ""), manager, `{"street":"1 Bay St","city":"San Diego",`+
			`"country":"US","name":"Harbor Annex"}`).Decode(t, "managed account", 201, &created)
		if parent := s.queryString(t, `SELECT parentid FROM contactpointaddress WHERE id = ?`, created.AddressID); parent != demo.ManagedAccountIDs[1] {
			t.Fatalf("the managed account's address belongs to %s", parent)
		}

		// Refused input writes nothing.
		before := s.addressCount(t)
		valid := `"street":"1 Main St","city":"Denver","country":"US","name":"X"`
		for _, c := range []struct{ body, code, msg string }{
			{`{"name":"X"}`, "REQUIRED_FIELD_MISSING", "Required fields are missing: street, city, country."},
			{`{"street":"1 Main St","city":" ","country":"US","name":"X"}`, "REQUIRED_FIELD_MISSING", "Required fields are missing: city."},
			{`{"street":"1 Main St","city":"Denver","country":"US"}`, "REQUIRED_FIELD_MISSING", "Required fields are missing: name, or firstName or lastName."},
			{`{"street":"1 Main St","city":"Osaka","country":"JP","name":"X"}`, "INVALID_API_INPUT", `The store doesn't ship to "JP": a shipping address must be in US, CA.`},
			{`{"street":"1 Main St","city":"Oslo","country":"Norway","name":"X"}`, "INVALID_API_INPUT", `The store doesn't ship to "Norway": a shipping address must be in US, CA.`},
			{`{` + valid + `,"countryCode":"USA"}`, "INVALID_API_INPUT", `countryCode "USA" must be a two-letter ISO country code.`},
			{`{` + valid + `,"addressType":"Home"}`, "INVALID_API_INPUT", `addressType "Home" must be Shipping or Billing.`},
			{`{` + valid + `,"city":12}`, "INVALID_API_INPUT", "city must be a string, not a number."},
			{`{` + valid + `,"isDefault":"yes"}`, "INVALID_API_INPUT", "isDefault must be true or false, not a string."},
			{`{` + valid + `,"street":["1 Main St"]}`, "INVALID_API_INPUT", "street must be a string, not an array."},
			{`{` + valid + `,"postcode":"80202"}`, "INVALID_API_INPUT", `Unrecognized field "postcode" in the address.`},
			{`{"street":"1 Main\u0000St","city":"Denver","country":"US","name":"X"}`, "INVALID_API_INPUT", "The request's body holds a NUL character or bytes that are not UTF-8."},
			{`{` + valid + `,"city":"` + strings.Repeat("D", 41) + `"}`, "STRING_TOO_LONG", "City: data value too large: " + strings.Repeat("D", 40) + "... (max length=40)"},
			{`{` + valid + `,"phoneNumber":"call me"}`, "INVALID_TYPE_ON_FIELD_IN_RECORD", "Phone: value not of required type: call me"},
			{`{` + valid + `,"commerceAddressFieldInputList":{"fields":[{"dataName":"Name","text":"Y"}]}}`, "INVALID_FIELD", "No such column 'Name' on entity 'ContactPointAddress'."},
			{`[]`, "JSON_PARSER_ERROR", "The request body must be a JSON object."},
			{`null`, "JSON_PARSER_ERROR", "The request body must be a JSON object."},
			{`{"street":`, "JSON_PARSER_ERROR", "The request body is not valid JSON: unexpected EOF"},
		} {
			s.srv.Call(t, "POST", path, buyer, c.body).Want(t, c.body, 400, errorBody(c.code, c.msg))
		}
		s.srv.Call(t, "POST", path, "", `{`+valid+`}`).Want(t, "guest", 403, errorBody("FUNCTIONALITY_NOT_ENABLED", "CPA disabled"))
		s.srv.Call(t, "POST", addressesPath(demo.ManagerAccountID, ""), buyer, `{`+valid+`}`).Want(t, "another account", 403,
			errorBody("INSUFFICIENT_ACCESS", `You don't have access to the account "`+demo.ManagerAccountID+`".`))
		if after := s.addressCount(t); after != before {
			t.Fatalf("refused creates wrote addresses: %s, then %s", before, after)
		}
	})
}

func TestAddressUpdate(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		manager := s.srv.Token(t, "manager@example.com")
		admin := s.srv.Token(t, "admin@example.com")
		one := func(id string) string { return addressesPath("current", "/"+id) }

		// A change answers the whole address; the name made by hand stays.
		s.srv.Call(t, "PATCH", one(shop), buyer, `{"city":"Aurora","postalCode":"80010","addressId":"`+shop[:15]+`"}`).Want(t,
			"city", 201, strings.Replace(strings.Replace(buyerAddress(shop, "Shipping", "Maintenance Shop", "20 Service Rd",
				false), `"Denver"`, `"Aurora"`, 1), `"80202"`, `"80010"`, 1))
		// isDefault moves the default; the old default loses it in the same write.
		var got struct {
			IsDefault   bool
			Name        string
			AddressType string
		}
		s.srv.Call(t, "PATCH", one(shop), buyer, `{"isDefault":true}`).Decode(t, "default", 201, &got)
		if d := s.defaults(t, demo.BuyerAccountID, "Shipping"); !got.IsDefault || !sameList(d, []string{shop}) {
			t.Fatalf("defaults after the move: %v", d)
		}
		// Unsetting the default gives it to the newest other address of its type: an account keeps one.
		s.srv.Call(t, "PATCH", one(shop), buyer, `{"isDefault":false}`).Decode(t, "unset", 201, &got)
		if d := s.defaults(t, demo.BuyerAccountID, "Shipping"); got.IsDefault || !sameList(d, []string{dock}) {
			t.Fatalf("defaults after the unset: %v", d)
		}
		// A name built from the names follows them, in the country's order.
		var made struct{ AddressID string }
		s.srv.Call(t, "POST", addressesPath("current", ""), buyer, `{"addressType":"Billing","street":"1 Main","city":"Taipei",`+
			`"country":"TW","firstName":"Mei","lastName":"Lin"}`).Decode(t, "made", 201, &made)
		s.srv.Call(t, "PATCH", one(made.AddressID), buyer, `{"lastName":"Chen"}`).Decode(t, "renamed", 201, &got)
		if got.Name != "Chen Mei" {
			t.Fatalf("the built name after a new last name: %q", got.Name)
		}
		s.srv.Call(t, "PATCH", one(made.AddressID), buyer, `{"country":"US"}`).Decode(t, "moved to the US", 201, &got)
		if got.Name != "Mei Chen" {
			t.Fatalf("the built name in the US: %q", got.Name)
		}
		// Moving the default shipping address to Billing makes it the billing default; shipping gets another.
		s.srv.Call(t, "PATCH", one(dock), buyer, `{"addressType":"Billing"}`).Decode(t, "to billing", 201, &got)
		if sh, bi := s.defaults(t, demo.BuyerAccountID, "Shipping"), s.defaults(t, demo.BuyerAccountID, "Billing"); got.AddressType != "Billing" ||
			!sameList(sh, []string{shop}) || !sameList(bi, []string{dock}) {
			t.Fatalf("defaults after a change of type: shipping %v, billing %v", sh, bi)
		}
		// A staff edit in the console keeps the rule too.
		s.srv.Call(t, "PATCH", "/services/data/v64.0/ui-api/records/"+billing, admin, `{"fields":{"IsDefault":true}}`).
			Decode(t, "console", 200, &struct{}{})
		if b := s.defaults(t, demo.BuyerAccountID, "Billing"); !sameList(b, []string{billing}) {
			t.Fatalf("billing defaults after the console's edit: %v", b)
		}
		// A manager edits a managed account's address by its account.
		s.srv.Call(t, "PATCH", addressesPath(demo.ManagedAccountIDs[0], "/"+riversideDock), manager, `{"street":"1 River Rd"}`).
			Decode(t, "managed", 201, &got)

		// Refusals change nothing.
		row := func() string {
			return s.queryString(t, `SELECT street || '|' || city || '|' || addresstype || '|' || systemmodstamp
				FROM contactpointaddress WHERE id = ?`, shop)
		}
		before := row()
		required := errorBody("REQUIRED_FIELD_MISSING", "addressId is required")
		for _, p := range []string{addressesPath("current", ""), addressesPath("current", "/"), addressesPath("current", "/%20")} {
			s.srv.Call(t, "PATCH", p, buyer, `{"city":"X"}`).Want(t, "PATCH "+p, 400, required)
		}
		notFound := func(id string) string {
			return errorBody("NOT_FOUND", `The address "`+id+`" doesn't exist.`)
		}
		s.srv.Call(t, "PATCH", one(riversideDock), buyer, `{"city":"X"}`).Want(t, "another account's", 404, notFound(riversideDock))
		s.srv.Call(t, "PATCH", one(riversideDock), manager, `{"city":"X"}`).Want(t, "her own book's, not this", 404, notFound(riversideDock))
		s.srv.Call(t, "PATCH", one(records.StableID("8lW", 999)), buyer, `{"city":"X"}`).Want(t, "none", 404, notFound(records.StableID("8lW", 999)))
		s.srv.Call(t, "PATCH", one("nope"), buyer, `{"city":"X"}`).Want(t, "malformed", 404, notFound("nope"))
		s.srv.Call(t, "PATCH", one(pen), buyer, `{"city":"X"}`).Want(t, "a product id", 404, notFound(pen))
		for _, c := range []struct{ body, code, msg string }{
			{`{"street":""}`, "REQUIRED_FIELD_MISSING", "Required fields are missing: street."},
			{`{"city":null,"country":null}`, "REQUIRED_FIELD_MISSING", "Required fields are missing: city, country."},
			{`{"country":"MX"}`, "INVALID_API_INPUT", `The store doesn't ship to "MX": a shipping address must be in US, CA.`},
			{`{"addressId":"` + dock + `"}`, "INVALID_API_INPUT", "The addressId in the body (" + dock + ") doesn't match the address in the path (" + shop + ")."},
			{`{"isDefault":1}`, "INVALID_API_INPUT", "isDefault must be true or false, not a number."},
			{`{"parentId":"` + demo.ManagerAccountID + `"}`, "INVALID_API_INPUT", `Unrecognized field "parentId" in the address.`},
		} {
			s.srv.Call(t, "PATCH", one(shop), buyer, c.body).Want(t, c.body, 400, errorBody(c.code, c.msg))
		}
		s.srv.Call(t, "PATCH", one(shop), "", `{"city":"X"}`).Want(t, "guest", 403, errorBody("FUNCTIONALITY_NOT_ENABLED", "CPA disabled"))
		if after := row(); after != before {
			t.Fatalf("refused updates changed the address: %s, then %s", before, after)
		}
	})
}

func TestAddressDelete(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		one := func(id string) string { return addressesPath("current", "/"+id) }
		s.srv.Call(t, "DELETE", one(riversideDock), buyer, "").Want(t, "another account's", 404,
			errorBody("NOT_FOUND", `The address "`+riversideDock+`" doesn't exist.`))
		for _, p := range []string{addressesPath("current", ""), addressesPath("current", "/")} {
			s.srv.Call(t, "DELETE", p, buyer, "").Want(t, "DELETE "+p, 400, errorBody("REQUIRED_FIELD_MISSING", "addressId is required"))
		}
		s.srv.Call(t, "DELETE", one(dock), "", "").Want(t, "guest", 403, errorBody("FUNCTIONALITY_NOT_ENABLED", "CPA disabled"))

		// Deleting the default gives the default to the other shipping address.
		if r := s.srv.Call(t, "DELETE", one(dock), buyer, ""); r.Status != 204 || r.Body != "" {
			t.Fatalf("delete: %d %q", r.Status, r.Body)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM contactpointaddress WHERE id = ?`, dock); n != "0" {
			t.Fatal("the address is still there")
		}
		if d := s.defaults(t, demo.BuyerAccountID, "Shipping"); !sameList(d, []string{shop}) {
			t.Fatalf("defaults after deleting the default: %v", d)
		}
		s.srv.Call(t, "DELETE", one(dock), buyer, "").Want(t, "twice", 404, errorBody("NOT_FOUND", `The address "`+dock+`" doesn't exist.`))
		// The book's only billing address goes; the next billing address is the default without asking.
		s.srv.Call(t, "DELETE", one(billing), buyer, "")
		var made struct{ IsDefault bool }
		s.srv.Call(t, "POST", addressesPath("current", ""), buyer, `{"addressType":"Billing","street":"1 Main","city":"Denver",`+
			`"country":"US","name":"New Billing"}`).Decode(t, "first billing", 201, &made)
		if !made.IsDefault {
			t.Fatal("the first billing address is not the default")
		}
	})
}

// Buyers making several addresses the default at once leave exactly one default.
func TestAddressDefaultsUnderConcurrentRequests(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		path := addressesPath("current", "")
		ids := []string{dock, shop}
		for i := range 6 {
			var made struct{ AddressID string }
			s.srv.Call(t, "POST", path, buyer, fmt.Sprintf(`{"street":"%d Main","city":"Denver","country":"US","name":"Dock %d"}`, i, i)).
				Decode(t, "setup", 201, &made)
			ids = append(ids, made.AddressID)
		}
		for round := range 2 {
			var wg sync.WaitGroup
			problems := make(chan string, 2*len(ids))
			for i, id := range ids {
				wg.Add(1)
				go func() {
					defer wg.Done()
					status, _, body := s.srv.Call(t, "PATCH", path+"/"+id, buyer, `{"isDefault":true}`).Parts()
					if status != 201 {
						problems <- fmt.Sprintf("PATCH %s: %d %s", id, status, body)
					}
					if round == 1 { // and new default addresses at the same time
						status, _, body = s.srv.Call(t, "POST", path, buyer, fmt.Sprintf(`{"street":"%d Race St","city":"Denver","country":"US",`+
							`"name":"Race %d","isDefault":true}`, i, i)).Parts()
						if status != 201 {
							problems <- fmt.Sprintf("POST: %d %s", status, body)
						}
					}
				}()
			}
			wg.Wait()
			close(problems)
			for p := range problems {
				t.Error(p)
			}
			if d := s.defaults(t, demo.BuyerAccountID, "Shipping"); len(d) != 1 {
				t.Fatalf("round %d: %d default shipping addresses: %v", round, len(d), d)
			}
		}
	})
}
