package graphql_test

import (
	"slices"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
)

// Introspection answers from the metadata-built schema as each caller's schema reads: a field or object hidden by
// field-level security or object permissions is not in it, the same things the query refuses.
func TestIntrospectionFollowsFieldLevelSecurity(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := as(t, s, "admin@example.com")
		support := as(t, s, "support@example.com")
		names := func(list any, key string) []string {
			var out []string
			for _, item := range list.([]any) {
				out = append(out, apitest.Dig(item, key).(string))
			}
			return out
		}

		root := admin.data(`{ __typename __schema { queryType { name } mutationType { name } subscriptionType { name }
			types { name kind } directives { name locations args { name type { name } } } } }`, nil).(map[string]any)
		types := names(apitest.Dig(root, "__schema", "types"), "name")
		if root["__typename"] != "Query" || apitest.Dig(root, "__schema", "queryType", "name") != "Query" ||
			apitest.Dig(root, "__schema", "mutationType", "name") != "Mutation" || apitest.Dig(root, "__schema", "subscriptionType") != nil ||
			!slices.Contains(types, "Pricebook2") || !slices.Contains(types, "AccountConnection") || !slices.Contains(types, "__Type") ||
			!slices.IsSorted(types) || !slices.Contains(names(apitest.Dig(root, "__schema", "directives"), "name"), "optional") {
			t.Fatalf("admin's schema: %v", root)
		}
		supportTypes := names(support.data(`{ __schema { types { name } } }`, nil, "__schema", "types"), "name")
		if slices.Contains(supportTypes, "Pricebook2") || slices.Contains(supportTypes, "Pricebook2_Filter") || !slices.Contains(supportTypes, "Account") {
			t.Fatalf("support's types include price books: %v", supportTypes)
		}

		// Account's fields, filters and sort terms: AnnualRevenue for the administrator, not for support, who may
		// not query it (access_test.go); the record query lists price books for the administrator only.
		const q = `{ account: __type(name: "Account") { name kind fields { name args { name } type { kind name ofType { name } } } }
			filter: __type(name: "Account_Filter") { kind inputFields { name type { name } } fields { name } }
			order: __type(name: "Account_OrderBy") { inputFields { name } }
			query: __type(name: "RecordQuery") { fields { name } }
			books: __type(name: "Pricebook2") { name } }`
		for _, c := range []struct {
			who   *client
			reads bool
		}{{admin, true}, {support, false}} {
			out := c.who.data(q, nil).(map[string]any)
			for _, list := range [][]string{names(apitest.Dig(out, "account", "fields"), "name"),
				names(apitest.Dig(out, "filter", "inputFields"), "name"), names(apitest.Dig(out, "order", "inputFields"), "name")} {
				if slices.Contains(list, "AnnualRevenue") != c.reads || !slices.Contains(list, "Name") {
					t.Fatalf("reads AnnualRevenue %v: %v", c.reads, list)
				}
			}
			if slices.Contains(names(apitest.Dig(out, "query", "fields"), "name"), "Pricebook2") != c.reads ||
				(apitest.Dig(out, "books") != nil) != c.reads {
				t.Fatalf("reads price books %v: %v", c.reads, out)
			}
			if apitest.Dig(out, "account", "kind") != "OBJECT" || apitest.Dig(out, "filter", "kind") != "INPUT_OBJECT" ||
				apitest.Dig(out, "filter", "fields") != nil {
				t.Fatalf("kinds: %v", out)
			}
		}

		// Wrapped types: Id is ID!, Contacts a connection with arguments.
		fields := admin.data(`{ __type(name: "Account") { fields { name args { name type { name } defaultValue }
			type { kind name ofType { kind name } } } } }`, nil, "__type", "fields").([]any)
		for _, f := range fields {
			switch apitest.Dig(f, "name") {
			case "Id":
				if apitest.Dig(f, "type", "kind") != "NON_NULL" || apitest.Dig(f, "type", "ofType", "name") != "ID" || apitest.Dig(f, "type", "ofType", "kind") != "SCALAR" {
					t.Fatalf("Id: %v", f)
				}
			case "Contacts":
				if apitest.Dig(f, "type", "name") != "ContactConnection" || !slices.Contains(names(apitest.Dig(f, "args"), "name"), "where") {
					t.Fatalf("Contacts: %v", f)
				}
			}
		}

		// GraphiQL's own introspection query (its fragments and nesting) runs within the limits.
		out := admin.gql(graphiQLQuery, nil)
		if out["errors"] != nil || len(apitest.Dig(out, "data", "__schema", "types").([]any)) < 50 {
			t.Fatalf("GraphiQL's query: %v", out["errors"])
		}
	})
}

// graphiQLQuery is the introspection query GraphiQL sends (graphql-js getIntrospectionQuery).
const graphiQLQuery = `query IntrospectionQuery {
  __schema {
    queryType { name } mutationType { name } subscriptionType { name }
    types { ...FullType }
    directives { name description locations args { ...InputValue } }
  }
}
fragment FullType on __Type {
  kind name description
  fields(includeDeprecated: true) { name description args { ...InputValue } type { ...TypeRef } isDeprecated deprecationReason }
  inputFields { ...InputValue }
  interfaces { ...TypeRef }
  enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
  possibleTypes { ...TypeRef }
}
fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue }
fragment TypeRef on __Type {
  kind name
  ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }
}`
