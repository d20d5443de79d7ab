package order

import (
	"context"
	"database/sql"
	"net/http"
	"strings"

	"storefront/internal/commerce/cart"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/platform/wire"
	"storefront/internal/records"
)

// Detail is an order summary with what it is made of: items, delivery groups, adjustments and payments.
type Detail struct {
	*Summary
	TotalProductAmount  string        `json:"totalProductAmount"`
	TotalAdjustment     string        `json:"totalAdjustmentAmount"`
	TotalDeliveryAmount string        `json:"totalDeliveryAmount"`
	TotalTaxAmount      string        `json:"totalTaxAmount"`
	PoNumber            *string       `json:"purchaseOrderNumber"`
	Items               []Item        `json:"items"`
	DeliveryGroups      []GroupView   `json:"deliveryGroups"`
	Adjustments         []AdjustView  `json:"adjustments"`
	Payments            []PaymentView `json:"payments"`
}

// Item is an order item summary.
type Item struct {
	OrderItemSummaryID string  `json:"orderItemSummaryId"`
	DeliveryGroupID    *string `json:"deliveryGroupId"`
	ProductID          *string `json:"productId"`
	Name               string  `json:"name"`
	Sku                *string `json:"stockKeepingUnit"`
	Type               string  `json:"type"`
	Quantity           string  `json:"quantity"`
	ListPrice          *string `json:"listPrice"`
	UnitPrice          string  `json:"unitPrice"`
	TotalPrice         string  `json:"totalPrice"`
	Adjustment         string  `json:"totalAdjustmentAmount"`
	LineAmount         string  `json:"totalLineAmount"`
	Tax                string  `json:"totalTax"`
}

// GroupView is an order delivery group summary.
type GroupView struct {
	DeliveryGroupID      string  `json:"deliveryGroupId"`
	DeliverToName        *string `json:"deliverToName"`
	Street               *string `json:"street"`
	City                 *string `json:"city"`
	Region               *string `json:"region"`
	PostalCode           *string `json:"postalCode"`
	Country              *string `json:"country"`
	DeliveryMethodID     *string `json:"deliveryMethodId"`
	DeliveryMethodName   *string `json:"deliveryMethodName"`
	DesiredDeliveryDate  *string `json:"desiredDeliveryDate"`
	ShippingInstructions *string `json:"shippingInstructions"`
	TotalAmount          string  `json:"totalAmount"`
	TotalTax             string  `json:"totalTax"`
}

// AdjustView is an order adjustment (a promotion).
type AdjustView struct {
	Amount                    string  `json:"amount"`
	BasisReferenceDisplayName *string `json:"basisReferenceDisplayName"`
	DisplayName               string  `json:"displayName"`
	TargetType                *string `json:"targetType"`
	Type                      string  `json:"type"`
}

// PaymentView is an order payment summary.
type PaymentView struct {
	Method   string  `json:"method"`
	Type     *string `json:"type"`
	Amount   string  `json:"amount"`
	PoNumber *string `json:"purchaseOrderNumber"`
	FullName *string `json:"fullName"`
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// detail reads the summary's parts, one query each.
func (s *Service) detail(ctx context.Context, rec *records.Record) (*Detail, error) {
	text := func(name string) *string { return records.WireText(rec.Object.Field(name), rec.Values[name]) }
	d := &Detail{Summary: summaryOf(rec, nil), TotalProductAmount: str(text("TotalProductAmount")),
		TotalAdjustment: str(text("TotalAdjustmentAmount")), TotalDeliveryAmount: str(text("TotalDeliveryAmount")),
		TotalTaxAmount: str(text("TotalTaxAmount")), PoNumber: text("PoNumber"), Items: []Item{},
		DeliveryGroups: []GroupView{}, Adjustments: []AdjustView{}, Payments: []PaymentView{}}
	items, err := s.items(ctx, s.DB, rec.ID)
	if err != nil {
		return nil, err
	}
	d.Items = items
	err = each(ctx, s.DB, `SELECT g.id, g.delivertoname, g.delivertostreet, g.delivertocity, g.delivertostate,
		g.delivertopostalcode, g.delivertocountry, g.orderdeliverymethodid, m.name, g.desireddeliverydate,
		g.deliveryinstructions, g.totallineamount + COALESCE(g.totaladjustmentamount, 0), g.totaltaxamount
		FROM orderdeliverygroupsummary g LEFT JOIN orderdeliverymethod m ON m.id = g.orderdeliverymethodid
		WHERE g.ordersummaryid = ? ORDER BY g.orderdeliverygroupsummarynumber, g.id`, []any{rec.ID}, func(v []sql.NullString) {
		d.DeliveryGroups = append(d.DeliveryGroups, GroupView{DeliveryGroupID: v[0].String, DeliverToName: opt(v[1]),
			Street: opt(v[2]), City: opt(v[3]), Region: opt(v[4]), PostalCode: opt(v[5]), Country: opt(v[6]),
			DeliveryMethodID: opt(v[7]), DeliveryMethodName: opt(v[8]), DesiredDeliveryDate: opt(v[9]),
			ShippingInstructions: opt(v[10]), TotalAmount: amount(v[11]), TotalTax: amount(v[12])})
	})
	if err != nil {
		return nil, err
	}
	err = each(ctx, s.DB, `SELECT totalamount, couponcode, name, targettype, type FROM orderadjustmentgroupsummary
		WHERE ordersummaryid = ? ORDER BY id`, []any{rec.ID}, func(v []sql.NullString) {
		d.Adjustments = append(d.Adjustments, AdjustView{Amount: amount(v[0]), BasisReferenceDisplayName: opt(v[1]),
			DisplayName: v[2].String, TargetType: opt(v[3]), Type: v[4].String})
	})
	if err != nil {
		return nil, err
	}
	err = each(ctx, s.DB, `SELECT method, type, authorizationamount, ponumber, fullname FROM orderpaymentsummary
		WHERE ordersummaryid = ? ORDER BY id`, []any{rec.ID}, func(v []sql.NullString) {
		d.Payments = append(d.Payments, PaymentView{Method: v[0].String, Type: opt(v[1]), Amount: amount(v[2]),
			PoNumber: opt(v[3]), FullName: opt(v[4])})
	})
	return d, err
}

// items reads a summary's item summaries, products first.
func (s *Service) items(ctx context.Context, q db.Querier, summaryID string) ([]Item, error) {
	out := []Item{}
	err := each(ctx, q, `SELECT id, orderdeliverygroupsummaryid, product2id, name, stockkeepingunit, type, quantity,
		listprice, unitprice, totalprice, totallineadjustmentamount, totallineamount, totaltaxamount
		FROM orderitemsummary WHERE ordersummaryid = ? ORDER BY CASE WHEN type = 'Order Product' THEN 0 ELSE 1 END, id`,
		[]any{summaryID}, func(v []sql.NullString) {
			it := Item{OrderItemSummaryID: v[0].String, DeliveryGroupID: opt(v[1]), ProductID: opt(v[2]), Name: v[3].String,
				Sku: opt(v[4]), Type: v[5].String, Quantity: v[6].String, UnitPrice: amount(v[8]), TotalPrice: amount(v[9]),
				Adjustment: amount(v[10]), LineAmount: amount(v[11]), Tax: amount(v[12])}
			if v[7].Valid {
				l := amount(v[7])
				it.ListPrice = &l
			}
			out = append(out, it)
		})
	return out, err
}

// each runs a query and hands each row's columns, as text, to fn.
func each(ctx context.Context, q db.Querier, query string, args []any, fn func([]sql.NullString)) error {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	vals := make([]sql.NullString, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		fn(vals)
	}
	return rows.Err()
}

func opt(v sql.NullString) *string {
	if !v.Valid || v.String == "" {
		return nil
	}
	return &v.String
}

// amount writes a stored amount (cents as an integer column) as "12.34".
func amount(v sql.NullString) string {
	n, _ := records.ParseScaled(strings.TrimSpace(v.String), 0)
	return wire.Money(n, 2)
}

// Get is GET order-summaries/{orderSummaryId}: the detail, with the requested fields.
func (s *Service) Get(w http.ResponseWriter, r *http.Request) error {
	return s.answerDetail(w, r, r.PathValue("orderSummaryId"), "")
}

// Items is GET order-summaries/{orderSummaryId}/items: the summary's items.
func (s *Service) Items(w http.ResponseWriter, r *http.Request) error {
	sh, err := storecontext.ShopperFor(r, s.DB)
	if err != nil {
		return err
	}
	if sh.Guest() {
		return httpx.Unauthorized()
	}
	rec, err := s.find(r.Context(), sh, r.PathValue("orderSummaryId"), "")
	if err != nil {
		return err
	}
	items, err := s.items(r.Context(), s.DB, rec.ID)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"count": len(items), "items": items})
	return nil
}

func (s *Service) answerDetail(w http.ResponseWriter, r *http.Request, ref, email string) error {
	sh, err := storecontext.ShopperFor(r, s.DB)
	if err != nil {
		return err
	}
	if sh.Guest() && email == "" {
		return httpx.Unauthorized()
	}
	cat, err := s.Engine.Catalog(r.Context())
	if err != nil {
		return err
	}
	fields, err := summaryFields(cat, r.URL.Query().Get("fields"))
	if err != nil {
		return err
	}
	rec, err := s.find(r.Context(), sh, ref, email)
	if err != nil {
		return err
	}
	d, err := s.detail(r.Context(), rec)
	if err != nil {
		return err
	}
	d.Summary = summaryOf(rec, fields)
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, d)
	return nil
}

// AddToCart is POST order-summaries/{orderSummaryId}/actions/add-order-to-cart: the order's products, in their
// quantities, added to the current cart (created when there is none). Products no longer sold to the account (or
// without a price, or refused by their quantity rule) are reported, the others added. 200.
func (s *Service) AddToCart(w http.ResponseWriter, r *http.Request) error {
	sh, err := storecontext.ShopperFor(r, s.DB)
	if err != nil {
		return err
	}
	if sh.Guest() {
		return httpx.Unauthorized()
	}
	ctx := r.Context()
	rec, err := s.find(ctx, sh, r.PathValue("orderSummaryId"), "")
	if err != nil {
		return err
	}
	items, err := s.items(ctx, s.DB, rec.ID)
	if err != nil {
		return err
	}
	var inputs []cart.ItemInput
	for _, it := range items {
		if it.Type == "Order Product" && it.ProductID != nil {
			n, _ := records.ParseScaled(it.Quantity, 0)
			inputs = append(inputs, cart.ItemInput{ProductID: *it.ProductID, Quantity: n})
		}
	}
	failed := []cart.ProductError{}
	c, err := s.Carts.Change(ctx, sh, cart.Current, true, func(tx *db.Tx, c *cart.Cart) error {
		errs, err := s.Carts.AddItems(ctx, tx, sh, c, inputs)
		if err != nil {
			return err
		}
		for i, e := range errs {
			if e != nil {
				msg := e.Error()
				if he, ok := e.(*httpx.Error); ok {
					msg = he.Message
				}
				failed = append(failed, cart.ProductError{ProductID: inputs[i].ProductID, Message: msg})
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"cartId": c.ID, "cartSummary": cart.SummaryOf(c, sh.Store.DefaultCurrency),
		"numberOfProductsWithError": len(failed), "productsWithError": failed})
	return nil
}
