package checkout

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"
	"time"

	"storefront/internal/commerce/cart"
	"storefront/internal/commerce/cart/cartapi"
	"storefront/internal/commerce/order"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/platform/wire"
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
		if err := s.ready(ctx, tx, sh, sess, c, true); err != nil {
			return err
		}
		var err error
		if moved, err = s.repriced(ctx, tx, c); err != nil || moved {
			return err
		}
		if err := s.Carts.CommitStock(ctx, tx, c); err != nil {
			var short *cart.ErrInsufficientStock
			if errors.As(err, &short) {
				return problem(http.StatusUnprocessableEntity, sess.ID, CodeInventory, "Some products are out of stock.", short.Error())
			}
			return err
		}
		p, err := s.placement(ctx, tx, sh, sess, c)
		if err != nil {
			return err
		}
		placed, err := order.Write(ctx, tx, s.Engine, p)
		if err != nil {
			return err
		}
		if err := s.Carts.UseCoupons(ctx, tx, c.ID); err != nil {
			return err
		}
		if err := s.Carts.SetStatus(ctx, tx, c, cart.StatusClosed, nil); err != nil {
			return err
		}
		if err := s.update(ctx, tx, sess.ID, map[string]any{"State": StateOrdered, "OrderId": placed.OrderID,
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
// paying.
func (s *Service) repriced(ctx context.Context, tx *db.Tx, c *cart.Cart) (bool, error) {
	if err := cart.LockCoupons(ctx, tx, c.ID); err != nil {
		return false, err
	}
	return s.Carts.Reprice(ctx, tx, c)
}

// pricesChanged is the 422 CHECKOUT_CONFLICT of a checkout whose prices changed under it.
func pricesChanged(checkoutID string) error {
	return problem(http.StatusUnprocessableEntity, checkoutID, CodeConflict, "The prices changed during checkout.",
		"A price, a promotion or a coupon changed after the checkout started (a coupon may have been used up). "+
			"Start the checkout again to see the new total.")
}

// ready checks what placing the order needs besides stock: a live checkout, every group shipped somewhere by some
// method, a guest's contact details, and (withPayment) a payment for the current total.
func (s *Service) ready(ctx context.Context, tx *db.Tx, sh *storecontext.Shopper, sess *session, c *cart.Cart, withPayment bool) error {
	if err := live(sess, c); err != nil {
		return err
	}
	var unshipped int
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM cartdeliverygroup g WHERE g.cartid = ?
		AND (g.deliverymethodid IS NULL OR g.delivertostreet IS NULL) AND EXISTS (SELECT 1 FROM cartitem i
		WHERE i.cartid = g.cartid AND i.type = 'Product' AND (i.cartdeliverygroupid = g.id
		OR (i.cartdeliverygroupid IS NULL AND g.isdefault)))`, c.ID).Scan(&unshipped); err != nil {
		return err
	}
	if unshipped > 0 {
		return problem(http.StatusUnprocessableEntity, sess.ID, CodeShipping, "We are unable to place the order.",
			"Every delivery group needs a delivery address and a delivery method.")
	}
	if sh.Guest() && (sess.Email == "" || sess.LastName == "") {
		return problem(http.StatusUnprocessableEntity, sess.ID, CodeContact, "Contact information is missing.",
			"A guest order needs contactInfo with an email and a last name.")
	}
	if !withPayment {
		return nil
	}
	if sess.PaymentAuthID == "" {
		return problem(http.StatusUnprocessableEntity, sess.ID, CodePayment, "The order has no payment.",
			"Add a payment (a purchase order number or an authorized card) before placing the order.")
	}
	var paid int64
	if err := tx.QueryRow(ctx, `SELECT amount FROM paymentauthorization WHERE id = ?`, sess.PaymentAuthID).Scan(&paid); err != nil {
		return err
	}
	if paid != c.Totals["grandtotalamount"] {
		return problem(http.StatusUnprocessableEntity, sess.ID, CodePayment, "The payment doesn't cover the total.",
			"The total changed after the payment was made. Make the payment again.")
	}
	return nil
}

// placement reads the checkout's cart into an order: lines, groups, promotions, payment, totals, with a fixed
// number of queries.
func (s *Service) placement(ctx context.Context, tx *db.Tx, sh *storecontext.Shopper, sess *session, c *cart.Cart) (*order.Placement, error) {
	def, err := s.Carts.DefaultGroup(ctx, tx, c.ID)
	if err != nil {
		return nil, err
	}
	t := c.Totals
	p := &order.Placement{CheckoutID: sess.ID, StoreID: c.StoreID, AccountID: c.AccountID, OwnerID: c.OwnerID,
		Currency: c.Currency, PoNumber: c.PoNumber, OrderedDate: wire.DateTime(time.Now()),
		TotalProduct: t["totalproductamount"], TotalAdjustment: t["totalpromoadjustmentamount"],
		TotalAdjustedProduct: t["totalproductafteradjustments"], TotalDelivery: t["totalchargeamount"],
		TotalTax: t["totaltaxamount"], GrandTotal: t["grandtotalamount"]}
	if sh.Guest() {
		p.GuestEmail, p.GuestLastName, p.GuestPhone = sess.Email, sess.LastName, sess.Phone
	}
	rows, err := tx.Query(ctx, `SELECT COALESCE(i.cartdeliverygroupid, ?), i.product2id, COALESCE(p.name, i.name),
		COALESCE(p.stockkeepingunit, i.sku), i.quantity, i.listprice, i.salesprice, i.totalprice,
		i.totaladjustmentamount, i.totalamount, i.totaltax FROM cartitem i LEFT JOIN product2 p ON p.id = i.product2id
		WHERE i.cartid = ? AND i.type = 'Product' ORDER BY i.linenumber, i.id`, def, c.ID)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var l order.Line
		var product, name, sku sql.NullString
		var list, unit, total, adj, amount, tax sql.NullInt64
		if err := rows.Scan(&l.CartGroupID, &product, &name, &sku, &l.Quantity, &list, &unit, &total, &adj, &amount, &tax); err != nil {
			rows.Close()
			return nil, err
		}
		l.ProductID, l.Name, l.Sku = product.String, name.String, sku.String
		if list.Valid {
			l.ListPrice = &list.Int64
		}
		l.UnitPrice, l.TotalPrice, l.Adjustment, l.LineAmount, l.Tax = unit.Int64, total.Int64, adj.Int64, amount.Int64, tax.Int64
		p.Lines = append(p.Lines, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	groups, err := s.Carts.DeliveryGroups(ctx, tx, c, 0, true)
	if err != nil {
		return nil, err
	}
	charges := map[string][3]int64{}
	rows, err = tx.Query(ctx, `SELECT id, shippingfee, totaladjustmentamount, totaltax, desireddeliverydate
		FROM cartdeliverygroup WHERE cartid = ?`, c.ID)
	if err != nil {
		return nil, err
	}
	desired := map[string]string{}
	for rows.Next() {
		var id string
		var fee, adj, tax sql.NullInt64
		var when sql.NullString
		if err := rows.Scan(&id, &fee, &adj, &tax, &when); err != nil {
			rows.Close()
			return nil, err
		}
		charges[id], desired[id] = [3]int64{fee.Int64, adj.Int64, tax.Int64}, when.String
	}
	rows.Close()
	for _, g := range groups {
		og := order.Group{CartGroupID: g.ID, DesiredDate: desired[g.ID]}
		if a := g.DeliveryAddress; a != nil {
			og.Name, og.Company, og.Street, og.City, og.State = a.Name, a.CompanyName, a.Street, a.City, a.Region
			og.PostalCode, og.Country, og.Phone = a.PostalCode, a.Country, a.PhoneNumber
		}
		if m := g.SelectedDeliveryMethod; m != nil {
			og.MethodID, og.MethodName = m.ID, m.Name
		}
		if g.ShippingInstructions != nil {
			og.Instructions = *g.ShippingInstructions
		}
		ch := charges[g.ID]
		og.Charge, og.ChargeAdjustment, og.ChargeTax = ch[0], ch[1], ch[2]
		p.Groups = append(p.Groups, og)
	}
	rows, err = tx.Query(ctx, `SELECT name, promotionid, couponcode, targettype, adjustmentamount
		FROM webcartadjustmentgroup WHERE webcartid = ? ORDER BY id`, c.ID)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var a order.Adjustment
		var name, promo, code, target sql.NullString
		var amount sql.NullInt64
		if err := rows.Scan(&name, &promo, &code, &target, &amount); err != nil {
			rows.Close()
			return nil, err
		}
		a.Name, a.PromotionID, a.CouponCode, a.TargetType, a.Amount = name.String, promo.String, code.String, target.String, amount.Int64
		p.Adjustments = append(p.Adjustments, a)
	}
	rows.Close()
	var kind, po, billName, last4, cardType sql.NullString
	var amount sql.NullInt64
	if err := tx.QueryRow(ctx, `SELECT a.requesttype, a.ponumber, a.billingname, a.amount, m.cardlastfour, m.cardtype
		FROM paymentauthorization a LEFT JOIN cardpaymentmethod m ON m.id = a.paymentmethodid WHERE a.id = ?`,
		sess.PaymentAuthID).Scan(&kind, &po, &billName, &amount, &last4, &cardType); err != nil {
		return nil, err
	}
	p.BillToName = billName.String
	p.Payment = order.Payment{AuthorizationID: sess.PaymentAuthID, PoNumber: po.String, FullName: billName.String,
		Amount: amount.Int64, Type: "Card", Method: strings.TrimSpace(cardType.String + " ending " + last4.String)}
	if kind.String == "SimplePurchaseOrder" {
		p.Payment.Type, p.Payment.Method = "PurchaseOrder", "Purchase Order "+po.String
	}
	return p, nil
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
				if err := s.ready(ctx, tx, sh, sess, c, false); err != nil {
					return err
				}
				var err error
				moved, err = s.repriced(ctx, tx, c)
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
