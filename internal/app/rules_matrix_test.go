package app_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"storefront/internal/app/apitest"
	"storefront/internal/demo"
	"storefront/internal/records"
)

// The rules matrix: every rule that guards data is tried with the same invalid write through each writer (the
// typed commerce API where one takes the write, the records API, sObject REST, composite with allOrNone true and
// false, and a collection), on each database. Each refuses it with its API's error body and leaves the rows as
// they were; each valid write leaves the same rows whichever way it came.

// matrixFixture is the state the cases write against: the buyer's cart with a line of the pen (no quantity rule)
// and one of stepOf (sold in steps of 5), its default delivery group, an address of the buyer's account, and a
// placed order of the manager's.
type matrixFixture struct {
	admin, buyer, manager              string
	cart, penLine, stepLine, group     string
	address, order, summary, otherUser string
	closedCart, payNow, hidden         string
}

// ruleCase is one rule: the invalid write (a create when id is nil) and its typed counterpart.
type ruleCase struct {
	name, object string
	id           func(f *matrixFixture) string
	fields       func(f *matrixFixture) map[string]any
	message      string // in every refusal's body
	// typed, when the commerce API takes the write: method, path, token, body and the refusal's status.
	typed       func(f *matrixFixture) (method, path, token, body string)
	typedStatus int
}

func TestRulesMatrix(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		f := matrixSetup(t, s)
		for _, c := range ruleCases() {
			t.Run(c.name, func(t *testing.T) {
				refusedEveryWay(t, s, f, c)
			})
		}
		t.Run("valid writes", func(t *testing.T) { matrixValid(t, s, f) })
	})
}

func matrixSetup(t *testing.T, s *demoSite) *matrixFixture {
	t.Helper()
	f := &matrixFixture{admin: s.srv.Token(t, "admin@example.com"), buyer: s.srv.Token(t, "buyer@example.com"),
		manager: s.srv.Token(t, "manager@example.com"), otherUser: demo.ManagerUserID}
	var line cartItem
	s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), f.buyer, itemBody(pen, 1)).Decode(t, "add pen", 201, &line)
	f.penLine = line.CartItemID
	f.cart = s.queryString(t, `SELECT cartid FROM cartitem WHERE id = ?`, f.penLine)
	s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), f.buyer, itemBody(stepOf, 5)).Decode(t, "add step", 201, &line)
	f.stepLine = line.CartItemID
	f.group = s.queryString(t, `SELECT id FROM cartdeliverygroup WHERE cartid = ?`, f.cart)
	f.address = s.queryString(t, `SELECT id FROM contactpointaddress WHERE parentid = ? AND addresstype = 'Shipping'
		ORDER BY id LIMIT 1`, demo.BuyerAccountID)
	placed := placeOrder(t, s, f.manager, map[string]int{marker: 1})
	f.summary = placed.OrderSummaryID
	f.order = s.queryString(t, `SELECT originalorderid FROM ordersummary WHERE id = ?`, f.summary)
	// A closed cart of the buyer's (as an order leaves it) and a pay-now copy of the buyer's cart.
	f.closedCart = s.createRecord(t, f.admin, "WebCart", map[string]any{"Name": "Old", "WebStoreId": demo.StoreID,
		"AccountId": demo.BuyerAccountID, "OwnerId": demo.BuyerUserID, "IsSecondary": true})
	s.exec(t, `UPDATE webcart SET status = 'Closed' WHERE id = ?`, f.closedCart)
	var clone struct{ CartID string }
	s.srv.Call(t, "POST", commercePath("carts/current/actions/clone?targetType=PayNowReadOnly"), f.buyer, "").
		Decode(t, "clone", 201, &clone)
	f.payNow = clone.CartID
	// A product the buyer's account is not entitled to (enterprise only), with a price in the enterprise book.
	f.hidden = s.createRecord(t, f.admin, "Product2", map[string]any{"Name": "Enterprise Only", "IsActive": true})
	policy := s.createRecord(t, f.admin, "CommerceEntitlementPolicy", map[string]any{"Name": "Enterprise Extras",
		"IsActive": true, "CanViewProduct": true, "CanViewPrice": true})
	s.createRecord(t, f.admin, "CommerceEntitlementProduct", map[string]any{"PolicyId": policy, "ProductId": f.hidden})
	s.createRecord(t, f.admin, "CommerceEntitlementBuyerGroup", map[string]any{"PolicyId": policy, "BuyerGroupId": demo.EnterpriseGroup})
	return f
}

func ruleCases() []ruleCase {
	line := func(f *matrixFixture) string { return f.penLine }
	step := func(f *matrixFixture) string { return f.stepLine }
	qty := func(q any) func(*matrixFixture) map[string]any {
		return func(*matrixFixture) map[string]any { return map[string]any{"Quantity": q} }
	}
	patchLine := func(id func(*matrixFixture) string, q string) func(f *matrixFixture) (string, string, string, string) {
		return func(f *matrixFixture) (string, string, string, string) {
			return "PATCH", commercePath("carts/current/cart-items/" + id(f)), f.buyer, `{"quantity":"` + q + `"}`
		}
	}
	newLine := func(product func(*matrixFixture) string, extra map[string]any) func(*matrixFixture) map[string]any {
		return func(f *matrixFixture) map[string]any {
			v := map[string]any{"CartId": f.cart, "Product2Id": product(f), "Name": "Line", "Quantity": 1, "Type": "Product"}
			for k, x := range extra {
				v[k] = x
			}
			return v
		}
	}
	address := func(extra map[string]any) func(*matrixFixture) map[string]any {
		return func(*matrixFixture) map[string]any {
			v := map[string]any{"ParentId": demo.BuyerAccountID, "AddressType": "Shipping", "Name": "Depot",
				"Street": "1 Main St", "City": "Denver", "Country": "US"}
			for k, x := range extra {
				if x == nil {
					delete(v, k)
				} else {
					v[k] = x
				}
			}
			return v
		}
	}
	postAddress := func(body string) func(f *matrixFixture) (string, string, string, string) {
		return func(f *matrixFixture) (string, string, string, string) {
			return "POST", commercePath("accounts/current/addresses"), f.buyer, body
		}
	}
	set := func(k string, v any) func(*matrixFixture) map[string]any {
		return func(*matrixFixture) map[string]any { return map[string]any{k: v} }
	}
	idOf := func(get func(*matrixFixture) string) func(*matrixFixture) string { return get }
	return []ruleCase{
		// CartItem
		{name: "line quantity not positive", object: "CartItem", id: line, fields: qty(-5),
			message: "must be at least 1", typed: patchLine(line, "-5"), typedStatus: 400},
		{name: "line quantity off its step", object: "CartItem", id: step, fields: qty(7),
			message: "steps of 5", typed: patchLine(step, "7"), typedStatus: 400},
		{name: "line quantity above the product's maximum", object: "CartItem", id: step, fields: qty(505),
			message: "the maximum quantity is 500", typed: patchLine(step, "505"), typedStatus: 400},
		{name: "line quantity above the cart's maximum", object: "CartItem", id: line, fields: qty(1_000_001),
			message: "1000000"},
		{name: "line of a product not entitled", object: "CartItem", fields: newLine(func(f *matrixFixture) string { return f.hidden }, nil),
			message: "isn't available to this account", typedStatus: 404,
			typed: func(f *matrixFixture) (string, string, string, string) {
				return "POST", commercePath("carts/current/cart-items"), f.buyer, itemBody(f.hidden, 1)
			}},
		{name: "line with the caller's price", object: "CartItem", id: line, fields: set("SalesPrice", "0.01"),
			message: "SalesPrice"},
		{name: "second line of a product", object: "CartItem", fields: newLine(func(*matrixFixture) string { return pen }, nil),
			message: "is already in the cart"},
		{name: "line moved to another cart", object: "CartItem", id: line,
			fields:  func(f *matrixFixture) map[string]any { return map[string]any{"CartId": f.closedCart} },
			message: "CartId"},
		// WebCart
		{name: "cart status out of Closed", object: "WebCart", id: idOf(func(f *matrixFixture) string { return f.closedCart }),
			fields: set("Status", "Active"), message: "can't go from Closed to Active"},
		{name: "cart created in Checkout", object: "WebCart", fields: func(*matrixFixture) map[string]any {
			return map[string]any{"Name": "New", "WebStoreId": demo.StoreID, "AccountId": demo.BuyerAccountID,
				"Status": "Checkout", "IsSecondary": true}
		}, message: "A new cart is Active"},
		{name: "pay-now cart is read-only", object: "WebCart", id: idOf(func(f *matrixFixture) string { return f.payNow }),
			fields: set("PoNumber", "PO-1"), message: "is read-only", typedStatus: 400,
			typed: func(f *matrixFixture) (string, string, string, string) {
				return "POST", commercePath("carts/" + f.payNow + "/cart-items"), f.buyer, itemBody(marker, 1)
			}},
		{name: "cart's owner changed", object: "WebCart", id: idOf(func(f *matrixFixture) string { return f.cart }),
			fields:  func(f *matrixFixture) map[string]any { return map[string]any{"OwnerId": f.otherUser} },
			message: "owner can't change"},
		// CartDeliveryGroup
		{name: "delivery group outside the shipping countries", object: "CartDeliveryGroup",
			id: idOf(func(f *matrixFixture) string { return f.group }), fields: func(*matrixFixture) map[string]any {
				return map[string]any{"DeliverToStreet": "1-1 Marunouchi", "DeliverToCity": "Tokyo", "DeliverToCountry": "JP"}
			}, message: "doesn't ship to", typedStatus: 400,
			typed: func(f *matrixFixture) (string, string, string, string) {
				return "PATCH", commercePath("carts/current/delivery-groups/" + f.group), f.buyer,
					`{"deliveryAddress":{"name":"T","street":"1-1 Marunouchi","city":"Tokyo","country":"JP"}}`
			}},
		{name: "delivery group without a street", object: "CartDeliveryGroup",
			id: idOf(func(f *matrixFixture) string { return f.group }), fields: func(*matrixFixture) map[string]any {
				return map[string]any{"DeliverToCity": "Denver", "DeliverToCountry": "US"}
			}, message: "needs street, city and country", typedStatus: 400,
			typed: func(f *matrixFixture) (string, string, string, string) {
				return "PATCH", commercePath("carts/current/delivery-groups/" + f.group), f.buyer,
					`{"deliveryAddress":{"name":"T","city":"Denver","country":"US"}}`
			}},
		// ContactPointAddress
		{name: "address without street or city in Narnia", object: "ContactPointAddress",
			fields:  address(map[string]any{"Street": nil, "City": nil, "Country": "Narnia"}),
			message: "Required fields are missing: street, city", typedStatus: 400,
			typed: postAddress(`{"name":"Depot","country":"Narnia"}`)},
		{name: "address outside the shipping countries", object: "ContactPointAddress",
			fields: address(map[string]any{"Country": "Japan"}), message: "a shipping address must be in US, CA", typedStatus: 400,
			typed: postAddress(`{"name":"Depot","street":"1 Main St","city":"Tokyo","country":"Japan"}`)},
		{name: "address in a country that is no ISO country", object: "ContactPointAddress",
			fields: address(map[string]any{"AddressType": "Billing", "Country": "ZZ"}), message: "ISO 3166",
			typedStatus: 400, typed: postAddress(`{"addressType":"Billing","name":"D","street":"1","city":"X","country":"ZZ"}`)},
		{name: "address emptied of its city", object: "ContactPointAddress", id: idOf(func(f *matrixFixture) string { return f.address }),
			fields: set("City", nil), message: "Required fields are missing: city", typedStatus: 400,
			typed: func(f *matrixFixture) (string, string, string, string) {
				return "PATCH", commercePath("accounts/current/addresses/" + f.address), f.buyer, `{"city":null}`
			}},
		// Order and OrderSummary
		{name: "order made outside checkout", object: "Order", fields: func(*matrixFixture) map[string]any {
			return map[string]any{"Status": "Draft"}
		}, message: "created by checkout only"},
		{name: "order back to Draft", object: "Order", id: idOf(func(f *matrixFixture) string { return f.order }),
			fields: set("Status", "Draft"), message: "can't change from Activated to Draft"},
		{name: "order summary fulfilled before it is approved", object: "OrderSummary",
			id: idOf(func(f *matrixFixture) string { return f.summary }), fields: set("Status", "Fulfilled"),
			message: "can't change from Created to Fulfilled"},
		// CartInventoryReservation
		{name: "stock hold of no units", object: "CartInventoryReservation", fields: func(f *matrixFixture) map[string]any {
			return map[string]any{"WebCartId": f.cart, "ProductId": pen, "Quantity": 0, "ExpiresAt": "2099-01-01T00:00:00.000Z"}
		}, message: "at least 1 unit"},
	}
}

// matrixWay is one writer of a case's write and what its refusal looks like.
type matrixWay struct {
	name, method, path, token, body string
	refused                         func(r apitest.Reply, c ruleCase) string // "" when r is the expected refusal
}

func matrixWays(c ruleCase, f *matrixFixture) []matrixWay {
	const api = "/services/data/v64.0/"
	fields := c.fields(f)
	id := ""
	if c.id != nil {
		id = c.id(f)
	}
	var ways []matrixWay
	if c.typed != nil {
		m, p, tok, b := c.typed(f)
		ways = append(ways, matrixWay{"commerce API", m, p, tok, b, func(r apitest.Reply, _ ruleCase) string {
			var items []struct{ ErrorCode, Message string }
			if r.Status != c.typedStatus || json.Unmarshal([]byte(r.Body), &items) != nil || len(items) == 0 || items[0].ErrorCode == "" {
				return fmt.Sprintf("want %d with the commerce error list", c.typedStatus)
			}
			return ""
		}})
	}
	hasMessage := func(body string) string {
		if !strings.Contains(body, c.message) {
			return "the refusal does not say " + c.message
		}
		return ""
	}
	// records API
	uiMethod, uiPath, uiBody := "POST", api+"ui-api/records", apitest.JSON(map[string]any{"apiName": c.object, "fields": fields})
	if id != "" {
		uiMethod, uiPath, uiBody = "PATCH", api+"ui-api/records/"+id, apitest.JSON(map[string]any{"fields": fields})
	}
	ways = append(ways, matrixWay{"ui-api/records", uiMethod, uiPath, f.admin, uiBody, func(r apitest.Reply, _ ruleCase) string {
		var body struct{ Message string }
		if r.Status != 400 && r.Status != 403 || json.Unmarshal([]byte(r.Body), &body) != nil && !strings.HasPrefix(r.Body, "[") {
			return "want 400 or 403 with the UI API error"
		}
		return hasMessage(r.Body)
	}})
	// sObject REST, and the same through composite and a collection
	soMethod, soPath := "POST", api+"sobjects/"+c.object
	if id != "" {
		soMethod, soPath = "PATCH", soPath+"/"+id
	}
	errorList := func(body string) string {
		var items []struct{ ErrorCode, Message string }
		if json.Unmarshal([]byte(body), &items) != nil || len(items) == 0 || items[0].ErrorCode == "" {
			return "want the REST error list"
		}
		return hasMessage(body)
	}
	ways = append(ways, matrixWay{"sObject REST", soMethod, soPath, f.admin, apitest.JSON(fields), func(r apitest.Reply, _ ruleCase) string {
		if r.Status != 400 && r.Status != 403 {
			return "want 400 or 403"
		}
		return errorList(r.Body)
	}})
	for _, allOrNone := range []bool{false, true} {
		sub := []any{map[string]any{"method": soMethod, "url": soPath, "referenceId": "Rule", "body": fields}}
		if allOrNone { // a valid write first, which the refusal rolls back
			sub = append([]any{map[string]any{"method": "PATCH", "url": api + "sobjects/Account/" + demo.BuyerAccountID,
				"referenceId": "Before", "body": map[string]any{"Description": "written by the matrix"}}}, sub...)
		}
		ways = append(ways, matrixWay{fmt.Sprintf("composite allOrNone=%v", allOrNone), "POST", api + "composite", f.admin,
			apitest.JSON(map[string]any{"allOrNone": allOrNone, "compositeRequest": sub}), func(r apitest.Reply, _ ruleCase) string {
				var out struct {
					CompositeResponse []struct {
						Body           json.RawMessage
						HTTPStatusCode int
					}
				}
				if r.Status != 200 || json.Unmarshal([]byte(r.Body), &out) != nil || len(out.CompositeResponse) != len(sub) {
					return "want 200 with a composite response"
				}
				last := out.CompositeResponse[len(sub)-1]
				if last.HTTPStatusCode != 400 && last.HTTPStatusCode != 403 {
					return "the rule's subrequest was not refused"
				}
				return errorList(string(last.Body))
			}})
	}
	rec := map[string]any{"attributes": map[string]any{"type": c.object}}
	for k, v := range fields {
		rec[k] = v
	}
	colMethod := "POST"
	if id != "" {
		colMethod, rec["Id"] = "PATCH", id
	}
	ways = append(ways, matrixWay{"collection", colMethod, api + "composite/sobjects", f.admin,
		apitest.JSON(map[string]any{"allOrNone": true, "records": []any{rec}}), func(r apitest.Reply, _ ruleCase) string {
			var out []struct {
				Success bool
				Errors  []struct{ StatusCode, Message string }
			}
			if r.Status != 200 || json.Unmarshal([]byte(r.Body), &out) != nil || len(out) != 1 || out[0].Success ||
				len(out[0].Errors) == 0 || out[0].Errors[0].StatusCode == "" {
				return "want 200 with a failed result"
			}
			return hasMessage(r.Body)
		}})
	return ways
}

// matrixRows is every row the cases could touch, as text.
func matrixRows(t *testing.T, s *demoSite, f *matrixFixture) string {
	t.Helper()
	var sb strings.Builder
	for _, q := range []string{
		`SELECT * FROM webcart ORDER BY id`, `SELECT * FROM cartitem ORDER BY id`,
		`SELECT * FROM cartdeliverygroup ORDER BY id`, `SELECT * FROM cartinventoryreservation ORDER BY id`,
		`SELECT * FROM contactpointaddress ORDER BY id`, `SELECT * FROM "order" ORDER BY id`,
		`SELECT * FROM ordersummary ORDER BY id`, `SELECT id, description FROM account WHERE id = '` + demo.BuyerAccountID + `'`,
		// (The account's SystemModstamp is left out until composite's allOrNone runs in one transaction: its
		// compensating undo restores the values, not the stamp.)
	} {
		sb.WriteString(q + "\n")
		sb.WriteString(rowsText(t, s, q))
	}
	return sb.String()
}

func rowsText(t *testing.T, s *demoSite, q string, args ...any) string {
	t.Helper()
	rows, err := s.d.Query(context.Background(), q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var sb strings.Builder
	for rows.Next() {
		vals := make([]sql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for i, v := range vals {
			fmt.Fprintf(&sb, "%s=%s|", cols[i], map[bool]string{true: v.String, false: "NULL"}[v.Valid])
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func diffLines(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out []string
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			out = append(out, "- "+x, "+ "+y)
		}
	}
	return strings.Join(out, "\n")
}

// matrixValid makes the same valid change of a line's quantity and of an address every way and compares the rows
// each leaves (ids and stamps aside): the cart recalculated alike, the address completed alike.
func matrixValid(t *testing.T, s *demoSite, f *matrixFixture) {
	const api = "/services/data/v64.0/"
	lineRows := func() string {
		return rowsText(t, s, `SELECT i.quantity, i.salesprice, i.totalprice, i.totalamount, c.totalproductcount,
			c.grandtotalamount, c.Status FROM cartitem i JOIN webcart c ON c.id = i.cartid WHERE i.id = ?`, f.stepLine)
	}
	reset := func(q int) {
		s.srv.Call(t, "PATCH", commercePath("carts/current/cart-items/"+f.stepLine), f.buyer, fmt.Sprintf(`{"quantity":"%d"}`, q)).
			Decode(t, "reset", 200, &struct{}{})
	}
	ways := []struct{ name, method, path, token, body string }{
		{"commerce API", "PATCH", commercePath("carts/current/cart-items/" + f.stepLine), f.buyer, `{"quantity":"15"}`},
		{"ui-api/records", "PATCH", api + "ui-api/records/" + f.stepLine, f.admin, `{"fields":{"Quantity":15}}`},
		{"sObject REST", "PATCH", api + "sobjects/CartItem/" + f.stepLine, f.admin, `{"Quantity":15}`},
		{"composite", "POST", api + "composite", f.admin, apitest.JSON(map[string]any{"allOrNone": true, "compositeRequest": []any{
			map[string]any{"method": "PATCH", "url": api + "sobjects/CartItem/" + f.stepLine, "referenceId": "Q", "body": map[string]any{"Quantity": 15}}}})},
		{"collection", "PATCH", api + "composite/sobjects", f.admin, apitest.JSON(map[string]any{"allOrNone": true, "records": []any{
			map[string]any{"attributes": map[string]any{"type": "CartItem"}, "Id": f.stepLine, "Quantity": 15}}})},
	}
	reset(5)
	start := lineRows()
	var want string
	for _, w := range ways {
		r := s.srv.Call(t, w.method, w.path, w.token, w.body)
		if r.Status >= 300 || strings.Contains(r.Body, `"success":false`) || strings.Contains(r.Body, `"httpStatusCode":4`) {
			t.Fatalf("%s: %d %s", w.name, r.Status, r.Body)
		}
		got := lineRows()
		if got == start {
			t.Fatalf("%s changed nothing: %s", w.name, got)
		}
		if want == "" {
			want = got
		} else if got != want {
			t.Fatalf("%s left\n%s\nthe commerce API left\n%s", w.name, got, want)
		}
		reset(5)
		if again := lineRows(); again != start {
			t.Fatalf("after %s the reset left %s, not %s", w.name, again, start)
		}
	}

	// An address made every way is completed alike (its country code and name), ids and stamps aside.
	addressRows := func(name string) string {
		return rowsText(t, s, `SELECT name, street, city, country, countrycode, addresstype, firstname, lastname
			FROM contactpointaddress WHERE street = ?`, name)
	}
	fields := map[string]any{"ParentId": demo.BuyerAccountID, "AddressType": "Shipping", "FirstName": "Ada",
		"LastName": "Lovelace", "City": "Toronto", "Country": "Canada"}
	with := func(street string) map[string]any {
		v := map[string]any{"Street": street}
		for k, x := range fields {
			v[k] = x
		}
		return v
	}
	made := []struct{ name, method, path, token, body string }{
		{"commerce API", "POST", commercePath("accounts/current/addresses"), f.buyer,
			`{"street":"1 Commerce","firstName":"Ada","lastName":"Lovelace","city":"Toronto","country":"Canada"}`},
		{"ui-api/records", "POST", api + "ui-api/records", f.admin, apitest.JSON(map[string]any{"apiName": "ContactPointAddress", "fields": with("1 UI")})},
		{"sObject REST", "POST", api + "sobjects/ContactPointAddress", f.admin, apitest.JSON(with("1 REST"))},
		{"composite", "POST", api + "composite", f.admin, apitest.JSON(map[string]any{"allOrNone": true, "compositeRequest": []any{
			map[string]any{"method": "POST", "url": api + "sobjects/ContactPointAddress", "referenceId": "A", "body": with("1 Composite")}}})},
		{"collection", "POST", api + "composite/sobjects", f.admin, apitest.JSON(map[string]any{"allOrNone": true, "records": []any{
			func() map[string]any {
				v := with("1 Collection")
				v["attributes"] = map[string]any{"type": "ContactPointAddress"}
				return v
			}()}})},
	}
	want = ""
	for _, w := range made {
		r := s.srv.Call(t, w.method, w.path, w.token, w.body)
		if r.Status >= 300 || strings.Contains(r.Body, `"success":false`) || strings.Contains(r.Body, `"httpStatusCode":4`) {
			t.Fatalf("%s: %d %s", w.name, r.Status, r.Body)
		}
		street := map[string]string{"commerce API": "1 Commerce", "ui-api/records": "1 UI", "sObject REST": "1 REST",
			"composite": "1 Composite", "collection": "1 Collection"}[w.name]
		got := strings.Replace(addressRows(street), "street="+street, "street=", 1)
		if got == "" {
			t.Fatalf("%s made no address", w.name)
		}
		if want == "" {
			want = got
		} else if got != want {
			t.Fatalf("%s made\n%s\nthe commerce API made\n%s", w.name, got, want)
		}
	}
}

// The cart's line limit holds every way: a 501st line is refused by the commerce API and by every records writer.
func TestRulesMatrixLineLimit(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		f := &matrixFixture{admin: s.srv.Token(t, "admin@example.com"), buyer: s.srv.Token(t, "buyer@example.com")}
		f.penLine = fillCart(t, s.srv, f.buyer, 500)
		f.cart = s.queryString(t, `SELECT cartid FROM cartitem WHERE id = ?`, f.penLine)
		if err := demo.SeedProducts(context.Background(), s.srv.App.Engine, 1, demo.Options{}); err != nil { // a 501st product
			t.Fatal(err)
		}
		next := records.StableID("01t", 501)
		c := ruleCase{name: "line limit", object: "CartItem", message: "at most 500 lines", typedStatus: 400,
			fields: func(f *matrixFixture) map[string]any {
				return map[string]any{"CartId": f.cart, "Product2Id": next, "Name": "Line", "Quantity": 1, "Type": "Product"}
			},
			typed: func(f *matrixFixture) (string, string, string, string) {
				return "POST", commercePath("carts/current/cart-items"), f.buyer, itemBody(next, 1)
			}}
		refusedEveryWay(t, s, f, c)
	})
}

// The cart's reactions hold for staff writes as for the cart API's: a cart taken out of Checkout loses its stock
// holds, and a line changed in a cart above the store's calculation limit marks it Processing and is calculated
// in the background.
func TestCartReactionsForStaffWrites(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin, buyer := s.srv.Token(t, "admin@example.com"), s.srv.Token(t, "buyer@example.com")
		var line cartItem
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 2)).Decode(t, "add", 201, &line)
		v := startCheckout(t, s, buyer)
		cart := s.queryString(t, `SELECT cartid FROM cartitem WHERE id = ?`, line.CartItemID)
		holds := func() string {
			return s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM cartinventoryreservation WHERE webcartid = ?`, cart)
		}
		if holds() == "0" || s.queryString(t, `SELECT status FROM webcart WHERE id = ?`, cart) != "Checkout" {
			t.Fatalf("checkout %s: %s holds", v.CheckoutID, holds())
		}
		s.srv.Call(t, "PATCH", "/services/data/v64.0/sobjects/WebCart/"+cart, admin, `{"Status":"Active"}`).Want(t, "to Active", 204, "")
		if holds() != "0" {
			t.Fatalf("the cart left Checkout keeping %s holds", holds())
		}

		// A staff change of a delivery group (its method) recalculates the cart: the charge is in its totals.
		group := s.queryString(t, `SELECT id FROM cartdeliverygroup WHERE cartid = ?`, cart)
		s.srv.Call(t, "PATCH", "/services/data/v64.0/sobjects/CartDeliveryGroup/"+group, admin,
			`{"DeliveryMethodId":"`+ground+`"}`).Want(t, "method", 204, "")
		if charge := s.queryString(t, `SELECT CAST(totalchargeamount AS TEXT) FROM webcart WHERE id = ?`, cart); charge != "999" { // cents
			t.Fatalf("the group's method is not in the cart's totals: charge %s", charge)
		}

		// Above the limit (1 line here), a staff change of a line is calculated after the change commits.
		s.exec(t, `UPDATE webstore SET cartsynclinelimit = 0`)
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(marker, 1)).Decode(t, "add", 201, &cartItem{})
		s.exec(t, `UPDATE webstore SET cartsynclinelimit = 1`)
		settle(s) // the store's copy in memory follows
		s.srv.Call(t, "PATCH", "/services/data/v64.0/ui-api/records/"+line.CartItemID, admin, `{"fields":{"Quantity":4}}`).
			Decode(t, "staff change", 200, &struct{}{})
		deadline := time.Now().Add(10 * time.Second)
		for {
			status := s.queryString(t, `SELECT status FROM webcart WHERE id = ?`, cart)
			count := s.queryString(t, `SELECT CAST(totalproductcount AS TEXT) FROM webcart WHERE id = ?`, cart)
			if status == "Active" && count == "5" {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the cart is %s with %s units, want Active with 5", status, count)
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
}

// A composite allOrNone request refused half-way leaves the cart as it was: its lines and its totals agree.
func TestCompositeRollbackKeepsTheCart(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin, buyer := s.srv.Token(t, "admin@example.com"), s.srv.Token(t, "buyer@example.com")
		var line cartItem
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 2)).Decode(t, "add", 201, &line)
		cart := s.queryString(t, `SELECT cartid FROM cartitem WHERE id = ?`, line.CartItemID)
		state := func() string {
			return rowsText(t, s, `SELECT i.quantity, i.totalprice, c.totalproductcount, c.grandtotalamount FROM cartitem i
				JOIN webcart c ON c.id = i.cartid WHERE c.id = ?`, cart)
		}
		before := state()
		url := "/services/data/v64.0/sobjects/CartItem/" + line.CartItemID
		r := s.srv.Call(t, "POST", "/services/data/v64.0/composite", admin, apitest.JSON(map[string]any{"allOrNone": true,
			"compositeRequest": []any{
				map[string]any{"method": "PATCH", "url": url, "referenceId": "More", "body": map[string]any{"Quantity": 5}},
				map[string]any{"method": "PATCH", "url": url, "referenceId": "Bad", "body": map[string]any{"Quantity": -1}},
			}}))
		if r.Status != 200 || !strings.Contains(r.Body, "must be at least 1") {
			t.Fatalf("%d %s", r.Status, r.Body)
		}
		if after := state(); after != before {
			t.Fatalf("the cart was\n%s\nand is\n%s", before, after)
		}
	})
}

// Where the store does not enable split shipment, a cart has one delivery group, whoever adds a second.
func TestRulesMatrixOneGroupWithoutSplitShipment(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		f := &matrixFixture{admin: s.srv.Token(t, "admin@example.com"), buyer: s.srv.Token(t, "buyer@example.com")}
		var line cartItem
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), f.buyer, itemBody(pen, 1)).Decode(t, "add", 201, &line)
		f.cart = s.queryString(t, `SELECT cartid FROM cartitem WHERE id = ?`, line.CartItemID)
		s.exec(t, `UPDATE webstore SET splitshipmentenabled = ?`, false)
		settle(s) // the store's copy in memory follows
		c := ruleCase{name: "second group", object: "CartDeliveryGroup", message: "split shipment isn't enabled",
			typedStatus: 400,
			fields: func(f *matrixFixture) map[string]any {
				return map[string]any{"CartId": f.cart, "Name": "Second"}
			},
			typed: func(f *matrixFixture) (string, string, string, string) {
				return "POST", commercePath("carts/current/delivery-groups"), f.buyer, `{}`
			}}
		refusedEveryWay(t, s, f, c)
	})
}

// Order statuses move forward only, and a summary's only by staff: a buyer's move is refused, a staff member's
// valid move is kept, an invalid one is refused, and an order is never deleted.
func TestOrderStatusMoves(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin, buyer := s.srv.Token(t, "admin@example.com"), s.srv.Token(t, "buyer@example.com")
		placed := placeOrder(t, s, buyer, map[string]int{pen: 1})
		summary := "/services/data/v64.0/sobjects/OrderSummary/" + placed.OrderSummaryID
		status := func() string {
			return s.queryString(t, `SELECT status FROM ordersummary WHERE id = ?`, placed.OrderSummaryID)
		}
		if r := s.srv.Call(t, "PATCH", summary, buyer, `{"Status":"Cancelled"}`); r.Status != 403 && r.Status != 400 || status() != "Created" {
			t.Fatalf("the buyer's move: %d %s, status %s", r.Status, r.Body, status())
		}
		for _, move := range []struct {
			to   string
			want int
		}{{"Fulfilled", 400}, {"Approved", 204}, {"Created", 400}, {"Waiting to Fulfill", 204}, {"Fulfilled", 204},
			{"Cancelled", 400}} {
			before := status()
			r := s.srv.Call(t, "PATCH", summary, admin, `{"Status":"`+move.to+`"}`)
			if r.Status != move.want {
				t.Fatalf("%s to %s: %d %s, want %d", before, move.to, r.Status, r.Body, move.want)
			}
			if after := status(); (move.want == 204) != (after == move.to) {
				t.Fatalf("%s to %s left %s", before, move.to, after)
			}
		}
		order := s.queryString(t, `SELECT originalorderid FROM ordersummary WHERE id = ?`, placed.OrderSummaryID)
		if r := s.srv.Call(t, "DELETE", "/services/data/v64.0/sobjects/Order/"+order, admin, ""); r.Status != 400 ||
			!strings.Contains(r.Body, "can't be deleted") {
			t.Fatalf("deleting an order: %d %s", r.Status, r.Body)
		}
	})
}

// refusedEveryWay sends case c's invalid write every way it can come and requires each to be refused with its API's
// error body, leaving the rows as they were.
func refusedEveryWay(t *testing.T, s *demoSite, f *matrixFixture, c ruleCase) {
	t.Helper()
	before := matrixRows(t, s, f)
	for _, way := range matrixWays(c, f) {
		r := s.srv.Call(t, way.method, way.path, way.token, way.body)
		if problem := way.refused(r, c); problem != "" {
			t.Fatalf("%s: %s\n%d %s", way.name, problem, r.Status, r.Body)
		}
		if after := matrixRows(t, s, f); after != before {
			t.Fatalf("%s changed the rows:\n%s", way.name, diffLines(before, after))
		}
	}
}
