package app_test

import (
	"strings"
	"testing"

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
	s.call(t, "POST", "/services/data/v64.0/ui-api/records", token,
		mustJSON(map[string]any{"apiName": apiName, "fields": fields})).decode(t, "create "+apiName, 201, &out)
	return out.ID
}

func TestCartCompactSummary(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin := s.login(t, "admin@example.com")
		buyer := s.login(t, "buyer@example.com")
		manager := s.login(t, "manager@example.com")
		empty := `{"cartId":null,"currencyIsoCode":"USD","totalProductCount":"0","uniqueProductCount":0}`

		// No cart yet: an empty summary, for buyers and guests alike.
		s.get(t, commercePath("carts/compact-summary"), buyer).want(t, "buyer without a cart", 200, empty)
		s.get(t, commercePath("carts/current/compact-summary"), "").want(t, "guest without a session", 200, empty)

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
			r := s.get(t, commercePath(path), buyer)
			r.want(t, path, 200, full)
			if cc := r.header.Get("Cache-Control"); cc != "no-store" {
				t.Fatalf("Cache-Control %q", cc)
			}
		}
		// A cart has one line per product (a second one is refused); quantities are whole units.
		if r := s.call(t, "PATCH", "/services/data/v64.0/ui-api/records/"+first, admin, mustJSON(map[string]any{
			"fields": map[string]any{"Quantity": "102.5"}})); r.status != 400 {
			t.Fatalf("a fractional quantity: %d %s", r.status, r.body)
		}
		if r := s.call(t, "POST", "/services/data/v64.0/ui-api/records", admin, mustJSON(map[string]any{"apiName": "CartItem",
			"fields": map[string]any{"CartId": cart, "Product2Id": records.StableID("01t", 1), "Name": "More", "Quantity": "2"}})); r.status != 400 ||
			!strings.Contains(r.body, "is already in the cart") {
			t.Fatalf("a second line of a product: %d %s", r.status, r.body)
		}
		if r := s.call(t, "PATCH", "/services/data/v64.0/ui-api/records/"+first, admin, mustJSON(map[string]any{
			"fields": map[string]any{"Quantity": "102"}})); r.status != 200 {
			t.Fatalf("more of a product: %d %s", r.status, r.body)
		}
		s.get(t, commercePath("carts/compact-summary"), buyer).want(t, "more units", 200,
			`{"cartId":"`+cart+`","currencyIsoCode":"USD","totalProductCount":"152.0","uniqueProductCount":3}`)

		// Nobody else sees it: another buyer has no cart and cannot name this one; the buyer, acting for an
		// account, sees only that account's cart; a guest cannot name it either.
		s.get(t, commercePath("carts/compact-summary"), manager).want(t, "other buyer", 200, empty)
		notFound := errorBody("NOT_FOUND", `The requested resource does not exist: no cart "`+cart+`" for this user.`)
		s.get(t, commercePath("carts/"+cart+"/compact-summary"), manager).want(t, "someone else's cart", 404, notFound)
		s.get(t, commercePath("carts/"+cart+"/compact-summary?effectiveAccountId="+demo.ManagedAccountIDs[0]), manager).
			want(t, "someone else's cart for a managed account", 404, notFound)
		s.get(t, commercePath("carts/"+cart+"/compact-summary"), "").want(t, "guest naming a cart", 404, notFound)
		s.get(t, commercePath("carts/"+cart+"/compact-summary"), admin).want(t, "staff naming a buyer's cart", 404, notFound)
		// Through the records API a buyer reads their own cart, and nobody else's.
		if r := s.get(t, "/services/data/v64.0/ui-api/records/"+cart+"?fields=WebCart.Name", manager); r.status != 404 {
			t.Fatalf("another buyer reading the cart record: %d %s", r.status, r.body)
		}
		if r := s.get(t, "/services/data/v64.0/ui-api/records/"+cart+"?fields=WebCart.Name", buyer); r.status != 200 {
			t.Fatalf("buyer reading their cart record: %d %s", r.status, r.body)
		}
		if r := s.get(t, "/services/data/v64.0/ui-api/records/"+cart+"?fields=WebCart.Name&optionalFields=WebCart.GuestSessionId", admin); r.status != 200 ||
			!strings.Contains(r.body, `"Name":{"displayValue":null,"value":"Cart"}`) || strings.Contains(r.body, "GuestSessionId") {
			t.Fatalf("staff reading the cart record: %d %s", r.status, r.body)
		}
		if r := s.call(t, "POST", "/services/data/v64.0/ui-api/records", buyer, mustJSON(map[string]any{
			"apiName": "WebCart", "fields": map[string]any{"WebStoreId": demo.StoreID}})); r.status != 403 && r.status != 400 {
			t.Fatalf("buyer creating a cart record: %d %s", r.status, r.body)
		}

		// Errors: a malformed cart id, a currency the store does not sell in, an account not the buyer's, active
		// for a guest.
		s.get(t, commercePath("carts/"+records.StableID("001", 1)+"/compact-summary"), buyer).want(t, "not a cart id", 404,
			errorBody("NOT_FOUND", `The requested resource does not exist: no cart "`+records.StableID("001", 1)+`" for this user.`))
		s.get(t, commercePath("carts/compact-summary?currencyIsoCode=EUR"), buyer).want(t, "currency", 400,
			errorBody("INVALID_API_INPUT", `The currency "EUR" isn't supported by this store.`))
		s.get(t, commercePath("carts/compact-summary?effectiveAccountId="+demo.ManagerAccountID), buyer).want(t, "account", 403,
			errorBody("INSUFFICIENT_ACCESS", `You don't have access to the effective account "`+demo.ManagerAccountID+`".`))
		s.get(t, commercePath("carts/active/compact-summary"), "").want(t, "active for a guest", 401,
			errorBody("INVALID_SESSION_ID", "Session expired or invalid"))
		if r := s.get(t, "/services/data/v64.0/commerce/webstores/"+records.StableID("0ZE", 5)+"/carts/compact-summary", buyer); r.status != 404 {
			t.Fatalf("unknown store: %d", r.status)
		}

		// A closed cart is no longer current: the badge is empty again, and the id answers as the real API does.
		s.exec(t, `UPDATE webcart SET status = 'Closed' WHERE id = ?`, cart)
		s.get(t, commercePath("carts/current/compact-summary"), buyer).want(t, "closed cart", 200, empty)
		s.get(t, commercePath("carts/"+cart+"/compact-summary"), buyer).want(t, "closed cart by id", 400,
			errorBody("INVALID_API_INPUT", "Cart Id: '"+cart[:15]+"' is Closed"))
		s.exec(t, `UPDATE webstore SET guestbrowsingenabled = ?`, false)
		if r := s.get(t, commercePath("carts/compact-summary"), ""); r.status != 401 {
			t.Fatalf("guest of a closed store: %d", r.status)
		}
	})
}
