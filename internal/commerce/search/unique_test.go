package search_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
)

// TestEveryProductOnce: a page lists each product once, and a page holding every hit lists as many products as the
// total, for terms matching SKUs and names and for each value of their facets. A term matching some products by
// SKU prefix and others by name once listed the SKU matches twice.
func TestEveryProductOnce(t *testing.T) {
	eachDemo(t, func(t *testing.T, f *fixture) {
		for _, term := range []string{"pen", "pen-0000", "mrk", "paper", "valve", "black", "steel", "ste", "vavle"} {
			body := fmt.Sprintf(`{"searchTerm":%q,"pageSize":200,"includePrices":true}`, term)
			f.onceEach(f.golden(body), 200)
			var r results
			if status := f.call(http.MethodPost, "search/product-search", f.buyerToken, body, &r); status != http.StatusCreated {
				t.Fatalf("%s: status %d", body, status)
			}
			for _, facet := range r.Facets {
				for _, v := range facet.Values {
					refined, _ := json.Marshal(map[string]any{"searchTerm": term, "pageSize": 200, "includePrices": true,
						"includeQuantityRule": true, "refinements": []map[string]any{{"nameOrId": facet.NameOrID,
							"type": facet.FacetType, "attributeType": facet.AttributeType, "values": []string{v.NameOrID}}}})
					got := f.golden(string(refined))
					f.onceEach(got, 200)
					if got.Total != v.ProductCount {
						t.Errorf("%s: total %d, the facet value counted %d", refined, got.Total, v.ProductCount)
					}
				}
			}
		}
	})
}

// onceEach fails when the answer lists a product twice or, on its only page, not as many products as its total.
func (f *fixture) onceEach(a goldenAnswer, pageSize int) {
	f.t.Helper()
	seen := map[string]bool{}
	for _, id := range a.IDs {
		if seen[id] {
			f.t.Errorf("search %s lists %s twice: %v", a.Body, id, a.IDs)
			return
		}
		seen[id] = true
	}
	if a.Total <= pageSize && len(a.IDs) != a.Total {
		f.t.Errorf("search %s: %d products on its page, total %d", a.Body, len(a.IDs), a.Total)
	}
}
