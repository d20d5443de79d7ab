package cart

import (
	"storefront/internal/commerce/cart/holds"
	"storefront/internal/identity"
	"storefront/internal/records"
)

// The cart's objects, with Salesforce's key prefixes where they are known (0a6 WebCart, 0a9 CartItem). Prices,
// totals and the applied promotions are the last calculation's result: read-only for everyone but the cart's own
// System actor, so a staff edit through the records API changes what the buyer chose (a quantity, a product) and
// the cart's hooks recalculate the rest.
func Objects() []records.Object {
	amount := func(api, label string) records.Field { return records.ReadOnly(records.Currency(api, label)) }
	count := func(api, label string) records.Field {
		return records.ReadOnly(records.WithDefault(records.Int(api, label), "0"))
	}

	cart := records.StandardObject("WebCart", "Cart", "Carts", "0a6", true,
		records.WithDefault(records.NameField("Cart Name", 255), "Cart"),
		records.Required(records.Ref("WebStoreId", "Store ID", "WebStore")),
		records.Cascade(records.Ref("AccountId", "Account ID", "Account")), // an account's carts go with it
		// A guest's cart belongs to the guest's session (its hash), never shown or set through the records API.
		records.Hidden(records.Text("GuestSessionId", "Guest Session ID", 128)),
		records.Required(records.WithDefault(records.Picklist("Status", "Status", StatusActive, StatusCheckout,
			"Closed", "PendingClosed", "PendingDelete", StatusProcessing), StatusActive)),
		records.Required(records.WithDefault(records.Picklist("Type", "Type", "Cart", TypePayNow), "Cart")),
		records.WithDefault(records.Text("CurrencyIsoCode", "Currency ISO Code", 3), "USD"),
		records.Bool("IsSecondary", "Secondary", false),
		records.Text("PoNumber", "PO Number", 80),
		records.ReadOnly(records.WithDefault(records.Picklist("TaxType", "Tax Type", "Net", "Gross"), "Net")),
		count("TotalProductCount", "Total Product Count"),
		count("UniqueProductCount", "Unique Product Count"),
		amount("TotalListPrice", "Total List Amount"),
		amount("TotalProductAmount", "Total Product Amount"),
		amount("TotalItemizedAdjustmentAmount", "Total Item Adjustment Amount"),
		amount("TotalCartLevelAdjustmentAmount", "Total Cart Adjustment Amount"),
		amount("TotalPromoAdjustmentAmount", "Total Promotional Adjustment Amount"),
		amount("TotalProductAfterAdjustments", "Total Product Amount After Adjustments"),
		amount("TotalChargeAmount", "Total Charge Amount"),
		amount("TotalTaxAmount", "Total Tax Amount"),
		amount("GrandTotalAmount", "Grand Total Amount"),
		// Revision moves with every change of the cart's lines or coupons: a checkout started at an older revision is
		// stale, and the next line gets the next LineNumber.
		count("Revision", "Revision"),
	)
	// Every cart change and read finds the owner's open cart (Find): by owner and account, or by guest session, and
	// status, so that the closed carts an account's buyers leave behind, one per order, are not read each time (by
	// the account's index alone, finding the current cart read every cart the account ever had).
	cart.Indexes = [][]string{{"OwnerId", "AccountId", "Status"}, {"GuestSessionId", "Status"}}
	item := records.StandardObject("CartItem", "Cart Item", "Cart Items", "0a9", false,
		records.Required(records.Detail(records.Ref("CartId", "Cart ID", "WebCart"))),
		records.Restrict(records.Ref("Product2Id", "Product ID", "Product2")), // a product in a cart stays
		records.NameField("Cart Item Name", 255),
		records.Text("Sku", "Product SKU", 180),
		records.Required(records.WithDefault(records.Int("Quantity", "Quantity"), "1")),
		records.Required(records.WithDefault(records.Picklist("Type", "Type", "Product", "DeliveryCharge"), "Product")),
		// LineNumber orders lines by when they were added (lines added in one batch share a CreatedDate).
		count("LineNumber", "Line Number"),
		amount("SalesPrice", "Sales Price"),
		amount("ListPrice", "List Price"),
		amount("TotalPrice", "Total Price"),
		amount("TotalListPrice", "Total List Price"),
		amount("ItemizedAdjustmentAmount", "Item Adjustment Amount"),
		amount("DistributedAdjustmentAmount", "Cart Adjustment Share"),
		amount("TotalAdjustmentAmount", "Total Adjustment Amount"),
		amount("TotalAmount", "Total Amount"),
		amount("UnitAdjustedPrice", "Unit Adjusted Price"),
		amount("TotalTax", "Total Tax"),
		// The delivery group the line ships with; empty: the cart's default group.
		records.Ref("CartDeliveryGroupId", "Delivery Group ID", "CartDeliveryGroup"),
	)
	// A cart's page of lines, its next line number and its repricing read its lines in line-number order.
	item.Indexes = [][]string{{"CartId", "LineNumber", "Id"}}
	// A coupon applied to a cart (the wire's cartCouponId).
	coupon := records.StandardObject("WebCartAdjustmentBasis", "Cart Coupon", "Cart Coupons", "0cA", false,
		records.Required(records.Detail(records.Ref("WebCartId", "Cart ID", "WebCart"))),
		records.Required(records.Ref("CouponId", "Coupon ID", "Coupon")),
		records.NameField("Coupon Code", 80),
	)
	coupon.UniqueTogether = [][]string{{"WebCartId", "CouponId"}}
	// A promotion the last calculation applied to a cart, with what it took in all.
	applied := records.StandardObject("WebCartAdjustmentGroup", "Cart Promotion", "Cart Promotions", "0cG", false,
		records.Required(records.Detail(records.Ref("WebCartId", "Cart ID", "WebCart"))),
		records.Required(records.Ref("PromotionId", "Promotion ID", "Promotion")),
		records.NameField("Display Name", 255),
		records.TextArea("TermsAndConditions", "Terms and Conditions"),
		records.Text("CouponCode", "Coupon Code", 80),
		records.Cascade(records.Ref("CartCouponId", "Cart Coupon ID", "WebCartAdjustmentBasis")),
		records.Picklist("TargetType", "Target", "Cart", "Item", "DeliveryCharge"),
		amount("AdjustmentAmount", "Adjustment Amount"),
	)
	// What one promotion took from one line.
	lineAdjustment := records.StandardObject("CartItemPriceAdjustment", "Cart Item Adjustment",
		"Cart Item Adjustments", "0cJ", false,
		records.Required(records.Detail(records.Ref("CartItemId", "Cart Item ID", "CartItem"))),
		records.Cascade(records.Required(records.Ref("WebCartId", "Cart ID", "WebCart"))),
		records.Required(records.Ref("PromotionId", "Promotion ID", "Promotion")),
		records.NameField("Name", 255),
		amount("AdjustmentAmount", "Adjustment Amount"),
	)
	// Stock held for a cart until ExpiresAt (PUT inventory-reservations; checkout).
	reservation := records.StandardObject("CartInventoryReservation", "Inventory Reservation",
		"Inventory Reservations", "0cR", false,
		records.Required(records.Detail(records.Ref("WebCartId", "Cart ID", "WebCart"))),
		records.Required(records.Ref("ProductId", "Product ID", "Product2")),
		records.Required(records.Int("Quantity", "Quantity")),
		records.Required(records.DateTime("ExpiresAt", "Expires At")),
	)
	reservation.UniqueTogether = [][]string{{"WebCartId", "ProductId"}}
	return []records.Object{cart, item, coupon, applied, lineAdjustment, reservation, deliveryGroupObject()}
}

// Register gives the records engine the cart's row rules and hooks: a buyer reads their own carts and what hangs
// off them through the records API (a guest's cart belongs to a session and is never visible there); the rules of
// carts, lines, delivery groups and stock holds hold for every writer (rules.go, cart_rules.go); and a change to a
// cart's lines, coupons or delivery groups made outside the cart's own code recalculates the cart (hooks.go).
func (s *Service) Register(e *records.Engine) {
	e.SetVisibility("WebCart", records.OwnedByActor)
	ownedCart := func(field string) records.Visibility {
		return func(alias string, actor *identity.Principal) (string, []any) {
			return alias + "." + field + ` IN (SELECT "id" FROM "webcart" WHERE "ownerid" = ?)`, []any{actor.UserID}
		}
	}
	e.SetVisibility("CartItem", ownedCart(`"cartid"`))
	e.SetVisibility("WebCartAdjustmentBasis", ownedCart(`"webcartid"`))
	e.SetVisibility("WebCartAdjustmentGroup", ownedCart(`"webcartid"`))
	e.SetVisibility("CartDeliveryGroup", ownedCart(`"cartid"`))
	e.OnRecords("WebCart", records.Hooks{BeforeSave: checkCarts, AfterSave: s.releaseLeavingCheckout})
	e.OnRecords("WebCart", records.Hooks{AfterSave: forgetSavedCarts, AfterDelete: forgetDeletedCarts})
	e.OnRecords("CartItem", records.Hooks{BeforeSave: s.checkLines, AfterSave: s.afterLineSave, AfterDelete: s.afterLineDelete})
	e.OnRecords("CartDeliveryGroup", records.Hooks{BeforeSave: s.checkGroups, AfterSave: s.afterGroupSave,
		AfterDelete: s.afterGroupDelete})
	e.OnRecords("CartInventoryReservation", records.Hooks{BeforeSave: holds.Check})
	for _, output := range []string{"CartItemPriceAdjustment", "WebCartAdjustmentGroup"} {
		e.OnRecords(output, records.Hooks{AfterSave: s.afterAdjustmentSave, AfterDelete: s.afterAdjustmentDelete})
	}
	e.OnRecords("WebCartAdjustmentBasis", records.Hooks{BeforeSave: checkCoupons, AfterSave: s.afterCouponSave,
		AfterDelete: s.afterCouponDelete})
	e.OnRecords("Coupon", records.Hooks{BeforeSave: beforeCouponSave})
	e.OnRecords("Promotion", records.Hooks{BeforeSave: checkPromotions})
	e.OnRecords("ProductInventory", records.Hooks{BeforeSave: records.NotNegative("QuantityOnHand", "QuantityReserved", "LowStockThreshold")})
}
