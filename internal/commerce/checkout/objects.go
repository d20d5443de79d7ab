// Package checkout runs a cart's checkout: a versioned state machine over the cart (start, shipping, delivery
// method, contact, payment, place), its payments through a built-in test card gateway, and placing the order.
//
// A checkout (CartCheckoutSession) records the cart revision it was started at and when it expires. Starting one
// prices the cart (a default delivery method chosen), holds its stock until the expiry and moves the cart to
// Checkout. A cart change afterwards moves the revision and drops the holds: the checkout is stale (422
// CHECKOUT_CONFLICT; the client deletes and restarts it), except a change of its delivery groups only (split
// shipment is set with the delivery-group calls during checkout): that takes the checkout along, as a PATCH does. Past its expiry it is expired (410). Each PATCH moves one
// step and reprices what it affects, and takes the checkout along to the new revision. Placing the order writes
// the order records, takes the stock and closes the cart in one durable transaction; the order's unique checkout
// reference makes a retried place-order answer the same order.
package checkout

import (
	"context"

	"storefront/internal/commerce/cart"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// Checkout states.
const (
	StateReady    = "Ready"    // started; steps may follow
	StateFailed   = "Failed"   // a calculation failed (stock): GET answers 422 with the reason
	StateOrdered  = "Ordered"  // the order is placed
	StateArchived = "Archived" // deleted
)

// Objects are the checkout's objects: the checkout itself (2z9, as real checkout ids show), the test gateway's
// card tokens (CardPaymentMethod: brand, last four digits and expiry, never the number or the CVV) and payment
// authorizations.
func Objects() []records.Object {
	fixed := func(f records.Field) records.Field { return records.ReadOnly(f) }
	session := records.StandardObject("CartCheckoutSession", "Checkout", "Checkouts", "2z9", true,
		records.WithDefault(records.NameField("Name", 80), "Checkout"),
		records.Required(records.Detail(records.Ref("WebCartId", "Cart ID", "WebCart"))),
		fixed(records.Required(records.WithDefault(records.Picklist("State", "State", StateReady, StateFailed,
			StateOrdered, StateArchived), StateReady))),
		fixed(records.Int("CartRevision", "Cart Revision")),
		fixed(records.DateTime("ExpiresAt", "Expires At")),
		fixed(records.Text("ErrorType", "Error Type", 120)),
		fixed(records.Text("ErrorTitle", "Error Title", 255)),
		fixed(records.TextArea("ErrorDetail", "Error Detail")),
		records.Field{APIName: "ContactEmail", Label: "Contact Email", Type: records.TypeEmail, Length: 80},
		records.Text("ContactFirstName", "Contact First Name", 40),
		records.Text("ContactLastName", "Contact Last Name", 80),
		records.Text("ContactPhone", "Contact Phone", 40),
		fixed(records.Picklist("PaymentStatus", "Payment Status", "Authorized", "PurchaseOrder")),
		fixed(records.Ref("PaymentAuthorizationId", "Payment Authorization ID", "PaymentAuthorization")),
		fixed(records.Ref("OrderId", "Order ID", "Order")),
		fixed(records.Ref("OrderSummaryId", "Order Summary ID", "OrderSummary")),
		fixed(records.Text("OrderNumber", "Order Number", 8)),
		// A guest's checkout belongs to the guest's session, like the guest's cart.
		records.Hidden(records.Text("GuestSessionId", "Guest Session ID", 128)),
	)
	card := records.StandardObject("CardPaymentMethod", "Card Payment Method", "Card Payment Methods", "03O", true,
		fixed(records.Field{APIName: "CardHolderName", Label: "Card Holder Name", Type: records.TypeText, Length: 255,
			NameField: true}),
		fixed(records.Picklist("CardType", "Card Type", "Visa", "MasterCard", "AmericanExpress", "Discover", "Other")),
		fixed(records.Text("CardLastFour", "Last Four Digits", 4)),
		fixed(records.Int("ExpiryMonth", "Expiry Month")),
		fixed(records.Int("ExpiryYear", "Expiry Year")),
		// The gateway token the payment call presents, and what the test gateway will answer for the card.
		records.Hidden(records.Unique(records.Text("GatewayToken", "Gateway Token", 64))),
		records.Hidden(records.Picklist("GatewayResult", "Gateway Result", "Approve", "Decline")),
		records.Hidden(records.Text("GuestSessionId", "Guest Session ID", 128)),
	)
	auth := records.StandardObject("PaymentAuthorization", "Payment Authorization", "Payment Authorizations", "0Xc", false,
		fixed(records.Required(records.Ref("CartCheckoutSessionId", "Checkout ID", "CartCheckoutSession"))),
		fixed(records.Required(records.Picklist("RequestType", "Request Type", "Auth", "PostAuth", "SimplePurchaseOrder",
			"ClientRequest"))),
		fixed(records.Required(records.Picklist("Status", "Status", "Processed", "Failed"))),
		fixed(records.Picklist("ResultCode", "Result Code", "Success", "Decline", "ValidationError", "SystemError")),
		fixed(records.Currency("Amount", "Amount")),
		fixed(records.Text("CurrencyIsoCode", "Currency ISO Code", 3)),
		fixed(records.Ref("PaymentMethodId", "Payment Method ID", "CardPaymentMethod")),
		fixed(records.Text("PoNumber", "PO Number", 80)),
		fixed(records.Text("GatewayRefNumber", "Gateway Reference", 64)),
		fixed(records.Text("BillingName", "Billing Name", 255)),
		fixed(records.TextArea("BillingStreet", "Billing Street")),
		fixed(records.Text("BillingCity", "Billing City", 40)),
		fixed(records.Text("BillingState", "Billing State", 80)),
		fixed(records.Text("BillingPostalCode", "Billing Postal Code", 20)),
		fixed(records.Text("BillingCountry", "Billing Country", 80)),
		// A retried payment with the same key answers the first one's result and authorizes nothing more.
		records.Hidden(records.Unique(records.Text("IdempotencyKey", "Idempotency Key", 200))),
	)
	return []records.Object{session, card, auth}
}

// Register gives buyers sight of their own checkouts and card tokens through the records API, and has the cart's
// delivery-group changes take a live checkout along (followGroups).
func Register(e *records.Engine, carts *cart.Service) {
	e.SetVisibility("CartCheckoutSession", records.OwnedByActor)
	e.SetVisibility("CardPaymentMethod", records.OwnedByActor)
	carts.GroupsChanged = func(ctx context.Context, tx *db.Tx, c *cart.Cart, revision, grandTotal int64) error {
		return followGroups(ctx, tx, e, carts, c, revision, grandTotal)
	}
}
