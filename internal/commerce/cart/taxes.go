package cart

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"storefront/internal/commerce/cart/calc"
	"storefront/internal/commerce/pricing"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Taxes for product pages and for a checkout that shows tax before the cart has an address: the store's tax rules
// (TaxRate records: a state's rate, else the country's) and the cart's own tax arithmetic (calc.Calculate), so a
// page shows the tax the cart will charge.

// StoreTaxesInfo is one rate that applies to a product in a region.
type StoreTaxesInfo struct {
	CountryIsoCode          string  `json:"countryIsoCode"`
	Priority                int     `json:"priority"`
	StateIsoCode            *string `json:"stateIsoCode"`
	TaxRatePercentage       string  `json:"taxRatePercentage"`
	TaxTreatmentDescription *string `json:"taxTreatmentDescription"`
	TaxTreatmentName        string  `json:"taxTreatmentName"`
}

// StoreTaxesInfoContainer is a product's rates.
type StoreTaxesInfoContainer struct {
	Error         any              `json:"error"`
	Success       bool             `json:"success"`
	TaxesInfoList []StoreTaxesInfo `json:"taxesInfoList"`
}

// ProductTaxes is the Store Taxes Info of a product the shopper may see (raw: its id as asked), in the region asked
// (countryIsoCode and stateIsoCode; by default the buyer's ship-to region, as the cart is taxed), by product id,
// with the store's tax type. 404 for a product the shopper may not see.
func (s *Service) ProductTaxes(ctx context.Context, sh *storecontext.Shopper, raw, countryIsoCode, stateIsoCode string) (
	taxLocaleType string, taxesInfo map[string]StoreTaxesInfoContainer, err error) {
	id, ok := records.NormalizeID(raw)
	if !ok || records.KeyPrefix(id) != "01t" {
		return "", nil, productNotFound(raw)
	}
	expr, args := pricing.EntitlementSQL("p", sh.Store.ID, sh.AccountID)
	var seen sql.NullInt64
	err = s.DB.QueryRow(ctx, `SELECT `+expr+` FROM product2 p WHERE p.id = ? AND p.isactive`, append(args, id)...).Scan(&seen)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !seen.Valid) {
		return "", nil, productNotFound(raw)
	}
	if err != nil {
		return "", nil, err
	}
	setting, err := loadTaxSetting(ctx, s.DB, &Cart{AccountID: sh.AccountID, StoreID: sh.Store.ID})
	if err != nil {
		return "", nil, err
	}
	region := setting.region
	if raw := strings.TrimSpace(countryIsoCode); raw != "" {
		country := countryCode(raw)
		if country == "" {
			return "", nil, httpx.BadRequest("INVALID_API_INPUT", "countryIsoCode %q isn't a country's ISO code.", clip(raw))
		}
		if region, err = loadRegionRate(ctx, s.DB, sh.Store.ID, country, strings.TrimSpace(stateIsoCode)); err != nil {
			return "", nil, err
		}
	}
	box := StoreTaxesInfoContainer{Success: true, TaxesInfoList: []StoreTaxesInfo{}}
	if region.found {
		box.TaxesInfoList = append(box.TaxesInfoList, StoreTaxesInfo{CountryIsoCode: region.country, Priority: 1,
			StateIsoCode: optional(region.state), TaxRatePercentage: ratePercent(region.rate), TaxTreatmentName: region.name})
	}
	return string(setting.taxType), map[string]StoreTaxesInfoContainer{id: box}, nil
}

func productNotFound(raw string) error {
	return httpx.NotFound("The product %s doesn't exist or isn't available to this account.", clip(raw))
}

// ratePercent writes a rate as a percentage without trailing zeros ("2.9").
func ratePercent(r calc.Rate) string {
	s := records.FormatScaled(int64(r), 4)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "" {
		return "0"
	}
	return s
}

// LineTax is the tax of one line of a calculate-taxes call.
type LineTax struct {
	AdjustmentTaxAmount string  `json:"adjustmentTaxAmount"`
	LineID              string  `json:"lineId"`
	Message             *string `json:"message"`
	TaxAmount           string  `json:"taxAmount"`
	TaxRate             string  `json:"taxRate"`
}

// maxTaxLines bounds one calculate-taxes call, as a cart's lines are.
const maxTaxLines = 1000

// TaxRequest is the body of a calculate-taxes call: groups of lines, each with its delivery address.
type TaxRequest struct {
	CurrencyIsoCode *string    `json:"currencyIsoCode"`
	CartItems       []TaxGroup `json:"cartItems"`
}

// TaxGroup is the lines of a calculate-taxes call shipped to one address.
type TaxGroup struct {
	DeliveryAddress *struct {
		CountryCode string `json:"countryCode"`
		StateCode   string `json:"stateCode"`
	} `json:"deliveryAddress"`
	LineItems []struct {
		LineID    string  `json:"lineId"`
		ProductID *string `json:"productId"`
		Quantity  any     `json:"quantity"`
		UnitPrice any     `json:"unitPrice"`
	} `json:"lineItems"`
}

// TaxResult is what a calculate-taxes call answers: each line's tax by lineId, and the total.
type TaxResult struct {
	CurrencyIsoCode string
	LineItemTaxes   map[string]LineTax
	TaxLocaleType   string
	TotalTaxAmount  string
}

// CalculateTaxes works out each line's tax at its group's address (by default the buyer's ship-to region), as the
// cart computes tax (Net: added; Gross: the included part), and the total.
func (s *Service) CalculateTaxes(ctx context.Context, sh *storecontext.Shopper, in *TaxRequest) (*TaxResult, error) {
	currency := sh.Store.DefaultCurrency
	if in.CurrencyIsoCode != nil && strings.TrimSpace(*in.CurrencyIsoCode) != "" && !strings.EqualFold(*in.CurrencyIsoCode, currency) {
		return nil, httpx.BadRequest("INVALID_API_INPUT", "The currency %q isn't this store's currency (%s).", clip(*in.CurrencyIsoCode), currency)
	}
	if len(in.CartItems) == 0 {
		return nil, httpx.BadRequest("INVALID_API_INPUT", "cartItems needs at least one group of lines.")
	}
	setting, err := loadTaxSetting(ctx, s.DB, &Cart{AccountID: sh.AccountID, StoreID: sh.Store.ID})
	if err != nil {
		return nil, err
	}
	taxes := map[string]LineTax{}
	var total calc.Cents
	count := 0
	for _, group := range in.CartItems {
		region := setting.region
		if a := group.DeliveryAddress; a != nil && strings.TrimSpace(a.CountryCode) != "" {
			country := countryCode(a.CountryCode)
			if country == "" {
				return nil, httpx.BadRequest("INVALID_API_INPUT", "countryCode %q isn't a country's ISO code.", clip(a.CountryCode))
			}
			if region, err = loadRegionRate(ctx, s.DB, sh.Store.ID, country, strings.TrimSpace(a.StateCode)); err != nil {
				return nil, err
			}
		}
		lines := make([]calc.Line, 0, len(group.LineItems))
		for _, li := range group.LineItems {
			count++
			if count > maxTaxLines {
				return nil, httpx.BadRequest("INVALID_API_INPUT", "A call takes at most %d lines.", maxTaxLines)
			}
			if err := CheckText("lineId", li.LineID, 255); err != nil {
				return nil, err
			}
			if strings.TrimSpace(li.LineID) == "" {
				return nil, httpx.BadRequest("INVALID_API_INPUT", "Each line needs a lineId.")
			}
			if _, dup := taxes[li.LineID]; dup {
				return nil, httpx.BadRequest("INVALID_API_INPUT", "lineId %q is given twice.", clip(li.LineID))
			}
			if li.ProductID != nil {
				if id, ok := records.NormalizeID(strings.TrimSpace(*li.ProductID)); !ok || records.KeyPrefix(id) != "01t" {
					return nil, httpx.BadRequest("INVALID_API_INPUT", "productId %q isn't a product id.", clip(*li.ProductID))
				}
			}
			qtyText, okQty := amountText(li.Quantity)
			qty, okN := records.ParseScaled(qtyText, 0)
			priceText, okPrice := amountText(li.UnitPrice)
			price, okP := records.ParseScaled(priceText, 2)
			if !okQty || !okN || qty < 1 || qty > 1_000_000 {
				return nil, httpx.BadRequest("INVALID_API_INPUT", "quantity of line %q must be a whole number from 1.", clip(li.LineID))
			}
			if !okPrice || !okP || price < 0 || price > 1_000_000_000_00 {
				return nil, httpx.BadRequest("INVALID_API_INPUT", "unitPrice of line %q isn't an amount.", clip(li.LineID))
			}
			taxes[li.LineID] = LineTax{}
			lines = append(lines, calc.Line{ID: li.LineID, Quantity: qty, UnitPrice: calc.Cents(price)})
		}
		res := calc.Calculate(calc.Input{TaxType: setting.taxType, TaxRate: region.rate, Lines: lines})
		for _, l := range res.Lines {
			taxes[l.ID] = LineTax{AdjustmentTaxAmount: money(0), LineID: l.ID, TaxAmount: money(l.TotalTax),
				TaxRate: ratePercent(region.rate)}
			total += l.TotalTax
		}
	}
	return &TaxResult{CurrencyIsoCode: currency, LineItemTaxes: taxes, TaxLocaleType: string(setting.taxType),
		TotalTaxAmount: money(total)}, nil
}
