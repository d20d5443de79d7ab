package files_test

import (
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
)

// Files link to Orders as to the other records of the console's pages: the upload's firstPublishLocationId makes
// the link, the order's Files related list counts it, and the order's buyer (who sees the order) downloads the file
// while another account's buyer is answered 404.
func TestFilesLinkToOrders(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		orderID := placeOrder(t, s, signIn(t, s, "buyer@example.com"))
		admin := signIn(t, s, "admin@example.com")
		out := admin.upload(201, uploads+"/content-versions", part{"fileData", "po.pdf", "%PDF-1.4 order"},
			part{"firstPublishLocationId", "", orderID}).json.(map[string]any)
		links := out["contentDocumentLinks"].([]any)
		if len(links) != 1 || field(links[0], "LinkedEntityId") != orderID {
			t.Fatalf("links: %v", links)
		}
		versionID := out["contentVersion"].(map[string]any)["id"].(string)

		count := admin.send("GET", ui+"/related-list-count/"+orderID+"/ContentDocumentLinks", "", "")
		if count.status != 200 || count.json.(map[string]any)["count"] != float64(1) {
			t.Errorf("the order's files count: %d %s", count.status, count.body)
		}
		if got := signIn(t, s, "buyer@example.com").send("GET", download+versionID+"/VersionData", "", ""); got.status != 200 ||
			string(got.body) != "%PDF-1.4 order" {
			t.Errorf("the order's buyer downloads: %d %s", got.status, got.body)
		}
		if got := signIn(t, s, "manager@example.com").send("GET", download+versionID+"/VersionData", "", ""); got.status != 404 {
			t.Errorf("another account's buyer downloads: %d", got.status)
		}
	})
}

// placeOrder checks out one of the buyer's products through the commerce API (orders are made by checkout only)
// and returns the Order's id.
func placeOrder(t *testing.T, s *apptest.Server, buyer *client) string {
	t.Helper()
	store := "/services/data/v64.0/commerce/webstores/" + demo.StoreID + "/"
	product := buyer.ids("SELECT Id FROM Product2 ORDER BY Id LIMIT 1")[0]
	step := func(method, path, body string, want int) map[string]any {
		got := buyer.send(method, store+path, "application/json", body)
		if got.status != want {
			t.Fatalf("%s %s: %d %s", method, path, got.status, got.body)
		}
		out, _ := got.json.(map[string]any)
		return out
	}
	step("POST", "carts/current/cart-items", `{"productId":"`+product+`","quantity":"1","type":"Product"}`, 201)
	checkout := step("PUT", "checkouts", `{"cartId":"current","deliveryAddressInput":{"firstName":"Bonnie","lastName":"Buyer",`+
		`"street":"1 Main St","city":"Denver","region":"CO","postalCode":"80202","country":"US"}}`, 202)["checkoutId"].(string)
	step("POST", "checkouts/"+checkout+"/payments", `{"requestType":"SimplePurchaseOrder","paymentToken":"PO-1"}`, 201)
	summary := step("POST", "checkouts/"+checkout+"/orders", "", 201)["orderSummaryId"]
	return buyer.ids("SELECT OriginalOrderId FROM OrderSummary WHERE Id = '" + summary.(string) + "'")[0]
}
