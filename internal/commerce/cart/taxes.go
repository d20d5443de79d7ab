package cart

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"storefront/internal/commerce/cart/calc"
	"storefront/internal/commerce/pricing"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/platform/wire"
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
	setting, err := loadTaxSetting(ctx, s.DB, sh.Store.ID, sh.AccountID)
	if err != nil {
		return "", nil, err
	}
	region := setting.region
	if raw := strings.TrimSpace(countryIsoCode); raw != "" {
		country := countryCode(raw)
		if country == "" {
			return "", nil, httpx.BadRequest("INVALID_API_INPUT", "countryIsoCode %q isn't a country's ISO code.", httpx.Clip(raw))
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
	return httpx.NotFound("The product %s doesn't exist or isn't available to this account.", httpx.Clip(raw))
}

// ratePercent writes a rate as a percentage without trailing zeros ("2.9").
func ratePercent(r calc.Rate) string {
	return wire.Trimmed(wire.Money(int64(r), 4))
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
		return nil, httpx.BadRequest("INVALID_API_INPUT", "The currency %q isn't this store's currency (%s).", httpx.Clip(*in.CurrencyIsoCode), currency)
	}
	if len(in.CartItems) == 0 {
		return nil, httpx.BadRequest("INVALID_API_INPUT", "cartItems needs at least one group of lines.")
	}
	setting, err := loadTaxSetting(ctx, s.DB, sh.Store.ID, sh.AccountID)
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
				return nil, httpx.BadRequest("INVALID_API_INPUT", "countryCode %q isn't a country's ISO code.", httpx.Clip(a.CountryCode))
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
				return nil, httpx.BadRequest("INVALID_API_INPUT", "lineId %q is given twice.", httpx.Clip(li.LineID))
			}
			if li.ProductID != nil {
				if id, ok := records.NormalizeID(strings.TrimSpace(*li.ProductID)); !ok || records.KeyPrefix(id) != "01t" {
					return nil, httpx.BadRequest("INVALID_API_INPUT", "productId %q isn't a product id.", httpx.Clip(*li.ProductID))
				}
			}
			qtyText, okQty := amountText(li.Quantity)
			qty, okN := records.ParseScaled(qtyText, 0)
			priceText, okPrice := amountText(li.UnitPrice)
			price, okP := records.ParseScaled(priceText, 2)
			if !okQty || !okN || qty < 1 || qty > 1_000_000 {
				return nil, httpx.BadRequest("INVALID_API_INPUT", "quantity of line %q must be a whole number from 1.", httpx.Clip(li.LineID))
			}
			if !okPrice || !okP || price < 0 || price > 1_000_000_000_00 {
				return nil, httpx.BadRequest("INVALID_API_INPUT", "unitPrice of line %q isn't an amount.", httpx.Clip(li.LineID))
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

// taxSetting is how the cart is taxed: the store's tax type and the ship-to region's rate.
type taxSetting struct {
	taxType calc.TaxType
	rate    calc.Rate
	region  regionRate
}

// shipRegion is what decides a cart's tax region besides its delivery groups: the store's tax type and country, and
// the account's shipping region (its billing region when it has none).
type shipRegion struct {
	taxType, storeCountry, state, country sql.NullString
	account                               sql.NullString // the account's id when it was found
	found                                 bool           // the store's row was read
}

// shipRegionColumns read a shipRegion from webstore w and account a.
const shipRegionColumns = `w.taxtype, w.country, COALESCE(a.shippingstate, a.billingstate),
	COALESCE(a.shippingcountry, a.billingcountry), a.id`

func (r *shipRegion) dest() []any {
	return []any{&r.taxType, &r.storeCountry, &r.state, &r.country, &r.account}
}

// loadTaxSetting is the tax setting of a shopper of the store without a cart (the product and tax calls).
func loadTaxSetting(ctx context.Context, d *db.DB, storeID, accountID string) (taxSetting, error) {
	var r shipRegion
	if err := d.QueryRow(ctx, `SELECT `+shipRegionColumns+` FROM webstore w LEFT JOIN account a ON a.id = ?
		WHERE w.id = ?`, accountID, storeID).Scan(r.dest()...); err != nil {
		return taxSetting{}, err
	}
	return r.taxSetting(ctx, d, storeID, nil)
}

// taxSetting finds the rate of the ship-to region: the default delivery group's address (shipTo; nil when there is
// none) once checkout set one, else the account's, or the store's country for a guest; a rate for the state wins
// over the country's. The rates are read through catalog (countryRates).
func (r shipRegion) taxSetting(ctx context.Context, catalog db.Querier, storeID string, shipTo *group) (taxSetting, error) {
	state, country := r.state, r.country
	if shipTo != nil && shipTo.isDefault && shipTo.country.Valid {
		state, country = shipTo.state, shipTo.country
	}
	out := taxSetting{taxType: calc.TaxNet}
	if r.taxType.String == "Gross" {
		out.taxType = calc.TaxGross
	}
	region := countryCode(country.String)
	if region == "" {
		region, state.String = countryCode(r.storeCountry.String), ""
	}
	var err error
	out.region, err = loadRegionRate(ctx, catalog, storeID, region, state.String)
	out.rate = out.region.rate
	return out, err
}

// regionRate is the store's tax rate of a region (a country, and a state of it): the state's rate when the store
// has one, else the country's; found is false when it has neither (no tax).
type regionRate struct {
	country, state string // the region asked
	rate           calc.Rate
	name           string // the rate's name (TaxRate.Name)
	found          bool
}

func loadRegionRate(ctx context.Context, q db.Querier, storeID, country, state string) (regionRate, error) {
	out := regionRate{country: country, state: state}
	rates, err := countryRates(ctx, q, storeID, country)
	if err != nil {
		return out, err
	}
	byState := false
	for _, r := range rates {
		switch {
		case r.state != "" && equalFoldTrim(r.state, state):
			out.rate, out.name, out.found, byState = r.rate, r.name, true, true
		case r.state == "" && !byState:
			out.rate, out.name, out.found = r.rate, r.name, true
		}
	}
	return out, nil
}

// storedRate is an active TaxRate row of a store's country: its state ("" for the country's own rate).
type storedRate struct {
	state, name string
	rate        calc.Rate
}

// countryRates are the store's active rates of the country. Read through the database (a buyer's cart change, see
// Service.catalog), they come from memory while the catalog version holds (TaxRate moves it): a cart's
// recalculation reads them without a statement and without holding the writer.
func countryRates(ctx context.Context, q db.Querier, storeID, country string) ([]storedRate, error) {
	return db.PerScope(ctx, q, &countryRatesKey, "cart_tax_rates", db.Catalog, 10_000, storeID+"\x00"+country,
		func(ctx context.Context) ([]storedRate, error) {
			rows, err := q.Query(ctx, `SELECT state, rate, name FROM taxrate WHERE webstoreid = ? AND country = ?
				AND isactive`, storeID, country)
			if err != nil {
				return nil, err
			}
			defer rows.Close()
			var out []storedRate
			for rows.Next() {
				var st, name sql.NullString
				var rate int64 // four decimals of a percent, as calc.Rate
				if err := rows.Scan(&st, &rate, &name); err != nil {
					return nil, err
				}
				out = append(out, storedRate{state: st.String, name: name.String, rate: calc.Rate(rate)})
			}
			return out, rows.Err()
		})
}

var countryRatesKey int
