package search

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// The hand-written encoder writes exactly what encoding/json writes for every shape an answer can take: nil and
// empty lists, absent and present optional values, nested categories, field maps in key order, and strings that
// need escaping.
func TestResultsEncodeLikeEncodingJSON(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	texts := []string{"", "Stapler", `quote " back \ slash`, "line\nbreak\ttab", "<b>&amp;</b>", "日本語 é",
		"\u2028", "bad \xff", "\x00\x1f\b\f", "19.99"}
	text := func() string { return texts[rnd.IntN(len(texts))] }
	optional := func() *string {
		if rnd.IntN(3) == 0 {
			return nil
		}
		s := text()
		return &s
	}
	var category func(depth int) SearchCategory
	category = func(depth int) SearchCategory {
		c := SearchCategory{ProductCount: rnd.IntN(1000)}
		if rnd.IntN(3) > 0 {
			c.Category = &CategoryRef{ID: text(), Name: text()}
		}
		switch n := rnd.IntN(4); {
		case n == 0:
		case n == 1 || depth > 1:
			c.Children = []SearchCategory{}
		default:
			for range n {
				c.Children = append(c.Children, category(depth+1))
			}
		}
		return c
	}
	product := func() ProductSummary {
		p := ProductSummary{ID: text(), Name: text(), ProductClass: text(), URLName: optional(),
			DefaultImage: Image{AlternateText: optional(), ContentVersionID: optional(), ID: optional(),
				MediaType: text(), SortOrder: rnd.IntN(5) - 1, ThumbnailURL: optional(), Title: text(), URL: text()}}
		if rnd.IntN(4) > 0 {
			p.Fields = map[string]FieldValue{}
			for range rnd.IntN(5) {
				p.Fields[text()+"Field"] = FieldValue{Value: optional()}
			}
		}
		if rnd.IntN(3) > 0 {
			p.Prices = &Prices{CurrencyIsoCode: text(), ListPrice: optional(), PricebookEntryID: text(),
				ProductID: text(), UnitPrice: text()}
		}
		if rnd.IntN(2) == 0 {
			p.PurchaseQuantityRule = &PurchaseQuantityRule{Increment: optional(), Maximum: optional(), Minimum: optional()}
		}
		if rnd.IntN(10) == 0 {
			p.VariationAttributeSet = map[string]interface{}{"Color": text(), "Size": 3}
		}
		if rnd.IntN(2) == 0 {
			// Kept in memory, encoded, before a request sets its prices and rule (loadPage).
			p.encodeCard()
			if rnd.IntN(2) == 0 {
				p.Prices = nil
			}
			if rnd.IntN(2) == 0 {
				p.PurchaseQuantityRule = nil
			}
		}
		return p
	}
	for i := range 500 {
		r := &Results{Categories: category(0), Locale: text()}
		r.ProductsPage = ProductsPage{CurrencyIsoCode: text(), PageSize: rnd.IntN(200), Total: rnd.IntN(100000)}
		if n := rnd.IntN(14); n > 0 {
			for range n - 1 {
				r.ProductsPage.Products = append(r.ProductsPage.Products, product())
			}
			if r.ProductsPage.Products == nil {
				r.ProductsPage.Products = []ProductSummary{}
			}
		}
		if n := rnd.IntN(4); n > 0 {
			r.Facets = []Facet{}
			for range n - 1 {
				f := Facet{AttributeType: text(), DisplayName: text(), DisplayRank: rnd.IntN(9), DisplayType: text(),
					FacetType: text(), NameOrID: text()}
				if rnd.IntN(4) > 0 {
					f.Values = []FacetValue{}
					for range rnd.IntN(4) {
						f.Values = append(f.Values, FacetValue{DisplayName: text(), NameOrID: text(), ProductCount: rnd.IntN(50)})
					}
				}
				r.Facets = append(r.Facets, f)
			}
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(r); err != nil {
			t.Fatal(err)
		}
		if got := r.appendJSON(nil); !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("answer %d:\n got %s\nwant %s", i, got, want.Bytes())
		}
	}
}
