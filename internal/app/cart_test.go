package app_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/internal/app/apitest"
	"storefront/internal/auth"
	"storefront/internal/demo"
	"storefront/internal/records"
)

// Demo products: 1 is a pen (Writing Instruments: 15% off automatically), list 5.99, 5.51 for contractors (the
// buyer's account); 2 is a marker; 5 is sold in steps of 5 from 5.
var (
	pen    = records.StableID("01t", 1)
	marker = records.StableID("01t", 2)
	stepOf = records.StableID("01t", 5)
)

func itemBody(product string, qty any) string {
	return apitest.JSON(map[string]any{"productId": product, "quantity": qty, "type": "Product"})
}

type cartItem struct {
	CartItemID, Quantity, SalesPrice, TotalPrice, TotalAmount, ListPrice, TotalTax string
	ItemizedAdjustmentAmount                                                       string
	ProductID                                                                      string
	ProductDetails                                                                 struct {
		Sku            string
		ThumbnailImage struct{ URL string }
	}
}

type cartSummary struct {
	CartID, Status, TotalProductCount, TotalProductAmount, TotalPromotionalAdjustmentAmount string
	TotalTaxAmount, GrandTotalAmount, TotalListPrice, AccountID                             string
	UniqueProductCount                                                                      int
}

func TestCartCalls(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		manager := s.srv.Token(t, "manager@example.com")

		// Ensure: created once (201), then the same cart (200), with the real empty summary's shape.
		var created, again cartSummary
		s.srv.Call(t, "PUT", commercePath("carts"), buyer, "").Decode(t, "ensure", 201, &created)
		s.srv.Call(t, "POST", commercePath("carts"), buyer, "{}").Decode(t, "ensure again", 201, &again) // POST answers 201, with the current cart
		if created.CartID == "" || again.CartID != created.CartID || created.TotalProductCount != "0" ||
			created.GrandTotalAmount != "0" || created.AccountID != demo.BuyerAccountID {
			t.Fatalf("ensure: %+v then %+v", created, again)
		}

		// Add: the buyer's negotiated price, the automatic 15% on pens, Colorado's 2.9% tax.
		var line cartItem
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, "2")).Decode(t, "add", 201, &line)
		want := cartItem{CartItemID: line.CartItemID, Quantity: "2", SalesPrice: "5.51", TotalPrice: "11.02",
			TotalAmount: "9.37", ListPrice: "5.99", TotalTax: "0.27", ItemizedAdjustmentAmount: "-1.65", ProductID: pen}
		want.ProductDetails = line.ProductDetails
		if line != want || line.ProductDetails.Sku != "PEN-000001" ||
			!strings.HasPrefix(line.ProductDetails.ThumbnailImage.URL, "/cms/delivery/media/") {
			t.Fatalf("added line %+v", line)
		}
		// The same product again lands on the same line.
		s.srv.Call(t, "POST", commercePath("carts/"+created.CartID+"/cart-items"), buyer, itemBody(pen, 3)).
			Decode(t, "add again", 201, &line)
		if line.CartItemID != want.CartItemID || line.Quantity != "5" || line.TotalPrice != "27.55" {
			t.Fatalf("second add %+v", line)
		}
		var sum cartSummary
		s.srv.Get(t, commercePath("carts/current"), buyer).Decode(t, "summary", 200, &sum)
		if sum.TotalProductCount != "5.0" || sum.UniqueProductCount != 1 || sum.TotalProductAmount != "27.55" ||
			sum.TotalPromotionalAdjustmentAmount != "-4.13" || sum.TotalTaxAmount != "0.68" || sum.GrandTotalAmount != "24.10" {
			t.Fatalf("summary %+v", sum)
		}

		// Refused adds change nothing and say why.
		lines := map[string]string{`SELECT product2id, quantity, totalprice FROM cartitem ORDER BY id`: ""}
		for q := range lines {
			lines[q] = s.srv.Rows(t, q)
		}
		refusals := []apitest.Scenario{
			{Name: "quantity rule", Body: itemBody(stepOf, 3), WantStatus: 400, WantJSON: `[{"errorCode":"CART_VALIDATION_ERROR"}]`},
			{Name: "zero", Body: itemBody(pen, 0), WantStatus: 400, WantJSON: `[{"errorCode":"INVALID_API_INPUT"}]`},
			{Name: "fraction", Body: itemBody(pen, "2.5"), WantStatus: 400, WantJSON: `[{"errorCode":"INVALID_API_INPUT"}]`},
			{Name: "huge", Body: itemBody(pen, "1e40"), WantStatus: 400, WantJSON: `[{"errorCode":"INVALID_API_INPUT"}]`},
			{Name: "words", Body: itemBody(pen, "two"), WantStatus: 400, WantJSON: `[{"errorCode":"INVALID_API_INPUT"}]`},
			{Name: "no product", Body: itemBody("", 1), WantStatus: 400, WantJSON: `[{"errorCode":"INVALID_API_INPUT"}]`},
			{Name: "malformed product", Body: itemBody("01tXYZ", 1), WantStatus: 400, WantJSON: `[{"errorCode":"INVALID_ID_FIELD"}]`},
			{Name: "unknown product", Body: itemBody(records.StableID("01t", 999999), 1), WantStatus: 404, WantJSON: `[{"errorCode":"NOT_FOUND"}]`},
			{Name: "not a product", Body: itemBody(demo.BuyerAccountID, 1), WantStatus: 400, WantJSON: `[{"errorCode":"INVALID_ID_FIELD"}]`},
			{Name: "wrong type", Body: `{"productId":"` + pen + `","quantity":1,"type":"DeliveryCharge"}`, WantStatus: 400, WantJSON: `[{"errorCode":"INVALID_API_INPUT"}]`},
			{Name: "malformed JSON", Body: `{"productId":`, WantStatus: 400, WantJSON: `[{"errorCode":"JSON_PARSER_ERROR"}]`},
			{Name: "wrong JSON type", Body: `{"productId":5,"quantity":1}`, WantStatus: 400, WantJSON: `[{"errorCode":"JSON_PARSER_ERROR"}]`},
		}
		for i := range refusals {
			refusals[i].As, refusals[i].Method, refusals[i].Path = apitest.Auth(buyer), "POST", commercePath("carts/current/cart-items")
			refusals[i].RowsBefore, refusals[i].RowsAfter = lines, lines
		}
		apitest.Run(t, s.srv.Target, refusals)
		s.srv.Get(t, commercePath("carts/current"), buyer).Decode(t, "after refusals", 200, &sum)
		if sum.TotalProductCount != "5.0" {
			t.Fatalf("a refused add changed the cart: %+v", sum)
		}

		// Batch: a result per input; refused inputs do not stop the others; more than 100 inputs is refused whole.
		var batch struct {
			HasErrors bool
			Results   []struct {
				StatusCode int
				Result     json.RawMessage
			}
		}
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items/batch"), buyer, `{"inputs":[
			{"richInput":{"productId":"`+stepOf+`","quantity":"3","type":"Product"}},
			{"richInput":{"productId":"`+marker+`","quantity":1,"type":"Product"}},
			{"richInput":{"productId":"bad","quantity":1}}, {},
			{"richInput":{"productId":"`+stepOf+`","quantity":"10","type":"Product"}}]}`).Decode(t, "batch", 200, &batch)
		codes := []int{}
		for _, r := range batch.Results {
			codes = append(codes, r.StatusCode)
		}
		if !batch.HasErrors || fmt.Sprint(codes) != "[400 201 400 400 201]" ||
			!strings.Contains(string(batch.Results[0].Result), "the minimum quantity is 5") {
			t.Fatalf("batch %v %s", codes, batch.Results[0].Result)
		}
		inputs := make([]string, 101)
		for i := range inputs {
			inputs[i] = `{"richInput":{"productId":"` + pen + `","quantity":1}}`
		}
		if r := s.srv.Call(t, "POST", commercePath("carts/current/cart-items/batch"), buyer,
			`{"inputs":[`+strings.Join(inputs, ",")+`]}`); r.Status != 400 {
			t.Fatalf("101 inputs: %d %s", r.Status, r.Body)
		}

		// Pages of one line, sorted by name, with page tokens.
		var page struct {
			CartItems                      []struct{ CartItem cartItem }
			CurrentPage, TotalItemCount    int
			TotalNumberOfPages             int
			NextPageToken, PreviousPageURL *string
		}
		s.srv.Get(t, commercePath("carts/current/cart-items?pageSize=1&sort=NameAsc"), buyer).Decode(t, "page 1", 200, &page)
		if len(page.CartItems) != 1 || page.TotalItemCount != 3 || page.TotalNumberOfPages != 3 || page.NextPageToken == nil ||
			page.PreviousPageURL != nil {
			t.Fatalf("page 1 %+v", page)
		}
		first := page.CartItems[0].CartItem.CartItemID
		s.srv.Get(t, commercePath("carts/current/cart-items?pageSize=1&sort=NameAsc&page="+*page.NextPageToken), buyer).
			Decode(t, "page 2", 200, &page)
		if page.CurrentPage != 2 || page.CartItems[0].CartItem.CartItemID == first || page.PreviousPageURL == nil {
			t.Fatalf("page 2 %+v", page)
		}
		for _, q := range []string{"pageSize=0", "pageSize=101", "sort=Random", "pageNumber=x", "productFields=Nope",
			"currencyIsoCode=EUR"} {
			if r := s.srv.Get(t, commercePath("carts/current/cart-items?"+q), buyer); r.Status != 400 {
				t.Errorf("%s: %d %s", q, r.Status, r.Body)
			}
		}

		// Coupons: SPRING10 takes 10% off the order, can be removed; unknown codes are refused with a message.
		var coupons struct {
			CartCoupons struct {
				Coupons []struct{ CartCouponID, CouponCode string }
			}
		}
		s.srv.Get(t, commercePath("carts/current"), buyer).Decode(t, "before coupon", 200, &sum)
		before := sum.GrandTotalAmount
		s.srv.Call(t, "POST", commercePath("carts/current/cart-coupons"), buyer, `{"couponCode":"spring10"}`).
			Decode(t, "coupon", 201, &coupons)
		if len(coupons.CartCoupons.Coupons) != 1 || coupons.CartCoupons.Coupons[0].CouponCode != "SPRING10" {
			t.Fatalf("coupons %+v", coupons)
		}
		s.srv.Get(t, commercePath("carts/current"), buyer).Decode(t, "with coupon", 200, &sum)
		if sum.GrandTotalAmount >= before || sum.GrandTotalAmount == before {
			t.Fatalf("the coupon did not lower the total: %s then %s", before, sum.GrandTotalAmount)
		}
		s.srv.Call(t, "POST", commercePath("carts/current/cart-coupons"), buyer, `{"couponCode":"SPRING10"}`).
			Want(t, "twice", 400, errorBody("CART_VALIDATION_ERROR", "The coupon code SPRING10 is already applied to this cart."))
		s.srv.Call(t, "POST", commercePath("carts/current/cart-coupons"), buyer, `{"couponCode":"NOPE"}`).
			Want(t, "unknown", 400, errorBody("CART_VALIDATION_ERROR", "The coupon code NOPE isn't valid."))
		s.srv.Call(t, "DELETE", commercePath("carts/current/cart-coupons/"+coupons.CartCoupons.Coupons[0].CartCouponID), manager, "").
			Want(t, "someone else's coupon", 404, errorBody("NOT_FOUND", "The requested resource does not exist: no cart \"current\" for this user."))
		if r := s.srv.Call(t, "DELETE", commercePath("carts/current/cart-coupons/"+coupons.CartCoupons.Coupons[0].CartCouponID), buyer, ""); r.Status != 204 {
			t.Fatalf("remove coupon: %d %s", r.Status, r.Body)
		}
		s.srv.Get(t, commercePath("carts/current"), buyer).Decode(t, "without coupon", 200, &sum)
		if sum.GrandTotalAmount != before {
			t.Fatalf("removing the coupon: %s, want %s", sum.GrandTotalAmount, before)
		}

		// Update and delete a line; another buyer can touch neither it nor the cart.
		item := commercePath("carts/current/cart-items/" + want.CartItemID)
		s.srv.Call(t, "PATCH", item, buyer, `{"quantity":"7"}`).Decode(t, "patch", 200, &line)
		if line.Quantity != "7" {
			t.Fatalf("patched %+v", line)
		}
		for _, body := range []string{`{"quantity":0}`, `{"quantity":"1.5"}`, `{}`, `{"quantity":true}`} {
			if r := s.srv.Call(t, "PATCH", item, buyer, body); r.Status != 400 {
				t.Errorf("patch %s: %d %s", body, r.Status, r.Body)
			}
		}
		if r := s.srv.Call(t, "PATCH", commercePath("carts/"+created.CartID+"/cart-items/"+want.CartItemID), manager, `{"quantity":1}`); r.Status != 404 {
			t.Fatalf("another buyer's line: %d %s", r.Status, r.Body)
		}
		if r := s.srv.Get(t, commercePath("carts/"+created.CartID), manager); r.Status != 404 {
			t.Fatalf("another buyer's cart: %d %s", r.Status, r.Body)
		}
		if r := s.srv.Call(t, "DELETE", item, buyer, ""); r.Status != 204 {
			t.Fatalf("delete line: %d %s", r.Status, r.Body)
		}
		if r := s.srv.Call(t, "DELETE", item, buyer, ""); r.Status != 404 {
			t.Fatalf("delete line twice: %d %s", r.Status, r.Body)
		}

		// Delete the cart: its id then answers as the real API does for a deleted cart; current is a new, empty one.
		if r := s.srv.Call(t, "DELETE", commercePath("carts/current"), buyer, ""); r.Status != 204 {
			t.Fatalf("delete cart: %d %s", r.Status, r.Body)
		}
		s.srv.Get(t, commercePath("carts/"+created.CartID), buyer).Want(t, "deleted cart", 400,
			errorBody("INVALID_API_INPUT", "Cart Id: '"+created.CartID[:15]+"' is Deleted"))
		var fresh cartSummary
		s.srv.Get(t, commercePath("carts/current"), buyer).Decode(t, "after delete", 200, &fresh)
		if fresh.CartID != "" || fresh.TotalProductCount != "0" {
			t.Fatalf("current after delete %+v", fresh)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM cartitem WHERE cartid = ?`, created.CartID); n != "0" {
			t.Fatalf("lines left in a deleted cart: %s", n)
		}
	})
}

func TestGuestCartPreservedAtLogin(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		g := apitest.Browser()
		var line cartItem
		s.srv.Do(t, apitest.Request{As: g, Method: "POST", Path: commercePath("carts/current/cart-items"), Body: itemBody(pen, 2)}).Decode(t, "guest add", 201, &line)
		s.srv.Do(t, apitest.Request{As: g, Method: "POST", Path: commercePath("carts/current/cart-items"), Body: itemBody(marker, 1)}).Decode(t, "guest add 2", 201, &line)
		var guestCart cartSummary
		s.srv.Do(t, apitest.Request{As: g, Method: "GET", Path: commercePath("carts/current")}).Decode(t, "guest cart", 200, &guestCart)
		if guestCart.TotalProductCount != "3.0" || guestCart.AccountID != "" {
			t.Fatalf("guest cart %+v", guestCart)
		}
		// Another visitor does not see it.
		if r := s.srv.Do(t, apitest.Request{As: apitest.Browser(), Method: "GET", Path: commercePath("carts/" + guestCart.CartID)}); r.Status != 404 {
			t.Fatalf("another guest: %d %s", r.Status, r.Body)
		}

		// Sign in with the same browser, then preserve once: the lines move to the buyer's cart at the buyer's prices.
		s.srv.Do(t, apitest.Request{As: g, Method: "POST", Path: auth.LoginPath, Body: `{"username":"buyer@example.com","password":"demo1234"}`})
		var merged struct {
			cartSummary
			NumberOfProductsWithError int
		}
		preserve := commercePath("carts/" + guestCart.CartID + "/actions/preserve")
		s.srv.Do(t, apitest.Request{As: g, Method: "POST", Path: preserve}).Decode(t, "preserve", 200, &merged)
		if merged.TotalProductCount != "3.0" || merged.UniqueProductCount != 2 || merged.NumberOfProductsWithError != 0 ||
			merged.AccountID != demo.BuyerAccountID || merged.CartID == guestCart.CartID {
			t.Fatalf("preserved %+v", merged)
		}
		var page struct{ CartItems []struct{ CartItem cartItem } }
		s.srv.Do(t, apitest.Request{As: g, Method: "GET", Path: commercePath("carts/current/cart-items?sort=NameAsc")}).Decode(t, "buyer lines", 200, &page)
		for _, it := range page.CartItems {
			if it.CartItem.ProductID == pen && it.CartItem.SalesPrice != "5.51" {
				t.Fatalf("the buyer's price for the pen: %+v", it.CartItem)
			}
		}
		// Idempotent: a second preserve changes nothing.
		s.srv.Do(t, apitest.Request{As: g, Method: "POST", Path: preserve}).Decode(t, "preserve again", 200, &merged)
		if merged.TotalProductCount != "3.0" {
			t.Fatalf("preserved twice %+v", merged)
		}
		// Nobody else can preserve it.
		if r := s.srv.Call(t, "POST", preserve, s.srv.Token(t, "manager@example.com"), ""); r.Status != 404 {
			t.Fatalf("another buyer preserving: %d %s", r.Status, r.Body)
		}

		// A store without guest carts refuses guests' cart calls.
		s.exec(t, `UPDATE webstore SET guestcartenabled = ?`, false)
		if r := s.srv.Do(t, apitest.Request{As: apitest.Browser(), Method: "POST", Path: commercePath("carts/current/cart-items"), Body: itemBody(pen, 1)}); r.Status != 401 {
			t.Fatalf("guest cart off: %d %s", r.Status, r.Body)
		}
	})
}

// Many concurrent adds to one cart lose no quantity and leave one line per product.
func TestConcurrentAddsToOneCart(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		var wg sync.WaitGroup
		statuses := make(chan int, 20)
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses <- s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).Status
			}()
		}
		wg.Wait()
		close(statuses)
		ok := 0
		for st := range statuses {
			switch st {
			case 201:
				ok++
			case 409: // waited too long: refused whole, never half-applied
			default:
				t.Fatalf("concurrent add answered %d", st)
			}
		}
		var sum cartSummary
		s.srv.Get(t, commercePath("carts/current"), buyer).Decode(t, "after the race", 200, &sum)
		if sum.TotalProductCount != fmt.Sprintf("%d.0", ok) || sum.UniqueProductCount != 1 {
			t.Fatalf("%d adds succeeded, cart %+v", ok, sum)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM webcart WHERE ownerid = ?`, demo.BuyerUserID); n != "1" {
			t.Fatalf("%s carts for one buyer", n)
		}
	})
}

// A cart over the store's in-request line limit is calculated in the background: reads answer 202 with
// Retry-After while it runs, then 200 with the same totals a calculation in the request gives.
func TestLargeCartCalculatedInBackground(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		var inline cartSummary
		if r := s.srv.Call(t, "POST", commercePath("carts/current/cart-items/batch"), buyer, batchInputs(1, 3)); r.Status != 200 {
			t.Fatalf("sync add: %d %s", r.Status, r.Body)
		}
		s.srv.Get(t, commercePath("carts/current"), buyer).Decode(t, "sync summary", 200, &inline)
		s.srv.Call(t, "DELETE", commercePath("carts/current"), buyer, "")

		s.exec(t, `UPDATE webstore SET cartsynclinelimit = 2`)
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items/batch"), buyer, batchInputs(1, 3))
		var later cartSummary
		for i := 0; ; i++ {
			r := s.srv.Get(t, commercePath("carts/current"), buyer)
			if r.Status == 202 {
				if r.Header.Get("Retry-After") == "" || !strings.Contains(r.Body, `"asyncOperationStatus":"Processing"`) {
					t.Fatalf("processing answer: %v %s", r.Header, r.Body)
				}
				if i > 200 {
					t.Fatal("the background calculation never finished")
				}
				time.Sleep(20 * time.Millisecond)
				continue
			}
			r.Decode(t, "after the background calculation", 200, &later)
			break
		}
		if later.GrandTotalAmount != inline.GrandTotalAmount || later.TotalProductCount != "30.0" || later.Status != "Active" {
			t.Fatalf("background %+v, in request %+v", later, inline)
		}
	})
}
