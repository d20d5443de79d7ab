package catalog

import (
	"context"
	"net/http"
	"strings"

	"storefront/internal/commerce/storecontext"

	"storefront/internal/commerce/pricing"
	"storefront/internal/platform/httpx"
)

// maxPricingItems is the most products one pricing call takes: Salesforce's documented limit for
// pricingLineItems (500); the GET form's productIds has the same.
const maxPricingItems = 500

// productPrice is the Product Price answer (ProductPriceRepresentation). Amounts are strings with two decimals;
// listPrice is null when the product has no entry in the store's standard price book.
type productPrice struct {
	ChildEntries        []any            `json:"childEntries"`
	CurrencyIsoCode     string           `json:"currencyIsoCode"`
	ListPrice           *string          `json:"listPrice"`
	LowestUnitPrice     *string          `json:"lowestUnitPrice"` // the 30-day lowest price of some markets: not tracked
	PriceAdjustment     *priceAdjustment `json:"priceAdjustment"`
	PricebookEntryID    string           `json:"pricebookEntryId"`
	ProductID           string           `json:"productId"`
	ProductPriceEntries []priceEntry     `json:"productPriceEntries"`
	UnitPrice           string           `json:"unitPrice"`
}

// priceEntry is the product's price under one selling model (ProductPriceEntryRepresentation). Products here are
// sold once, without selling models, so there is one entry, with no selling model id, repeating the price.
type priceEntry struct {
	Error                 *httpx.ErrorItem `json:"error"`
	ListPrice             *string          `json:"listPrice"`
	LowestUnitPrice       *string          `json:"lowestUnitPrice"`
	PriceAdjustment       *priceAdjustment `json:"priceAdjustment"`
	PricebookEntryID      string           `json:"pricebookEntryId"`
	ProductSellingModelID *string          `json:"productSellingModelId"`
	Success               bool             `json:"success"`
	UnitPrice             string           `json:"unitPrice"`
}

type priceAdjustment struct {
	ID                   string      `json:"id"`
	PriceAdjustmentTiers []priceTier `json:"priceAdjustmentTiers"`
}

type priceTier struct {
	AdjustmentType  string  `json:"adjustmentType"`
	AdjustmentValue string  `json:"adjustmentValue"`
	ID              string  `json:"id"`
	LowerBound      string  `json:"lowerBound"`
	TierUnitPrice   string  `json:"tierUnitPrice"`
	UpperBound      *string `json:"upperBound"`
}

func newProductPrice(p pricing.Price) productPrice {
	out := productPrice{ChildEntries: []any{}, CurrencyIsoCode: p.CurrencyIsoCode,
		ListPrice: optional(p.ListPrice), PricebookEntryID: p.PricebookEntryID, ProductID: p.ProductID, UnitPrice: p.UnitPrice}
	if len(p.Tiers) > 0 {
		adj := &priceAdjustment{ID: p.ScheduleID, PriceAdjustmentTiers: make([]priceTier, len(p.Tiers))}
		for i, t := range p.Tiers {
			adj.PriceAdjustmentTiers[i] = priceTier{AdjustmentType: t.AdjustmentType, AdjustmentValue: t.AdjustmentValue,
				ID: t.ID, LowerBound: t.LowerBound, TierUnitPrice: t.TierUnitPrice, UpperBound: optional(t.UpperBound)}
		}
		out.PriceAdjustment = adj
	}
	out.ProductPriceEntries = []priceEntry{{ListPrice: out.ListPrice, LowestUnitPrice: out.LowestUnitPrice,
		PriceAdjustment: out.PriceAdjustment, PricebookEntryID: out.PricebookEntryID, Success: true, UnitPrice: out.UnitPrice}}
	return out
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// GetProductPrice is GET pricing/products/{productId}: the caller's price for one product. Unknown, inactive or
// unentitled products, and products without a price in the caller's books, are 404 ITEM_NOT_FOUND; an entitled
// product whose policies hide its price is 403 INSUFFICIENT_ACCESS.
func (h *Handlers) GetProductPrice(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	s, err := h.shopperFor(r)
	if err != nil {
		return err
	}
	id, err := parseID(r.PathValue("productId"), "productId")
	if err != nil {
		return err
	}
	results, err := h.price(ctx, s, []string{id})
	if err != nil {
		return err
	}
	res := results[id]
	if res.err != nil {
		if res.err.ErrorCode == "INSUFFICIENT_ACCESS" {
			return httpx.Errorf(http.StatusForbidden, res.err.ErrorCode, "%s", res.err.Message)
		}
		return itemNotFound("%s", res.err.Message)
	}
	writeJSON(w, perCaller, newProductPrice(res.price))
	return nil
}

// priceResult is one product's price or the reason it has none.
type priceResult struct {
	price pricing.Price
	err   *httpx.ErrorItem
}

// price prices valid product ids for the shopper: entitlement, then prices, two set-based steps.
func (h *Handlers) price(ctx context.Context, s *storecontext.Shopper, ids []string) (map[string]priceResult, error) {
	ents, err := pricing.Entitlements(ctx, h.DB, s.Store.ID, s.AccountID, ids)
	if err != nil {
		return nil, err
	}
	var priceable []string
	for _, id := range ids {
		if ents[id].CanViewPrice {
			priceable = append(priceable, id)
		}
	}
	prices, err := pricing.Prices(ctx, h.DB, s.Store.ID, s.AccountID, priceable)
	if err != nil {
		return nil, err
	}
	out := make(map[string]priceResult, len(ids))
	for _, id := range ids {
		ent, visible := ents[id]
		p, priced := prices[id]
		switch {
		case !visible:
			out[id] = failed("ITEM_NOT_FOUND", "The product %s doesn't exist or isn't available to this account.", id)
		case !ent.CanViewPrice:
			out[id] = failed("INSUFFICIENT_ACCESS", "You don't have access to the price of product %s.", id)
		case !priced:
			out[id] = failed("ITEM_NOT_FOUND", "No price is available for product %s for this account.", id)
		default:
			out[id] = priceResult{price: p}
		}
	}
	return out, nil
}

func failed(code, format string, args ...any) priceResult {
	return priceResult{err: &httpx.ErrorItem{ErrorCode: code, Message: sprintf(format, args...)}}
}

// pricingResult is the Pricing Result answer of the batch calls.
type pricingResult struct {
	CurrencyIsoCode        string              `json:"currencyIsoCode"`
	PricingLineItemResults []pricingLineResult `json:"pricingLineItemResults"`
	Success                bool                `json:"success"`
}

// pricingLineResult is one line: its prices, or success false with the error that stopped it.
type pricingLineResult struct {
	Error            *httpx.ErrorItem `json:"error"`
	ListPrice        *string          `json:"listPrice"`
	PricebookEntryID *string          `json:"pricebookEntryId"`
	ProductID        string           `json:"productId"`
	Success          bool             `json:"success"`
	UnitPrice        *string          `json:"unitPrice"`
}

// GetProductPrices is GET pricing/products?productIds=a,b,c.
func (h *Handlers) GetProductPrices(w http.ResponseWriter, r *http.Request) error {
	s, err := h.shopperFor(r)
	if err != nil {
		return err
	}
	ids, err := listParam(r.URL.Query(), "productIds", maxPricingItems, 255)
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		return invalidInput("The productIds parameter is required: a comma-separated list of up to %d product ids.", maxPricingItems)
	}
	return h.writePrices(w, r, s, ids)
}

// pricingInput is the POST body: {"pricingLineItems": [{"productId": "01t..."}]}.
type pricingInput struct {
	PricingLineItems *[]struct {
		ProductID string `json:"productId"`
	} `json:"pricingLineItems"`
}

// PostProductPrices is POST pricing/products, a read with its list in the body.
func (h *Handlers) PostProductPrices(w http.ResponseWriter, r *http.Request) error {
	s, err := h.shopperFor(r)
	if err != nil {
		return err
	}
	var in pricingInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.PricingLineItems == nil || len(*in.PricingLineItems) == 0 {
		return invalidInput("pricingLineItems is required: a list of up to %d items, each with a productId.", maxPricingItems)
	}
	if len(*in.PricingLineItems) > maxPricingItems {
		return invalidInput("pricingLineItems takes at most %d items, not %d.", maxPricingItems, len(*in.PricingLineItems))
	}
	ids := make([]string, len(*in.PricingLineItems))
	for i, item := range *in.PricingLineItems {
		ids[i] = strings.TrimSpace(item.ProductID)
	}
	return h.writePrices(w, r, s, ids)
}

// writePrices answers a batch in the order asked. A line that cannot be priced (a malformed id, an unknown or
// unentitled product, no price) fails alone with its error; success at the top says the call itself ran.
func (h *Handlers) writePrices(w http.ResponseWriter, r *http.Request, s *storecontext.Shopper, raw []string) error {
	normal := make([]string, len(raw))
	var valid []string
	for i, id := range raw {
		if n, ok := normalizeID(id); ok {
			normal[i] = n
			valid = append(valid, n)
		}
	}
	results, err := h.price(r.Context(), s, valid)
	if err != nil {
		return err
	}
	out := pricingResult{CurrencyIsoCode: s.Store.DefaultCurrency, Success: true,
		PricingLineItemResults: make([]pricingLineResult, len(raw))}
	for i, id := range raw {
		line := pricingLineResult{ProductID: id}
		res := results[normal[i]]
		switch {
		case normal[i] == "":
			line.Error = &httpx.ErrorItem{ErrorCode: "INVALID_ID_FIELD", Message: sprintf("productId %q is not a valid id.", httpx.Clip(id))}
		case res.err != nil:
			line.Error = res.err
		default:
			p := res.price
			line.ProductID, line.Success = p.ProductID, true
			line.ListPrice, line.UnitPrice, line.PricebookEntryID = optional(p.ListPrice), &p.UnitPrice, &p.PricebookEntryID
			out.CurrencyIsoCode = p.CurrencyIsoCode
		}
		out.PricingLineItemResults[i] = line
	}
	writeJSON(w, perCaller, out)
	return nil
}
