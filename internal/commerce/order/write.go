package order

import (
	"context"

	"storefront/internal/commerce/cart"
	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/wire"
	"storefront/internal/records"
)

// Placement is everything an order is made of, taken from a checkout's cart (amounts in cents).
type Placement struct {
	CheckoutID, StoreID, AccountID, OwnerID, Currency, PoNumber, BillToName string
	OrderedDate                                                             string
	GuestEmail, GuestLastName, GuestPhone                                   string
	Groups                                                                  []Group
	Lines                                                                   []Line
	Adjustments                                                             []Adjustment
	Payment                                                                 Payment
	TotalProduct, TotalAdjustment, TotalAdjustedProduct                     int64
	TotalDelivery, TotalTax, GrandTotal                                     int64
}

// Group is one delivery group: where its lines go, how, and its charge.
type Group struct {
	CartGroupID                                             string
	Name, Company, Street, City, State, PostalCode, Country string
	Phone, MethodID, MethodName, DesiredDate, Instructions  string
	Charge, ChargeAdjustment, ChargeTax                     int64 // charge before adjustments
}

// Line is one ordered product.
type Line struct {
	CartGroupID, ProductID, Name, Sku                  string
	Quantity                                           int64
	ListPrice                                          *int64
	UnitPrice, TotalPrice, Adjustment, LineAmount, Tax int64
}

// Adjustment is one promotion the order got.
type Adjustment struct {
	Name, PromotionID, CouponCode, TargetType string
	Amount                                    int64
}

// Payment is how the order is paid.
type Payment struct {
	Method, Type, AuthorizationID, PoNumber, FullName string
	Amount                                            int64
}

// Placed is a written order.
type Placed struct {
	OrderID, SummaryID, OrderNumber string
}

// Write writes the order and its summary in tx with a fixed number of statements however many lines (one batch
// insert per object). Order numbers are the engine's auto-number (a sequence on PostgreSQL), so concurrent
// placements do not wait for each other's commit.
func Write(ctx context.Context, tx *db.Tx, e *records.Engine, p *Placement) (*Placed, error) {
	actor := records.SystemFor(p.OwnerID)
	ctx = placing(ctx) // the order rules let placing make orders (status.go)
	totals := func(v map[string]any) map[string]any {
		v["TotalProductAmount"], v["TotalAdjustmentAmount"] = money(p.TotalProduct), money(p.TotalAdjustment)
		v["TotalAdjustedProductAmount"], v["TotalDeliveryAmount"] = money(p.TotalAdjustedProduct), money(p.TotalDelivery)
		v["TotalTaxAmount"], v["GrandTotalAmount"] = money(p.TotalTax), money(p.GrandTotal)
		v["GuestEmail"], v["GuestLastName"], v["GuestPhone"] = cart.NilIfBlank(p.GuestEmail), cart.NilIfBlank(p.GuestLastName), cart.NilIfBlank(p.GuestPhone)
		v["AccountId"], v["WebStoreId"], v["OrderedDate"] = cart.NilIfBlank(p.AccountID), p.StoreID, p.OrderedDate
		v["CurrencyIsoCode"], v["PoNumber"] = p.Currency, cart.NilIfBlank(p.PoNumber)
		return v
	}
	orders, err := e.Insert(ctx, tx, actor, "Order", []map[string]any{totals(map[string]any{
		"CartCheckoutSessionId": p.CheckoutID, "Status": "Activated", "BillToName": cart.NilIfBlank(p.BillToName)})})
	if err != nil {
		return nil, err
	}
	out := &Placed{OrderID: orders[0].ID, OrderNumber: orders[0].String("OrderNumber")}
	deliverTo := func(g Group, v map[string]any) map[string]any {
		v["DeliverToName"], v["CompanyName"], v["DeliverToStreet"] = cart.NilIfBlank(g.Name), cart.NilIfBlank(g.Company), cart.NilIfBlank(g.Street)
		v["DeliverToCity"], v["DeliverToState"], v["DeliverToPostalCode"] = cart.NilIfBlank(g.City), cart.NilIfBlank(g.State), cart.NilIfBlank(g.PostalCode)
		v["DeliverToCountry"], v["PhoneNumber"], v["OrderDeliveryMethodId"] = cart.NilIfBlank(g.Country), cart.NilIfBlank(g.Phone), cart.NilIfBlank(g.MethodID)
		v["DesiredDeliveryDate"], v["DeliveryInstructions"] = cart.NilIfBlank(g.DesiredDate), cart.NilIfBlank(g.Instructions)
		return v
	}
	groupRows := make([]map[string]any, len(p.Groups))
	for i, g := range p.Groups {
		groupRows[i] = deliverTo(g, map[string]any{"OrderId": out.OrderID, "TotalAmount": money(g.Charge + g.ChargeAdjustment),
			"TotalTaxAmount": money(g.ChargeTax)})
	}
	groups, err := insert(ctx, tx, e, actor, "OrderDeliveryGroup", groupRows)
	if err != nil {
		return nil, err
	}
	groupOf := map[string]string{} // cart group → order group
	for i, g := range p.Groups {
		groupOf[g.CartGroupID] = groups[i].ID
	}
	lineRows := func(parent, parentField, groupField string, groupIDs map[string]string, adjField string) []map[string]any {
		var rows []map[string]any
		for _, l := range p.Lines {
			v := map[string]any{parentField: parent, "Product2Id": l.ProductID, groupField: cart.NilIfBlank(groupIDs[l.CartGroupID]),
				"StockKeepingUnit": cart.NilIfBlank(l.Sku), "Type": "Order Product", "Quantity": l.Quantity,
				"UnitPrice": money(l.UnitPrice), "TotalPrice": money(l.TotalPrice), adjField: money(l.Adjustment),
				"TotalLineAmount": money(l.LineAmount), "TotalTaxAmount": money(l.Tax), "ListPrice": nil}
			if l.ListPrice != nil {
				v["ListPrice"] = money(*l.ListPrice)
			}
			rows = append(rows, v)
		}
		for _, g := range p.Groups {
			if g.MethodID == "" {
				continue
			}
			rows = append(rows, map[string]any{parentField: parent, groupField: groupIDs[g.CartGroupID],
				"Type": "Delivery Charge", "Quantity": 1, "UnitPrice": money(g.Charge), "TotalPrice": money(g.Charge),
				adjField: money(g.ChargeAdjustment), "TotalLineAmount": money(g.Charge + g.ChargeAdjustment),
				"TotalTaxAmount": money(g.ChargeTax), "ListPrice": nil, "Name": g.MethodName})
		}
		return rows
	}
	items := lineRows(out.OrderID, "OrderId", "OrderDeliveryGroupId", groupOf, "TotalAdjustmentAmount")
	for i := range items {
		items[i]["Name"] = nameOf(p, i)
	}
	orderItems, err := insert(ctx, tx, e, actor, "OrderItem", items)
	if err != nil {
		return nil, err
	}

	summaries, err := e.Insert(ctx, tx, actor, "OrderSummary", []map[string]any{totals(map[string]any{
		"OriginalOrderId": out.OrderID, "OrderNumber": out.OrderNumber, "Status": "Created"})})
	if err != nil {
		return nil, err
	}
	out.SummaryID = summaries[0].ID
	for i := range groupRows {
		v := deliverTo(p.Groups[i], map[string]any{"OrderSummaryId": out.SummaryID,
			"OriginalOrderDeliveryGroupId": groups[i].ID, "TotalLineAmount": money(p.Groups[i].Charge),
			"TotalAdjustmentAmount": money(p.Groups[i].ChargeAdjustment), "TotalTaxAmount": money(p.Groups[i].ChargeTax)})
		groupRows[i] = v
	}
	groupSummaries, err := insert(ctx, tx, e, actor, "OrderDeliveryGroupSummary", groupRows)
	if err != nil {
		return nil, err
	}
	summaryGroupOf := map[string]string{}
	for i, g := range p.Groups {
		summaryGroupOf[g.CartGroupID] = groupSummaries[i].ID
	}
	itemSummaries := lineRows(out.SummaryID, "OrderSummaryId", "OrderDeliveryGroupSummaryId", summaryGroupOf,
		"TotalLineAdjustmentAmount")
	for i := range itemSummaries {
		itemSummaries[i]["Name"] = nameOf(p, i)
		itemSummaries[i]["OriginalOrderItemId"] = orderItems[i].ID
	}
	if _, err := insert(ctx, tx, e, actor, "OrderItemSummary", itemSummaries); err != nil {
		return nil, err
	}
	adjustments := make([]map[string]any, len(p.Adjustments))
	for i, a := range p.Adjustments {
		adjustments[i] = map[string]any{"OrderSummaryId": out.SummaryID, "Name": a.Name, "PromotionId": cart.NilIfBlank(a.PromotionID),
			"CouponCode": cart.NilIfBlank(a.CouponCode), "Type": "Promotion", "TargetType": cart.NilIfBlank(a.TargetType), "TotalAmount": money(a.Amount)}
	}
	if _, err := insert(ctx, tx, e, actor, "OrderAdjustmentGroupSummary", adjustments); err != nil {
		return nil, err
	}
	pay := p.Payment
	_, err = e.Insert(ctx, tx, actor, "OrderPaymentSummary", []map[string]any{{"OrderSummaryId": out.SummaryID,
		"Method": pay.Method, "Type": pay.Type, "PaymentAuthorizationId": cart.NilIfBlank(pay.AuthorizationID),
		"PoNumber": cart.NilIfBlank(pay.PoNumber), "FullName": cart.NilIfBlank(pay.FullName), "AuthorizationAmount": money(pay.Amount)}})
	return out, err
}

// nameOf names the i-th item row: a product line's name, then the delivery charges' method names.
func nameOf(p *Placement, i int) string {
	if i < len(p.Lines) {
		return p.Lines[i].Name
	}
	i -= len(p.Lines)
	for _, g := range p.Groups {
		if g.MethodID == "" {
			continue
		}
		if i == 0 {
			return "Delivery: " + g.MethodName
		}
		i--
	}
	return ""
}

// insert writes a batch of rows of one object; an empty batch writes nothing.
func insert(ctx context.Context, tx *db.Tx, e *records.Engine, actor *identity.Principal, object string, rows []map[string]any) ([]*records.Record, error) {
	if len(rows) == 0 {
		return nil, nil
	}
	return e.Insert(ctx, tx, actor, object, rows)
}

func money(cents int64) string { return wire.Money(cents, 2) }
