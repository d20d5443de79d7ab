package app_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"storefront/internal/app/apitest"
	"storefront/internal/demo"
	"storefront/internal/records"
)

// A batch add runs a fixed number of SQL statements: adding 100 new lines costs what adding 10 costs.
func TestCartBatchAddStatementsDoNotGrow(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		s.srv.Call(t, "PUT", commercePath("carts"), buyer, "")
		statementsOf := func(n int) int64 {
			return fewerOfTwo(s, func() {
				s.srv.Call(t, "DELETE", commercePath("carts/current"), buyer, "")
				s.srv.Call(t, "PUT", commercePath("carts"), buyer, "")
			}, func() {
				if r := s.srv.Call(t, "POST", commercePath("carts/current/cart-items/batch"), buyer, batchInputs(1, n)); r.Status != 200 ||
					strings.Contains(r.Body, `"hasErrors":true`) {
					t.Fatalf("batch of %d: %d %s", n, r.Status, r.Body)
				}
			})
		}
		statementsOf(100) // warm the caches a first request fills (each product's facts and image are kept once read)
		ten, hundred := statementsOf(10), statementsOf(100)
		t.Logf("a batch add: %d statements for 10 lines, %d for 100", ten, hundred)
		if ten != hundred || ten == 0 {
			t.Fatalf("a batch add of 10 lines ran %d statements, of 100 lines %d", ten, hundred)
		}
		wantAtMostStatements(t, s, "batch add", hundred)
		var sum cartSummary
		s.srv.Get(t, commercePath("carts/current"), buyer).Decode(t, "100 lines", 200, &sum)
		if sum.UniqueProductCount != 100 || sum.TotalProductCount != "1000.0" {
			t.Fatalf("after a batch of 100: %+v", sum)
		}
	})
}

// A reprice runs a fixed number of SQL statements: a quantity change in a 500-line cart costs what it costs in a
// 50-line cart. A recalculation skips the lines whose stored amounts are already its result, so it must still
// rewrite every line whose stored amounts are wrong.
func TestCartRepriceStatementsDoNotGrow(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		statementsOf := func(lines int) int64 {
			line := fillCart(t, s.srv, buyer, lines)
			s.srv.Call(t, "PATCH", commercePath("carts/current/cart-items/"+line), buyer, `{"quantity":"20"}`).Decode(t, "warm", 200, &struct{}{})
			qty := 40
			return fewerOfTwo(s, func() {}, func() { // ending at 30, which the checks below expect
				s.srv.Call(t, "PATCH", commercePath("carts/current/cart-items/"+line), buyer, `{"quantity":"`+strconv.Itoa(qty)+`"}`).Decode(t, "reprice", 200, &struct{}{})
				qty -= 10
			})
		}
		fifty, fiveHundred := statementsOf(50), statementsOf(500)
		t.Logf("a reprice: %d statements for 50 lines, %d for 500", fifty, fiveHundred)
		if fifty != fiveHundred || fifty == 0 {
			t.Fatalf("a reprice of 50 lines ran %d statements, of 500 lines %d", fifty, fiveHundred)
		}
		wantAtMostStatements(t, s, "reprice", fiveHundred)
		var sum cartSummary
		s.srv.Get(t, commercePath("carts/current"), buyer).Decode(t, "500 lines", 200, &sum)
		if sum.UniqueProductCount != 500 || sum.TotalProductCount != "5020.0" {
			t.Fatalf("after the reprice: %+v", sum)
		}

		// Wrong stored amounts on every line (as if an older calculation had left them) are all rewritten by the
		// next change, and the cart's totals stay those of its lines.
		amounts := `SELECT CAST(COUNT(*) AS TEXT) || ':' || CAST(SUM(salesprice) AS TEXT) || ':' ||
			CAST(SUM(totalprice) AS TEXT) || ':' || CAST(SUM(totallistprice) AS TEXT) || ':' ||
			CAST(SUM(itemizedadjustmentamount) AS TEXT) || ':' || CAST(SUM(distributedadjustmentamount) AS TEXT) || ':' ||
			CAST(SUM(totaladjustmentamount) AS TEXT) || ':' || CAST(SUM(totalamount) AS TEXT) || ':' ||
			CAST(SUM(unitadjustedprice) AS TEXT) || ':' || CAST(SUM(totaltax) AS TEXT) || ':' ||
			CAST(SUM(COALESCE(listprice, -1)) AS TEXT) FROM cartitem WHERE type = 'Product'`
		want := s.queryString(t, amounts)
		s.exec(t, `UPDATE cartitem SET salesprice = salesprice + 1, totalprice = totalprice + 1,
			totallistprice = totallistprice + 1, itemizedadjustmentamount = itemizedadjustmentamount + 1,
			distributedadjustmentamount = distributedadjustmentamount + 1, totaladjustmentamount = totaladjustmentamount + 1,
			totalamount = totalamount + 1, unitadjustedprice = unitadjustedprice + 1, totaltax = totaltax + 1,
			listprice = CASE WHEN listprice IS NULL THEN 1 ELSE NULL END`)
		line := fillCartLine(t, s, buyer)
		s.srv.Call(t, "PATCH", commercePath("carts/current/cart-items/"+line), buyer, `{"quantity":"30"}`).Decode(t, "repair", 200, &struct{}{})
		if got := s.queryString(t, amounts); got != want {
			t.Fatalf("after a recalculation over wrong amounts the lines hold %s, want %s", got, want)
		}
		var lineTotal, cartTotal string
		lineTotal = s.queryString(t, `SELECT CAST(SUM(totalamount) AS TEXT) FROM cartitem WHERE type = 'Product'`)
		cartTotal = s.queryString(t, `SELECT CAST(totalproductafteradjustments AS TEXT) FROM webcart WHERE id IN
			(SELECT cartid FROM cartitem)`)
		if lineTotal != cartTotal {
			t.Fatalf("the lines total %s, the cart %s", lineTotal, cartTotal)
		}
	})
}

// fewerOfTwo runs prepare then measured twice and returns the fewer statements measured ran. Before each measured
// run the in-memory copies settle (see settle); should one still be rebuilt during a run (the version poller moves
// a domain once more a tick after a change, see db.poll), the other run does not pay for it too.
func fewerOfTwo(s *demoSite, prepare, measured func()) int64 {
	fewest := int64(-1)
	for range 2 {
		prepare()
		settle(s)
		before := s.d.Statements()
		measured()
		if n := s.d.Statements() - before; fewest < 0 || n < fewest {
			fewest = n
		}
	}
	return fewest
}

// settle waits until no version has moved for two poll intervals, so that the invalidations a write sets off (its
// own, the poller's one more tick after it, PostgreSQL's notice) are behind a statement count. It gives up after ten
// seconds: fewerOfTwo still takes the fewer of its runs.
func settle(s *demoSite) { s.d.WaitVersionsSettled(10 * time.Second) }

// fillCartLine is the first line of the buyer's current cart.
func fillCartLine(t *testing.T, s *demoSite, buyer string) string {
	t.Helper()
	var page struct {
		CartItems []struct{ CartItem struct{ CartItemID string } }
	}
	s.srv.Get(t, commercePath("carts/current/cart-items?pageSize=1"), buyer).Decode(t, "first line", 200, &page)
	if len(page.CartItems) != 1 {
		t.Fatal("the cart has no line")
	}
	return page.CartItems[0].CartItem.CartItemID
}

// The rules every cart call keeps: entitlement, effective account, currency, line limits, stock holds, copies.
func TestCartRules(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin := s.srv.Token(t, "admin@example.com")
		buyer := s.srv.Token(t, "buyer@example.com")
		manager := s.srv.Token(t, "manager@example.com")

		// A product only enterprise accounts are entitled to is, for the buyer, a product that does not exist.
		hidden := s.createRecord(t, admin, "Product2", map[string]any{"Name": "Enterprise Only Widget",
			"StockKeepingUnit": "ENT-ONLY-1", "IsActive": true})
		policy := s.createRecord(t, admin, "CommerceEntitlementPolicy", map[string]any{"Name": "Enterprise Extras",
			"IsActive": true, "CanViewProduct": true, "CanViewPrice": true})
		s.createRecord(t, admin, "CommerceEntitlementProduct", map[string]any{"PolicyId": policy, "ProductId": hidden})
		s.createRecord(t, admin, "CommerceEntitlementBuyerGroup", map[string]any{"PolicyId": policy, "BuyerGroupId": demo.EnterpriseGroup})
		s.createRecord(t, admin, "PricebookEntry", map[string]any{"Pricebook2Id": demo.EnterpriseBook, "Product2Id": hidden,
			"UnitPrice": "99.00", "IsActive": true})
		notFound := errorBody("NOT_FOUND", "The product "+hidden+" doesn't exist or isn't available to this account.")
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(hidden, 1)).Want(t, "not entitled", 404, notFound)
		var batch struct {
			Results []struct{ StatusCode int }
		}
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items/batch"), buyer,
			`{"inputs":[{"richInput":{"productId":"`+hidden+`","quantity":1,"type":"Product"}}]}`).Decode(t, "batch not entitled", 200, &batch)
		if len(batch.Results) != 1 || batch.Results[0].StatusCode != 404 {
			t.Fatalf("batch of a product outside the entitlement: %+v", batch)
		}

		// effectiveAccountId: the buyer's own account works, an account they do not manage is 403 on every call.
		own := "?effectiveAccountId=" + demo.BuyerAccountID
		var line cartItem
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"+own), buyer, itemBody(pen, 2)).Decode(t, "own account", 201, &line)
		other := "?effectiveAccountId=" + demo.ManagedAccountIDs[0]
		for _, c := range []struct{ method, path, body string }{
			{"GET", "carts/current", ""}, {"PUT", "carts", ""}, {"GET", "carts/current/cart-items", ""},
			{"POST", "carts/current/cart-items", itemBody(pen, 1)}, {"DELETE", "carts/current", ""},
			{"PUT", "carts/current/inventory-reservations", ""}, {"GET", "carts/current/products", ""},
		} {
			if r := s.srv.Call(t, c.method, commercePath(c.path+other), buyer, c.body); r.Status != 403 {
				t.Errorf("%s %s for an account the buyer does not manage: %d %s", c.method, c.path, r.Status, r.Body)
			}
		}
		// A manager buys for a managed account in a cart of that account, at that account's prices.
		var managed cartSummary
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"+other), manager, itemBody(marker, 1)).Decode(t, "managed add", 201, &line)
		s.srv.Get(t, commercePath("carts/current"+other), manager).Decode(t, "managed cart", 200, &managed)
		if managed.AccountID != demo.ManagedAccountIDs[0] || managed.UniqueProductCount != 1 {
			t.Fatalf("the managed account's cart: %+v", managed)
		}

		// currencyIsoCode: the store's currency in any case works; another is refused; deletes ignore it.
		if r := s.srv.Get(t, commercePath("carts/current?currencyIsoCode=usd"), buyer); r.Status != 200 {
			t.Fatalf("usd: %d %s", r.Status, r.Body)
		}
		s.srv.Get(t, commercePath("carts/current?currencyIsoCode=EUR"), buyer).
			Want(t, "EUR", 400, errorBody("INVALID_API_INPUT", `The currency "EUR" isn't supported by this store.`))
		// X-Highscale: true is accepted and changes nothing.
		s.srv.Get(t, commercePath("carts/current/compact-summary"), buyer, "X-Highscale", "true").WantStatus(t, "X-Highscale", 200)

		// The products of the cart's lines.
		var products struct {
			Products []struct{ ProductID, Sku string }
		}
		s.srv.Get(t, commercePath("carts/current/products"), buyer).Decode(t, "products", 200, &products)
		if len(products.Products) != 1 || products.Products[0].ProductID != pen || products.Products[0].Sku != "PEN-000001" {
			t.Fatalf("cart products %+v", products)
		}

		// Stock holds: the store's default duration, replaced by a later hold, refused whole when stock is short.
		var hold struct {
			DurationInSeconds int
			ExpirationTime    string
			Reservations      []struct{ ProductID, Quantity string }
		}
		s.srv.Call(t, "PUT", commercePath("carts/current/inventory-reservations"), buyer, "").Decode(t, "reserve", 200, &hold)
		if hold.DurationInSeconds != 14400 || len(hold.Reservations) != 1 || hold.Reservations[0].Quantity != "2" ||
			hold.ExpirationTime == "" {
			t.Fatalf("reservation %+v", hold)
		}
		s.srv.Call(t, "PUT", commercePath("carts/current/inventory-reservations"), buyer, `{"durationInSeconds":60}`).Decode(t, "again", 200, &hold)
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM cartinventoryreservation`); n != "1" || hold.DurationInSeconds != 60 {
			t.Fatalf("a second hold left %s reservations (%+v)", n, hold)
		}
		for _, body := range []string{`{"durationInSeconds":0}`, `{"durationInSeconds":"x"}`, `{"durationInSeconds":99999999999}`} {
			if r := s.srv.Call(t, "PUT", commercePath("carts/current/inventory-reservations"), buyer, body); r.Status != 400 {
				t.Errorf("reserve %s: %d %s", body, r.Status, r.Body)
			}
		}
		low := records.StableID("01t", 7) // every 7th demo product has 1-5 on hand
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(low, 6)).Decode(t, "add low stock", 201, &line)
		if r := s.srv.Call(t, "PUT", commercePath("carts/current/inventory-reservations"), buyer, ""); r.Status != 409 ||
			!strings.Contains(r.Body, "INSUFFICIENT_INVENTORY") {
			t.Fatalf("reserving more than the stock: %d %s", r.Status, r.Body)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM cartinventoryreservation`); n != "1" {
			t.Fatalf("a refused hold changed the reservations: %s", n)
		}

		// Clone: a read-only copy with the same lines, and only with the PayNowReadOnly target.
		var clone cartSummary
		s.srv.Call(t, "POST", commercePath("carts/current/actions/clone?targetType=PayNowReadOnly"), buyer, "").Decode(t, "clone", 201, &clone)
		var sum cartSummary
		s.srv.Get(t, commercePath("carts/current"), buyer).Decode(t, "original", 200, &sum)
		if clone.CartID == sum.CartID || clone.TotalProductCount != sum.TotalProductCount || clone.GrandTotalAmount != sum.GrandTotalAmount {
			t.Fatalf("clone %+v of %+v", clone, sum)
		}
		if r := s.srv.Call(t, "POST", commercePath("carts/current/actions/clone?targetType=Cart"), buyer, ""); r.Status != 400 {
			t.Fatalf("clone to Cart: %d %s", r.Status, r.Body)
		}

		// A staff edit of a line through the records API recalculates the cart.
		s.srv.Call(t, "PATCH", "/services/data/v64.0/ui-api/records/"+line.CartItemID, admin, `{"fields":{"Quantity":3}}`).Decode(t, "staff edit", 200, &struct{}{})
		var after cartSummary
		s.srv.Get(t, commercePath("carts/current"), buyer).Decode(t, "after the staff edit", 200, &after)
		if after.TotalProductCount != "5.0" || after.GrandTotalAmount == sum.GrandTotalAmount {
			t.Fatalf("staff edit not recalculated: %+v (before %+v)", after, sum)
		}
	})
}

// A cart holds 500 lines; a store that enables large carts lets it hold up to 2,000.
func TestCartLineLimit(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		if err := demo.SeedProducts(context.Background(), s.srv.App.Engine, 201, demo.Options{}); err != nil {
			t.Fatal(err)
		}
		buyer := s.srv.Token(t, "buyer@example.com")
		s.exec(t, `UPDATE webstore SET cartsynclinelimit = 1000`)
		add := func(from, n int) (added, refused int, last string) {
			var out struct {
				Results []struct {
					StatusCode int
					Result     json.RawMessage
				}
			}
			s.srv.Call(t, "POST", commercePath("carts/current/cart-items/batch"), buyer, batchInputs(from, n)).Decode(t, "batch", 200, &out)
			for _, r := range out.Results {
				if r.StatusCode == 201 {
					added++
				} else {
					refused++
					last = string(r.Result)
				}
			}
			return added, refused, last
		}
		for from := 1; from <= 500; from += 100 {
			if added, _, why := add(from, 100); added != 100 {
				t.Fatalf("products %d-%d: %d added (%s)", from, from+99, added, why)
			}
		}
		if added, refused, why := add(501, 1); added != 0 || refused != 1 || !strings.Contains(why, "CART_VALIDATION_ERROR") ||
			!strings.Contains(why, "500") {
			t.Fatalf("line 501: added %d, %s", added, why)
		}
		s.exec(t, `UPDATE webstore SET highscalecartenabled = ?`, true)
		if added, _, why := add(501, 1); added != 1 {
			t.Fatalf("line 501 in a store with large carts: %s", why)
		}
		var sum cartSummary
		s.srv.Get(t, commercePath("carts/current"), buyer).Decode(t, "501 lines", 200, &sum)
		if sum.UniqueProductCount != 501 {
			t.Fatalf("summary %+v", sum)
		}
	})
}

// A cart change charges the price as it is now. A buyer's change prices from the store's memory, so a price changed
// through the records API or by hand in SQL must be in the very next change; a staff write that changes a price and a
// cart line in one transaction reprices the cart from that transaction, with the new price.
func TestCartChargesTheCurrentPrice(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin := s.srv.Token(t, "admin@example.com")
		buyer := s.srv.Token(t, "buyer@example.com")
		product := records.StableID("01t", 1) // no quantity rule
		var price struct{ PricebookEntryID, UnitPrice string }
		s.srv.Get(t, commercePath("pricing/products/"+product), buyer).Decode(t, "price", 200, &price)
		var line cartItem
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(product, 1)).Decode(t, "add", 201, &line)
		if line.SalesPrice != price.UnitPrice {
			t.Fatalf("added at %s, the price is %s", line.SalesPrice, price.UnitPrice)
		}
		charged := func(qty string) string {
			var l cartItem
			s.srv.Call(t, "PATCH", commercePath("carts/current/cart-items/"+line.CartItemID), buyer, `{"quantity":"`+qty+`"}`).
				Decode(t, "quantity "+qty, 200, &l)
			return l.SalesPrice
		}

		s.srv.Call(t, "PATCH", "/services/data/v64.0/ui-api/records/"+price.PricebookEntryID, admin,
			`{"fields":{"UnitPrice":123.45}}`).Decode(t, "price change", 200, &struct{}{})
		if got := charged("2"); got != "123.45" {
			t.Fatalf("after a price change through the records API the cart charges %s, want 123.45", got)
		}
		s.exec(t, `UPDATE pricebookentry SET unitprice = 11111 WHERE id = ?`, price.PricebookEntryID) // whole cents, as stored
		if got := charged("3"); got != "111.11" {
			t.Fatalf("after a price change in SQL the cart charges %s, want 111.11", got)
		}

		var results []struct{ Success bool }
		s.srv.Call(t, "PATCH", "/services/data/v64.0/composite/sobjects", admin, apitest.JSON(map[string]any{"allOrNone": true,
			"records": []any{
				map[string]any{"attributes": map[string]any{"type": "PricebookEntry"}, "id": price.PricebookEntryID, "UnitPrice": 88.88},
				map[string]any{"attributes": map[string]any{"type": "CartItem"}, "id": line.CartItemID, "Quantity": 4},
			}})).Decode(t, "one staff write", 200, &results)
		if len(results) != 2 || !results[0].Success || !results[1].Success {
			t.Fatalf("the staff write: %+v", results)
		}
		var page struct {
			CartItems []struct{ CartItem cartItem }
		}
		s.srv.Get(t, commercePath("carts/current/cart-items"), buyer).Decode(t, "cart", 200, &page)
		if len(page.CartItems) != 1 || page.CartItems[0].CartItem.SalesPrice != "88.88" || page.CartItems[0].CartItem.Quantity != "4" {
			t.Fatalf("after one write of the price and the line the cart holds %+v, want 4 at 88.88", page.CartItems)
		}
	})
}
