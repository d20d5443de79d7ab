package app_test

import (
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"storefront/internal/auth"
	"storefront/internal/demo"
	"storefront/internal/platform/db"
)

// Placing an order runs a fixed number of SQL statements: a 100-line cart costs what a 10-line cart costs.
func TestPlaceOrderStatementsDoNotGrow(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		s.exec(t, `UPDATE productinventory SET quantityonhand = 100000`)
		statementsOf := func(n int) int64 {
			var checkoutID string
			return fewerOfTwo(s, func() {
				if r := s.srv.Call(t, "POST", commercePath("carts/current/cart-items/batch"), buyer, batchInputs(1, n)); r.Status != 200 ||
					strings.Contains(r.Body, `"hasErrors":true`) {
					t.Fatalf("batch of %d: %d %s", n, r.Status, r.Body)
				}
				checkoutID = startCheckout(t, s, buyer).CheckoutID
				s.srv.Call(t, "POST", commercePath("checkouts/"+checkoutID+"/payments"), buyer,
					`{"requestType":"SimplePurchaseOrder","paymentToken":"PO-9"}`).Decode(t, "pay", 201, &struct{}{})
			}, func() {
				var placed orderResult
				s.srv.Call(t, "POST", commercePath("checkouts/"+checkoutID+"/orders"), buyer, "").Decode(t, "place", 201, &placed)
			})
		}
		statementsOf(10) // warm the caches a first request fills
		ten, hundred := statementsOf(10), statementsOf(100)
		t.Logf("placing an order: %d statements for 10 lines, %d for 100", ten, hundred)
		if hundred != ten || ten == 0 {
			t.Fatalf("placing an order of 10 lines ran %d statements, of 100 lines %d", ten, hundred)
		}
		wantAtMostStatements(t, s, "place order", hundred)
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM orderitemsummary WHERE type = 'Order Product'`); n != "240" { // four orders of 10 lines (two warm the caches), two of 100
			t.Fatalf("%s ordered lines, want 240", n)
		}
	})
}

// newBuyers creates n buyers in the demo buyer's account through the records engine and signs them in.
func newBuyers(t *testing.T, s *demoSite, n int) []string {
	t.Helper()
	ctx := context.Background()
	hash, err := auth.HashPassword(demo.DemoPassword)
	if err != nil {
		t.Fatal(err)
	}
	engine := s.srv.App.Engine
	err = s.d.InTx(ctx, func(tx *db.Tx) error {
		for i := 0; i < n; i++ {
			if _, err := auth.InsertUser(ctx, engine, tx, auth.NewUser{Email: fmt.Sprintf("racer%d@example.com", i),
				Password: demo.DemoPassword, FirstName: "Racer", LastName: fmt.Sprint(i), AccountID: demo.BuyerAccountID}, hash); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	tokens := make([]string, n)
	for i := range tokens {
		tokens[i] = s.srv.Token(t, fmt.Sprintf("racer%d@example.com", i))
	}
	return tokens
}

// 50 buyers race to check out the last 10 units of a product: exactly 10 orders, stock never below zero.
func TestCheckoutRaceForLastUnits(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		const buyers, units = 50, 10
		tokens := newBuyers(t, s, buyers)
		s.exec(t, `UPDATE productinventory SET quantityonhand = ? WHERE productid = ?`, units, pen)
		var stop atomic.Bool
		var lowest atomic.Int64
		lowest.Store(units)
		watch := make(chan struct{})
		go func() { // stock seen by a reader throughout the race
			defer close(watch)
			for !stop.Load() {
				var n int64
				if err := s.d.QueryRow(context.Background(), `SELECT quantityonhand FROM productinventory WHERE productid = ?`, pen).Scan(&n); err == nil && n < lowest.Load() {
					lowest.Store(n)
				}
				time.Sleep(5 * time.Millisecond)
			}
		}()
		var wg sync.WaitGroup
		var placed atomic.Int64
		failures := make(chan string, buyers)
		for _, token := range tokens {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if r := s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), token, itemBody(pen, 1)); r.Status != 201 {
					failures <- fmt.Sprintf("add: %d %s", r.Status, r.Body)
					return
				}
				r := s.srv.Call(t, "PUT", commercePath("checkouts"), token, `{"cartId":"current","deliveryAddressInput":`+coloradoAddress+`}`)
				if r.Status != 202 {
					failures <- fmt.Sprintf("start: %d %s", r.Status, r.Body)
					return
				}
				var v checkoutView
				r.Decode(t, "start", 202, &v)
				switch r := s.srv.Get(t, commercePath("checkouts/"+v.CheckoutID), token); {
				case r.Status == 422 && strings.Contains(r.Body, "INSUFFICIENT_INVENTORY"):
					return // lost the race at the hold
				case r.Status != 200:
					failures <- fmt.Sprintf("get: %d %s", r.Status, r.Body)
					return
				}
				if r := s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/payments"), token,
					`{"requestType":"SimplePurchaseOrder","paymentToken":"PO-RACE"}`); r.Status != 201 {
					failures <- fmt.Sprintf("pay: %d %s", r.Status, r.Body)
					return
				}
				switch r := s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/orders"), token, ""); {
				case r.Status == 201:
					placed.Add(1)
				case r.Status == 422 && strings.Contains(r.Body, "INSUFFICIENT_INVENTORY"):
				default:
					failures <- fmt.Sprintf("place: %d %s", r.Status, r.Body)
				}
			}()
		}
		wg.Wait()
		stop.Store(true)
		<-watch
		close(failures)
		for f := range failures {
			t.Error(f)
		}
		orders := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM "order"`)
		left := onHand(t, s, pen)
		t.Logf("%d placed, %s orders, %s left, lowest stock seen %d", placed.Load(), orders, left, lowest.Load())
		if placed.Load() != units || orders != fmt.Sprint(units) || left != "0" || lowest.Load() < 0 {
			t.Fatalf("%d placed, %s orders, %s left, lowest %d", placed.Load(), orders, left, lowest.Load())
		}
		// Each racer reads its own order only, in either scope (order.Visible: the racers are buyers, not managers).
		var list summaryList
		seen := 0
		for _, token := range tokens {
			s.srv.Get(t, commercePath("order-summaries?ownerScope=Account&pageSize=100"), token).Decode(t, "account", 200, &list)
			if list.Count > 1 {
				t.Fatalf("a racer reads %d orders", list.Count)
			}
			seen += list.Count
		}
		if seen != units {
			t.Fatalf("the racers read %d orders in all, want %d", seen, units)
		}
	})
}

// A place-order whose answer was lost (the client hung up) and then retried, and two place-orders at once, make one
// order each.
func TestPlaceOrderRetried(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).Decode(t, "add", 201, &cartItem{})
		v := startCheckout(t, s, buyer)
		s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/payments"), buyer,
			`{"requestType":"SimplePurchaseOrder","paymentToken":"PO-R"}`).Decode(t, "pay", 201, &struct{}{})
		// The request goes out and the connection closes before the answer is read.
		u := strings.TrimPrefix(s.srv.URL, "http://")
		conn, err := net.Dial("tcp", u)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Length: 0\r\n\r\n",
			commercePath("checkouts/"+v.CheckoutID+"/orders"), u, buyer)
		conn.Close()
		// Twice more at once: one order, the same answer.
		var wg sync.WaitGroup
		answers := make([]orderResult, 2)
		for i := range answers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/orders"), buyer, "").Decode(t, "retry", 201, &answers[i])
			}()
		}
		wg.Wait()
		if answers[0] != answers[1] || answers[0].OrderReferenceNumber == "" {
			t.Fatalf("answers %+v", answers)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM "order"`); n != "1" {
			t.Fatalf("%s orders", n)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM ordersummary`); n != "1" {
			t.Fatalf("%s summaries", n)
		}
	})
}
