package cart

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"storefront/internal/commerce/cart/calc"
	"storefront/internal/commerce/pricing"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/platform/wire"
	"storefront/internal/records"
)

// Promotion prices for product and listing pages, worked out by the cart's own calculation (calc.Calculate) over
// the promotions a cart would get: each product is priced as a cart line of one unit, with the store's automatic
// Item promotions (a Cart or DeliveryCharge promotion belongs to a whole cart, not to a product), so a page shows
// the price the cart will charge.

// maxEvaluatedProducts bounds one evaluation: a listing page's products.
const maxEvaluatedProducts = 200

// ProductEvaluation is one product's Promotion Product Evaluation result.
type ProductEvaluation struct {
	CurrencyIsoCode              string                `json:"currencyIsoCode"`
	ErrorMessage                 *string               `json:"errorMessage"`
	IsSuccess                    bool                  `json:"isSuccess"`
	ProductID                    *string               `json:"productId"`
	PromotionPriceAdjustmentList []PromotionAdjustment `json:"promotionPriceAdjustmentList"`
	PromotionalPrice             *string               `json:"promotionalPrice"`
	SalesPrice                   *string               `json:"salesPrice"`
	Sku                          *string               `json:"sku"`
}

// PromotionAdjustment is what one promotion takes off one unit of a product.
type PromotionAdjustment struct {
	AdjustmentAmount   string  `json:"adjustmentAmount"` // ≤ 0
	AdjustmentType     string  `json:"adjustmentType"`   // AdjustmentPercentage or AdjustmentAmount
	AdjustmentValue    string  `json:"adjustmentValue"`  // the promotion's percent or amount, negative
	DisplayName        string  `json:"displayName"`
	PromotionID        string  `json:"promotionId"`
	TermsAndConditions *string `json:"termsAndConditions"`
}

// EvaluateRequest is the body of an evaluate-products call: products by id or SKU, each evaluated at salesPrice
// (a JSON string or number) or at the buyer's price; the store-less call names its store (webStoreId) and may name
// the effective account in the body.
type EvaluateRequest struct {
	Products           []EvaluateProduct `json:"products"`
	WebStoreID         *string           `json:"webStoreId"`
	EffectiveAccountID *string           `json:"effectiveAccountId"`
	CurrencyIsoCode    *string           `json:"currencyIsoCode"`
}

// EvaluateProduct is one product of an EvaluateRequest.
type EvaluateProduct struct {
	ProductID  *string `json:"productId"`
	Sku        *string `json:"sku"`
	SalesPrice any     `json:"salesPrice"`
}

// EvaluateProducts works out each product's promotional price for the shopper and the promotions in it. A product
// the shopper may not buy is answered with isSuccess false.
func (s *Service) EvaluateProducts(ctx context.Context, sh *storecontext.Shopper, in *EvaluateRequest) ([]ProductEvaluation, error) {
	if len(in.Products) == 0 || len(in.Products) > maxEvaluatedProducts {
		return nil, httpx.BadRequest("INVALID_API_INPUT", "products takes 1 to %d products.", maxEvaluatedProducts)
	}
	currency := sh.Store.DefaultCurrency
	if in.CurrencyIsoCode != nil && strings.TrimSpace(*in.CurrencyIsoCode) != "" && !strings.EqualFold(*in.CurrencyIsoCode, currency) {
		return nil, httpx.BadRequest("INVALID_API_INPUT", "The currency %q isn't this store's currency (%s).", httpx.Clip(*in.CurrencyIsoCode), currency)
	}
	// Products by id or SKU.
	ids := make([]string, len(in.Products))
	var skus []string
	for i, p := range in.Products {
		switch {
		case p.ProductID != nil && strings.TrimSpace(*p.ProductID) != "":
			id, ok := records.NormalizeID(strings.TrimSpace(*p.ProductID))
			if !ok || records.KeyPrefix(id) != "01t" {
				return nil, httpx.BadRequest("INVALID_API_INPUT", "productId %q isn't a product id.", httpx.Clip(*p.ProductID))
			}
			ids[i] = id
		case p.Sku != nil && strings.TrimSpace(*p.Sku) != "":
			skus = append(skus, strings.TrimSpace(*p.Sku))
		default:
			return nil, httpx.BadRequest("INVALID_API_INPUT", "Each product needs a productId or a sku.")
		}
	}
	bySku, err := s.productsBySku(ctx, skus)
	if err != nil {
		return nil, err
	}
	var known []string
	for i, p := range in.Products {
		if ids[i] == "" {
			ids[i] = bySku[strings.TrimSpace(*p.Sku)]
		}
		if ids[i] != "" {
			known = append(known, ids[i])
		}
	}
	prices, err := pricing.Prices(ctx, s.DB, sh.Store.ID, sh.AccountID, known)
	if err != nil {
		return nil, err
	}
	promos, err := loadPromotions(ctx, s.DB, "", time.Now().UTC().Format(records.DateLayout))
	if err != nil {
		return nil, err
	}
	items := promos[:0:0]
	for _, p := range promos {
		if p.TargetType == calc.TargetItem {
			items = append(items, p)
		}
	}
	categories, err := categoriesFor(ctx, s.DB, items, known)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]calc.Promotion, len(items))
	for _, p := range items {
		byID[p.ID] = p
	}
	out := make([]ProductEvaluation, len(in.Products))
	for i, p := range in.Products {
		ev := ProductEvaluation{CurrencyIsoCode: currency, PromotionPriceAdjustmentList: []PromotionAdjustment{},
			ProductID: optional(ids[i]), Sku: p.Sku}
		price, ok := prices[ids[i]]
		if ids[i] == "" || !ok {
			msg := "The product doesn't exist or isn't available to this account."
			ev.ErrorMessage = &msg
			out[i] = ev
			continue
		}
		unit := cents(price.UnitPrice)
		if p.SalesPrice != nil {
			raw, isText := amountText(p.SalesPrice)
			n, ok := records.ParseScaled(raw, 2)
			if !isText || !ok || n < 0 {
				return nil, httpx.BadRequest("INVALID_API_INPUT", "salesPrice %q isn't an amount.", httpx.Clip(raw))
			}
			unit = calc.Cents(n)
		}
		res := calc.Calculate(calc.Input{TaxType: calc.TaxNet, Promotions: items,
			Lines: []calc.Line{{ID: ids[i], ProductID: ids[i], CategoryIDs: categories[ids[i]], Quantity: 1, UnitPrice: unit}}})
		line := res.Lines[0]
		ev.IsSuccess, ev.SalesPrice, ev.PromotionalPrice = true, optional(money(unit)), optional(money(line.TotalAmount))
		for _, a := range line.Adjustments {
			promo := byID[a.PromotionID]
			adj := PromotionAdjustment{AdjustmentAmount: money(a.Amount), DisplayName: promo.DisplayName,
				PromotionID: promo.ID, TermsAndConditions: optional(promo.TermsAndConditions)}
			if promo.DiscountType == calc.PercentageOff {
				adj.AdjustmentType = "AdjustmentPercentage"
				adj.AdjustmentValue = "-" + wire.Money(int64(promo.Percent/100), 2)
			} else {
				adj.AdjustmentType, adj.AdjustmentValue = "AdjustmentAmount", money(-promo.Amount)
			}
			ev.PromotionPriceAdjustmentList = append(ev.PromotionPriceAdjustmentList, adj)
		}
		out[i] = ev
	}
	return out, nil
}

// productsBySku resolves SKUs to the active products that carry them.
func (s *Service) productsBySku(ctx context.Context, skus []string) (map[string]string, error) {
	out := map[string]string{}
	if len(skus) == 0 {
		return out, nil
	}
	in, args := db.InList(skus)
	rows, err := s.DB.Query(ctx, `SELECT stockkeepingunit, id FROM product2 WHERE isactive AND stockkeepingunit IN (`+in+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var sku, id string
		if err := rows.Scan(&sku, &id); err != nil {
			return nil, err
		}
		out[sku] = id
	}
	return out, rows.Err()
}

// amountText is an amount sent as a JSON string or number, as text.
func amountText(v any) (string, bool) {
	switch x := v.(type) {
	case json.Number:
		return x.String(), true
	case string:
		return strings.TrimSpace(x), true
	}
	return "", false
}
