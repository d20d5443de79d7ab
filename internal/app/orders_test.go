package app_test

import (
	"strings"
	"testing"

	"storefront/internal/records"
)

// placeOrder fills the caller's cart, checks out to Colorado by purchase order and places the order.
func placeOrder(t *testing.T, s *demoSite, token string, lines map[string]int) orderResult {
	t.Helper()
	for product, qty := range lines {
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), token, itemBody(product, qty)).Decode(t, "add", 201, &cartItem{})
	}
	v := startCheckout(t, s, token)
	s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/payments"), token,
		`{"requestType":"SimplePurchaseOrder","paymentToken":"PO-77"}`).Decode(t, "pay", 201, &struct{}{})
	var placed orderResult
	s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/orders"), token, "").Decode(t, "place", 201, &placed)
	return placed
}

type summaryList struct {
	Count          int
	NextPageToken  *string
	OrderSummaries []struct {
		OrderSummaryID, OrderNumber, Status, TotalAmount, CreatedDate string
		Fields                                                        map[string]struct{ Text *string }
	}
}

type orderDetail struct {
	OrderSummaryID, OrderNumber, TotalAmount, PurchaseOrderNumber string
	Items                                                         []struct {
		ProductID       *string
		Type, Quantity  string
		TotalLineAmount string
	}
	DeliveryGroups []struct{ DeliverToName, DeliveryMethodName string }
	Adjustments    []struct{ Amount, DisplayName string }
	Payments       []struct{ Method, Amount string }
}

func TestOrderSummaries(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		manager := s.srv.Token(t, "manager@example.com")
		first := placeOrder(t, s, buyer, map[string]int{pen: 2, marker: 1})
		second := placeOrder(t, s, buyer, map[string]int{marker: 3})

		var list summaryList
		s.srv.Get(t, commercePath("order-summaries?fields=OrderNumber,PoNumber&sortOrder=CreatedDateAsc"), buyer).Decode(t, "list", 200, &list)
		if list.Count != 2 || list.OrderSummaries[0].OrderSummaryID != first.OrderSummaryID ||
			list.OrderSummaries[1].OrderNumber != second.OrderReferenceNumber ||
			*list.OrderSummaries[0].Fields["PoNumber"].Text != "PO-77" || list.OrderSummaries[0].Status != "Created" {
			t.Fatalf("list %+v", list)
		}
		s.srv.Get(t, commercePath("order-summaries?pageSize=1"), buyer).Decode(t, "page 1", 200, &list)
		if len(list.OrderSummaries) != 1 || list.OrderSummaries[0].OrderSummaryID != second.OrderSummaryID || list.NextPageToken == nil {
			t.Fatalf("page 1 %+v", list)
		}
		s.srv.Get(t, commercePath("order-summaries?pageSize=1&pageToken="+*list.NextPageToken), buyer).Decode(t, "page 2", 200, &list)
		if len(list.OrderSummaries) != 1 || list.OrderSummaries[0].OrderSummaryID != first.OrderSummaryID || list.NextPageToken != nil {
			t.Fatalf("page 2 %+v", list)
		}
		for q, want := range map[string]int{"earliestDate=2099-01-01T00:00:00.000Z": 0, "latestDate=2099-01-01T00:00:00.000Z": 2,
			"latestDate=2001-07-04T12:08:56.235-0700": 0, "ownerScope=Account": 2, "ownerScoped=false&sortOrder=OrderedDateDesc": 2} {
			s.srv.Get(t, commercePath("order-summaries?"+q), buyer).Decode(t, q, 200, &list)
			if list.Count != want {
				t.Errorf("%s: %d summaries, want %d", q, list.Count, want)
			}
		}
		s.srv.Get(t, commercePath("order-summaries"), manager).Decode(t, "manager's", 200, &list)
		if list.Count != 0 {
			t.Fatalf("the manager sees the buyer's orders: %+v", list)
		}

		// Detail, by order number: items with the delivery charge, the group, the promotion, the payment.
		var d orderDetail
		s.srv.Get(t, commercePath("order-summaries/"+first.OrderReferenceNumber), buyer).Decode(t, "by number", 200, &d)
		if d.OrderSummaryID != first.OrderSummaryID || len(d.Items) != 3 || d.Items[2].Type != "Delivery Charge" ||
			len(d.DeliveryGroups) != 1 || d.DeliveryGroups[0].DeliverToName != "Bonnie Buyer" ||
			d.DeliveryGroups[0].DeliveryMethodName != "Ground" || len(d.Payments) != 1 ||
			d.Payments[0].Amount != d.TotalAmount || len(d.Adjustments) != 1 || d.PurchaseOrderNumber != "PO-77" {
			t.Fatalf("detail %+v", d)
		}
		s.srv.Get(t, commercePath("order-summaries/"+first.OrderSummaryID), buyer).Decode(t, "get", 200, &d)
		var items struct{ Count int }
		s.srv.Get(t, commercePath("order-summaries/"+first.OrderSummaryID+"/items"), buyer).Decode(t, "items", 200, &items)
		if d.OrderNumber != first.OrderReferenceNumber || items.Count != 3 {
			t.Fatalf("get %+v, %d items", d, items.Count)
		}

		// Reorder: the marker is no longer sold; the pen goes back into a new cart.
		s.exec(t, `UPDATE product2 SET isactive = ? WHERE id = ?`, false, marker)
		var reorder struct {
			CartID                    string
			NumberOfProductsWithError int
			ProductsWithError         []struct{ ProductID string }
			CartSummary               cartSummary
		}
		s.srv.Call(t, "POST", commercePath("order-summaries/"+first.OrderSummaryID+"/actions/add-order-to-cart"), buyer, "").
			Decode(t, "reorder", 200, &reorder)
		if reorder.NumberOfProductsWithError != 1 || reorder.ProductsWithError[0].ProductID != marker ||
			reorder.CartSummary.TotalProductCount != "2.0" {
			t.Fatalf("reorder %+v", reorder)
		}

		// Staff change a placed order's status in the records API, never its amounts, and cannot delete it.
		admin := s.srv.Token(t, "admin@example.com")
		recordsAPI := "/services/data/v64.0/ui-api/records/"
		if r := s.srv.Call(t, "PATCH", recordsAPI+first.OrderSummaryID, admin, `{"fields":{"Status":"Approved"}}`); r.Status != 200 {
			t.Fatalf("status change: %d %s", r.Status, r.Body)
		}
		if r := s.srv.Call(t, "PATCH", recordsAPI+first.OrderSummaryID, admin, `{"fields":{"GrandTotalAmount":"1.00"}}`); r.Status != 400 {
			t.Fatalf("amount change: %d %s", r.Status, r.Body)
		}
		if r := s.srv.Call(t, "DELETE", recordsAPI+first.OrderSummaryID, admin, ""); r.Status != 400 {
			t.Fatalf("delete: %d %s", r.Status, r.Body)
		}
		if r := s.srv.Call(t, "POST", strings.TrimSuffix(recordsAPI, "/"), admin, `{"apiName":"OrderItemSummary","fields":{"OrderSummaryId":"`+first.OrderSummaryID+`","Name":"x","Type":"Order Product"}}`); r.Status != 400 {
			t.Fatalf("create: %d %s", r.Status, r.Body)
		}
		s.srv.Get(t, commercePath("order-summaries/"+first.OrderSummaryID), buyer).Decode(t, "after staff", 200, &d)

		for _, tc := range []struct {
			name, method, path, token, body string
			status                          int
			want                            string
		}{
			{"another's order", "GET", "order-summaries/" + first.OrderSummaryID, manager, "", 404, "NOT_FOUND"},
			{"another's lookup", "POST", "order-summaries/actions/lookup", manager, `{"orderSummaryIdOrRefNumber":"` + first.OrderReferenceNumber + `"}`, 404, "NOT_FOUND"},
			{"another's reorder", "POST", "order-summaries/" + first.OrderSummaryID + "/actions/add-order-to-cart", manager, "", 404, "NOT_FOUND"},
			{"unknown", "GET", "order-summaries/" + records.StableID("1Os", 999), buyer, "", 404, "NOT_FOUND"},
			{"no ref", "POST", "order-summaries/actions/lookup", buyer, `{}`, 400, "orderSummaryIdOrRefNumber"},
			{"NUL ref", "POST", "order-summaries/actions/lookup", buyer, `{"orderSummaryIdOrRefNumber":"1\u0000"}`, 400, "INVALID_API_INPUT"},
			{"wrong type", "POST", "order-summaries/actions/lookup", buyer, `{"orderSummaryIdOrRefNumber":5}`, 400, "JSON_PARSER_ERROR"},
			{"bad date", "GET", "order-summaries?earliestDate=yesterday", buyer, "", 400, "earliestDate"},
			{"bad sort", "GET", "order-summaries?sortOrder=Price", buyer, "", 400, "sortOrder"},
			{"bad scope", "GET", "order-summaries?ownerScope=Everyone", buyer, "", 400, "ownerScope"},
			{"bad page size", "GET", "order-summaries?pageSize=0", buyer, "", 400, "pageSize"},
			{"too many fields", "GET", "order-summaries?fields=" + strings.Repeat("Status,", 36), buyer, "", 400, "at most 35"},
			{"guest", "GET", "order-summaries", "", "", 401, "INVALID_SESSION_ID"},
			{"guest lookup", "POST", "order-summaries/actions/lookup", "", `{"orderSummaryIdOrRefNumber":"` + first.OrderReferenceNumber + `"}`, 401, "INVALID_SESSION_ID"},
		} {
			r := s.srv.Call(t, tc.method, commercePath(tc.path), tc.token, tc.body)
			if r.Status != tc.status || !strings.Contains(r.Body, tc.want) {
				t.Errorf("%s: %d %s, want %d %s", tc.name, r.Status, r.Body, tc.status, tc.want)
			}
		}
	})
}

// An order's deliveries come back in the order the buyer made them in the checkout (the default group, then the
// groups added after it), not in the order of their random ids (issue 15 item 19).
func TestOrderDeliveriesInTheOrderMade(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		products := []string{pen, marker, records.StableID("01t", 3), records.StableID("01t", 4), records.StableID("01t", 6)}
		var lines []cartItem
		for _, p := range products {
			var it cartItem
			s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(p, 1)).Decode(t, "add", 201, &it)
			lines = append(lines, it)
		}
		v := startCheckout(t, s, buyer)
		// Four more shipments, to sites 2 to 5, each taking one line; the first line stays in the default group.
		want := []string{"Bonnie Buyer"}
		for i := 2; i <= 5; i++ {
			name := "Site " + string(rune('0'+i))
			var g deliveryGroup
			s.srv.Call(t, "POST", commercePath("carts/current/delivery-groups"), buyer,
				`{"deliveryMethodId":"`+ground+`","deliveryAddress":{"name":"`+name+`","street":"1 Main St","city":"Denver","region":"CO","postalCode":"80202","country":"US"}}`).
				Decode(t, "create", 201, &g)
			s.srv.Call(t, "POST", commercePath("carts/current/delivery-groups/actions/arrange-items"), buyer,
				`{"arrangements":[{"deliveryGroupId":"`+g.ID+`","cartItemIds":["`+lines[i-1].CartItemID+`"]}],"options":{"deleteEmptyDeliveryGroups":false}}`).
				Decode(t, "arrange", 202, &struct{}{})
			want = append(want, name)
		}
		// The cart changed under the checkout: it starts again, keeping the groups.
		s.srv.Call(t, "DELETE", commercePath("checkouts/"+v.CheckoutID), buyer, "")
		v = startCheckout(t, s, buyer)
		s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/payments"), buyer,
			`{"requestType":"SimplePurchaseOrder","paymentToken":"PO-5"}`).Decode(t, "pay", 201, &struct{}{})
		var placed orderResult
		s.srv.Call(t, "POST", commercePath("checkouts/"+v.CheckoutID+"/orders"), buyer, "").Decode(t, "place", 201, &placed)
		var d orderDetail
		s.srv.Get(t, commercePath("order-summaries/"+placed.OrderSummaryID), buyer).Decode(t, "get", 200, &d)
		var got []string
		for _, g := range d.DeliveryGroups {
			got = append(got, g.DeliverToName)
		}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Fatalf("deliveries %v, want %v", got, want)
		}
	})
}
