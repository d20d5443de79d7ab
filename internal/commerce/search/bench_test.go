package search_test

import (
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
)

// benchSearch posts product searches as the buyer, in parallel, over real HTTP on the demo store (SQLite), or on
// the database STOREFRONT_BENCH_DB names (a catalogue made by `storefront seed --products N`, for instance).
func benchSearch(b *testing.B, body func(i int) string) {
	s := apptest.Demo(b, os.Getenv("STOREFRONT_BENCH_DB"))
	var n atomic.Int64
	token := s.Token(b, "buyer@example.com")
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req, _ := http.NewRequest(http.MethodPost, s.Commerce+"search/product-search",
				strings.NewReader(body(int(n.Add(1)))))
			req.Header.Set("Authorization", "Bearer "+token)
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				b.Error(err)
				return
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusCreated {
				b.Errorf("search: %d", res.StatusCode)
				return
			}
		}
	})
}

func same(body string) func(int) string { return func(int) string { return body } }

func BenchmarkSearchTerm(b *testing.B) {
	benchSearch(b, same(`{"searchTerm":"gloves","pageSize":20,"includePrices":true}`))
}

func BenchmarkSearchCategory(b *testing.B) {
	benchSearch(b, same(`{"categoryId":"0ZG0S0000000001WAA","pageSize":20,"includePrices":true}`))
}

// BenchmarkSearchDistinct asks two words of a product each time, the products in turn: hardly an answer kept.
func BenchmarkSearchDistinct(b *testing.B) {
	benchSearch(b, func(i int) string {
		ws := demo.ProductWords(i%100_000 + 1)
		return `{"searchTerm":"` + ws[i%len(ws)] + " " + ws[(i/len(ws)+i+1)%len(ws)] + `","pageSize":12,"includePrices":true}`
	})
}

// BenchmarkSearchRotated takes turns with 300 one-word searches.
func BenchmarkSearchRotated(b *testing.B) {
	var words []string
	have := map[string]bool{}
	for n := 1; len(words) < 300; n++ {
		for _, w := range demo.ProductWords(n) {
			if !have[w] {
				have[w] = true
				words = append(words, w)
			}
		}
	}
	benchSearch(b, func(i int) string {
		return `{"searchTerm":"` + words[i%len(words)] + `","pageSize":12,"includePrices":true}`
	})
}

// BenchmarkSearchAfresh is make bench's "category 12 afresh" and "search 12 afresh": pages of 12 with prices, each
// body unlike any before (a member the input does not read), so that no whole answer kept in memory serves it.
func BenchmarkSearchAfresh(b *testing.B) {
	for name, query := range map[string]string{"category": `"categoryId":"0ZG0S0000000001WAA"`, "term": `"searchTerm":"nitrile gloves"`} {
		b.Run(name, func(b *testing.B) {
			benchSearch(b, func(i int) string {
				return `{` + query + `,"page":0,"pageSize":12,"includePrices":true,"benchRequest":` + strconv.Itoa(i) + `}`
			})
		})
	}
}
