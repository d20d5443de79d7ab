package app_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"storefront/internal/app/apitest"
	"storefront/internal/records"
)

// checkoutTo starts a checkout of the caller's cart, applies coupon (when not ""), pays by PO and answers the
// checkout as it was paid.
func checkoutTo(t *testing.T, s *demoSite, token, coupon string) checkoutView {
	t.Helper()
	v := startCheckout(t, s, token)
	if coupon != "" {
		s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/coupons"), token, `{"couponCode":"`+coupon+`"}`).
			Decode(t, "coupon", 201, &struct{}{})
	}
	s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/payments"), token,
		`{"requestType":"SimplePurchaseOrder","paymentToken":"PO-7"}`).Decode(t, "pay", 201, &struct{}{})
	s.srv.Get(t, commercePath("checkouts/"+v.CheckoutID), token).Decode(t, "paid", 200, &v)
	return v
}

// restart deletes a stale checkout and starts a new one.
func restart(t *testing.T, s *demoSite, token, checkoutID string) checkoutView {
	t.Helper()
	deleteCheckout(t, s, token, checkoutID)
	return startCheckout(t, s, token)
}

func deleteCheckout(t *testing.T, s *demoSite, token, checkoutID string) {
	t.Helper()
	if r := s.srv.Call(t, "DELETE", commercePath("checkouts/"+checkoutID), token, ""); r.Status != 204 {
		t.Fatalf("delete: %d %s", r.Status, r.Body)
	}
}

// wantPricesChanged checks a 422 CHECKOUT_CONFLICT saying the prices changed.
func wantPricesChanged(t *testing.T, what string, r apitest.Reply) {
	t.Helper()
	if r.Status != 422 || !strings.Contains(r.Body, `"errorCode":"CHECKOUT_CONFLICT"`) ||
		!strings.Contains(r.Body, "The prices changed during checkout.") {
		t.Fatalf("%s: %d %s, want 422 CHECKOUT_CONFLICT (prices changed)", what, r.Status, r.Body)
	}
}

// Placing an order re-prices the cart: a price raised or cut after the checkout started, or a coupon that ended
// since it was applied, is a 422 before anything is ordered; the checkout is then stale, and the new checkout shows
// and charges the new total.
func TestPlaceOrderChargesTheCurrentPrices(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		product := records.StableID("01t", 1)
		var price struct{ PricebookEntryID, UnitPrice string }
		s.srv.Get(t, commercePath("pricing/products/"+product), buyer).Decode(t, "price", 200, &price)
		s.exec(t, `UPDATE pricebookentry SET unitprice = 4369 WHERE id = ?`, price.PricebookEntryID) // 43.69, in cents
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(product, 1)).Decode(t, "add", 201, &cartItem{})
		orders := func() string { return s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM ordersummary`) }

		for _, tc := range []struct {
			name  string
			cents int
			want  string // the line's unit price after the change
		}{{"raised", 43690, "436.90"}, {"cut", 4369, "43.69"}} {
			v := checkoutTo(t, s, buyer, "")
			s.exec(t, `UPDATE pricebookentry SET unitprice = ? WHERE id = ?`, tc.cents, price.PricebookEntryID)
			wantPricesChanged(t, tc.name+": place", s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/orders"), buyer, ""))
			if n := orders(); n != "0" {
				t.Fatalf("%s: %s orders placed at the old price", tc.name, n)
			}
			// The new amounts are kept and the checkout is stale: every step says so until it is started again.
			if r := s.srv.Get(t, commercePath("checkouts/"+v.CheckoutID), buyer); r.Status != 422 || !strings.Contains(r.Body, "CHECKOUT_CONFLICT") {
				t.Fatalf("%s: the old checkout answers %d %s", tc.name, r.Status, r.Body)
			}
			var line struct{ CartItems []struct{ CartItem cartItem } }
			s.srv.Get(t, commercePath("carts/current/cart-items"), buyer).Decode(t, "cart", 200, &line)
			if len(line.CartItems) != 1 || line.CartItems[0].CartItem.SalesPrice != tc.want {
				t.Fatalf("%s: the cart holds %+v, want the price %s", tc.name, line.CartItems, tc.want)
			}
			v = restart(t, s, buyer, v.CheckoutID)
			if v.CartSummary.GrandTotalAmount == "" || !strings.Contains(s.srv.Get(t, commercePath("checkouts/"+v.CheckoutID), buyer).Body,
				`"grandTotalAmount":"`+v.CartSummary.GrandTotalAmount+`"`) {
				t.Fatalf("%s: restarted %+v", tc.name, v)
			}
			deleteCheckout(t, s, buyer, v.CheckoutID)
		}

		// A price changed before the payment: the payment is refused (nothing authorized), the total shown again.
		v := startCheckout(t, s, buyer)
		s.exec(t, `UPDATE pricebookentry SET unitprice = 5000 WHERE id = ?`, price.PricebookEntryID)
		auths := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM paymentauthorization`)
		wantPricesChanged(t, "pay", s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/payments"), buyer,
			`{"requestType":"SimplePurchaseOrder","paymentToken":"PO-8"}`))
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM paymentauthorization`); n != auths {
			t.Fatalf("a payment was authorized for the old total: %s authorizations, were %s", n, auths)
		}
		deleteCheckout(t, s, buyer, restart(t, s, buyer, v.CheckoutID).CheckoutID)

		// A coupon that ended after it was applied: the prepare action and the order both say so.
		v = checkoutTo(t, s, buyer, "SPRING10")
		s.exec(t, `UPDATE coupon SET enddate = ? WHERE couponcode = 'SPRING10'`, time.Now().UTC().AddDate(0, 0, -1).Format("2006-01-02"))
		wantPricesChanged(t, "coupon ended: prepare", s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/orders/actions"), buyer,
			`{"actions":[{"action":"prepare"}]}`))
		deleteCheckout(t, s, buyer, v.CheckoutID)
		v = checkoutTo(t, s, buyer, "")
		var placed orderResult
		s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/orders"), buyer, "").Decode(t, "place", 201, &placed)
		if got := s.queryString(t, `SELECT CAST(grandtotalamount AS TEXT) FROM ordersummary WHERE id = ?`, placed.OrderSummaryID); got != centsOf(v.CartSummary.GrandTotalAmount) {
			t.Fatalf("the order charges %s cents, the checkout showed %s", got, v.CartSummary.GrandTotalAmount)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM orderadjustmentgroupsummary WHERE couponcode = 'SPRING10'`); n != "0" {
			t.Fatalf("the ended coupon discounted %s orders", n)
		}
	})
}

// centsOf writes a wire amount ("12.49") as the whole cents stored.
func centsOf(amount string) string {
	n, ok := records.ParseScaled(amount, 2)
	if !ok {
		return "?" + amount
	}
	return fmt.Sprint(n)
}

// couponUses reads a coupon's use count and limit.
func couponUses(t *testing.T, s *demoSite, code string) (used, limit int64) {
	t.Helper()
	if err := s.d.QueryRow(context.Background(), `SELECT COALESCE(usagecount, 0), COALESCE(usagelimit, -1) FROM coupon
		WHERE couponcode = ?`, code).Scan(&used, &limit); err != nil {
		t.Fatal(err)
	}
	return used, limit
}

// A coupon's uses are taken when the order is placed, never past its limit: sequentially the second order for a
// last use is a 422 before it is placed; a coupon applied whose promotion did not apply counts no use.
func TestCouponUsesHoldAtOrderTime(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		s.exec(t, `UPDATE productinventory SET quantityonhand = 1000`)
		tokens := newBuyers(t, s, 2)
		s.exec(t, `UPDATE coupon SET usagecount = 47, usagelimit = 48 WHERE couponcode = 'SPRING10'`)
		paid := make([]checkoutView, len(tokens))
		for i, token := range tokens { // both apply the coupon while one use is left, and pay
			s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), token, itemBody(pen, 1)).Decode(t, "add", 201, &cartItem{})
			paid[i] = checkoutTo(t, s, token, "SPRING10")
		}
		var placed orderResult
		s.srv.Call(t, "POST", commercePath("checkouts/"+paid[0].CheckoutID+"/orders"), tokens[0], "").Decode(t, "first", 201, &placed)
		wantPricesChanged(t, "second", s.srv.Call(t, "POST", commercePath("checkouts/"+paid[1].CheckoutID+"/orders"), tokens[1], ""))
		if used, limit := couponUses(t, s, "SPRING10"); used != 48 || limit != 48 {
			t.Fatalf("the coupon counts %d uses of %d, want 48", used, limit)
		}
		// Restarted, the second buyer sees and pays the undiscounted total.
		v := restart(t, s, tokens[1], paid[1].CheckoutID)
		if v.CartSummary.GrandTotalAmount == paid[1].CartSummary.GrandTotalAmount {
			t.Fatalf("the restarted checkout still shows the discounted %s", v.CartSummary.GrandTotalAmount)
		}

		// BULK25 needs $250 of products: applied to a small order it takes nothing off and counts no use.
		buyer := s.srv.Token(t, "buyer@example.com")
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).Decode(t, "add", 201, &cartItem{})
		before, _ := couponUses(t, s, "BULK25")
		v = checkoutTo(t, s, buyer, "BULK25")
		s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/orders"), buyer, "").Decode(t, "bulk", 201, &placed)
		if after, _ := couponUses(t, s, "BULK25"); after != before {
			t.Fatalf("a coupon that took nothing off counted %d uses (was %d)", after, before)
		}

		// Whoever writes it, the count may not pass the limit.
		admin := s.srv.Token(t, "admin@example.com")
		id := s.queryString(t, `SELECT id FROM coupon WHERE couponcode = 'SPRING10'`)
		if r := s.srv.Call(t, "PATCH", "/services/data/v64.0/sobjects/Coupon/"+id, admin, `{"UsageCount":49}`); r.Status != 400 ||
			!strings.Contains(r.Body, "used up") {
			t.Fatalf("a count past the limit through the records API: %d %s", r.Status, r.Body)
		}
	})
}

// 40 buyers race for a coupon's last 3 uses: the count never passes the limit, every discounted order is counted,
// and each buyer who loses gets a 422 before an order is placed.
func TestCouponLastUsesRace(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		const buyers, left = 40, 3
		s.exec(t, `UPDATE productinventory SET quantityonhand = 1000`)
		tokens := newBuyers(t, s, buyers)
		s.exec(t, `UPDATE coupon SET usagecount = 45, usagelimit = 48 WHERE couponcode = 'SPRING10'`)
		var stop atomic.Bool
		var highest atomic.Int64
		watch := make(chan struct{})
		go func() { // the count seen by a reader throughout the race
			defer close(watch)
			for !stop.Load() {
				var n int64
				if err := s.d.QueryRow(context.Background(), `SELECT usagecount FROM coupon WHERE couponcode = 'SPRING10'`).Scan(&n); err == nil && n > highest.Load() {
					highest.Store(n)
				}
				time.Sleep(2 * time.Millisecond)
			}
		}()
		var wg sync.WaitGroup
		var placed, lost atomic.Int64
		failures := make(chan string, buyers)
		for _, token := range tokens {
			wg.Add(1)
			go func() {
				defer wg.Done()
				step := func(what, method, path, body string, ok int) (apitest.Reply, bool) {
					r := s.srv.Call(t, method, commercePath(path), token, body)
					if r.Status != ok {
						if r.Status == 422 && strings.Contains(r.Body, "The prices changed during checkout.") ||
							r.Status == 400 && strings.Contains(r.Body, "has been used up") {
							lost.Add(1) // lost the race before any order: a clear refusal
						} else {
							failures <- fmt.Sprintf("%s: %d %s", what, r.Status, r.Body)
						}
						return r, false
					}
					return r, true
				}
				if _, ok := step("add", "POST", "carts/current/cart-items", itemBody(pen, 1), 201); !ok {
					return
				}
				r, ok := step("start", "PUT", "checkouts", `{"cartId":"current","deliveryAddressInput":`+coloradoAddress+`}`, 202)
				if !ok {
					return
				}
				var v checkoutView
				r.Decode(t, "start", 202, &v)
				if _, ok := step("coupon", "POST", "checkouts/"+v.CheckoutID+"/coupons", `{"couponCode":"SPRING10"}`, 201); !ok {
					return
				}
				if _, ok := step("pay", "POST", "checkouts/"+v.CheckoutID+"/payments", `{"requestType":"SimplePurchaseOrder","paymentToken":"PO-RACE"}`, 201); !ok {
					return
				}
				if _, ok := step("place", "POST", "checkouts/"+v.CheckoutID+"/orders", "", 201); ok {
					placed.Add(1)
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
		used, limit := couponUses(t, s, "SPRING10")
		discounted := s.queryString(t, `SELECT CAST(COUNT(DISTINCT ordersummaryid) AS TEXT) FROM orderadjustmentgroupsummary WHERE couponcode = 'SPRING10'`)
		orders := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM ordersummary`)
		t.Logf("%d placed, %d lost, %s discounted orders, %d uses of %d, highest count seen %d", placed.Load(), lost.Load(),
			discounted, used, limit, highest.Load())
		// Every discounted order counted one use; only the winners' orders carry a payment.
		payments := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM orderpaymentsummary`)
		if used != limit || highest.Load() > limit || placed.Load() != left || discounted != fmt.Sprint(used-45) ||
			orders != fmt.Sprint(left) || payments != orders || placed.Load()+lost.Load() != buyers {
			t.Fatalf("%d placed, %d lost, %s discounted of %s orders, %d uses of %d (highest %d)", placed.Load(), lost.Load(),
				discounted, orders, used, limit, highest.Load())
		}
	})
}

// 40 buyers who paid at one price place their orders at once after the price changed: every one is a 422 and
// nothing is ordered; started again, they place 40 orders at once, each charging the new price and the total its
// buyer was shown and paid.
func TestPriceChangeUnderConcurrentOrders(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		const buyers = 40
		s.exec(t, `UPDATE productinventory SET quantityonhand = 1000`)
		tokens := newBuyers(t, s, buyers)
		product := records.StableID("01t", 1)
		var price struct{ PricebookEntryID string }
		s.srv.Get(t, commercePath("pricing/products/"+product), tokens[0]).Decode(t, "price", 200, &price)
		s.exec(t, `UPDATE pricebookentry SET unitprice = 4369 WHERE id = ?`, price.PricebookEntryID)
		paid := make([]checkoutView, buyers)
		for i, token := range tokens {
			s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), token, itemBody(product, 1)).Decode(t, "add", 201, &cartItem{})
			paid[i] = checkoutTo(t, s, token, "")
		}
		s.exec(t, `UPDATE pricebookentry SET unitprice = 43690 WHERE id = ?`, price.PricebookEntryID)
		all := func(fn func(i int, token string) string) {
			var wg sync.WaitGroup
			failures := make(chan string, buyers)
			for i, token := range tokens {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if f := fn(i, token); f != "" {
						failures <- f
					}
				}()
			}
			wg.Wait()
			close(failures)
			for f := range failures {
				t.Error(f)
			}
			if t.Failed() {
				t.FailNow()
			}
		}
		all(func(i int, token string) string {
			r := s.srv.Call(t, "POST", commercePath("checkouts/"+paid[i].CheckoutID+"/orders"), token, "")
			if r.Status != 422 || !strings.Contains(r.Body, "The prices changed during checkout.") {
				return fmt.Sprintf("place at the old price: %d %s", r.Status, r.Body)
			}
			return ""
		})
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM ordersummary`); n != "0" {
			t.Fatalf("%s orders at the old price", n)
		}
		all(func(i int, token string) string {
			if r := s.srv.Call(t, "DELETE", commercePath("checkouts/"+paid[i].CheckoutID), token, ""); r.Status != 204 {
				return fmt.Sprintf("delete: %d %s", r.Status, r.Body)
			}
			r := s.srv.Call(t, "PUT", commercePath("checkouts"), token, `{"cartId":"current","deliveryAddressInput":`+coloradoAddress+`}`)
			var v checkoutView
			if r.Status != 202 {
				return fmt.Sprintf("start: %d %s", r.Status, r.Body)
			}
			r.Decode(t, "start", 202, &v)
			if r := s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/payments"), token,
				`{"requestType":"SimplePurchaseOrder","paymentToken":"PO-NEW"}`); r.Status != 201 {
				return fmt.Sprintf("pay: %d %s", r.Status, r.Body)
			}
			if r := s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/orders"), token, ""); r.Status != 201 {
				return fmt.Sprintf("place: %d %s", r.Status, r.Body)
			}
			return ""
		})
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM orderitemsummary WHERE type = 'Order Product'
			AND unitprice = 43690`); n != fmt.Sprint(buyers) {
			t.Fatalf("%s orders charge the new price, want %d", n, buyers)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM ordersummary o JOIN orderpaymentsummary p
			ON p.ordersummaryid = o.id WHERE p.authorizationamount = o.grandtotalamount`); n != fmt.Sprint(buyers) {
			t.Fatalf("%s orders charge what their buyer paid, want %d", n, buyers)
		}
	})
}
