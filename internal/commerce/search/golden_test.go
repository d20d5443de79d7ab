package search_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"storefront/internal/demo"
)

// The golden answers pin search results while its implementation changes: a few hundred searches over the demo
// store plus generated products, answered by the implementation of the time they were captured (the SQL full-text
// index), order included. `go test -run TestGoldenAnswers -update-golden` rewrites them; do that only for a
// deliberate change of results.

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/golden.json from the current implementation")

const goldenProducts = 3000 // generated products beside the demo's own

// goldenAnswer is what a search answers: the page's ids in order, the total, the facets' counts, the category
// summary, and a digest of the page's products exactly as sent (fields, image, prices, quantity rule), so that a
// page built another way must be byte for byte the same.
type goldenAnswer struct {
	Body       string         `json:"body"`
	Total      int            `json:"total"`
	IDs        []string       `json:"ids"`
	Facets     map[string]any `json:"facets"`
	Categories map[string]int `json:"categories"`
	Products   string         `json:"products"`
}

func (f *fixture) golden(body string) goldenAnswer {
	f.t.Helper()
	var raw json.RawMessage
	if status := f.call(http.MethodPost, "search/product-search", f.buyerToken, body, &raw); status != http.StatusCreated {
		f.t.Fatalf("POST product-search %s: status %d", body, status)
	}
	var r results
	var page struct {
		ProductsPage struct {
			Products json.RawMessage `json:"products"`
		} `json:"productsPage"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		f.t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &page); err != nil {
		f.t.Fatal(err)
	}
	digest := sha256.Sum256(page.ProductsPage.Products)
	out := goldenAnswer{Body: body, Total: r.ProductsPage.Total, IDs: []string{}, Facets: map[string]any{},
		Categories: map[string]int{"": r.Categories.ProductCount}, Products: hex.EncodeToString(digest[:12])}
	for _, p := range r.ProductsPage.Products {
		out.IDs = append(out.IDs, p.ID)
	}
	for _, fc := range r.Facets {
		var vals []string
		for _, v := range fc.Values {
			vals = append(vals, fmt.Sprintf("%s=%d", v.NameOrID, v.ProductCount))
		}
		out.Facets[fc.NameOrID] = vals
	}
	for _, c := range r.Categories.Children {
		out.Categories[c.Category.ID] = c.ProductCount
	}
	return out
}

// goldenQueries draws searches from the catalogue's own names and SKUs: one and two words, prefixes, SKUs, every
// sort rule, pages, categories and refinements.
func (f *fixture) goldenQueries() []string {
	rows, err := f.d.Query(context.Background(), `SELECT name, stockkeepingunit FROM product2 ORDER BY id`)
	if err != nil {
		f.t.Fatal(err)
	}
	var names, skus []string
	for rows.Next() {
		var name, sku string
		if err := rows.Scan(&name, &sku); err != nil {
			f.t.Fatal(err)
		}
		names, skus = append(names, name), append(skus, sku)
	}
	rows.Close()
	top := topCategories(f.t, f)
	sorts := []string{"", "Name:Ascending", "Name:Descending", "UnitPrice:Ascending", "UnitPrice:Descending",
		"CreatedDate:Descending"}
	var out []string
	add := func(input map[string]any) {
		raw, _ := json.Marshal(input)
		out = append(out, string(raw))
	}
	for i := 0; len(out) < 360; i += 37 {
		name := names[i%len(names)]
		ws := strings.Fields(strings.ToLower(name))
		input := map[string]any{"pageSize": 20}
		switch i / 37 % 8 {
		case 0, 1:
			input["searchTerm"] = ws[0]
		case 2, 3:
			input["searchTerm"] = ws[0] + " " + ws[len(ws)-1]
		case 4:
			input["searchTerm"] = ws[0][:min(len(ws[0]), 3)]
		case 5:
			input["searchTerm"] = skus[i%len(skus)]
		case 6:
			input["searchTerm"] = skus[i%len(skus)][:4]
		case 7:
			input["categoryId"] = top[i%len(top)]
		}
		if s := sorts[i/37%len(sorts)]; s != "" {
			input["sortRuleId"] = s
		}
		if i/37%5 == 3 {
			input["page"] = 1
		}
		if i/37%7 == 2 {
			input["refinements"] = []map[string]any{{"nameOrId": "Brand", "type": "DistinctValue",
				"attributeType": "Standard", "values": []string{"Everline", "Summit"}}}
		}
		if i/37%11 == 4 && input["categoryId"] == nil {
			input["categoryId"] = top[i%len(top)]
		}
		if i/37%3 == 1 {
			input["includePrices"] = true
		}
		switch i / 37 % 13 {
		case 6: // fields a result card keeps in memory, in another case
			input["fields"] = []string{"stockkeepingunit", "Name"}
		case 9: // and fields it does not keep
			input["fields"] = []string{"Brand", "QuantityUnitOfMeasure", "Family", "IsActive"}
		}
		if i/37%17 == 8 {
			input["includeQuantityRule"] = false
		}
		add(input)
	}
	return out
}

func TestGoldenAnswers(t *testing.T) {
	path := filepath.Join("testdata", "golden.json")
	eachDemo(t, func(t *testing.T, f *fixture) {
		if err := demo.SeedProducts(context.Background(), f.engine, goldenProducts,
			demo.Options{Log: slog.New(slog.DiscardHandler)}); err != nil {
			t.Fatal(err)
		}
		if *updateGolden {
			var answers []goldenAnswer
			for _, body := range f.goldenQueries() {
				answers = append(answers, f.golden(body))
			}
			raw, _ := json.MarshalIndent(answers, "", " ")
			if err := os.WriteFile(path, raw, 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var want []goldenAnswer
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatal(err)
		}
		if len(want) < 300 {
			t.Fatalf("only %d golden answers", len(want))
		}
		for _, w := range want {
			got := f.golden(w.Body)
			gotJSON, _ := json.Marshal(got)
			wantJSON, _ := json.Marshal(w)
			if string(gotJSON) != string(wantJSON) {
				t.Errorf("search %s:\n got  %s\n want %s", w.Body, gotJSON, wantJSON)
			}
		}
	})
}

// TestTyposAndPrefixes: a buyer who types the start of a word, or a word with a typo, finds what the word finds.
func TestTyposAndPrefixes(t *testing.T) {
	eachDemo(t, func(t *testing.T, f *fixture) {
		valve := f.golden(`{"searchTerm":"valve","pageSize":20}`)
		if valve.Total == 0 {
			t.Fatal("no valves in the demo catalogue")
		}
		for _, term := range []string{"valv", "vavle", "vlave", "VALEV", "valbe"} {
			got := f.golden(`{"searchTerm":"` + term + `","pageSize":20}`)
			if got.Total != valve.Total || strings.Join(got.IDs, ",") != strings.Join(valve.IDs, ",") {
				t.Errorf("%q: %d results %v, want valve's %d %v", term, got.Total, got.IDs, valve.Total, valve.IDs)
			}
		}
		// A typo in one word of two: the other still narrows.
		if ball, typo := f.golden(`{"searchTerm":"ball valve","pageSize":20}`),
			f.golden(`{"searchTerm":"ball vavle","pageSize":20}`); ball.Total == 0 || ball.Total >= valve.Total ||
			strings.Join(typo.IDs, ",") != strings.Join(ball.IDs, ",") {
			t.Errorf("ball vavle: %v, want ball valve's %v", typo.IDs, ball.IDs)
		}
		// Short words, numbers and words far from any other are not corrected.
		for _, term := range []string{"vlv0", "zqxw", "valvezzz", "0000999999"} {
			if got := f.golden(`{"searchTerm":"` + term + `","pageSize":20}`); got.Total != 0 {
				t.Errorf("%q found %d products", term, got.Total)
			}
		}
	})
}
