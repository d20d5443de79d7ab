package order

import (
	"context"
	"net/http"
	"slices"

	"storefront/internal/records"
)

// The order rules, hooks of the order objects that hold for every writer (the records API, sObject REST,
// composite, the console, the demo seed, System included):
//
//   - Orders and their parts are made by placing an order only (Write, which says so on its writes with placing),
//     and never deleted: a cancelled order is a status.
//   - Order.Status: in Salesforce each Status value belongs to one of two categories (the StatusCode, "Status
//     Category"): Draft or Activated; an order is inserted in a Draft status and activated by setting an
//     Activated one. Here the values are the categories themselves; an order goes from Draft to Activated once
//     and never back. Checkout writes a placed order Activated at once (it was paid and its stock committed).
//   - OrderSummary.Status is a picklist each Salesforce org defines (Order Management ships Created, Approved,
//     Waiting to Fulfill, Fulfilled, Cancelled). Our moves follow the fulfilment of a placed order: Created, then
//     Approved or straight to Waiting to Fulfill; Fulfilled or Cancelled end it, and cancelling is possible until
//     the order is fulfilled. Staff make these moves (a buyer's summary is read-only to them); no one moves a
//     summary back.

// orderMoves and summaryMoves are the status transitions of orders and order summaries.
var (
	orderMoves   = map[string][]string{"Draft": {"Activated"}}
	summaryMoves = map[string][]string{
		"Created":            {"Approved", "Waiting to Fulfill", "Cancelled"},
		"Approved":           {"Waiting to Fulfill", "Fulfilled", "Cancelled"},
		"Waiting to Fulfill": {"Fulfilled", "Cancelled"},
	}
)

type placingKey struct{}

// placing marks the writes of Write: the order being placed.
func placing(ctx context.Context) context.Context { return context.WithValue(ctx, placingKey{}, true) }

func isPlacing(ctx context.Context) bool { return ctx.Value(placingKey{}) != nil }

// placedOnly is the before-save rule of every order object: created by placing an order only.
func placedOnly(ctx context.Context, ev *records.SaveEvent) error {
	if ev.Created && !isPlacing(ctx) {
		return refused("Orders are created by checkout only.")
	}
	return nil
}

// neverDeleted is the before-delete rule of every order object.
func neverDeleted(context.Context, *records.DeleteEvent) error {
	return refused("A placed order can't be deleted; set its status instead.")
}

// statusMoves is the before-save rule of Order and OrderSummary: a status changes only along moves, and a
// summary's only by staff.
func statusMoves(moves map[string][]string, staffOnly bool) func(context.Context, *records.SaveEvent) error {
	return func(_ context.Context, ev *records.SaveEvent) error {
		if ev.Created {
			return nil
		}
		for i, rec := range ev.Records {
			from, to := ev.Old[i].String("Status"), rec.String("Status")
			if from == to {
				continue
			}
			if staffOnly && !ev.Actor.Staff {
				return &records.WriteError{Status: http.StatusForbidden, Errors: []records.FieldError{{
					Code: records.CodeInsufficientAccess, Message: "Only staff change the status of an order."}}}
			}
			if !slices.Contains(moves[from], to) {
				return records.Refuse(records.CodeRule, "Status", "The status can't change from %s to %s.", from, to)
			}
		}
		return nil
	}
}
