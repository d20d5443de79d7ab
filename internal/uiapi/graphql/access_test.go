package graphql_test

import (
	"encoding/json"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
	"storefront/internal/demo"
)

// Field-level security: a field the caller may not read is not in their schema (the query is refused as for an
// unknown field, or under @optional the field is left out); a buyer reads within their visibility; guests are
// refused.
func TestFieldLevelSecurityAndVisibility(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := as(t, s, "admin@example.com")
		support := as(t, s, "support@example.com")
		const q = `{ uiapi { query { Account(first: 2) { edges { node { Name { value } AnnualRevenue { value } } } } } } }`
		admin.data(q, nil) // the administrator reads it

		out := support.gql(q, nil)
		if out["data"] != nil || apitest.Dig(out, "errors", 0, "message") != `Cannot query field "AnnualRevenue" on type "Account".` ||
			apitest.Dig(out, "errors", 0, "extensions", "ErrorType") != "ValidationError" || apitest.Dig(out, "errors", 0, "locations", 0, "line") == nil {
			t.Fatalf("support reads AnnualRevenue: %v", out)
		}
		unknown := support.gql(`{ uiapi { query { Account(first: 2) { edges { node { NoSuchField { value } } } } } } }`, nil)
		if apitest.Dig(unknown, "errors", 0, "message") != `Cannot query field "NoSuchField" on type "Account".` {
			t.Fatalf("unknown field: %v", unknown)
		}
		node := support.data(`{ uiapi { query { Account(first: 1) { edges { node { Name { value } AnnualRevenue @optional { value } } } } } } }`,
			nil, "uiapi", "query", "Account", "edges", 0, "node").(map[string]any)
		if _, ok := node["AnnualRevenue"]; ok || apitest.Dig(node, "Name", "value") == nil {
			t.Fatalf("@optional: %v", node)
		}
		// Nor can the field be filtered or sorted on.
		for _, args := range []string{`where: {AnnualRevenue: {gt: 0}}`, `orderBy: {AnnualRevenue: {order: ASC}}`} {
			out := support.gql(`{ uiapi { query { Account(`+args+`) { edges { node { Id } } } } } }`, nil)
			if apitest.Dig(out, "data", "uiapi", "query", "Account") != nil || apitest.Dig(out, "errors", 0, "extensions", "ErrorType") != "ValidationError" {
				t.Fatalf("support %s: %v", args, out)
			}
		}
		// An object the caller may not read is not in their schema either.
		out = support.gql(`{ uiapi { query { Pricebook2 { edges { node { Id } } } } } }`, nil)
		if out["data"] != nil || apitest.Dig(out, "errors", 0, "message") != `Cannot query field "Pricebook2" on type "RecordQuery".` {
			t.Fatalf("support reads price books: %v", out)
		}

		buyer := as(t, s, "buyer@example.com")
		got := buyer.connIDs("Account", "", 50)
		sameIDs(t, "buyer's accounts", got, buyer.soqlIDs("SELECT Id FROM Account ORDER BY Id"))
		if len(got) != 1 || got[0] != demo.BuyerAccountID {
			t.Fatalf("buyer's accounts: %v", got)
		}

		s.Call(t, "POST", "/services/data/v64.0/graphql", "", `{"query":"{ uiapi { query { Account { totalCount } } } }"}`).
			WantStatus(t, "guest", 401)
	})
}

// Malformed queries, unknown fields, and queries over the depth and cost limits answer the error list, no data.
func TestErrorsAndLimits(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := as(t, s, "admin@example.com")
		cases := []struct{ query, errType, message string }{
			{`{ uiapi { query { Account { edges { node { Id } } }`, "InvalidSyntax", "Expected Name, found <EOF>"},
			{`{ uiapi { query { Account(first: "x") { totalCount } } } }`, "ValidationError", `Int cannot represent non-integer value: "x"`},
			{`{ uiapi { query { Account(first: 2001) { totalCount } } } }`, "ValidationError", "first must be between 0 and 2000"},
			{`{ uiapi { query { Account(first: 2000) { edges { node { Contacts(first: 10) { totalCount } } } } } } }`,
				"ValidationError", "Query cost exceeds the maximum of 10000 records: lower first on the connections"},
			{`{ uiapi { query { Account { edges { node { Contacts { edges { node { Account { Contacts { edges { node {
				Account { Owner { Name { value } } } } } } } } } } } } } } } }`, "ValidationError", "Query depth exceeds the maximum of 15 levels"},
			{`{ uiapi { query { Account { edges { node { Parent { Parent { Parent { Parent { Parent { Parent { Id } } } } } } } } } } } }`,
				"ValidationError", "a path may follow at most 5 relationships"},
			{`{ uiapi { query { Opportunity(where: {CloseDate: {eq: {range: {last_n_days: 7, next_n_days: 2}}}}) { totalCount } } } }`,
				"ValidationError", "A date filter takes one of value, literal or range, and a range one unit"},
			{`{ uiapi { query { Opportunity(where: {CloseDate: {eq: {value: "2026-01-01", literal: TODAY}}}) { totalCount } } } }`,
				"ValidationError", "A date filter takes one of value, literal or range, and a range one unit"},
			{`{ uiapi { query { Opportunity(where: {CloseDate: {eq: {range: {last_n_days: -1}}}}) { totalCount } } } }`,
				"ValidationError", "range last_n_days must be a whole number of at least 0"},
			{`{ uiapi { query { Opportunity(where: {CloseDate: {eq: {literal: SOMEDAY}}}) { totalCount } } } }`,
				"ValidationError", `Value "SOMEDAY" does not exist in "DateLiteral" enum.`},
			{`{ uiapi { query { Account(where: {Id: {inq: {ApiName: "AccountId"}}}) { totalCount } } } }`,
				"ValidationError", "A semi-join names the object it selects from"},
			{`{ uiapi { query { Account(where: {Id: {inq: {Contact: {}, Opportunity: {}, ApiName: "AccountId"}}}) { totalCount } } } }`,
				"ValidationError", "A semi-join selects from one object: Contact or Opportunity"},
			{`{ uiapi { query { Account(where: {Id: {inq: {Contact: {}, ApiName: "LastName"}}}) { totalCount } } } }`,
				"ValidationError", "semi-joins can only select id fields: LastName"},
		}
		for _, c := range cases {
			out := admin.gql(c.query, nil)
			errs, _ := out["errors"].([]any)
			if len(errs) == 0 || !strings.Contains(apitest.Dig(errs[0], "message").(string), c.message) ||
				apitest.Dig(errs[0], "extensions", "ErrorType") != c.errType {
				t.Fatalf("%s: %v", c.query, out)
			}
			if _, ok := apitest.Dig(errs[0], "paths").([]any); !ok {
				t.Fatalf("%s: no paths: %v", c.query, errs[0])
			}
		}
		// A variable of the wrong type is named, at its definition.
		out := admin.gql("query Q(\n  $first: Int) { uiapi { query { Account(first: $first) { totalCount } } } }", map[string]any{"first": "x"})
		if out["data"] != nil || apitest.Dig(out, "errors", 0, "message") != `Variable "$first" got invalid value: cannot use string as Int` ||
			apitest.Dig(out, "errors", 0, "locations", 0, "line") != json.Number("2") || apitest.Dig(out, "errors", 0, "locations", 0, "column") != json.Number("3") {
			t.Fatalf("variable: %v", out)
		}
		// The depth just under the limit runs.
		admin.data(`{ uiapi { query { Account { edges { node { Contacts { edges { node { Account { Contacts { edges { node {
			Account { Name { value } } } } } } } } } } } } } } }`, nil)

		status, body, raw := admin.call("POST", "/services/data/v64.0/graphql", `{"query": `)
		if status != 400 || !strings.Contains(raw, "JSON_PARSER_ERROR") || body != nil {
			t.Fatalf("malformed body: %d %s", status, raw)
		}
	})
}
