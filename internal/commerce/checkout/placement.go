package checkout

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"time"

	"storefront/internal/commerce/cart"
	"storefront/internal/commerce/order"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/wire"
	"storefront/internal/records"
)

// What placing an order reads of its checkout's cart, in its transaction, with a fixed number of statements however
// many lines: the lines and the groups that ship them (two), then the payment (one). The same reads both check that
// the order can be placed and make it. The records they read are noted as read in the transaction
// (records.ReadInTx), so the order's inserts do not ask again whether the products, methods and payment they name
// exist.

// shipment is what a cart ships: its product lines, each in its delivery group (the default group's when it names
// none), and the groups that ship any of them, default first.
type shipment struct {
	lines     []order.Line
	groups    []order.Group
	unshipped bool // a group ships lines without a delivery address or a delivery method
}

// readyToShip checks what placing the order needs besides stock and payment (a live checkout, every group with
// lines shipped somewhere by some method, a guest's contact details) and answers what the cart ships.
func readyToShip(ctx context.Context, tx *db.Tx, sh *storecontext.Shopper, sess *session, c *cart.Cart) (*shipment, error) {
	if err := live(sess, c); err != nil {
		return nil, err
	}
	ship, err := shipmentOf(ctx, tx, c)
	if err != nil {
		return nil, err
	}
	if ship.unshipped {
		return nil, problem(http.StatusUnprocessableEntity, sess.ID, CodeShipping, "We are unable to place the order.",
			"Every delivery group needs a delivery address and a delivery method.")
	}
	if sh.Guest() && (sess.Email == "" || sess.LastName == "") {
		return nil, problem(http.StatusUnprocessableEntity, sess.ID, CodeContact, "Contact information is missing.",
			"A guest order needs contactInfo with an email and a last name.")
	}
	return ship, nil
}

// shipmentOf reads the cart's groups and product lines in tx.
func shipmentOf(ctx context.Context, tx *db.Tx, c *cart.Cart) (*shipment, error) {
	// Default first, as the cart orders them (cart.Service.DefaultGroup): lines naming no group ship in the first.
	rows, err := tx.Query(ctx, `SELECT g.id, g.delivertoname, g.companyname, g.delivertostreet, g.delivertocity,
		g.delivertostate, g.delivertopostalcode, g.delivertocountry, g.delivertophone, m.id, m.name,
		g.desireddeliverydate, g.shippinginstructions, g.shippingfee, g.totaladjustmentamount, g.totaltax
		FROM cartdeliverygroup g LEFT JOIN orderdeliverymethod m ON m.id = g.deliverymethodid
		WHERE g.cartid = ? ORDER BY g.isdefault DESC, g.createddate, g.id`, c.ID)
	if err != nil {
		return nil, err
	}
	var groups []order.Group
	var found []string // ids read from their records' tables
	for rows.Next() {
		var g order.Group
		var name, company, street, city, state, postal, country, phone, method, methodName, desired, instr sql.NullString
		var fee, adj, tax sql.NullInt64
		if err := rows.Scan(&g.CartGroupID, &name, &company, &street, &city, &state, &postal, &country, &phone,
			&method, &methodName, &desired, &instr, &fee, &adj, &tax); err != nil {
			rows.Close()
			return nil, err
		}
		if street.Valid || country.Valid { // an address (a name alone is none)
			g.Name, g.Company, g.Street, g.City, g.State = name.String, company.String, street.String, city.String, state.String
			g.PostalCode, g.Country, g.Phone = postal.String, country.String, phone.String
		}
		if method.Valid {
			g.MethodID, g.MethodName = method.String, methodName.String
			found = append(found, method.String)
		}
		g.DesiredDate, g.Instructions = desired.String, instr.String
		g.Charge, g.ChargeAdjustment, g.ChargeTax = fee.Int64, adj.Int64, tax.Int64
		groups = append(groups, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = tx.Query(ctx, `SELECT i.cartdeliverygroupid, i.product2id, p.id, COALESCE(p.name, i.name),
		COALESCE(p.stockkeepingunit, i.sku), i.quantity, i.listprice, i.salesprice, i.totalprice,
		i.totaladjustmentamount, i.totalamount, i.totaltax FROM cartitem i LEFT JOIN product2 p ON p.id = i.product2id
		WHERE i.cartid = ? AND i.type = 'Product' ORDER BY i.linenumber, i.id`, c.ID)
	if err != nil {
		return nil, err
	}
	ship := &shipment{}
	shipped := map[string]bool{} // groups with lines
	for rows.Next() {
		var l order.Line
		var group, product, read, name, sku sql.NullString
		var list, unit, total, adj, amount, tax sql.NullInt64
		if err := rows.Scan(&group, &product, &read, &name, &sku, &l.Quantity, &list, &unit, &total, &adj, &amount,
			&tax); err != nil {
			rows.Close()
			return nil, err
		}
		l.CartGroupID, l.ProductID, l.Name, l.Sku = group.String, product.String, name.String, sku.String
		if l.CartGroupID == "" && len(groups) > 0 {
			l.CartGroupID = groups[0].CartGroupID
		}
		if read.Valid {
			found = append(found, read.String)
		}
		if list.Valid {
			l.ListPrice = &list.Int64
		}
		l.UnitPrice, l.TotalPrice, l.Adjustment, l.LineAmount, l.Tax = unit.Int64, total.Int64, adj.Int64, amount.Int64, tax.Int64
		ship.lines = append(ship.lines, l)
		shipped[l.CartGroupID] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, g := range groups {
		if !shipped[g.CartGroupID] {
			continue // a group without lines ships nothing: it is not part of the order
		}
		ship.groups = append(ship.groups, g)
		ship.unshipped = ship.unshipped || g.MethodID == "" || g.Street == ""
	}
	ship.unshipped = ship.unshipped || shipped[""] // lines and no group at all
	records.ReadInTx(tx, found...)
	return ship, nil
}

// paymentOf reads the checkout's payment, which must cover the cart's current total.
func paymentOf(ctx context.Context, tx *db.Tx, sess *session, c *cart.Cart) (order.Payment, error) {
	if sess.PaymentAuthID == "" {
		return order.Payment{}, problem(http.StatusUnprocessableEntity, sess.ID, CodePayment, "The order has no payment.",
			"Add a payment (a purchase order number or an authorized card) before placing the order.")
	}
	var kind, po, billName, last4, cardType sql.NullString
	var amount sql.NullInt64
	if err := tx.QueryRow(ctx, `SELECT a.requesttype, a.ponumber, a.billingname, a.amount, m.cardlastfour, m.cardtype
		FROM paymentauthorization a LEFT JOIN cardpaymentmethod m ON m.id = a.paymentmethodid WHERE a.id = ?`,
		sess.PaymentAuthID).Scan(&kind, &po, &billName, &amount, &last4, &cardType); err != nil {
		return order.Payment{}, err
	}
	records.ReadInTx(tx, sess.PaymentAuthID)
	if amount.Int64 != c.Totals["grandtotalamount"] {
		return order.Payment{}, problem(http.StatusUnprocessableEntity, sess.ID, CodePayment,
			"The payment doesn't cover the total.", "The total changed after the payment was made. Make the payment again.")
	}
	p := order.Payment{AuthorizationID: sess.PaymentAuthID, PoNumber: po.String, FullName: billName.String,
		Amount: amount.Int64, Type: "Card", Method: strings.TrimSpace(cardType.String + " ending " + last4.String)}
	if kind.String == "SimplePurchaseOrder" {
		p.Type, p.Method = "PurchaseOrder", "Purchase Order "+po.String
	}
	return p, nil
}

// adjustmentsOf reads the promotions the cart got; byCoupon: one of them came with a coupon applied to the cart
// (without, the order uses no coupon: cart.Service.UseCoupons counts the coupons of these adjustments).
func adjustmentsOf(ctx context.Context, tx *db.Tx, c *cart.Cart) (out []order.Adjustment, byCoupon bool, err error) {
	rows, err := tx.Query(ctx, `SELECT name, promotionid, couponcode, targettype, adjustmentamount, cartcouponid
		FROM webcartadjustmentgroup WHERE webcartid = ? ORDER BY id`, c.ID)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	for rows.Next() {
		var a order.Adjustment
		var name, promo, code, target, cartCoupon sql.NullString
		var amount sql.NullInt64
		if err := rows.Scan(&name, &promo, &code, &target, &amount, &cartCoupon); err != nil {
			return nil, false, err
		}
		a.Name, a.PromotionID, a.CouponCode, a.TargetType, a.Amount = name.String, promo.String, code.String, target.String, amount.Int64
		out = append(out, a)
		byCoupon = byCoupon || cartCoupon.String != ""
	}
	return out, byCoupon, rows.Err()
}

// placement is the order the checkout's cart makes: its lines, groups, payment and totals.
func placement(sh *storecontext.Shopper, sess *session, c *cart.Cart, ship *shipment, pay order.Payment) *order.Placement {
	t := c.Totals
	p := &order.Placement{CheckoutID: sess.ID, StoreID: c.StoreID, AccountID: c.AccountID, OwnerID: c.OwnerID,
		Currency: c.Currency, PoNumber: c.PoNumber, OrderedDate: wire.DateTime(time.Now()),
		TotalProduct: t["totalproductamount"], TotalAdjustment: t["totalpromoadjustmentamount"],
		TotalAdjustedProduct: t["totalproductafteradjustments"], TotalDelivery: t["totalchargeamount"],
		TotalTax: t["totaltaxamount"], GrandTotal: t["grandtotalamount"], Lines: ship.lines, Groups: ship.groups,
		Payment: pay, BillToName: pay.FullName}
	if sh.Guest() {
		p.GuestEmail, p.GuestLastName, p.GuestPhone = sess.Email, sess.LastName, sess.Phone
	}
	return p
}
