package graphql_test

import (
	"fmt"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
)

// TestQueryReadsAFixedNumberOfStatements checks that a page of records with one parent and one child list costs
// the same statements whether it has 5 records or 50: parents joined, children read for the whole page at once.
func TestQueryReadsAFixedNumberOfStatements(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := as(t, s, "admin@example.com")
		cost := func(first int, counts string) int64 {
			q := fmt.Sprintf(`query Page($first: Int) { uiapi { query { Product2(first: $first, orderBy: {Name: {order: ASC}}) {
				edges { node { Id Name { value } CreatedBy { Name { value } } PriceBookEntries(first: 2) { %s edges { node {
				UnitPrice { value displayValue } } } } } } } } } }`, counts)
			// Warm: the caller's rights, the catalog and the parsed query are cached after one call. The warming page
			// is one record shorter, so the measured one is not the kept answer of the same question (package answers).
			admin.data(q, map[string]any{"first": first - 1})
			before := s.App.DB.Statements()
			edges := admin.data(q, map[string]any{"first": first}, "uiapi", "query", "Product2", "edges").([]any)
			if len(edges) != first {
				t.Fatalf("page of %d has %d records", first, len(edges))
			}
			if prices := apitest.Dig(edges[0], "node", "PriceBookEntries", "edges").([]any); len(prices) == 0 {
				t.Fatalf("no prices: %v", edges[0])
			}
			if counts != "" && (apitest.Dig(edges[0], "node", "PriceBookEntries", "totalCount") == nil ||
				apitest.Dig(edges[0], "node", "PriceBookEntries", "pageInfo", "hasNextPage") == nil) {
				t.Fatalf("no counts: %v", edges[0])
			}
			return s.App.DB.Statements() - before
		}
		// The page, then the children of all its records (with their counts when asked).
		for _, counts := range []string{"", "totalCount pageInfo { hasNextPage }"} {
			small, large := cost(5, counts), cost(50, counts)
			t.Logf("statements per query: %d (5 records), %d (50 records)", small, large)
			if small != large || large != 2 {
				t.Fatalf("statements with %q: %d for 5 records, %d for 50", counts, small, large)
			}
		}
	})
}

// BenchmarkQuery times the bench row's query (50 products, who created each, their first five prices) over
// loopback HTTP on SQLite.
func BenchmarkQuery(b *testing.B) {
	s := apptest.Demo(b, "")
	token := s.Token(b, "admin@example.com")
	body := `{"query":"{ uiapi { query { Product2(first: 50, orderBy: {Name: {order: ASC}}) { edges { node { Id ` +
		`Name { value } CreatedBy { Name { value } } PriceBookEntries(first: 5) { edges { node { UnitPrice { value displayValue } } } } } } } } } }"}`
	for b.Loop() {
		s.Call(b, "POST", "/services/data/v64.0/graphql", token, body).WantStatus(b, "graphql", 200)
	}
}
