package app_test

import (
	"encoding/json"
	"strings"
	"testing"

	"storefront/internal/demo"
	"storefront/internal/records"
)

type evaluation struct {
	ProductID, SalesPrice, PromotionalPrice, CurrencyIsoCode string
	IsSuccess                                                bool
	ErrorMessage                                             *string
	PromotionPriceAdjustmentList                             []struct {
		PromotionID, DisplayName, AdjustmentType, AdjustmentValue, AdjustmentAmount string
	}
}

type cartLine struct {
	ProductID, SalesPrice, ItemizedAdjustmentAmount, TotalAmount, TotalTax string
}

// cartLines adds one unit of each product to the buyer's cart and answers the priced lines by product.
func cartLines(t *testing.T, s *demoSite, token string, products ...string) map[string]cartLine {
	t.Helper()
	for _, p := range products {
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), token, itemBody(p, 1)).Decode(t, "add", 201, &cartItem{})
	}
	var page struct {
		CartItems []struct{ CartItem cartLine }
	}
	s.srv.Get(t, commercePath("carts/current/cart-items"), token).Decode(t, "items", 200, &page)
	out := map[string]cartLine{}
	for _, it := range page.CartItems {
		out[it.CartItem.ProductID] = it.CartItem
	}
	return out
}

// promotions/actions/evaluate-products prices each product as the cart does a line of one unit: the buyer's price
// and the automatic item promotions (the pen's 15% off writing instruments), by the cart's own calculation.
func TestEvaluateProductsPricesAsTheCart(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		other := records.StableID("01t", 3)
		lines := cartLines(t, s, buyer, pen, other)
		body := `{"products":[{"productId":"` + pen + `"},{"productId":"` + other + `"},{"productId":"` + pen + `","salesPrice":"10.00"},` +
			`{"productId":"` + records.StableID("01t", 999999) + `"}]}`
		var got struct{ PromotionProductEvaluationResults []evaluation }
		s.srv.Call(t, "POST", commercePath("promotions/actions/evaluate-products"), buyer, body).Decode(t, "evaluate", 200, &got)
		res := got.PromotionProductEvaluationResults
		if len(res) != 4 {
			t.Fatalf("results %+v", res)
		}
		for i, id := range []string{pen, other} {
			l, ev := lines[id], res[i]
			want := cents(t, l.SalesPrice) + cents(t, l.ItemizedAdjustmentAmount)
			if !ev.IsSuccess || ev.ProductID != id || ev.SalesPrice != l.SalesPrice || cents(t, ev.PromotionalPrice) != want ||
				ev.CurrencyIsoCode != "USD" || (len(ev.PromotionPriceAdjustmentList) == 0) != (l.ItemizedAdjustmentAmount == "0.00") {
				t.Errorf("%s: %+v, the cart's line %+v", id, ev, l)
			}
		}
		pens := res[0].PromotionPriceAdjustmentList
		if len(pens) != 1 || pens[0].AdjustmentType != "AdjustmentPercentage" || pens[0].AdjustmentValue != "-15.00" ||
			pens[0].AdjustmentAmount != lines[pen].ItemizedAdjustmentAmount || !strings.HasPrefix(pens[0].PromotionID, "0c8") ||
			pens[0].DisplayName == "" {
			t.Errorf("pen's promotions %+v", pens)
		}
		if r := res[2]; r.SalesPrice != "10.00" || r.PromotionalPrice != "8.50" {
			t.Errorf("at 10.00: %+v", r)
		}
		if r := res[3]; r.IsSuccess || r.ErrorMessage == nil {
			t.Errorf("unknown product: %+v", r)
		}

		// The store-less resource names the store in the body.
		var again struct{ PromotionProductEvaluationResults []evaluation }
		s.srv.Call(t, "POST", "/services/data/v64.0/commerce/promotions/actions/evaluate-products", buyer,
			`{"webStoreId":"`+demo.StoreID+`","products":[{"productId":"`+pen+`"}]}`).Decode(t, "store-less", 200, &again)
		if len(again.PromotionProductEvaluationResults) != 1 || again.PromotionProductEvaluationResults[0].PromotionalPrice != res[0].PromotionalPrice {
			t.Errorf("store-less %+v", again)
		}
		for _, tc := range []struct{ name, body, want string }{
			{"no products", `{"products":[]}`, "products"},
			{"bad price", `{"products":[{"productId":"` + pen + `","salesPrice":"abc"}]}`, "salesPrice"},
			{"negative price", `{"products":[{"productId":"` + pen + `","salesPrice":-1}]}`, "salesPrice"},
			{"no id", `{"products":[{}]}`, "productId"},
			{"bad id", `{"products":[{"productId":"nope"}]}`, "productId"},
		} {
			if r := s.srv.Call(t, "POST", commercePath("promotions/actions/evaluate-products"), buyer, tc.body); r.Status != 400 || !strings.Contains(r.Body, tc.want) {
				t.Errorf("%s: %d %s", tc.name, r.Status, r.Body)
			}
		}
	})
}

// taxes/products/{productId} answers the rate the cart taxes the buyer's region with; calculate-taxes taxes lines
// as the cart does, at the buyer's region or the address given.
func TestProductTaxesAsTheCart(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		var info struct {
			TaxLocaleType string
			TaxesInfo     map[string]struct {
				Success       bool
				TaxesInfoList []struct {
					CountryIsoCode, TaxRatePercentage, TaxTreatmentName string
					StateIsoCode                                        *string
				}
			}
		}
		s.srv.Get(t, commercePath("taxes/products/"+pen), buyer).Decode(t, "product taxes", 200, &info)
		box := info.TaxesInfo[pen]
		if info.TaxLocaleType != "Net" || !box.Success || len(box.TaxesInfoList) != 1 || box.TaxesInfoList[0].TaxRatePercentage != "2.9" ||
			box.TaxesInfoList[0].CountryIsoCode != "US" || *box.TaxesInfoList[0].StateIsoCode != "CO" || box.TaxesInfoList[0].TaxTreatmentName != "Colorado" {
			t.Fatalf("product taxes %+v", info)
		}
		s.srv.Get(t, commercePath("taxes/products/"+pen+"?countryIsoCode=CA"), buyer).Decode(t, "Canada", 200, &info)
		if l := info.TaxesInfo[pen].TaxesInfoList; len(l) != 1 || l[0].TaxRatePercentage != "5" {
			t.Fatalf("Canada %+v", info)
		}
		if r := s.srv.Get(t, commercePath("taxes/products/"+records.StableID("01t", 999999)), buyer); r.Status != 404 {
			t.Errorf("unknown product: %d %s", r.Status, r.Body)
		}

		lines := cartLines(t, s, buyer, pen, marker)
		var items []map[string]any
		var total int64
		for id, l := range lines {
			items = append(items, map[string]any{"lineId": id, "productId": id, "quantity": 1, "unitPrice": l.TotalAmount})
			total += cents(t, l.TotalTax)
		}
		body, _ := json.Marshal(map[string]any{"cartItems": []any{map[string]any{"lineItems": items}}})
		var taxes struct {
			TaxLocaleType, TotalTaxAmount, CurrencyIsoCode string
			Success                                        bool
			LineItemTaxes                                  map[string]struct{ LineID, TaxAmount, TaxRate string }
		}
		s.srv.Call(t, "POST", commercePath("taxes/actions/calculate-taxes"), buyer, string(body)).Decode(t, "calculate", 200, &taxes)
		if !taxes.Success || taxes.TaxLocaleType != "Net" || cents(t, taxes.TotalTaxAmount) != total || len(taxes.LineItemTaxes) != 2 {
			t.Fatalf("taxes %+v, want total %d", taxes, total)
		}
		for id, l := range lines {
			if got := taxes.LineItemTaxes[id]; got.TaxAmount != l.TotalTax || got.TaxRate != "2.9" || got.LineID != id {
				t.Errorf("%s: %+v, the cart's %s", id, got, l.TotalTax)
			}
		}
		// At a New York address: 8.875% of 100.00.
		s.srv.Call(t, "POST", commercePath("taxes/actions/calculate-taxes"), buyer, `{"cartItems":[{"deliveryAddress":{"countryCode":"US","stateCode":"NY"},`+
			`"lineItems":[{"lineId":"a","quantity":"2","unitPrice":"50.00"}]}]}`).Decode(t, "New York", 200, &taxes)
		if taxes.TotalTaxAmount != "8.88" || taxes.LineItemTaxes["a"].TaxRate != "8.875" {
			t.Errorf("New York %+v", taxes)
		}
		for _, tc := range []struct{ name, body, want string }{
			{"no groups", `{"cartItems":[]}`, "cartItems"},
			{"bad quantity", `{"cartItems":[{"lineItems":[{"lineId":"a","quantity":0,"unitPrice":"1"}]}]}`, "quantity"},
			{"bad price", `{"cartItems":[{"lineItems":[{"lineId":"a","quantity":1,"unitPrice":"x"}]}]}`, "unitPrice"},
			{"twice", `{"cartItems":[{"lineItems":[{"lineId":"a","quantity":1,"unitPrice":"1"},{"lineId":"a","quantity":1,"unitPrice":"1"}]}]}`, "twice"},
			{"country", `{"cartItems":[{"deliveryAddress":{"countryCode":"Atlantis"},"lineItems":[{"lineId":"a","quantity":1,"unitPrice":"1"}]}]}`, "countryCode"},
		} {
			if r := s.srv.Call(t, "POST", commercePath("taxes/actions/calculate-taxes"), buyer, tc.body); r.Status != 400 || !strings.Contains(r.Body, tc.want) {
				t.Errorf("%s: %d %s", tc.name, r.Status, r.Body)
			}
		}
	})
}
