package app_test

import (
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/demo"
	"storefront/internal/records"
)

func commercePath(rest string) string {
	return "/services/data/v64.0/commerce/webstores/" + demo.StoreID + "/" + rest
}

// createRecord creates a record through the UI API and returns its id.
func (s *demoSite) createRecord(t *testing.T, token, apiName string, fields map[string]any) string {
	t.Helper()
	var out struct {
		ID string `json:"id"`
	}
	s.srv.Call(t, "POST", "/services/data/v64.0/ui-api/records", token,
		apitest.JSON(map[string]any{"apiName": apiName, "fields": fields})).Decode(t, "create "+apiName, 201, &out)
	return out.ID
}

func TestCartCompactSummary(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin := s.srv.Token(t, "admin@example.com")
		buyer := s.srv.Token(t, "buyer@example.com")
		manager := s.srv.Token(t, "manager@example.com")
		empty := `{"cartId":null,"currencyIsoCode":"USD","totalProductCount":"0","uniqueProductCount":0}`

		// No cart yet: an empty summary, for buyers and guests alike.
		s.srv.Get(t, commercePath("carts/compact-summary"), buyer).Want(t, "buyer without a cart", 200, empty)
		s.srv.Get(t, commercePath("carts/current/compact-summary"), "").Want(t, "guest without a session", 200, empty)

		// Staff fill the buyer's cart through the records API: 150 units of 3 products, and a delivery charge that
		// is not a product.
		cart := s.createRecord(t, admin, "WebCart", map[string]any{"Name": "Cart", "WebStoreId": demo.StoreID,
			"AccountId": demo.BuyerAccountID, "OwnerId": demo.BuyerUserID, "Status": "Active", "CurrencyIsoCode": "USD"})
		var first string
		for i, qty := range []int{100, 30, 20} {
			product := records.StableID("01t", int64(i+1))
			id := s.createRecord(t, admin, "CartItem", map[string]any{"CartId": cart, "Product2Id": product,
				"Name": "Line " + product, "Quantity": qty, "Type": "Product"})
			if i == 0 {
				first = id
			}
		}
		s.createRecord(t, admin, "CartItem", map[string]any{"CartId": cart, "Name": "Shipping", "Quantity": 1,
			"Type": "DeliveryCharge"})
		full := `{"cartId":"` + cart + `","currencyIsoCode":"USD","totalProductCount":"150.0","uniqueProductCount":3}`
		for _, path := range []string{"carts/compact-summary", "carts/current/compact-summary",
			"carts/active/compact-summary", "carts/" + cart + "/compact-summary", "carts/" + cart[:15] + "/compact-summary",
			"carts/compact-summary?effectiveAccountId=" + demo.BuyerAccountID + "&currencyIsoCode=usd"} {
			r := s.srv.Get(t, commercePath(path), buyer)
			r.Want(t, path, 200, full)
			if cc := r.Header.Get("Cache-Control"); cc != "no-store" {
				t.Fatalf("Cache-Control %q", cc)
			}
		}
		// A cart has one line per product (a second one is refused); quantities are whole units.
		if r := s.srv.Call(t, "PATCH", "/services/data/v64.0/ui-api/records/"+first, admin, apitest.JSON(map[string]any{
			"fields": map[string]any{"Quantity": "102.5"}})); r.Status != 400 {
			t.Fatalf("a fractional quantity: %d %s", r.Status, r.Body)
		}
		if r := s.srv.Call(t, "POST", "/services/data/v64.0/ui-api/records", admin, apitest.JSON(map[string]any{"apiName": "CartItem",
			"fields": map[string]any{"CartId": cart, "Product2Id": records.StableID("01t", 1), "Name": "More", "Quantity": "2"}})); r.Status != 400 ||
			!strings.Contains(r.Body, "is already in the cart") {
			t.Fatalf("a second line of a product: %d %s", r.Status, r.Body)
		}
		if r := s.srv.Call(t, "PATCH", "/services/data/v64.0/ui-api/records/"+first, admin, apitest.JSON(map[string]any{
			"fields": map[string]any{"Quantity": "102"}})); r.Status != 200 {
			t.Fatalf("more of a product: %d %s", r.Status, r.Body)
		}
		s.srv.Get(t, commercePath("carts/compact-summary"), buyer).Want(t, "more units", 200,
			`{"cartId":"`+cart+`","currencyIsoCode":"USD","totalProductCount":"152.0","uniqueProductCount":3}`)

		// Nobody else sees it: another buyer has no cart and cannot name this one; the buyer, acting for an
		// account, sees only that account's cart; a guest cannot name it either.
		s.srv.Get(t, commercePath("carts/compact-summary"), manager).Want(t, "other buyer", 200, empty)
		notFound := errorBody("NOT_FOUND", `The requested resource does not exist: no cart "`+cart+`" for this user.`)
		s.srv.Get(t, commercePath("carts/"+cart+"/compact-summary"), manager).Want(t, "someone else's cart", 404, notFound)
		s.srv.Get(t, commercePath("carts/"+cart+"/compact-summary?effectiveAccountId="+demo.ManagedAccountIDs[0]), manager).
			Want(t, "someone else's cart for a managed account", 404, notFound)
		s.srv.Get(t, commercePath("carts/"+cart+"/compact-summary"), "").Want(t, "guest naming a cart", 404, notFound)
		s.srv.Get(t, commercePath("carts/"+cart+"/compact-summary"), admin).Want(t, "staff naming a buyer's cart", 404, notFound)
		// Through the records API a buyer reads their own cart, and nobody else's.
		if r := s.srv.Get(t, "/services/data/v64.0/ui-api/records/"+cart+"?fields=WebCart.Name", manager); r.Status != 404 {
			t.Fatalf("another buyer reading the cart record: %d %s", r.Status, r.Body)
		}
		if r := s.srv.Get(t, "/services/data/v64.0/ui-api/records/"+cart+"?fields=WebCart.Name", buyer); r.Status != 200 {
			t.Fatalf("buyer reading their cart record: %d %s", r.Status, r.Body)
		}
		if r := s.srv.Get(t, "/services/data/v64.0/ui-api/records/"+cart+"?fields=WebCart.Name&optionalFields=WebCart.GuestSessionId", admin); r.Status != 200 ||
			!strings.Contains(r.Body, `"Name":{"displayValue":null,"value":"Cart"}`) || strings.Contains(r.Body, "GuestSessionId") {
			t.Fatalf("staff reading the cart record: %d %s", r.Status, r.Body)
		}
		if r := s.srv.Call(t, "POST", "/services/data/v64.0/ui-api/records", buyer, apitest.JSON(map[string]any{
			"apiName": "WebCart", "fields": map[string]any{"WebStoreId": demo.StoreID}})); r.Status != 403 && r.Status != 400 {
			t.Fatalf("buyer creating a cart record: %d %s", r.Status, r.Body)
		}

		// Errors: a malformed cart id, a currency the store does not sell in, an account not the buyer's, active
		// for a guest.
		s.srv.Get(t, commercePath("carts/"+records.StableID("001", 1)+"/compact-summary"), buyer).Want(t, "not a cart id", 404,
			errorBody("NOT_FOUND", `The requested resource does not exist: no cart "`+records.StableID("001", 1)+`" for this user.`))
		s.srv.Get(t, commercePath("carts/compact-summary?currencyIsoCode=EUR"), buyer).Want(t, "currency", 400,
			errorBody("INVALID_API_INPUT", `The currency "EUR" isn't supported by this store.`))
		s.srv.Get(t, commercePath("carts/compact-summary?effectiveAccountId="+demo.ManagerAccountID), buyer).Want(t, "account", 403,
			errorBody("INSUFFICIENT_ACCESS", `You don't have access to the effective account "`+demo.ManagerAccountID+`".`))
		s.srv.Get(t, commercePath("carts/active/compact-summary"), "").Want(t, "active for a guest", 401,
			errorBody("INVALID_SESSION_ID", "Session expired or invalid"))
		if r := s.srv.Get(t, "/services/data/v64.0/commerce/webstores/"+records.StableID("0ZE", 5)+"/carts/compact-summary", buyer); r.Status != 404 {
			t.Fatalf("unknown store: %d", r.Status)
		}

		// A closed cart is no longer current: the badge is empty again, and the id answers as the real API does.
		s.exec(t, `UPDATE webcart SET status = 'Closed' WHERE id = ?`, cart)
		s.srv.Get(t, commercePath("carts/current/compact-summary"), buyer).Want(t, "closed cart", 200, empty)
		s.srv.Get(t, commercePath("carts/"+cart+"/compact-summary"), buyer).Want(t, "closed cart by id", 400,
			errorBody("INVALID_API_INPUT", "Cart Id: '"+cart[:15]+"' is Closed"))
		s.exec(t, `UPDATE webstore SET guestbrowsingenabled = ?`, false)
		if r := s.srv.Get(t, commercePath("carts/compact-summary"), ""); r.Status != 401 {
			t.Fatalf("guest of a closed store: %d", r.Status)
		}
	})
}
