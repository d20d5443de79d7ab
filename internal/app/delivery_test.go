package app_test

import (
	"strings"
	"testing"
	"time"

	"storefront/internal/app/apitest"
	"storefront/internal/records"
)

// Demo delivery methods: Ground 9.99, Express 24.99.
var (
	ground  = records.StableID("2Dm", 1)
	express = records.StableID("2Dm", 2)
)

type deliveryGroup struct {
	ID, Name                 string
	IsDefault                bool
	TotalCartItemCount       int
	TotalProductAmount       string
	AvailableDeliveryMethods []struct{ ID, Name, ShippingFee string }
	SelectedDeliveryMethod   *struct{ ID, ShippingFee, AdjustedShippingFee string }
	DeliveryAddress          *struct{ Name, Street, City, Region, Country string }
	CartItems                *struct{ CartItems []cartItem }
	DesiredDeliveryDate      *string
}

type groupCollection struct {
	Count int
	Items []deliveryGroup
}

const coloradoAddress = `{"firstName":"Bonnie","lastName":"Buyer","street":"1 Main St","city":"Denver","region":"CO","postalCode":"80202","country":"US"}`

func TestDeliveryGroupCalls(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		manager := s.srv.Token(t, "manager@example.com")
		var line cartItem
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 2)).Decode(t, "add pen", 201, &line)
		var marked cartItem
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(marker, 1)).Decode(t, "add marker", 201, &marked)

		// Every cart has a default group holding every line.
		var groups groupCollection
		s.srv.Get(t, commercePath("carts/current/delivery-groups?cartItemLimit=5"), buyer).Decode(t, "list", 200, &groups)
		if groups.Count != 1 || !groups.Items[0].IsDefault || groups.Items[0].TotalCartItemCount != 2 ||
			len(groups.Items[0].AvailableDeliveryMethods) != 2 || groups.Items[0].CartItems == nil ||
			len(groups.Items[0].CartItems.CartItems) != 2 || groups.Items[0].SelectedDeliveryMethod != nil {
			t.Fatalf("groups %+v", groups)
		}
		def := groups.Items[0].ID

		// A method and an address: the charge goes through the cart calculation (Colorado tax on it too).
		var g deliveryGroup
		s.srv.Call(t, "PATCH", commercePath("carts/current/delivery-groups/"+def), buyer,
			`{"deliveryMethodId":"`+ground+`","deliveryAddress":`+coloradoAddress+`}`).Decode(t, "patch", 200, &g)
		if g.SelectedDeliveryMethod == nil || g.SelectedDeliveryMethod.ShippingFee != "9.99" ||
			g.DeliveryAddress == nil || g.DeliveryAddress.Name != "Bonnie Buyer" || g.DeliveryAddress.Region != "CO" {
			t.Fatalf("patched group %+v", g)
		}
		var sum cartSummary
		s.srv.Get(t, commercePath("carts/current"), buyer).Decode(t, "summary", 200, &sum)
		if !strings.Contains(s.srv.Get(t, commercePath("carts/current"), buyer).Body, `"totalChargeAmount":"9.99"`) {
			t.Fatalf("charge not in the summary: %+v", sum)
		}

		// Split shipment: a second group, the marker moved to it, then back with the empty group deleted.
		var second deliveryGroup
		s.srv.Call(t, "POST", commercePath("carts/current/delivery-groups"), buyer,
			`{"name":"Warehouse","deliveryMethodId":"`+express+`","deliveryAddress":`+coloradoAddress+`}`).
			Decode(t, "create", 201, &second)
		arrange := func(group string, del bool) apitest.Reply {
			opt := `{"deleteEmptyDeliveryGroups":false}`
			if del {
				opt = `{"deleteEmptyDeliveryGroups":true}`
			}
			return s.srv.Call(t, "POST", commercePath("carts/current/delivery-groups/actions/arrange-items"), buyer,
				`{"arrangements":[{"deliveryGroupId":"`+group+`","cartItemIds":["`+marked.CartItemID+`"]}],"options":`+opt+`}`)
		}
		arrange(second.ID, false).Decode(t, "arrange", 202, &groups)
		if groups.Count != 2 || groups.Items[1].TotalCartItemCount != 1 || groups.Items[1].SelectedDeliveryMethod.ShippingFee != "24.99" {
			t.Fatalf("arranged %+v", groups)
		}
		if r := s.srv.Get(t, commercePath("carts/current"), buyer); !strings.Contains(r.Body, `"totalChargeAmount":"34.98"`) {
			t.Fatalf("two charges: %s", r.Body)
		}
		arrange(def, true).Decode(t, "arrange back", 202, &groups)
		if groups.Count != 1 {
			t.Fatalf("empty group kept: %+v", groups)
		}
		s.srv.Get(t, commercePath("carts/current/delivery-groups/"+second.ID), buyer).Decode(t, "deleted group", 404, &[]any{})

		// Today (UTC) is a desired delivery date a buyer may ask for, even behind UTC; it is kept as a date and time.
		today := time.Now().UTC().Format("2006-01-02")
		s.srv.Call(t, "PATCH", commercePath("carts/current/delivery-groups/"+def), buyer,
			`{"desiredDeliveryDate":"`+today+`"}`).Decode(t, "today", 200, &g)
		if g.DesiredDeliveryDate == nil || !strings.HasPrefix(*g.DesiredDeliveryDate, today+"T00:00:00") {
			t.Fatalf("desired date %v, want %s", g.DesiredDeliveryDate, today)
		}

		// Errors.
		apitest.Run(t, s.srv.Target, []apitest.Scenario{
			{Name: "no options", As: apitest.Auth(buyer), Method: "POST", Path: commercePath("carts/current/delivery-groups/actions/arrange-items"), Body: `{"arrangements":[]}`, WantStatus: 400, WantContains: "options required"},
			{Name: "blank id", As: apitest.Auth(buyer), Method: "GET", Path: commercePath("carts/current/delivery-groups/%20"), WantStatus: 400, WantContains: "deliveryGroupId required"},
			{Name: "unknown id", As: apitest.Auth(buyer), Method: "GET", Path: commercePath("carts/current/delivery-groups/" + records.StableID("0a7", 99999)), WantStatus: 404, WantContains: "NOT_FOUND"},
			{Name: "someone else's group", As: apitest.Auth(manager), Method: "PATCH", Path: commercePath("carts/current/delivery-groups/" + def), Body: `{"name":"x"}`, WantStatus: 404, WantContains: "NOT_FOUND"},
			{Name: "unknown method", As: apitest.Auth(buyer), Method: "PATCH", Path: commercePath("carts/current/delivery-groups/" + def), Body: `{"deliveryMethodId":"` + records.StableID("2Dm", 77) + `"}`, WantStatus: 404, WantContains: "NOT_FOUND"},
			{Name: "foreign country", As: apitest.Auth(buyer), Method: "PATCH", Path: commercePath("carts/current/delivery-groups/" + def), Body: `{"deliveryAddress":{"street":"1","city":"Paris","country":"FR"}}`, WantStatus: 400, WantContains: "ship"},
			{Name: "NUL byte", As: apitest.Auth(buyer), Method: "PATCH", Path: commercePath("carts/current/delivery-groups/" + def), Body: `{"shippingInstructions":"a\u0000b"}`, WantStatus: 400, WantContains: "INVALID_API_INPUT"},
			{Name: "huge", As: apitest.Auth(buyer), Method: "PATCH", Path: commercePath("carts/current/delivery-groups/" + def), Body: `{"shippingInstructions":"` + strings.Repeat("x", 5000) + `"}`, WantStatus: 400, WantContains: "INVALID_API_INPUT"},
			{Name: "wrong type", As: apitest.Auth(buyer), Method: "PATCH", Path: commercePath("carts/current/delivery-groups/" + def), Body: `{"deliveryMethodId":5}`, WantStatus: 400, WantContains: "JSON_PARSER_ERROR"},
			{Name: "bad date", As: apitest.Auth(buyer), Method: "PATCH", Path: commercePath("carts/current/delivery-groups/" + def), Body: `{"desiredDeliveryDate":"tomorrow"}`, WantStatus: 400, WantContains: "INVALID_API_INPUT"},
			{Name: "date in the past", As: apitest.Auth(buyer), Method: "PATCH", Path: commercePath("carts/current/delivery-groups/" + def), Body: `{"desiredDeliveryDate":"2020-01-31"}`, WantStatus: 400, WantContains: "in the past"},
			{Name: "date and time in the past", As: apitest.Auth(buyer), Method: "POST", Path: commercePath("carts/current/delivery-groups"), Body: `{"desiredDeliveryDate":"2021-05-28T16:41:41.090Z"}`, WantStatus: 400, WantContains: "in the past"},
			{Name: "default group", As: apitest.Auth(buyer), Method: "DELETE", Path: commercePath("carts/current/delivery-groups/" + def), WantStatus: 400, WantContains: "default"},
			{Name: "address of no account of mine", As: apitest.Auth(buyer), Method: "PATCH", Path: commercePath("carts/current/delivery-groups/" + def), Body: `{"deliveryAddress":{"id":"` + records.StableID("8lW", 999) + `"}}`, WantStatus: 404, WantContains: "NOT_FOUND"},
		})
	})
}
