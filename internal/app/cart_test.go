package app_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"sync"
	"testing"
	"time"

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
	return mustJSON(map[string]any{"productId": product, "quantity": qty, "type": "Product"})
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
		buyer := s.login(t, "buyer@example.com")
		manager := s.login(t, "manager@example.com")

		// Ensure: created once (201), then the same cart (200), with the real empty summary's shape.
		var created, again cartSummary
		s.call(t, "PUT", commercePath("carts"), buyer, "").decode(t, "ensure", 201, &created)
		s.call(t, "POST", commercePath("carts"), buyer, "{}").decode(t, "ensure again", 201, &again) // POST answers 201, with the current cart
		if created.CartID == "" || again.CartID != created.CartID || created.TotalProductCount != "0" ||
			created.GrandTotalAmount != "0" || created.AccountID != demo.BuyerAccountID {
			t.Fatalf("ensure: %+v then %+v", created, again)
		}

		// Add: the buyer's negotiated price, the automatic 15% on pens, Colorado's 2.9% tax.
		var line cartItem
		s.call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, "2")).decode(t, "add", 201, &line)
		want := cartItem{CartItemID: line.CartItemID, Quantity: "2", SalesPrice: "5.51", TotalPrice: "11.02",
			TotalAmount: "9.37", ListPrice: "5.99", TotalTax: "0.27", ItemizedAdjustmentAmount: "-1.65", ProductID: pen}
		want.ProductDetails = line.ProductDetails
		if line != want || line.ProductDetails.Sku != "PEN-000001" ||
			!strings.HasPrefix(line.ProductDetails.ThumbnailImage.URL, "/cms/delivery/media/") {
			t.Fatalf("added line %+v", line)
		}
		// The same product again lands on the same line.
		s.call(t, "POST", commercePath("carts/"+created.CartID+"/cart-items"), buyer, itemBody(pen, 3)).
			decode(t, "add again", 201, &line)
		if line.CartItemID != want.CartItemID || line.Quantity != "5" || line.TotalPrice != "27.55" {
			t.Fatalf("second add %+v", line)
		}
		var sum cartSummary
		s.get(t, commercePath("carts/current"), buyer).decode(t, "summary", 200, &sum)
		if sum.TotalProductCount != "5.0" || sum.UniqueProductCount != 1 || sum.TotalProductAmount != "27.55" ||
			sum.TotalPromotionalAdjustmentAmount != "-4.13" || sum.TotalTaxAmount != "0.68" || sum.GrandTotalAmount != "24.10" {
			t.Fatalf("summary %+v", sum)
		}

		// Refused adds change nothing and say why.
		for _, tc := range []struct {
			name, body string
			status     int
			code       string
		}{
			{"quantity rule", itemBody(stepOf, 3), 400, "CART_VALIDATION_ERROR"},
			{"zero", itemBody(pen, 0), 400, "INVALID_API_INPUT"},
			{"fraction", itemBody(pen, "2.5"), 400, "INVALID_API_INPUT"},
			{"huge", itemBody(pen, "1e40"), 400, "INVALID_API_INPUT"},
			{"words", itemBody(pen, "two"), 400, "INVALID_API_INPUT"},
			{"no product", itemBody("", 1), 400, "INVALID_API_INPUT"},
			{"malformed product", itemBody("01tXYZ", 1), 400, "INVALID_ID_FIELD"},
			{"unknown product", itemBody(records.StableID("01t", 999999), 1), 404, "NOT_FOUND"},
			{"not a product", itemBody(demo.BuyerAccountID, 1), 400, "INVALID_ID_FIELD"},
			{"wrong type", `{"productId":"` + pen + `","quantity":1,"type":"DeliveryCharge"}`, 400, "INVALID_API_INPUT"},
			{"malformed JSON", `{"productId":`, 400, "JSON_PARSER_ERROR"},
			{"wrong JSON type", `{"productId":5,"quantity":1}`, 400, "JSON_PARSER_ERROR"},
		} {
			r := s.call(t, "POST", commercePath("carts/current/cart-items"), buyer, tc.body)
			if r.status != tc.status || !strings.Contains(r.body, `"errorCode":"`+tc.code+`"`) {
				t.Errorf("%s: %d %s, want %d %s", tc.name, r.status, r.body, tc.status, tc.code)
			}
		}
		s.get(t, commercePath("carts/current"), buyer).decode(t, "after refusals", 200, &sum)
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
		s.call(t, "POST", commercePath("carts/current/cart-items/batch"), buyer, `{"inputs":[
			{"richInput":{"productId":"`+stepOf+`","quantity":"3","type":"Product"}},
			{"richInput":{"productId":"`+marker+`","quantity":1,"type":"Product"}},
			{"richInput":{"productId":"bad","quantity":1}}, {},
			{"richInput":{"productId":"`+stepOf+`","quantity":"10","type":"Product"}}]}`).decode(t, "batch", 200, &batch)
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
		if r := s.call(t, "POST", commercePath("carts/current/cart-items/batch"), buyer,
			`{"inputs":[`+strings.Join(inputs, ",")+`]}`); r.status != 400 {
			t.Fatalf("101 inputs: %d %s", r.status, r.body)
		}

		// Pages of one line, sorted by name, with page tokens.
		var page struct {
			CartItems                      []struct{ CartItem cartItem }
			CurrentPage, TotalItemCount    int
			TotalNumberOfPages             int
			NextPageToken, PreviousPageURL *string
		}
		s.get(t, commercePath("carts/current/cart-items?pageSize=1&sort=NameAsc"), buyer).decode(t, "page 1", 200, &page)
		if len(page.CartItems) != 1 || page.TotalItemCount != 3 || page.TotalNumberOfPages != 3 || page.NextPageToken == nil ||
			page.PreviousPageURL != nil {
			t.Fatalf("page 1 %+v", page)
		}
		first := page.CartItems[0].CartItem.CartItemID
		s.get(t, commercePath("carts/current/cart-items?pageSize=1&sort=NameAsc&page="+*page.NextPageToken), buyer).
			decode(t, "page 2", 200, &page)
		if page.CurrentPage != 2 || page.CartItems[0].CartItem.CartItemID == first || page.PreviousPageURL == nil {
			t.Fatalf("page 2 %+v", page)
		}
		for _, q := range []string{"pageSize=0", "pageSize=101", "sort=Random", "pageNumber=x", "productFields=Nope",
			"currencyIsoCode=EUR"} {
			if r := s.get(t, commercePath("carts/current/cart-items?"+q), buyer); r.status != 400 {
				t.Errorf("%s: %d %s", q, r.status, r.body)
			}
		}

		// Coupons: SPRING10 takes 10% off the order, can be removed; unknown codes are refused with a message.
		var coupons struct {
			CartCoupons struct {
				Coupons []struct{ CartCouponID, CouponCode string }
			}
		}
		s.get(t, commercePath("carts/current"), buyer).decode(t, "before coupon", 200, &sum)
		before := sum.GrandTotalAmount
		s.call(t, "POST", commercePath("carts/current/cart-coupons"), buyer, `{"couponCode":"spring10"}`).
			decode(t, "coupon", 201, &coupons)
		if len(coupons.CartCoupons.Coupons) != 1 || coupons.CartCoupons.Coupons[0].CouponCode != "SPRING10" {
			t.Fatalf("coupons %+v", coupons)
		}
		s.get(t, commercePath("carts/current"), buyer).decode(t, "with coupon", 200, &sum)
		if sum.GrandTotalAmount >= before || sum.GrandTotalAmount == before {
			t.Fatalf("the coupon did not lower the total: %s then %s", before, sum.GrandTotalAmount)
		}
		s.call(t, "POST", commercePath("carts/current/cart-coupons"), buyer, `{"couponCode":"SPRING10"}`).
			want(t, "twice", 400, errorBody("CART_VALIDATION_ERROR", "The coupon code SPRING10 is already applied to this cart."))
		s.call(t, "POST", commercePath("carts/current/cart-coupons"), buyer, `{"couponCode":"NOPE"}`).
			want(t, "unknown", 400, errorBody("CART_VALIDATION_ERROR", "The coupon code NOPE isn't valid."))
		s.call(t, "DELETE", commercePath("carts/current/cart-coupons/"+coupons.CartCoupons.Coupons[0].CartCouponID), manager, "").
			want(t, "someone else's coupon", 404, errorBody("NOT_FOUND", "The requested resource does not exist: no cart \"current\" for this user."))
		if r := s.call(t, "DELETE", commercePath("carts/current/cart-coupons/"+coupons.CartCoupons.Coupons[0].CartCouponID), buyer, ""); r.status != 204 {
			t.Fatalf("remove coupon: %d %s", r.status, r.body)
		}
		s.get(t, commercePath("carts/current"), buyer).decode(t, "without coupon", 200, &sum)
		if sum.GrandTotalAmount != before {
			t.Fatalf("removing the coupon: %s, want %s", sum.GrandTotalAmount, before)
		}

		// Update and delete a line; another buyer can touch neither it nor the cart.
		item := commercePath("carts/current/cart-items/" + want.CartItemID)
		s.call(t, "PATCH", item, buyer, `{"quantity":"7"}`).decode(t, "patch", 200, &line)
		if line.Quantity != "7" {
			t.Fatalf("patched %+v", line)
		}
		for _, body := range []string{`{"quantity":0}`, `{"quantity":"1.5"}`, `{}`, `{"quantity":true}`} {
			if r := s.call(t, "PATCH", item, buyer, body); r.status != 400 {
				t.Errorf("patch %s: %d %s", body, r.status, r.body)
			}
		}
		if r := s.call(t, "PATCH", commercePath("carts/"+created.CartID+"/cart-items/"+want.CartItemID), manager, `{"quantity":1}`); r.status != 404 {
			t.Fatalf("another buyer's line: %d %s", r.status, r.body)
		}
		if r := s.get(t, commercePath("carts/"+created.CartID), manager); r.status != 404 {
			t.Fatalf("another buyer's cart: %d %s", r.status, r.body)
		}
		if r := s.call(t, "DELETE", item, buyer, ""); r.status != 204 {
			t.Fatalf("delete line: %d %s", r.status, r.body)
		}
		if r := s.call(t, "DELETE", item, buyer, ""); r.status != 404 {
			t.Fatalf("delete line twice: %d %s", r.status, r.body)
		}

		// Delete the cart: its id then answers as the real API does for a deleted cart; current is a new, empty one.
		if r := s.call(t, "DELETE", commercePath("carts/current"), buyer, ""); r.status != 204 {
			t.Fatalf("delete cart: %d %s", r.status, r.body)
		}
		s.get(t, commercePath("carts/"+created.CartID), buyer).want(t, "deleted cart", 400,
			errorBody("INVALID_API_INPUT", "Cart Id: '"+created.CartID[:15]+"' is Deleted"))
		var fresh cartSummary
		s.get(t, commercePath("carts/current"), buyer).decode(t, "after delete", 200, &fresh)
		if fresh.CartID != "" || fresh.TotalProductCount != "0" {
			t.Fatalf("current after delete %+v", fresh)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM cartitem WHERE cartid = ?`, created.CartID); n != "0" {
			t.Fatalf("lines left in a deleted cart: %s", n)
		}
	})
}

// guest is a browser: a cookie jar, the CSRF header echoed on unsafe requests.
type guest struct {
	s   *demoSite
	jar *cookiejar.Jar
}

func newGuest(s *demoSite) *guest {
	jar, _ := cookiejar.New(nil)
	return &guest{s: s, jar: jar}
}

func (g *guest) call(t *testing.T, method, path, body string) reply {
	t.Helper()
	req, _ := http.NewRequest(method, g.s.srv.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for _, c := range g.jar.Cookies(req.URL) {
		if c.Name == auth.CSRFCookie {
			req.Header.Set(auth.CSRFHeader, c.Value)
		}
	}
	resp, err := (&http.Client{Jar: g.jar}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return reply{resp.StatusCode, resp.Header, string(b)}
}

func TestGuestCartPreservedAtLogin(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		g := newGuest(s)
		var line cartItem
		g.call(t, "POST", commercePath("carts/current/cart-items"), itemBody(pen, 2)).decode(t, "guest add", 201, &line)
		g.call(t, "POST", commercePath("carts/current/cart-items"), itemBody(marker, 1)).decode(t, "guest add 2", 201, &line)
		var guestCart cartSummary
		g.call(t, "GET", commercePath("carts/current"), "").decode(t, "guest cart", 200, &guestCart)
		if guestCart.TotalProductCount != "3.0" || guestCart.AccountID != "" {
			t.Fatalf("guest cart %+v", guestCart)
		}
		// Another visitor does not see it.
		if r := newGuest(s).call(t, "GET", commercePath("carts/"+guestCart.CartID), ""); r.status != 404 {
			t.Fatalf("another guest: %d %s", r.status, r.body)
		}

		// Sign in with the same browser, then preserve once: the lines move to the buyer's cart at the buyer's prices.
		g.call(t, "POST", auth.LoginPath, `{"username":"buyer@example.com","password":"demo1234"}`)
		var merged struct {
			cartSummary
			NumberOfProductsWithError int
		}
		preserve := commercePath("carts/" + guestCart.CartID + "/actions/preserve")
		g.call(t, "POST", preserve, "").decode(t, "preserve", 200, &merged)
		if merged.TotalProductCount != "3.0" || merged.UniqueProductCount != 2 || merged.NumberOfProductsWithError != 0 ||
			merged.AccountID != demo.BuyerAccountID || merged.CartID == guestCart.CartID {
			t.Fatalf("preserved %+v", merged)
		}
		var page struct{ CartItems []struct{ CartItem cartItem } }
		g.call(t, "GET", commercePath("carts/current/cart-items?sort=NameAsc"), "").decode(t, "buyer lines", 200, &page)
		for _, it := range page.CartItems {
			if it.CartItem.ProductID == pen && it.CartItem.SalesPrice != "5.51" {
				t.Fatalf("the buyer's price for the pen: %+v", it.CartItem)
			}
		}
		// Idempotent: a second preserve changes nothing.
		g.call(t, "POST", preserve, "").decode(t, "preserve again", 200, &merged)
		if merged.TotalProductCount != "3.0" {
			t.Fatalf("preserved twice %+v", merged)
		}
		// Nobody else can preserve it.
		if r := s.call(t, "POST", preserve, s.login(t, "manager@example.com"), ""); r.status != 404 {
			t.Fatalf("another buyer preserving: %d %s", r.status, r.body)
		}

		// A store without guest carts refuses guests' cart calls.
		s.exec(t, `UPDATE webstore SET guestcartenabled = ?`, false)
		if r := newGuest(s).call(t, "POST", commercePath("carts/current/cart-items"), itemBody(pen, 1)); r.status != 401 {
			t.Fatalf("guest cart off: %d %s", r.status, r.body)
		}
	})
}

// Many concurrent adds to one cart lose no quantity and leave one line per product.
func TestConcurrentAddsToOneCart(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.login(t, "buyer@example.com")
		var wg sync.WaitGroup
		statuses := make(chan int, 20)
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses <- s.call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).status
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
		s.get(t, commercePath("carts/current"), buyer).decode(t, "after the race", 200, &sum)
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
		buyer := s.login(t, "buyer@example.com")
		var inline cartSummary
		if r := s.call(t, "POST", commercePath("carts/current/cart-items/batch"), buyer, batchInputs(1, 3)); r.status != 200 {
			t.Fatalf("sync add: %d %s", r.status, r.body)
		}
		s.get(t, commercePath("carts/current"), buyer).decode(t, "sync summary", 200, &inline)
		s.call(t, "DELETE", commercePath("carts/current"), buyer, "")

		s.exec(t, `UPDATE webstore SET cartsynclinelimit = 2`)
		s.call(t, "POST", commercePath("carts/current/cart-items/batch"), buyer, batchInputs(1, 3))
		var later cartSummary
		for i := 0; ; i++ {
			r := s.get(t, commercePath("carts/current"), buyer)
			if r.status == 202 {
				if r.header.Get("Retry-After") == "" || !strings.Contains(r.body, `"asyncOperationStatus":"Processing"`) {
					t.Fatalf("processing answer: %v %s", r.header, r.body)
				}
				if i > 200 {
					t.Fatal("the background calculation never finished")
				}
				time.Sleep(20 * time.Millisecond)
				continue
			}
			r.decode(t, "after the background calculation", 200, &later)
			break
		}
		if later.GrandTotalAmount != inline.GrandTotalAmount || later.TotalProductCount != "30.0" || later.Status != "Active" {
			t.Fatalf("background %+v, in request %+v", later, inline)
		}
	})
}
