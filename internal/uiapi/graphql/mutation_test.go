package graphql_test

import (
	"encoding/json"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
	"storefront/internal/records"
)

// Create, update and delete through the engine's writes: the answer carries the record as the query would read it;
// the engine's validation and the objects' hooks refuse what they refuse, and nothing is written then.
func TestMutations(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := as(t, s, "admin@example.com")
		created := admin.data(`mutation { uiapi { AccountCreate(input: {Account: {Name: "GraphQL Co", NumberOfEmployees: 12,
			AnnualRevenue: 1234.5}}) { Record { Id Name { value } NumberOfEmployees { value } AnnualRevenue { value displayValue } } } } }`,
			nil, "uiapi", "AccountCreate", "Record")
		id, _ := apitest.Dig(created, "Id").(string)
		soql := admin.soql("SELECT Id, Name, NumberOfEmployees, AnnualRevenue FROM Account WHERE Id = '" + id + "'")
		if len(soql) != 1 || apitest.Dig(created, "Name", "value") != "GraphQL Co" || apitest.Dig(created, "NumberOfEmployees", "value") != json.Number("12") ||
			apitest.Dig(created, "AnnualRevenue", "value") != json.Number("1234.5") || apitest.Dig(created, "AnnualRevenue", "displayValue") != "$1,234.50" ||
			soql[0]["AnnualRevenue"] != json.Number("1234.5") {
			t.Fatalf("created %v, soql %v", created, soql)
		}

		updated := admin.data(`mutation($id: ID!, $name: String) { uiapi { AccountUpdate(input: {Id: $id, Account: {Name: $name}}) {
			success Record { Id Name { value } } } } }`, map[string]any{"id": id, "name": "GraphQL Co Renamed"}, "uiapi", "AccountUpdate")
		if apitest.Dig(updated, "Record", "Name", "value") != "GraphQL Co Renamed" || apitest.Dig(updated, "success") != true ||
			admin.soql("SELECT Name FROM Account WHERE Id = '" + id + "'")[0]["Name"] != "GraphQL Co Renamed" {
			t.Fatalf("updated %v", updated)
		}

		// The engine's validation: a required field missing, nothing written.
		before := len(admin.soqlIDs("SELECT Id FROM Account"))
		out := admin.gql(`mutation { uiapi { AccountCreate(input: {Account: {Phone: "555"}}) { Record { Id } } } }`, nil)
		if apitest.Dig(out, "data", "uiapi", "AccountCreate") != nil || apitest.Dig(out, "errors", 0, "extensions", "ErrorType") != "DataFetchingException" ||
			apitest.Dig(out, "errors", 0, "extensions", "errorCode") != "REQUIRED_FIELD_MISSING" ||
			apitest.Dig(out, "errors", 0, "paths", 1) != "AccountCreate" {
			t.Fatalf("create without a name: %v", out)
		}
		if after := len(admin.soqlIDs("SELECT Id FROM Account")); after != before {
			t.Fatalf("refused create wrote: %d accounts, was %d", after, before)
		}

		deleted := admin.data(`mutation { uiapi { AccountDelete(input: {Id: "`+id+`"}) { Id } } }`, nil, "uiapi", "AccountDelete", "Id")
		if deleted != id || len(admin.soql("SELECT Id FROM Account WHERE Id = '"+id+"'")) != 0 {
			t.Fatalf("deleted %v", deleted)
		}
		out = admin.gql(`mutation { uiapi { AccountDelete(input: {Id: "`+id+`"}) { Id } } }`, nil)
		if apitest.Dig(out, "errors", 0, "message") != "The requested resource does not exist" {
			t.Fatalf("delete twice: %v", out)
		}

		// A buyer's cart line, changed by staff: the cart's hook refuses a negative quantity; a good one is taken
		// and read back. (Buyers write their carts through the commerce API, not the records API.)
		buyer := as(t, s, "buyer@example.com")
		body := `{"productId":"` + records.StableID("01t", 1) + `","quantity":"2","type":"Product"}`
		status, line, raw := buyer.call("POST", strings.TrimPrefix(s.Commerce, s.URL)+"carts/current/cart-items", body)
		if status != 201 {
			t.Fatalf("add to cart: %d %s", status, raw)
		}
		item := line["cartItemId"].(string)
		const update = `mutation($id: ID!, $q: Int) { uiapi { CartItemUpdate(input: {Id: $id, CartItem: {Quantity: $q}}) {
			Record { Quantity { value } } } } }`
		if out := buyer.gql(update, map[string]any{"id": item, "q": 3}); apitest.Dig(out, "errors", 0, "extensions", "errorCode") != "INSUFFICIENT_ACCESS_OR_READONLY" {
			t.Fatalf("buyer updates a cart line through the records API: %v", out)
		}
		out = admin.gql(update, map[string]any{"id": item, "q": -5})
		if apitest.Dig(out, "data", "uiapi", "CartItemUpdate") != nil || apitest.Dig(out, "errors", 0, "extensions", "ErrorType") != "DataFetchingException" ||
			apitest.Dig(out, "errors", 0, "extensions", "errorCode") != "FIELD_CUSTOM_VALIDATION_EXCEPTION" ||
			!strings.Contains(apitest.Dig(out, "errors", 0, "message").(string), "must be at least 1") {
			t.Fatalf("quantity -5: %v", out)
		}
		if q := buyer.soql("SELECT Quantity FROM CartItem WHERE Id = '" + item + "'")[0]["Quantity"]; q != json.Number("2") {
			t.Fatalf("refused quantity written: %v", q)
		}
		if q := admin.data(update, map[string]any{"id": item, "q": 3}, "uiapi", "CartItemUpdate", "Record", "Quantity", "value"); q != json.Number("3") {
			t.Fatalf("quantity 3: %v", q)
		}
	})
}

// A custom field is queryable as soon as it is added: the schema follows the metadata.
func TestCustomFieldQueryableAtOnce(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := as(t, s, "admin@example.com")
		const q = `{ uiapi { query { Account(first: 1, where: {Rating__c: {eq: null}}) { edges { node { Rating__c { value } } } } } } }`
		if out := admin.gql(q, nil); out["data"] != nil {
			t.Fatalf("before the field: %v", out)
		}
		f := records.Text("Rating__c", "Rating", 20)
		f.Custom = true
		if _, err := s.App.Engine.AddCustomField(t.Context(), "Account", f); err != nil {
			t.Fatal(err)
		}
		if v := admin.data(q, nil, "uiapi", "query", "Account", "edges", 0, "node"); v == nil {
			t.Fatalf("after the field: %v", v)
		}
	})
}
