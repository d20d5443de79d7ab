package search_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
)

// benchSearch posts product searches as the buyer, in parallel, over real HTTP on the demo store (SQLite).
func benchSearch(b *testing.B, body string) {
	s := apptest.Demo(b, "")
	token := s.Token(b, "buyer@example.com")
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req, _ := http.NewRequest(http.MethodPost, s.Commerce+"search/product-search", strings.NewReader(body))
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

func BenchmarkSearchTerm(b *testing.B) {
	benchSearch(b, `{"searchTerm":"gloves","pageSize":20,"includePrices":true}`)
}

func BenchmarkSearchCategory(b *testing.B) {
	benchSearch(b, `{"categoryId":"0ZG0S0000000001WAA","pageSize":20,"includePrices":true}`)
}
