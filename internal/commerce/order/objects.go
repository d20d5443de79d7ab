// Package order holds placed orders: the Order with its items and delivery groups, and the OrderSummary (with item,
// delivery group, adjustment and payment summaries) that buyers read through the order-summaries calls. All are
// records written through the records engine, so staff see and edit them in the console and records API; the
// amounts of a placed order are read-only there. Orders are written by the checkout, in the transaction that
// commits the stock (Write).
package order

import (
	"net/http"

	"storefront/internal/identity"
	"storefront/internal/records"
)

// Objects are the order objects (Salesforce key prefixes: 801 Order, 802 OrderItem, 2dg OrderDeliveryGroup, 1Os
// OrderSummary, 10u OrderItemSummary, 0ag OrderDeliveryGroupSummary, 0aR OrderPaymentSummary).
func Objects() []records.Object {
	amount := func(api, label string) records.Field { return records.ReadOnly(records.Currency(api, label)) }
	fixed := func(f records.Field) records.Field { return records.ReadOnly(f) }
	deliverTo := func() []records.Field {
		return []records.Field{
			fixed(records.Text("DeliverToName", "Deliver To Name", 255)),
			fixed(records.Text("CompanyName", "Company Name", 255)),
			fixed(records.TextArea("DeliverToStreet", "Deliver To Street")),
			fixed(records.Text("DeliverToCity", "Deliver To City", 40)),
			fixed(records.Text("DeliverToState", "Deliver To State", 80)),
			fixed(records.Text("DeliverToPostalCode", "Deliver To Postal Code", 20)),
			fixed(records.Text("DeliverToCountry", "Deliver To Country", 80)),
			fixed(records.Text("PhoneNumber", "Phone", 40)),
			fixed(records.Restrict(records.Ref("OrderDeliveryMethodId", "Delivery Method ID", "OrderDeliveryMethod"))),
			fixed(records.DateTime("DesiredDeliveryDate", "Desired Delivery Date")),
			fixed(records.TextArea("DeliveryInstructions", "Delivery Instructions")),
		}
	}
	totals := []records.Field{
		amount("TotalProductAmount", "Total Product Amount"),
		amount("TotalAdjustmentAmount", "Total Adjustment Amount"),
		amount("TotalAdjustedProductAmount", "Total Adjusted Product Amount"),
		amount("TotalDeliveryAmount", "Total Delivery Amount"),
		amount("TotalTaxAmount", "Total Tax"),
		amount("GrandTotalAmount", "Grand Total"),
	}
	guest := []records.Field{
		fixed(records.Field{APIName: "GuestEmail", Label: "Guest Email", Type: records.TypeEmail, Length: 80}),
		fixed(records.Text("GuestLastName", "Guest Last Name", 80)),
		fixed(records.Text("GuestPhone", "Guest Phone", 40)),
	}
	status := records.Required(records.WithDefault(records.Picklist("Status", "Status", "Draft", "Activated"), "Activated"))
	ord := records.StandardObject("Order", "Order", "Orders", "801", true, records.Concat([]records.Field{
		{APIName: "OrderNumber", Label: "Order Number", Type: records.TypeText, Length: 8, NameField: true,
			AutoNumber: true, AutoNumberStart: 1},
		fixed(records.Restrict(records.Ref("AccountId", "Account ID", "Account"))), // an order never loses its account
		fixed(records.Required(records.Ref("WebStoreId", "Store ID", "WebStore"))),
		// One order per checkout: a retried place-order finds this one (the unique index is the last word).
		fixed(records.Unique(records.Ref("CartCheckoutSessionId", "Checkout ID", "CartCheckoutSession"))),
		status,
		fixed(records.DateTime("OrderedDate", "Ordered Date")),
		fixed(records.Text("CurrencyIsoCode", "Currency ISO Code", 3)),
		fixed(records.Text("PoNumber", "PO Number", 80)),
		fixed(records.Text("BillToName", "Bill To Name", 255)),
	}, totals, guest)...)
	// An ordered line, on the order and on its summary (whose adjustment field is named differently).
	line := func(adjustment string) []records.Field {
		return []records.Field{
			fixed(records.Restrict(records.Ref("Product2Id", "Product ID", "Product2"))), // nor its products
			fixed(records.NameField("Product Name", 255)),
			fixed(records.Text("StockKeepingUnit", "SKU", 180)),
			fixed(records.Required(records.Picklist("Type", "Type", "Order Product", "Delivery Charge"))),
			fixed(records.Int("Quantity", "Quantity")),
			amount("ListPrice", "List Price"),
			amount("UnitPrice", "Unit Price"),
			amount("TotalPrice", "Total Price"),
			amount(adjustment, "Total Adjustment Amount"),
			amount("TotalLineAmount", "Total Line Amount"),
			amount("TotalTaxAmount", "Total Tax"),
		}
	}
	item := records.StandardObject("OrderItem", "Order Product", "Order Products", "802", false, records.Concat([]records.Field{
		records.Required(records.Detail(records.Ref("OrderId", "Order ID", "Order"))),
		fixed(records.Ref("OrderDeliveryGroupId", "Delivery Group ID", "OrderDeliveryGroup")),
	}, line("TotalAdjustmentAmount"))...)
	group := records.StandardObject("OrderDeliveryGroup", "Order Delivery Group", "Order Delivery Groups", "2dg", false,
		records.Concat([]records.Field{
			records.Required(records.Detail(records.Ref("OrderId", "Order ID", "Order"))),
			amount("TotalAmount", "Delivery Charge"),
			amount("TotalTaxAmount", "Delivery Tax"),
		}, deliverTo())...)
	summary := records.StandardObject("OrderSummary", "Order Summary", "Order Summaries", "1Os", true,
		records.Concat([]records.Field{
			fixed(records.Field{APIName: "OrderNumber", Label: "Order Number", Type: records.TypeText, Length: 8, NameField: true}),
			fixed(records.Required(records.Unique(records.Ref("OriginalOrderId", "Original Order ID", "Order")))),
			fixed(records.Restrict(records.Ref("AccountId", "Account ID", "Account"))),
			fixed(records.Required(records.Ref("WebStoreId", "Store ID", "WebStore"))),
			records.Required(records.WithDefault(records.Picklist("Status", "Status", "Created", "Approved",
				"Waiting to Fulfill", "Fulfilled", "Cancelled"), "Created")),
			fixed(records.DateTime("OrderedDate", "Ordered Date")),
			fixed(records.Text("CurrencyIsoCode", "Currency ISO Code", 3)),
			fixed(records.Text("PoNumber", "PO Number", 80)),
		}, totals, guest)...)
	// The order history lists a buyer's summaries of an account (ownerScope My, the default) or the account's (Account),
	// newest first, a page at a time, with their count (List): read in that order from an index, not sorted whole.
	summary.Indexes = [][]string{{"OwnerId", "AccountId", "WebStoreId", "CreatedDate", "Id"},
		{"AccountId", "WebStoreId", "CreatedDate", "Id"}}
	itemSummary := records.StandardObject("OrderItemSummary", "Order Product Summary", "Order Product Summaries", "10u",
		false, records.Concat([]records.Field{
			records.Required(records.Detail(records.Ref("OrderSummaryId", "Order Summary ID", "OrderSummary"))),
			fixed(records.Ref("OriginalOrderItemId", "Original Order Product ID", "OrderItem")),
			fixed(records.Ref("OrderDeliveryGroupSummaryId", "Delivery Group Summary ID", "OrderDeliveryGroupSummary")),
		}, line("TotalLineAdjustmentAmount"))...)
	groupSummary := records.StandardObject("OrderDeliveryGroupSummary", "Order Delivery Group Summary",
		"Order Delivery Group Summaries", "0ag", false, records.Concat([]records.Field{
			// Numbered as the groups are written, in the checkout's order (its default group first): an order's
			// deliveries read in the order the buyer made them (issue 15 item 19), which random ids do not give.
			fixed(records.Field{APIName: "OrderDeliveryGroupSummaryNumber", Label: "Order Delivery Group Summary Number",
				Type: records.TypeText, Length: 10, NameField: true, AutoNumber: true, AutoNumberStart: 1}),
			records.Required(records.Detail(records.Ref("OrderSummaryId", "Order Summary ID", "OrderSummary"))),
			fixed(records.Ref("OriginalOrderDeliveryGroupId", "Original Delivery Group ID", "OrderDeliveryGroup")),
			amount("TotalLineAmount", "Delivery Charge"),
			amount("TotalAdjustmentAmount", "Delivery Adjustment"),
			amount("TotalTaxAmount", "Delivery Tax"),
		}, deliverTo())...)
	adjustment := records.StandardObject("OrderAdjustmentGroupSummary", "Order Adjustment Summary",
		"Order Adjustment Summaries", "0ah", false,
		records.Required(records.Detail(records.Ref("OrderSummaryId", "Order Summary ID", "OrderSummary"))),
		fixed(records.NameField("Name", 255)),
		fixed(records.Restrict(records.Ref("PromotionId", "Promotion ID", "Promotion"))),
		fixed(records.Text("CouponCode", "Coupon Code", 80)),
		fixed(records.Picklist("Type", "Type", "Promotion")),
		fixed(records.Picklist("TargetType", "Target", "Cart", "Item", "DeliveryCharge")),
		amount("TotalAmount", "Amount"),
	)
	payment := records.StandardObject("OrderPaymentSummary", "Order Payment Summary", "Order Payment Summaries", "0aR", false,
		records.Required(records.Detail(records.Ref("OrderSummaryId", "Order Summary ID", "OrderSummary"))),
		fixed(records.Field{APIName: "Method", Label: "Method", Type: records.TypeText, Length: 255, NameField: true}),
		fixed(records.Picklist("Type", "Type", "PurchaseOrder", "Card")),
		fixed(records.Restrict(records.Ref("PaymentAuthorizationId", "Payment Authorization ID", "PaymentAuthorization"))),
		fixed(records.Text("PoNumber", "PO Number", 80)),
		fixed(records.Text("FullName", "Bill To Name", 255)),
		amount("AuthorizationAmount", "Authorized Amount"),
	)
	return []records.Object{ord, item, group, summary, itemSummary, groupSummary, adjustment, payment}
}

// Register gives buyers sight of the orders of the accounts they buy for through the records API (the summaries'
// parts with them), as the order-summaries calls do.
func Register(e *records.Engine) {
	e.SetVisibility("Order", Visible)
	e.SetVisibility("OrderSummary", Visible)
	of := func(parent, table string) records.Visibility {
		return func(alias string, actor *identity.Principal) (string, []any) {
			cond, args := Visible("p", actor)
			return alias + `."` + parent + `" IN (SELECT p."id" FROM "` + table + `" p WHERE ` + cond + `)`, args
		}
	}
	e.SetVisibility("OrderItem", of("orderid", "order"))
	e.SetVisibility("OrderDeliveryGroup", of("orderid", "order"))
	for _, o := range []string{"OrderItemSummary", "OrderDeliveryGroupSummary", "OrderAdjustmentGroupSummary", "OrderPaymentSummary"} {
		e.SetVisibility(o, of("ordersummaryid", "ordersummary"))
	}
	// What may change after placement (status.go): staff set an order's or a summary's Status along its moves
	// (every amount and address is read-only); orders are made only by checkout and never deleted.
	for _, o := range Objects() {
		e.OnRecords(o.APIName, records.Hooks{BeforeSave: placedOnly, BeforeDelete: neverDeleted})
	}
	e.OnRecords("Order", records.Hooks{BeforeSave: statusMoves(orderMoves, true)})
	e.OnRecords("OrderSummary", records.Hooks{BeforeSave: statusMoves(summaryMoves, true)})
}

// Visible is the one rule of which orders a signed-in user may read, for the records API (orders, summaries and
// their parts) and every commerce order call (the list in either scope, the detail and its items, the lookup and
// the reorder), so that no call reads an order another does not. Salesforce's rule: the order summaries a buyer
// reads are those they own (ownerScoped=true, the list's default) and those shared with them (ownerScoped=false);
// a B2B buyer shares in no one else's orders unless they hold the Buyer Manager permission set, whose "B2B Super
// User" permission gives access to "all the carts and orders related to their account, regardless of who the
// carts and orders owners are" (Salesforce Help: "Preconfigured Permission Sets for B2B Commerce" and "Permission
// Sets for Buyers, Buyer Managers, and Account Switchers for B2B Stores"). Here the buyer manager is the user
// with managed accounts (ManagedAccount rows, the role that buys for other accounts): they read every order of
// their own account and of the accounts they manage; any other user reads the orders they own.
func Visible(alias string, actor *identity.Principal) (string, []any) {
	account, owner := alias+`."accountid"`, alias+`."ownerid"`
	return "(" + owner + ` = ? OR (EXISTS (SELECT 1 FROM "managedaccount" m WHERE m."userid" = ?) AND (` + account +
			` = ? OR ` + account + ` IN (SELECT "accountid" FROM "managedaccount" WHERE "userid" = ?))))`,
		[]any{actor.UserID, actor.UserID, actor.AccountID, actor.UserID}
}

func refused(message string) error {
	return &records.WriteError{Status: http.StatusBadRequest, Errors: []records.FieldError{
		{Code: "CANNOT_EXECUTE_FLOW_TRIGGER", Message: message}}}
}
