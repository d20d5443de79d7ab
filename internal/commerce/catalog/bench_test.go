package catalog_test

import (
	"io"
	"net/http"
	"storefront/internal/app/apptest"
	"testing"
)

// benchEnv is the real handler over a demo store on a fresh SQLite file, with the buyer's bearer token.
func benchEnv(b *testing.B) (*apptest.Server, string) {
	b.Helper()
	s := apptest.Demo(b, "")
	return s, s.Token(b, buyer)
}

func benchGet(b *testing.B, path string) {
	srv, token := benchEnv(b)
	client := http.DefaultClient
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
			req.Header.Set("Authorization", "Bearer "+token)
			res, err := client.Do(req)
			if err != nil {
				b.Error(err)
				return
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != 200 {
				b.Errorf("GET %s: %d", path, res.StatusCode)
				return
			}
		}
	})
}

func BenchmarkProductDetail(b *testing.B) { benchGet(b, base+"products/"+product(6)) }

func BenchmarkProductPrice(b *testing.B) { benchGet(b, base+"pricing/products/"+product(6)) }

func BenchmarkBatchPrice100(b *testing.B) {
	path := base + "pricing/products?productIds="
	for n := int64(1); n <= 100; n++ {
		if n > 1 {
			path += ","
		}
		path += product(n)
	}
	benchGet(b, path)
}

func BenchmarkCategoryChildren(b *testing.B) { benchGet(b, base+"product-categories/children") }
