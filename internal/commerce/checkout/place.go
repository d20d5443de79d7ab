package checkout

import (
	"context"
	"errors"
	"net/http"

	"storefront/internal/commerce/cart"
	"storefront/internal/commerce/cart/cartapi"
	"storefront/internal/commerce/order"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
)

// OrderResult is the Checkout Order answer.
type OrderResult struct {
	OrderReferenceNumber string    `json:"orderReferenceNumber"`
	OrderSummaryID       string    `json:"orderSummaryId"`
	SalesOrderID         string    `json:"salesOrderId"`
	Errors               []Problem `json:"errors"`
}

// PlaceOrder is POST checkouts/{id}/orders: 201 {orderReferenceNumber, orderSummaryId}. The order records, the stock
// taken and the closed cart are one durable transaction; a retry (the answer was lost) answers the same order.
func (s *Service) PlaceOrder(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r)
	if err != nil {
		return err
	}
	if err := cartapi.DiscardBody(w, r); err != nil {
		return err
	}
	out, err := s.place(r.Context(), sh, r.PathValue("checkoutId"))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

func (s *Service) place(ctx context.Context, sh *storecontext.Shopper, ref string) (*OrderResult, error) {
	var out *OrderResult
	moved := false
	sess, err := s.step(ctx, sh, ref, true, func(tx *db.Tx, sess *session, c *cart.Cart) error {
		if sess.State == StateOrdered { // a retry: the order is there
			out = &OrderResult{OrderReferenceNumber: sess.OrderNumber, OrderSummaryID: sess.SummaryID,
				SalesOrderID: sess.OrderID, Errors: []Problem{}}
			return nil
		}
		ship, err := readyToShip(ctx, tx, sh, sess, c)
		if err != nil {
			return err
		}
		pay, err := paymentOf(ctx, tx, sess, c)
		if err != nil {
			return err
		}
		if moved, err = s.repriced(ctx, tx, c, false); err != nil || moved {
			return err
		}
		if err := s.Carts.CommitStock(ctx, tx, c); err != nil {
			var short *cart.ErrInsufficientStock
			if errors.As(err, &short) {
				return problem(http.StatusUnprocessableEntity, sess.ID, CodeInventory, "Some products are out of stock.", short.Error())
			}
			return err
		}
		p := placement(sh, sess, c, ship, pay)
		var byCoupon bool
		if p.Adjustments, byCoupon, err = adjustmentsOf(ctx, tx, c); err != nil {
			return err
		}
		placed, err := order.Write(ctx, tx, s.Engine, p)
		if err != nil {
			return err
		}
		if byCoupon {
			if err := s.Carts.UseCoupons(ctx, tx, c.ID); err != nil {
				return err
			}
		}
		if err := s.Carts.SetStatus(ctx, tx, c, cart.StatusClosed, nil); err != nil {
			return err
		}
		if err := s.update(ctx, tx, sess, map[string]any{"State": StateOrdered, "OrderId": placed.OrderID,
			"OrderSummaryId": placed.SummaryID, "OrderNumber": placed.OrderNumber}); err != nil {
			return err
		}
		out = &OrderResult{OrderReferenceNumber: placed.OrderNumber, OrderSummaryID: placed.SummaryID,
			SalesOrderID: placed.OrderID, Errors: []Problem{}}
		return nil
	})
	if err == nil && moved {
		return nil, pricesChanged(sess.ID)
	}
	return out, err
}

// repriced prices the checkout's cart again in tx, as the catalog, the promotions and the coupons stand now (its
// coupons locked first, so that a coupon's last use goes to one order), and reports whether the amounts differ
// from those the buyer was shown. Then the new ones are stored and must be kept (the step commits, and answers
// pricesChanged after): the checkout is stale, the client starts it again and the buyer sees the new total before
// paying. With asShown (the payment step), the catalog's prices are those the store's pages show, from memory;
// placing the order reprices with the catalog as committed (cart.Service.Reprice), so no order charges an amount
// the buyer was not shown.
func (s *Service) repriced(ctx context.Context, tx *db.Tx, c *cart.Cart, asShown bool) (bool, error) {
	if err := cart.LockCoupons(ctx, tx, c.ID); err != nil {
		return false, err
	}
	if asShown {
		return s.Carts.RepriceAsShown(ctx, tx, c)
	}
	return s.Carts.Reprice(ctx, tx, c)
}

// pricesChanged is the 422 CHECKOUT_CONFLICT of a checkout whose prices changed under it.
func pricesChanged(checkoutID string) error {
	return problem(http.StatusUnprocessableEntity, checkoutID, CodeConflict, "The prices changed during checkout.",
		"A price, a promotion or a coupon changed after the checkout started (a coupon may have been used up). "+
			"Start the checkout again to see the new total.")
}

// Actions is POST checkouts/{id}/orders/actions {actions: [{action: prepare|submit, parameters}]}: prepare checks
// that the order could be placed (before the payment), submit places it. 200 with each action's result and, after a
// submit, the orderReferenceNumber; 422 with the reason when one fails.
func (s *Service) Actions(w http.ResponseWriter, r *http.Request) error {
	sh, err := s.shopper(r)
	if err != nil {
		return err
	}
	var in struct {
		Actions []struct {
			Action     string         `json:"action"`
			Parameters map[string]any `json:"parameters"`
		} `json:"actions"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if len(in.Actions) == 0 || len(in.Actions) > 2 {
		return httpx.BadRequest("INVALID_API_INPUT", "actions must hold one or two actions (prepare, submit).")
	}
	ctx := r.Context()
	type actionResult struct {
		Action               string  `json:"action"`
		Status               string  `json:"status"`
		OrderReferenceNumber *string `json:"orderReferenceNumber"`
	}
	out := struct {
		Actions              []actionResult `json:"actions"`
		OrderReferenceNumber *string        `json:"orderReferenceNumber"`
		OrderSummaryID       *string        `json:"orderSummaryId"`
		Errors               []Problem      `json:"errors"`
	}{Actions: []actionResult{}, Errors: []Problem{}}
	for _, a := range in.Actions {
		switch a.Action {
		case "prepare":
			moved := false
			sess, err := s.step(ctx, sh, r.PathValue("checkoutId"), false, func(tx *db.Tx, sess *session, c *cart.Cart) error {
				if sess.State == StateOrdered {
					return nil
				}
				if _, err := readyToShip(ctx, tx, sh, sess, c); err != nil {
					return err
				}
				var err error
				moved, err = s.repriced(ctx, tx, c, false)
				return err
			})
			if err == nil && moved {
				err = pricesChanged(sess.ID)
			}
			if err != nil {
				return err
			}
			out.Actions = append(out.Actions, actionResult{Action: "prepare", Status: "Success"})
		case "submit":
			res, err := s.place(ctx, sh, r.PathValue("checkoutId"))
			if err != nil {
				return err
			}
			out.OrderReferenceNumber, out.OrderSummaryID = &res.OrderReferenceNumber, &res.OrderSummaryID
			out.Actions = append(out.Actions, actionResult{Action: "submit", Status: "Success",
				OrderReferenceNumber: &res.OrderReferenceNumber})
		default:
			return httpx.BadRequest("INVALID_API_INPUT", "action must be prepare or submit, not %q.", httpx.Clip(a.Action))
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}
