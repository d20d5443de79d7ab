package catalog_test

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"storefront/internal/demo"
	"storefront/internal/records"
)

// priceBody is the exact Product Price answer for demo product 6 (Volume Saver tiers: 5%, 10%, 15% off). Its one
// price entry (no selling models) repeats the price.
func priceBody(unit, entryID, t1, t2, t3 string) string {
	adjustment := `{"id":"` + records.StableID("0ry", 1) + `","priceAdjustmentTiers":[` +
		`{"adjustmentType":"PercentageBasedAdjustment","adjustmentValue":"5.00","id":"` + records.StableID("0rz", 1) + `","lowerBound":"10","tierUnitPrice":"` + t1 + `","upperBound":"49"},` +
		`{"adjustmentType":"PercentageBasedAdjustment","adjustmentValue":"10.00","id":"` + records.StableID("0rz", 2) + `","lowerBound":"50","tierUnitPrice":"` + t2 + `","upperBound":"99"},` +
		`{"adjustmentType":"PercentageBasedAdjustment","adjustmentValue":"15.00","id":"` + records.StableID("0rz", 3) + `","lowerBound":"100","tierUnitPrice":"` + t3 + `","upperBound":null}]}`
	return `{"childEntries":[],"currencyIsoCode":"USD","listPrice":"47.49","lowestUnitPrice":null,"priceAdjustment":` + adjustment +
		`,"pricebookEntryId":"` + entryID + `","productId":"` + product(6) + `","productPriceEntries":[{"error":null,` +
		`"listPrice":"47.49","lowestUnitPrice":null,"priceAdjustment":` + adjustment + `,"pricebookEntryId":"` + entryID +
		`","productSellingModelId":null,"success":true,"unitPrice":"` + unit + `"}],"unitPrice":"` + unit + `"}` + "\n"
}

func TestProductPrice(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := base + "pricing/products/" + product(6)
		for _, c := range []struct {
			who, user, query, want string
		}{
			{"guest: the guest price book", guest, "", priceBody("47.49", entry(6, 1), "45.12", "42.74", "40.37")},
			{"buyer: Contractor Pricing", buyer, "", priceBody("43.69", entry(6, 2), "41.51", "39.32", "37.14")},
			{"buyer naming her own account", buyer, "?effectiveAccountId=" + demo.BuyerAccountID, priceBody("43.69", entry(6, 2), "41.51", "39.32", "37.14")},
			{"manager for a managed account: Enterprise Pricing", manager, asRiverside, priceBody("40.37", entry(6, 3), "38.35", "36.33", "34.31")},
			{"manager for a managed contractor account", manager, "?effectiveAccountId=" + demo.ManagedAccountIDs[2], priceBody("43.69", entry(6, 2), "41.51", "39.32", "37.14")},
		} {
			status, body := e.get(t, p+c.query, c.user)
			if status != 200 || body != c.want {
				t.Errorf("%s: %d\n got %s\nwant %s", c.who, status, body, c.want)
			}
		}
		// A product without tiers has priceAdjustment null, in its price entry too.
		got := e.getJSON(t, base+"pricing/products/"+product(1), buyer)
		if got["priceAdjustment"] != nil || got["unitPrice"] != "5.51" || got["listPrice"] != "5.99" || got["pricebookEntryId"] != entry(1, 2) ||
			!reflect.DeepEqual(got["productPriceEntries"], []any{map[string]any{"error": nil, "listPrice": "5.99", "lowestUnitPrice": nil,
				"priceAdjustment": nil, "pricebookEntryId": entry(1, 2), "productSellingModelId": nil, "success": true, "unitPrice": "5.51"}}) {
			t.Fatalf("untiered: %v", got)
		}
		// A policy that hides prices: 403 on the price, canViewPrice false on the product.
		e.exec(t, `UPDATE commerceentitlementpolicy SET canviewprice = FALSE`)
		status, body := e.get(t, base+"pricing/products/"+product(1), buyer)
		if status != 403 || body != errorBody("INSUFFICIENT_ACCESS", "You don't have access to the price of product "+product(1)+".") {
			t.Fatalf("price hidden: %d %s", status, body)
		}
		if ent := e.getJSON(t, base+"products/"+product(1), buyer)["entitlement"]; !reflect.DeepEqual(ent, map[string]any{"canViewPrice": false}) {
			t.Fatalf("entitlement with the price hidden: %v", ent)
		}
		e.exec(t, `UPDATE commerceentitlementpolicy SET canviewprice = TRUE`)
		// No entry in the buyer's books: 404.
		e.exec(t, `UPDATE pricebookentry SET isactive = FALSE WHERE id = ?`, entry(1, 2))
		status, body = e.get(t, base+"pricing/products/"+product(1), buyer)
		if status != 404 || body != errorBody("ITEM_NOT_FOUND", "No price is available for product "+product(1)+" for this account.") {
			t.Fatalf("no price: %d %s", status, body)
		}
	})
}

func line(id, list, unit, entryID string) string {
	return `{"error":null,"listPrice":"` + list + `","pricebookEntryId":"` + entryID + `","productId":"` + id +
		`","success":true,"unitPrice":"` + unit + `"}`
}

func failedLine(id, code, message string) string {
	m, _ := json.Marshal(message)
	return `{"error":{"errorCode":"` + code + `","message":` + string(m) + `},"listPrice":null,"pricebookEntryId":null,"productId":"` +
		id + `","success":false,"unitPrice":null}`
}

func TestBatchPricing(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		extra := e.enterpriseOnly(t)
		unknown := records.StableID("01t", 999999)
		ids := []string{product(1), "bad", unknown, extra, product(6)[:15], product(1)}
		want := `{"currencyIsoCode":"USD","pricingLineItemResults":[` + strings.Join([]string{
			line(product(1), "5.99", "5.51", entry(1, 2)),
			failedLine("bad", "INVALID_ID_FIELD", `productId "bad" is not a valid id.`),
			failedLine(unknown, "ITEM_NOT_FOUND", "The product "+unknown+" doesn't exist or isn't available to this account."),
			failedLine(extra, "ITEM_NOT_FOUND", "The product "+extra+" doesn't exist or isn't available to this account."),
			line(product(6), "47.49", "43.69", entry(6, 2)),
			line(product(1), "5.99", "5.51", entry(1, 2)),
		}, ",") + `],"success":true}` + "\n"
		status, body := e.get(t, base+"pricing/products?productIds="+strings.Join(ids, ","), buyer)
		if status != 200 || body != want {
			t.Fatalf("GET batch: %d\n got %s\nwant %s", status, body, want)
		}
		var items []string
		for _, id := range ids {
			items = append(items, `{"productId":"`+id+`"}`)
		}
		status, body = e.call(t, http.MethodPost, base+"pricing/products", buyer, `{"pricingLineItems":[`+strings.Join(items, ",")+`]}`)
		if status != 200 || body != want {
			t.Fatalf("POST batch: %d\n got %s\nwant %s", status, body, want)
		}
		// The manager for an enterprise account gets enterprise prices, and the enterprise-only product.
		got := e.getJSON(t, base+"pricing/products?productIds="+product(1)+","+extra+"&effectiveAccountId="+riverside, manager)
		if lines := got["pricingLineItemResults"].([]any); lines[0].(map[string]any)["unitPrice"] != "5.09" ||
			lines[1].(map[string]any)["unitPrice"] != "99.00" || lines[1].(map[string]any)["listPrice"] != nil {
			t.Fatalf("manager batch: %v", lines)
		}

		many := strings.TrimSuffix(strings.Repeat(product(1)+",", 501), ",")
		status, body = e.get(t, base+"pricing/products?productIds="+many, buyer)
		wantError(t, "501 ids", status, body, 400, "INVALID_API_INPUT")
		if status, body = e.get(t, base+"pricing/products?productIds="+strings.TrimSuffix(strings.Repeat(product(1)+",", 500), ","), buyer); status != 200 {
			t.Fatalf("500 ids: %d %.200s", status, body)
		}
		status, body = e.get(t, base+"pricing/products", buyer)
		wantError(t, "no ids", status, body, 400, "INVALID_API_INPUT")
		manyItems := strings.TrimSuffix(strings.Repeat(`{"productId":"`+product(1)+`"},`, 501), ",")
		for what, c := range map[string]struct {
			body, code string
		}{
			"501 items":          {`{"pricingLineItems":[` + manyItems + `]}`, "INVALID_API_INPUT"},
			"no items":           {`{"pricingLineItems":[]}`, "INVALID_API_INPUT"},
			"no list":            {`{}`, "INVALID_API_INPUT"},
			"malformed JSON":     {`{"pricingLineItems":[`, "JSON_PARSER_ERROR"},
			"wrong type":         {`{"pricingLineItems":"01t"}`, "JSON_PARSER_ERROR"},
			"productId a number": {`{"pricingLineItems":[{"productId":5}]}`, "JSON_PARSER_ERROR"},
		} {
			status, body := e.call(t, http.MethodPost, base+"pricing/products", buyer, c.body)
			wantError(t, what, status, body, 400, c.code)
		}
	})
}
