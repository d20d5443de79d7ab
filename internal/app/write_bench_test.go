package app_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"storefront/internal/app/apptest"
	"storefront/internal/records"
)

// BenchmarkAddToCart is the bench's "add to cart" done by one buyer: one product (cycling over 50 products without
// a quantity rule) to a cart of up to 50 lines, over real HTTP on loopback. It reports the statements, the
// process CPU and the SQLite writer's busy time of one add; profile with -cpuprofile.
func BenchmarkAddToCart(b *testing.B) {
	benchDemo(b, func(b *testing.B, srv *apptest.Server) {
		buyer := srv.Token(b, "buyer@example.com")
		products := []string{pen, marker}
		for n := 3; len(products) < 50; n++ {
			if n%5 != 0 && n%8 != 0 && n%7 != 0 && n%13 != 0 {
				products = append(products, records.StableID("01t", int64(n)))
			}
		}
		add := func(i int) {
			srv.Call(b, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(products[i%len(products)], 1)).
				WantStatus(b, "add", 201)
		}
		add(0) // the cart and the caches a first add makes
		before, cpuBefore, busyBefore := srv.App.DB.Statements(), processCPU(), writerBusy()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			add(i)
		}
		b.StopTimer()
		b.ReportMetric(float64(srv.App.DB.Statements()-before)/float64(b.N), "stmts/op")
		b.ReportMetric(float64((processCPU()-cpuBefore).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		b.ReportMetric(float64((writerBusy()-busyBefore).Microseconds())/1000/float64(b.N), "writer-ms/op")
	})
}

// BenchmarkCheckout is the bench's "checkout" done by one buyer: add one product, start the checkout, set the
// default shipping address by id, choose Express, pay by purchase order, place the order. It reports the statements
// and the SQLite writer's busy time of each step and of the whole, and the process CPU of the whole.
func BenchmarkCheckout(b *testing.B) {
	benchDemo(b, func(b *testing.B, srv *apptest.Server) {
		buyer := srv.Token(b, "buyer@example.com")
		var book struct{ Items []struct{ AddressID string } }
		srv.Get(b, commercePath("accounts/current/addresses?addressType=Shipping&defaultOnly=true"), buyer).
			Decode(b, "address book", 200, &book)
		if len(book.Items) == 0 {
			b.Fatal("the buyer has no default shipping address")
		}
		address := book.Items[0].AddressID
		// Every iteration orders one pen: stock for as many iterations as -benchtime asks.
		if _, err := srv.App.DB.Exec(context.Background(), `UPDATE productinventory SET quantityonhand = 1000000
			WHERE productid = ?`, pen); err != nil {
			b.Fatal(err)
		}
		steps := []string{"add", "start", "address", "method", "pay", "place"}
		statements := make([]int64, len(steps))
		busy := make([]time.Duration, len(steps))
		var cpu time.Duration
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			cpuBefore := processCPU()
			step := func(n int, method, path, body string, status int, out any) {
				before, busyBefore := srv.App.DB.Statements(), writerBusy()
				srv.Call(b, method, commercePath(path), buyer, body).Decode(b, steps[n], status, out)
				statements[n] += srv.App.DB.Statements() - before
				busy[n] += writerBusy() - busyBefore
			}
			var v checkoutView
			step(0, "POST", "carts/current/cart-items", itemBody(pen, 1), 201, &cartItem{})
			step(1, "PUT", "checkouts", `{"cartId":"current"}`, 202, &v)
			step(2, "PATCH", "checkouts/"+v.CheckoutID, `{"deliveryAddress":{"id":"`+address+`"}}`, 202, &struct{}{})
			step(3, "PATCH", "checkouts/"+v.CheckoutID, `{"deliveryMethodId":"`+express+`"}`, 202, &struct{}{})
			step(4, "POST", "checkouts/"+v.CheckoutID+"/payments", fmt.Sprintf(`{"requestType":"SimplePurchaseOrder",`+
				`"paymentToken":"PO-%d","billingAddress":{"name":"Bench Buyer","street":"1 Main St","city":"Denver",`+
				`"region":"CO","country":"US","postalCode":"80202"}}`, i), 201, &struct{}{})
			var placed orderResult
			step(5, "POST", "checkouts/"+v.CheckoutID+"/orders", "", 201, &placed)
			if placed.OrderReferenceNumber == "" {
				b.Fatal("no order reference number")
			}
			cpu += processCPU() - cpuBefore
		}
		b.StopTimer()
		var total int64
		for n, s := range statements {
			b.ReportMetric(float64(s)/float64(b.N), steps[n]+"-stmts/op")
			b.ReportMetric(float64(busy[n].Microseconds())/1000/float64(b.N), steps[n]+"-writer-ms/op")
			total += s
		}
		b.ReportMetric(float64(total)/float64(b.N), "stmts/op")
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	})
}
