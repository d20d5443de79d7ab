package cart

import (
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"storefront/internal/commerce/cart/calc"
	"storefront/internal/commerce/pricing"
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

// ProductTaxes is GET taxes/products/{productId}?countryIsoCode=&stateIsoCode=: the Store Taxes Info of a product
// the caller may see, in the region asked (by default the buyer's ship-to region, as the cart is taxed), with the
// store's tax type. 404 for a product the caller may not see.
func (s *Service) ProductTaxes(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, false)
	if err != nil {
		return err
	}
	ctx := r.Context()
	raw := r.PathValue("productId")
	id, ok := records.NormalizeID(raw)
	if !ok || records.KeyPrefix(id) != "01t" {
		return productNotFound(raw)
	}
	expr, args := pricing.EntitlementSQL("p", sh.Store.ID, sh.AccountID)
	var seen sql.NullInt64
	err = s.DB.QueryRow(ctx, `SELECT `+expr+` FROM product2 p WHERE p.id = ? AND p.isactive`, append(args, id)...).Scan(&seen)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !seen.Valid) {
		return productNotFound(raw)
	}
	if err != nil {
		return err
	}
	q := r.URL.Query()
	setting, err := loadTaxSetting(ctx, s.DB, &Cart{AccountID: sh.AccountID, StoreID: sh.Store.ID})
	if err != nil {
		return err
	}
	region := setting.region
	if raw := strings.TrimSpace(q.Get("countryIsoCode")); raw != "" {
		country := countryCode(raw)
		if country == "" {
			return httpx.BadRequest("INVALID_API_INPUT", "countryIsoCode %q isn't a country's ISO code.", clip(raw))
		}
		if region, err = loadRegionRate(ctx, s.DB, sh.Store.ID, country, strings.TrimSpace(q.Get("stateIsoCode"))); err != nil {
			return err
		}
	}
	box := StoreTaxesInfoContainer{Success: true, TaxesInfoList: []StoreTaxesInfo{}}
	if region.found {
		box.TaxesInfoList = append(box.TaxesInfoList, StoreTaxesInfo{CountryIsoCode: region.country, Priority: 1,
			StateIsoCode: optional(region.state), TaxRatePercentage: ratePercent(region.rate), TaxTreatmentName: region.name})
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"taxLocaleType": string(setting.taxType),
		"taxesInfo": map[string]StoreTaxesInfoContainer{id: box}})
	return nil
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

// CalculateTaxes is POST taxes/actions/calculate-taxes {cartItems: [{deliveryAddress: {countryCode, stateCode},
// lineItems: [{lineId, productId, quantity, unitPrice}]}], currencyIsoCode?}: each line's tax at its group's
// address (by default the buyer's ship-to region), as the cart computes tax (Net: added; Gross: the included
// part), and the total. 200.
func (s *Service) CalculateTaxes(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r, true)
	if err != nil {
		return err
	}
	var in struct {
		CurrencyIsoCode *string `json:"currencyIsoCode"`
		CartItems       []struct {
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
		} `json:"cartItems"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	currency := sh.Store.DefaultCurrency
	if in.CurrencyIsoCode != nil && strings.TrimSpace(*in.CurrencyIsoCode) != "" && !strings.EqualFold(*in.CurrencyIsoCode, currency) {
		return httpx.BadRequest("INVALID_API_INPUT", "The currency %q isn't this store's currency (%s).", clip(*in.CurrencyIsoCode), currency)
	}
	if len(in.CartItems) == 0 {
		return httpx.BadRequest("INVALID_API_INPUT", "cartItems needs at least one group of lines.")
	}
	ctx := r.Context()
	setting, err := loadTaxSetting(ctx, s.DB, &Cart{AccountID: sh.AccountID, StoreID: sh.Store.ID})
	if err != nil {
		return err
	}
	taxes := map[string]LineTax{}
	var total calc.Cents
	count := 0
	for _, group := range in.CartItems {
		region := setting.region
		if a := group.DeliveryAddress; a != nil && strings.TrimSpace(a.CountryCode) != "" {
			country := countryCode(a.CountryCode)
			if country == "" {
				return httpx.BadRequest("INVALID_API_INPUT", "countryCode %q isn't a country's ISO code.", clip(a.CountryCode))
			}
			if region, err = loadRegionRate(ctx, s.DB, sh.Store.ID, country, strings.TrimSpace(a.StateCode)); err != nil {
				return err
			}
		}
		lines := make([]calc.Line, 0, len(group.LineItems))
		for _, li := range group.LineItems {
			count++
			if count > maxTaxLines {
				return httpx.BadRequest("INVALID_API_INPUT", "A call takes at most %d lines.", maxTaxLines)
			}
			if err := CheckText("lineId", li.LineID, 255); err != nil {
				return err
			}
			if strings.TrimSpace(li.LineID) == "" {
				return httpx.BadRequest("INVALID_API_INPUT", "Each line needs a lineId.")
			}
			if _, dup := taxes[li.LineID]; dup {
				return httpx.BadRequest("INVALID_API_INPUT", "lineId %q is given twice.", clip(li.LineID))
			}
			if li.ProductID != nil {
				if id, ok := records.NormalizeID(strings.TrimSpace(*li.ProductID)); !ok || records.KeyPrefix(id) != "01t" {
					return httpx.BadRequest("INVALID_API_INPUT", "productId %q isn't a product id.", clip(*li.ProductID))
				}
			}
			qtyText, okQty := amountText(li.Quantity)
			qty, okN := records.ParseScaled(qtyText, 0)
			priceText, okPrice := amountText(li.UnitPrice)
			price, okP := records.ParseScaled(priceText, 2)
			if !okQty || !okN || qty < 1 || qty > 1_000_000 {
				return httpx.BadRequest("INVALID_API_INPUT", "quantity of line %q must be a whole number from 1.", clip(li.LineID))
			}
			if !okPrice || !okP || price < 0 || price > 1_000_000_000_00 {
				return httpx.BadRequest("INVALID_API_INPUT", "unitPrice of line %q isn't an amount.", clip(li.LineID))
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
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"currencyIsoCode": currency, "errorMessage": nil,
		"lineItemTaxes": taxes, "success": true, "taxLocaleType": string(setting.taxType), "totalTaxAmount": money(total)})
	return nil
}
