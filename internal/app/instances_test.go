package app_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
	"storefront/internal/records"
)

// Two instances on one PostgreSQL database serve one store: a token from one works on the other, a price changed
// through one is what the other charges within a second, and a cart edited on one is read on the other. No sticky
// sessions: every request below goes to the instance it names.
func TestTwoInstancesOnOneDatabase(t *testing.T) {
	first, _, otherURL, dbURL := twoInstances(t)
	commerceOn := func(base string) string {
		return base + "/services/data/v64.0/commerce/webstores/" + demo.StoreID + "/"
	}
	// call reads the answer as an object, its absence nil (the requests name absolute URLs, on either instance).
	call := func(method, url, bearer, body string) (int, map[string]any) {
		t.Helper()
		r := first.Call(t, method, url, bearer, body)
		var out map[string]any
		_ = json.Unmarshal([]byte(r.Body), &out)
		return r.Status, out
	}
	buyer, admin := first.Token(t, "buyer@example.com"), first.Token(t, "admin@example.com")
	product := records.StableID("01t", 3)

	// The buyer's price, read on the second instance with the first instance's token.
	status, price := call("GET", commerceOn(otherURL)+"pricing/products/"+product, buyer, "")
	if status != 200 || price["pricebookEntryId"] == nil {
		t.Fatalf("price on the second instance: %d %v", status, price)
	}
	entry := price["pricebookEntryId"].(string)
	// A search finding the product by its SKU is kept in memory on the second instance too, prices and all.
	_, page := call("GET", commerceOn(otherURL)+"products/"+product, buyer, "")
	sku, _ := page["fields"].(map[string]any)["StockKeepingUnit"].(string)
	searchedPrice := func() any {
		t.Helper()
		status, found := call("POST", commerceOn(otherURL)+"search/product-search", buyer,
			`{"searchTerm":"`+sku+`","includePrices":true}`)
		products, _ := found["productsPage"].(map[string]any)["products"].([]any)
		for _, p := range products {
			if p := p.(map[string]any); p["id"] == product {
				return p["prices"].(map[string]any)["unitPrice"]
			}
		}
		t.Fatalf("the search for %q on the second instance: %d %v", sku, status, found)
		return nil
	}
	if got := searchedPrice(); got != price["unitPrice"] {
		t.Fatalf("the searched price %v is not the product's price %v", got, price["unitPrice"])
	}

	// Staff change that price through the first instance; the second charges it within a second.
	if status, body := call("PATCH", first.URL+"/services/data/v64.0/ui-api/records/"+entry, admin,
		`{"fields":{"UnitPrice":123.45}}`); status != 200 {
		t.Fatalf("price change on the first instance: %d %v", status, body)
	}
	deadline := time.Now().Add(time.Second)
	for {
		_, price = call("GET", commerceOn(otherURL)+"pricing/products/"+product, buyer, "")
		if price["unitPrice"] == "123.45" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the second instance still charges %v a second after the change", price["unitPrice"])
		}
		time.Sleep(50 * time.Millisecond)
	}

	waitFor(t, "the new price in the search kept on the second instance", func() bool { return searchedPrice() == "123.45" })

	// A cart line added on the second instance is in the cart the first one reads, at the new price.
	if status, body := call("POST", commerceOn(otherURL)+"carts/current/cart-items", buyer,
		`{"productId":"`+product+`","quantity":"2","type":"Product"}`); status != 201 {
		t.Fatalf("add to cart on the second instance: %d %v", status, body)
	}
	status, items := call("GET", commerceOn(first.URL)+"carts/current/cart-items", buyer, "")
	lines, _ := items["cartItems"].([]any)
	if status != 200 || len(lines) != 1 {
		t.Fatalf("the cart on the first instance: %d %v", status, items)
	}
	line := lines[0].(map[string]any)["cartItem"].(map[string]any)
	if line["productId"] != product || line["quantity"] != "2" || line["salesPrice"] != "123.45" {
		t.Fatalf("the line on the first instance: %v", line)
	}

	// A change made outside the API (psql, a migration) reaches both instances' memory: the product page each
	// keeps shows the new name within a second, with no reload signal.
	for _, base := range []string{first.URL, otherURL} { // both have the page in memory now
		if status, page := call("GET", commerceOn(base)+"products/"+product, buyer, ""); status != 200 {
			t.Fatalf("product page: %d %v", status, page)
		}
	}
	tool, err := db.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer tool.Close()
	if _, err := tool.W.Exec(`UPDATE product2 SET name = 'Renamed by hand' WHERE id = $1`, product); err != nil {
		t.Fatal(err)
	}
	for _, base := range []string{first.URL, otherURL} {
		waitFor(t, "the product page after a hand-written UPDATE", func() bool {
			_, page := call("GET", commerceOn(base)+"products/"+product, buyer, "")
			fields, _ := page["fields"].(map[string]any)
			return fields["Name"] == "Renamed by hand"
		})
	}

	// Signing out on one instance ends the session on both at once: the other keeps sessions in memory too.
	if status, _ := call("GET", commerceOn(otherURL)+"carts/current", buyer, ""); status != 200 {
		t.Fatalf("the buyer's cart on the second instance before signing out: %d", status)
	}
	if status, body := call("POST", first.URL+"/services/oauth2/revoke?token="+buyer, buyer, ""); status != 200 {
		t.Fatalf("revoke on the first instance: %d %v", status, body)
	}
	waitFor(t, "the revoked token refused by the second instance", func() bool {
		status, _ := call("GET", commerceOn(otherURL)+"carts/current", buyer, "")
		return status == 401
	})
}

// waitFor polls cond for up to a second: how long a change may take to reach every instance.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not seen within a second", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// On SQLite, a change made by another process on the same file (the sqlite3 shell, a second storefront) is seen
// within a second by the polling of the version counters.
func TestHandWrittenChangeOnSQLite(t *testing.T) {
	dbURL := dbtest.URLs(t)["sqlite"]
	s := apptest.Demo(t, dbURL)
	product := records.StableID("01t", 3)
	page := func() map[string]any {
		var out map[string]any
		s.Get(t, s.Commerce+"products/"+product, "").Decode(t, "product page", 200, &out)
		fields, _ := out["fields"].(map[string]any)
		return fields
	}
	before := page()["Name"]
	tool, err := db.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer tool.Close()
	if _, err := tool.W.Exec(`UPDATE product2 SET name = 'Renamed by hand' WHERE id = ?`, product); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the product page after a hand-written UPDATE (was "+before.(string)+")", func() bool {
		return page()["Name"] == "Renamed by hand"
	})
}
