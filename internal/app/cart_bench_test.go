package app_test

import (
	"context"
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
	"storefront/internal/platform/db/dbtest"
	"storefront/internal/platform/metrics"
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

// benchDemo runs fn as a sub-benchmark on the demo store over each database in use: a SQLite file, and PostgreSQL
// when STOREFRONT_TEST_POSTGRES is set.
func benchDemo(b *testing.B, fn func(b *testing.B, srv *apptest.Server)) {
	for _, kind := range []string{"sqlite", "postgres"} {
		b.Run(kind, func(b *testing.B) {
			u, ok := dbtest.URLs(b)[kind]
			if !ok {
				b.Skip(dbtest.EnvPostgres + " is not set: PostgreSQL run skipped")
			}
			fn(b, apptest.Demo(b, u))
		})
	}
}

// fillCart gives the buyer's current cart lines lines (products 1..lines, ten of each) and returns one of its lines.
// The store calculates carts of up to 1,000 lines in the request, so every change reprices the whole cart.
func fillCart(tb testing.TB, srv *apptest.Server, buyer string, lines int) string {
	tb.Helper()
	ctx := context.Background()
	if lines > demo.DemoProducts {
		var have int
		if err := srv.App.DB.QueryRow(ctx, `SELECT COUNT(*) FROM product2`).Scan(&have); err != nil {
			tb.Fatal(err)
		}
		if have < lines {
			if err := demo.SeedProducts(ctx, srv.App.Engine, lines-have, demo.Options{}); err != nil {
				tb.Fatal(err)
			}
		}
	}
	if _, err := srv.App.DB.Exec(ctx, `UPDATE webstore SET cartsynclinelimit = 1000`); err != nil {
		tb.Fatal(err)
	}
	srv.Call(tb, "DELETE", commercePath("carts/current"), buyer, "") // 404 when there is none
	for from := 1; from <= lines; from += 100 {
		r := srv.Call(tb, "POST", commercePath("carts/current/cart-items/batch"), buyer, batchInputs(from, min(100, lines-from+1)))
		if r.WantStatus(tb, "add a batch", 200); strings.Contains(r.Body, `"hasErrors":true`) {
			tb.Fatalf("filling the cart: %s", r.Body)
		}
	}
	var page struct {
		TotalItemCount int
		CartItems      []struct{ CartItem struct{ CartItemID string } }
	}
	srv.Get(tb, commercePath("carts/current/cart-items?pageSize=1"), buyer).Decode(tb, "a line", 200, &page)
	if page.TotalItemCount != lines || len(page.CartItems) != 1 {
		tb.Fatalf("the cart has %d lines, want %d", page.TotalItemCount, lines)
	}
	return page.CartItems[0].CartItem.CartItemID
}

// processCPU is the CPU time the test process has used (server, client and garbage collector together): on a
// machine shared with other work it moves far less than the wall time ns/op reports.
func processCPU() time.Duration {
	var u syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// writerBusy is the SQLite writer's busy time so far (storefront_db_writer_busy_seconds_total): what a write costs
// the one writer every write of the store waits for.
func writerBusy() time.Duration { return metrics.WriterBusy() }

// BenchmarkCartBatchAdd100 adds 100 products in one call to an empty cart (real HTTP on loopback): the cart's own
// cost. Profile with -cpuprofile.
func BenchmarkCartBatchAdd100(b *testing.B) {
	benchDemo(b, func(b *testing.B, srv *apptest.Server) {
		buyer := srv.Token(b, "buyer@example.com")
		body := batchInputs(1, 100)
		var statements int64
		var cpu time.Duration
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			srv.Call(b, "DELETE", commercePath("carts/current"), buyer, "") // 404 when there is none
			before, cpuBefore := srv.App.DB.Statements(), processCPU()
			b.StartTimer()
			srv.Call(b, "POST", commercePath("carts/current/cart-items/batch"), buyer, body).WantStatus(b, "add a batch", 200)
			statements, cpu = statements+srv.App.DB.Statements()-before, cpu+processCPU()-cpuBefore
		}
		b.ReportMetric(float64(statements)/float64(b.N), "stmts/op")
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	})
}

// BenchmarkCartReprice500 changes the quantity of one line of a 500-line cart: the whole cart is repriced (prices,
// tiers, promotions, tax) and stored within the request.
func BenchmarkCartReprice500(b *testing.B) {
	benchDemo(b, func(b *testing.B, srv *apptest.Server) {
		buyer := srv.Token(b, "buyer@example.com")
		line := fillCart(b, srv, buyer, 500)
		before, cpuBefore := srv.App.DB.Statements(), processCPU()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			srv.Call(b, "PATCH", commercePath("carts/current/cart-items/"+line), buyer, fmt.Sprintf(`{"quantity":"%d"}`, 20+10*(i%2))).WantStatus(b, "change a line", 200)
		}
		b.StopTimer()
		b.ReportMetric(float64(srv.App.DB.Statements()-before)/float64(b.N), "stmts/op")
		b.ReportMetric(float64((processCPU()-cpuBefore).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	})
}
