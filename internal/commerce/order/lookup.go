package order

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"
	"strings"

	"storefront/internal/commerce/cart"
	"storefront/internal/commerce/catalog"
	"storefront/internal/commerce/pricing"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// The lookup answers Salesforce's Order Summary Lookup Output: the summary's `fields` as Record Fields, its delivery
// groups (Order Delivery Group Summary Lookup Output: fields, delivery method, and the line items with their
// product), adjustments and payments (each with its payment method). Each part's fields are its defaults below plus
// the ones the fields parameter names, qualified by object ("OrderItemSummary.Quantity", "Product2.Description";
// bare names are OrderSummary's).

// Lookup is the Order Summary Lookup Output.
type Lookup struct {
	AdjustmentAggregates *struct{}          `json:"adjustmentAggregates"`
	Adjustments          []LookupAdjustment `json:"adjustments"`
	CurrencyIsoCode      string             `json:"currencyIsoCode"`
	DeliveryGroups       []LookupGroup      `json:"deliveryGroups"`
	Fields               map[string]Field   `json:"fields"`
	ID                   string             `json:"id"`
	OrderNumber          string             `json:"orderNumber"`
	Payments             []LookupPayment    `json:"payments"`
	Status               string             `json:"status"`
}

// LookupAdjustment is an order adjustment (a promotion) of the lookup.
type LookupAdjustment struct {
	Amount                    string  `json:"amount"`
	BasisReferenceDisplayName *string `json:"basisReferenceDisplayName"`
	CurrencyIsoCode           string  `json:"currencyIsoCode"`
	DisplayName               string  `json:"displayName"`
	TargetType                *string `json:"targetType"`
	Type                      string  `json:"type"`
}

// LookupGroup is the Order Delivery Group Summary Lookup Output.
type LookupGroup struct {
	CurrencyIsoCode string           `json:"currencyIsoCode"`
	DeliveryMethod  *LookupMethod    `json:"deliveryMethod"`
	Fields          map[string]Field `json:"fields"`
	ID              string           `json:"id"`
	LineItems       []LookupItem     `json:"lineItems"`
}

// LookupMethod is the Order Delivery Method Lookup Output.
type LookupMethod struct {
	Fields map[string]Field `json:"fields"`
	ID     string           `json:"id"`
}

// LookupItem is an order item summary of the lookup, with its product.
type LookupItem struct {
	Fields  map[string]Field `json:"fields"`
	ID      string           `json:"id"`
	Product *LookupProduct   `json:"product"`
}

// LookupProduct is the Order Summary Product Lookup Output.
type LookupProduct struct {
	CanViewProduct      bool             `json:"canViewProduct"`
	ErrorCode           *string          `json:"errorCode"`
	ErrorMessage        *string          `json:"errorMessage"`
	Fields              map[string]Field `json:"fields"`
	ID                  string           `json:"id"`
	Media               *cart.Image      `json:"media"`
	VariationAttributes map[string]any   `json:"variationAttributes"`
}

// LookupPayment is an order payment summary with the payment method it was made with.
type LookupPayment struct {
	Fields        map[string]Field `json:"fields"`
	ID            string           `json:"id"`
	PaymentMethod *PaymentMethod   `json:"paymentMethod"`
}

// PaymentMethod is how an order was paid: a card (its CardPaymentMethod record) or a purchase order.
type PaymentMethod struct {
	Fields map[string]Field `json:"fields"`
	ID     *string          `json:"id"`
	Type   string           `json:"type"`
}

// lookupObjects are the objects a lookup's fields parameter may qualify names by.
var lookupObjects = []string{"OrderSummary", "OrderItemSummary", "OrderDeliveryGroupSummary", "OrderDeliveryMethod",
	"OrderPaymentSummary", "CardPaymentMethod", "Product2"}

// lookupDefaults are the fields each part answers whatever the fields parameter names.
var lookupDefaults = map[string][]string{
	"OrderSummary": {"AccountId", "OwnerId", "SalesStoreId", "OrderedDate", "PoNumber", "TotalProductAmount",
		"TotalAdjustmentAmount", "TotalAdjustedProductAmount", "TotalAdjustedDeliveryAmount", "TotalAmount",
		"TotalTaxAmount", "GrandTotalAmount"},
	"OrderItemSummary": {"Name", "StockKeepingUnit", "Type", "Quantity", "ListPrice", "UnitPrice", "TotalPrice",
		"TotalLineAdjustmentAmount", "AdjustedLineAmount", "TotalTaxAmount", "AdjustedLineAmtWithTax"},
	"OrderDeliveryGroupSummary": {"DeliverToName", "CompanyName", "DeliverToStreet", "DeliverToCity", "DeliverToState",
		"DeliverToPostalCode", "DeliverToCountry", "PhoneNumber", "DesiredDeliveryDate", "DeliveryInstructions",
		"TotalLineAmount", "TotalAdjustmentAmount", "TotalTaxAmount"},
	"OrderDeliveryMethod": {"Name", "Carrier", "ClassOfService", "TransitTimeMin", "TransitTimeMax", "TransitTimeUnit"},
	"OrderPaymentSummary": {"Method", "Type", "AuthorizationAmount", "FullName", "PoNumber"},
	"CardPaymentMethod":   {"CardType", "CardLastFour", "ExpiryMonth", "ExpiryYear", "CardHolderName"},
	"Product2":            {"Name", "StockKeepingUnit"},
}

// lookupSpecs are the fields each part of a lookup answers: its defaults, then the ones asked for it. Product fields
// are those a buyer may read only.
func lookupSpecs(cat *records.Catalog, raw string) (map[string][]*spec, error) {
	asked, err := fieldNames(raw, "OrderSummary", lookupObjects, maxFields)
	if err != nil {
		return nil, err
	}
	out := map[string][]*spec{}
	for _, object := range lookupObjects {
		o := cat.Object(object)
		if o == nil {
			continue
		}
		names := append(append([]string{}, lookupDefaults[object]...), asked[object]...)
		if object == "Product2" {
			readable := map[string]bool{}
			for _, f := range catalog.BuyerFields(o) {
				readable[strings.ToLower(f.APIName)] = true
			}
			kept := names[:0]
			for _, n := range names {
				if readable[strings.ToLower(strings.TrimSpace(n))] {
					kept = append(kept, n)
				}
			}
			names = kept
		}
		out[object] = specs(o, names)
	}
	return out, nil
}

// Lookup is POST order-summaries/actions/lookup {orderSummaryIdOrRefNumber, verification{email}}: an order of the
// caller's account by id or order number (a guest gives the order's email, as verification.email or email), as
// the Order Summary Lookup Output. Query: fields; excludeDeliveryGroups, excludeLineItems, excludeAdjustments,
// excludePayments; deliveryGroupId (that group only).
func (s *Service) Lookup(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		OrderSummaryIDOrRefNumber string `json:"orderSummaryIdOrRefNumber"`
		Email                     string `json:"email"`
		Verification              *struct {
			Email       string `json:"email"`
			LastName    string `json:"lastName"`
			PhoneNumber string `json:"phoneNumber"`
		} `json:"verification"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := cart.CheckText("orderSummaryIdOrRefNumber", in.OrderSummaryIDOrRefNumber, 80); err != nil {
		return err
	}
	email := in.Email
	if in.Verification != nil && strings.TrimSpace(in.Verification.Email) != "" {
		email = in.Verification.Email
	}
	q := r.URL.Query()
	exclude := map[string]bool{}
	for _, p := range []string{"excludeDeliveryGroups", "excludeLineItems", "excludeAdjustments", "excludePayments"} {
		if raw := strings.TrimSpace(q.Get(p)); raw != "" {
			b, err := strconv.ParseBool(raw)
			if err != nil {
				return httpx.BadRequest("INVALID_API_INPUT", "%s must be true or false.", p)
			}
			exclude[p] = b
		}
	}
	sh, err := storecontext.ShopperFor(r, s.DB)
	if err != nil {
		return err
	}
	if sh.Guest() && email == "" {
		return httpx.Unauthorized()
	}
	ctx := r.Context()
	cat, err := s.Engine.Catalog(ctx)
	if err != nil {
		return err
	}
	fields, err := lookupSpecs(cat, q.Get("fields"))
	if err != nil {
		return err
	}
	rec, err := s.find(ctx, sh, in.OrderSummaryIDOrRefNumber, email)
	if err != nil {
		return err
	}
	currency := rec.String("CurrencyIsoCode")
	out := &Lookup{Adjustments: []LookupAdjustment{}, CurrencyIsoCode: currency, DeliveryGroups: []LookupGroup{},
		Fields: fieldMap(fields["OrderSummary"], rec.Values), ID: rec.ID, OrderNumber: rec.String("OrderNumber"),
		Payments: []LookupPayment{}, Status: rec.String("Status")}
	if !exclude["excludeDeliveryGroups"] {
		groupID := ""
		if raw := strings.TrimSpace(q.Get("deliveryGroupId")); raw != "" {
			id, ok := records.NormalizeID(raw)
			if !ok {
				return httpx.BadRequest("INVALID_API_INPUT", "deliveryGroupId %q isn't an id.", httpx.Clip(raw))
			}
			groupID = id
		}
		if out.DeliveryGroups, err = s.lookupGroups(ctx, sh, rec.ID, currency, groupID, !exclude["excludeLineItems"], fields); err != nil {
			return err
		}
	}
	if !exclude["excludeAdjustments"] {
		err = each(ctx, s.DB, `SELECT totalamount, couponcode, name, targettype, type FROM orderadjustmentgroupsummary
			WHERE ordersummaryid = ? ORDER BY id`, []any{rec.ID}, func(v []sql.NullString) {
			out.Adjustments = append(out.Adjustments, LookupAdjustment{Amount: amount(v[0]), BasisReferenceDisplayName: opt(v[1]),
				CurrencyIsoCode: currency, DisplayName: v[2].String, TargetType: opt(v[3]), Type: v[4].String})
		})
		if err != nil {
			return err
		}
	}
	if !exclude["excludePayments"] {
		if out.Payments, err = s.lookupPayments(ctx, rec.ID, fields); err != nil {
			return err
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// children are the records of an object whose parent field is id, in id order, read through the engine.
func (s *Service) children(ctx context.Context, object, parentColumn, id, extra string) ([]*records.Record, error) {
	ids, err := db.Strings(ctx, s.DB, `SELECT id FROM `+strings.ToLower(object)+` WHERE `+parentColumn+` = ?`+extra+` ORDER BY id`, id)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	return s.Engine.GetMany(ctx, s.DB, records.System, object, ids)
}

// lookupGroups reads the summary's delivery groups (one, or all), their delivery methods and, when asked, their
// product lines with the products.
func (s *Service) lookupGroups(ctx context.Context, sh *storecontext.Shopper, summaryID, currency, only string, lines bool,
	fields map[string][]*spec) ([]LookupGroup, error) {
	groups, err := s.children(ctx, "OrderDeliveryGroupSummary", "ordersummaryid", summaryID, "")
	if err != nil {
		return nil, err
	}
	var methodIDs []string
	for _, g := range groups {
		if m := g.String("OrderDeliveryMethodId"); m != "" {
			methodIDs = append(methodIDs, m)
		}
	}
	methods := map[string]*records.Record{}
	if len(methodIDs) > 0 {
		recs, err := s.Engine.GetMany(ctx, s.DB, records.System, "OrderDeliveryMethod", methodIDs)
		if err != nil {
			return nil, err
		}
		for _, m := range recs {
			methods[m.ID] = m
		}
	}
	itemsOf := map[string][]LookupItem{}
	if lines {
		items, err := s.children(ctx, "OrderItemSummary", "ordersummaryid", summaryID, " AND type = 'Order Product'")
		if err != nil {
			return nil, err
		}
		products, err := s.lookupProducts(ctx, sh, items, fields["Product2"])
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			itemsOf[it.String("OrderDeliveryGroupSummaryId")] = append(itemsOf[it.String("OrderDeliveryGroupSummaryId")],
				LookupItem{Fields: fieldMap(fields["OrderItemSummary"], it.Values), ID: it.ID, Product: products[it.String("Product2Id")]})
		}
	}
	out := []LookupGroup{}
	for _, g := range groups {
		if only != "" && g.ID != only {
			continue
		}
		lg := LookupGroup{CurrencyIsoCode: currency, Fields: fieldMap(fields["OrderDeliveryGroupSummary"], g.Values),
			ID: g.ID, LineItems: itemsOf[g.ID]}
		if lg.LineItems == nil {
			lg.LineItems = []LookupItem{}
		}
		if m := methods[g.String("OrderDeliveryMethodId")]; m != nil {
			lg.DeliveryMethod = &LookupMethod{Fields: fieldMap(fields["OrderDeliveryMethod"], m.Values), ID: m.ID}
		}
		out = append(out, lg)
	}
	return out, nil
}

// lookupProducts are the lines' products: canViewProduct when the product is active and the caller's account is
// entitled to it (its fields are then those asked of Product2, and its list image); otherwise only its id.
func (s *Service) lookupProducts(ctx context.Context, sh *storecontext.Shopper, items []*records.Record, fields []*spec) (map[string]*LookupProduct, error) {
	var ids []string
	seen := map[string]bool{}
	for _, it := range items {
		if p := it.String("Product2Id"); p != "" && !seen[p] {
			seen[p] = true
			ids = append(ids, p)
		}
	}
	out := map[string]*LookupProduct{}
	if len(ids) == 0 {
		return out, nil
	}
	expr, args := pricing.EntitlementSQL("p", sh.Store.ID, sh.AccountID)
	in, inArgs := db.InList(ids)
	visible, err := db.Strings(ctx, s.DB, `SELECT p.id FROM product2 p WHERE p.id IN (`+in+`) AND p.isactive AND `+expr+` IS NOT NULL`,
		append(inArgs, args...)...)
	if err != nil {
		return nil, err
	}
	var shown []string
	for _, id := range ids {
		out[id] = &LookupProduct{Fields: map[string]Field{}, ID: id, VariationAttributes: map[string]any{}}
	}
	for _, id := range visible {
		out[id].CanViewProduct = true
		shown = append(shown, id)
	}
	for _, id := range ids {
		if !out[id].CanViewProduct {
			code, msg := "ITEM_NOT_FOUND", "The product isn't available to this account."
			out[id].ErrorCode, out[id].ErrorMessage = &code, &msg
		}
	}
	if len(shown) == 0 {
		return out, nil
	}
	recs, err := s.Engine.GetMany(ctx, s.DB, records.System, "Product2", shown)
	if err != nil {
		return nil, err
	}
	for _, p := range recs {
		out[p.ID].Fields = fieldMap(fields, p.Values)
	}
	images, err := catalog.ListImages(ctx, s.DB, shown)
	if err != nil {
		return nil, err
	}
	for id, li := range images {
		out[id].Media = cart.ImageOf(li)
		out[id].Media.SortOrder = li.SortOrder
	}
	return out, nil
}

// lookupPayments are the summary's payments, each with its method: the card it was authorized on, or the purchase
// order.
func (s *Service) lookupPayments(ctx context.Context, summaryID string, fields map[string][]*spec) ([]LookupPayment, error) {
	payments, err := s.children(ctx, "OrderPaymentSummary", "ordersummaryid", summaryID, "")
	if err != nil {
		return nil, err
	}
	cardOf := map[string]string{} // payment authorization → card payment method
	var authIDs []string
	for _, p := range payments {
		if a := p.String("PaymentAuthorizationId"); a != "" {
			authIDs = append(authIDs, a)
		}
	}
	if len(authIDs) > 0 {
		in, args := db.InList(authIDs)
		err := each(ctx, s.DB, `SELECT id, paymentmethodid FROM paymentauthorization WHERE id IN (`+in+`) AND paymentmethodid IS NOT NULL`,
			args, func(v []sql.NullString) { cardOf[v[0].String] = v[1].String })
		if err != nil {
			return nil, err
		}
	}
	cards := map[string]*records.Record{}
	if len(cardOf) > 0 {
		var ids []string
		for _, c := range cardOf {
			ids = append(ids, c)
		}
		recs, err := s.Engine.GetMany(ctx, s.DB, records.System, "CardPaymentMethod", ids)
		if err != nil {
			return nil, err
		}
		for _, c := range recs {
			cards[c.ID] = c
		}
	}
	out := []LookupPayment{}
	for _, p := range payments {
		lp := LookupPayment{Fields: fieldMap(fields["OrderPaymentSummary"], p.Values), ID: p.ID,
			PaymentMethod: &PaymentMethod{Fields: map[string]Field{}, Type: "PurchaseOrder"}}
		if c := cards[cardOf[p.String("PaymentAuthorizationId")]]; c != nil {
			id := c.ID
			lp.PaymentMethod = &PaymentMethod{Fields: fieldMap(fields["CardPaymentMethod"], c.Values), ID: &id, Type: "CardPaymentMethod"}
		} else if po := fieldSpec(p.Object, "PoNumber"); po != nil {
			lp.PaymentMethod.Fields = fieldMap([]*spec{po}, p.Values)
		}
		out = append(out, lp)
	}
	return out, nil
}
