package app_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/records"
)

// batchInputs adds products from..from+n-1, ten of each (every demo quantity rule allows 10).
func batchInputs(from, n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprintf(`{"richInput":{"productId":"%s","quantity":"10","type":"Product"}}`, records.StableID("01t", int64(from+i)))
	}
	return `{"inputs":[` + strings.Join(parts, ",") + `]}`
}

// BenchmarkCartBatchAdd100 adds 100 products in one call to an empty cart (in-process, SQLite): the cart's own
// cost, without the network. Profile with -cpuprofile.
func BenchmarkCartBatchAdd100(b *testing.B) {
	srv := apptest.Demo(b, "sqlite://"+filepath.Join(b.TempDir(), "bench.db"))
	s := &demoSite{srv: srv, d: srv.App.DB}
	t := &testing.T{}
	buyer := srv.Token(b, "buyer@example.com")
	body := batchInputs(1, 100)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s.call(t, "DELETE", commercePath("carts/current"), buyer, "")
		b.StartTimer()
		if r := s.call(t, "POST", commercePath("carts/current/cart-items/batch"), buyer, body); r.status != 200 {
			b.Fatalf("%d %s", r.status, r.body)
		}
	}
}
