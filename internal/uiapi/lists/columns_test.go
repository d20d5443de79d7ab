package lists_test

import (
	"reflect"
	"testing"

	"storefront/internal/app/apptest"
)

// TestDefaultColumnsOfNamelessRecords: a record without a name field is named in its All view by the records its
// required references point at (a price book entry by its book and product), and the rows carry those names.
func TestDefaultColumnsOfNamelessRecords(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := newClient(t, s, "admin@example.com")
		for view, want := range map[string][]string{
			"PricebookEntry/AllPriceBookEntries":                {"Pricebook2.Name", "Product2.Name", "UnitPrice", "IsActive"},
			"ProductInventory/AllProductInventory":              {"Product.Name", "QuantityOnHand", "QuantityReserved", "LowStockThreshold", "LocationName"},
			"BuyerGroupMember/AllBuyerGroupMembers":             {"BuyerGroup.Name", "Buyer.Name"},
			"CommerceEntitlementProduct/AllEntitlementProducts": {"Policy.Name", "Product.Name"},
			// Objects with a name field keep it first, and their references out.
			"Coupon/AllCoupons": {"CouponCode", "Status", "UsageLimit", "UsageCount", "StartDate", "EndDate"},
		} {
			info := admin.must(t, 200, "GET", "list-info/"+view, nil)
			var got []string
			for _, c := range info["displayColumns"].([]any) {
				got = append(got, c.(map[string]any)["fieldApiName"].(string))
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s columns %v, want %v", view, got, want)
			}
		}

		// A column through a reference is labelled without saying the target twice.
		var labels []string
		for _, c := range admin.must(t, 200, "GET", "list-info/PricebookEntry/AllPriceBookEntries", nil)["displayColumns"].([]any) {
			labels = append(labels, c.(map[string]any)["label"].(string))
		}
		if want := []string{"Price Book Name", "Product Name", "List Price", "Active"}; !reflect.DeepEqual(labels, want) {
			t.Errorf("labels %v, want %v", labels, want)
		}

		page := admin.must(t, 200, "POST", "list-records/PricebookEntry/AllPriceBookEntries", map[string]any{"pageSize": 1})
		rec := page["records"].([]any)[0].(map[string]any)["fields"].(map[string]any)
		product, _ := rec["Product2"].(map[string]any)
		if product == nil || product["value"].(map[string]any)["fields"].(map[string]any)["Name"].(map[string]any)["value"] == "" {
			t.Errorf("an entry's row names its product: %v", rec)
		}
	})
}
