package cart

import (
	"context"
	"database/sql"

	"storefront/internal/commerce/cart/calc"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// Delivery groups: where and how a cart's lines ship. Every cart has one default group (made when first needed);
// a line without CartDeliveryGroupId ships with it, so adding lines never has to know about groups. A group's
// delivery charge is the shipping fee of its selected OrderDeliveryMethod, priced by the one cart calculation
// (delivery promotions, tax) and stored on the group.

// deliveryGroupObject is CartDeliveryGroup (0a7, as the real checkout ids show), a detail of the cart.
func deliveryGroupObject() records.Object {
	amount := func(api, label string) records.Field { return records.ReadOnly(records.Currency(api, label)) }
	return records.StandardObject("CartDeliveryGroup", "Cart Delivery Group", "Cart Delivery Groups", "0a7", false,
		records.Required(records.Detail(records.Ref("CartId", "Cart ID", "WebCart"))),
		records.WithDefault(records.NameField("Name", 255), "Default Delivery"),
		records.Bool("IsDefault", "Default", false),
		records.Ref("ContactPointAddressId", "Address ID", "ContactPointAddress"),
		records.Text("DeliverToName", "Deliver To Name", 255),
		records.Text("DeliverToFirstName", "Deliver To First Name", 40),
		records.Text("DeliverToLastName", "Deliver To Last Name", 80),
		records.Text("CompanyName", "Company Name", 255),
		records.TextArea("DeliverToStreet", "Deliver To Street"),
		records.Text("DeliverToCity", "Deliver To City", 40),
		records.Text("DeliverToState", "Deliver To State", 80),
		records.Text("DeliverToPostalCode", "Deliver To Postal Code", 20),
		records.Text("DeliverToCountry", "Deliver To Country", 80),
		records.Text("DeliverToPhone", "Deliver To Phone", 40),
		records.Ref("DeliveryMethodId", "Delivery Method ID", "OrderDeliveryMethod"),
		records.DateTime("DesiredDeliveryDate", "Desired Delivery Date"),
		records.TextArea("ShippingInstructions", "Shipping Instructions"),
		amount("ShippingFee", "Shipping Fee"),
		amount("TotalAdjustmentAmount", "Delivery Adjustment Amount"),
		amount("AdjustedShippingFee", "Adjusted Shipping Fee"),
		amount("TotalTax", "Delivery Tax"),
	)
}

// DefaultGroup returns the id of the cart's default delivery group, creating it when the cart has none (and making
// the first group the default when groups exist but none is).
func (s *Service) DefaultGroup(ctx context.Context, tx *db.Tx, cartID string) (string, error) {
	var id string
	var isDefault bool
	err := tx.QueryRow(ctx, `SELECT id, isdefault FROM cartdeliverygroup WHERE cartid = ?
		ORDER BY isdefault DESC, createddate, id LIMIT 1`, cartID).Scan(&id, &isDefault)
	switch {
	case err == sql.ErrNoRows:
		recs, err := s.Engine.Insert(quiet(ctx), tx, records.System, "CartDeliveryGroup",
			[]map[string]any{{"CartId": cartID, "Name": "Default Delivery", "IsDefault": true}})
		if err != nil {
			return "", err
		}
		return recs[0].ID, nil
	case err != nil:
		return "", err
	case !isDefault:
		_, err = s.Engine.UpdateMany(quiet(ctx), tx, records.System, []records.Change{{ID: id,
			Values: map[string]any{"IsDefault": true}}}, records.UpdateOptions{})
	}
	return id, err
}

// deliveryCharges are the cart's groups that ship something with a delivery method, with their fees.
func deliveryCharges(ctx context.Context, q db.Querier, cartID string) ([]calc.DeliveryCharge, error) {
	rows, err := q.Query(ctx, `SELECT g.id, m.shippingfee FROM cartdeliverygroup g
		JOIN orderdeliverymethod m ON m.id = g.deliverymethodid
		WHERE g.cartid = ? AND EXISTS (SELECT 1 FROM cartitem i WHERE i.cartid = g.cartid AND i.type = 'Product'
			AND (i.cartdeliverygroupid = g.id OR (i.cartdeliverygroupid IS NULL AND g.isdefault)))
		ORDER BY g.id`, cartID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []calc.DeliveryCharge
	for rows.Next() {
		var c calc.DeliveryCharge
		var fee sql.NullInt64
		if err := rows.Scan(&c.GroupID, &fee); err != nil {
			return nil, err
		}
		c.Amount = calc.Cents(fee.Int64)
		out = append(out, c)
	}
	return out, rows.Err()
}

// storeCharges writes each group's priced charge; groups without one (no method, no lines) are set to zero.
func (s *Service) storeCharges(ctx context.Context, tx *db.Tx, cartID string, res []calc.ChargeResult) error {
	rows, err := tx.Query(ctx, `SELECT id, shippingfee, totaladjustmentamount, adjustedshippingfee, totaltax
		FROM cartdeliverygroup WHERE cartid = ?`, cartID)
	if err != nil {
		return err
	}
	defer rows.Close()
	byGroup := make(map[string]calc.ChargeResult, len(res))
	for _, r := range res {
		byGroup[r.GroupID] = r
	}
	var changes []records.Change
	for rows.Next() {
		var id string
		var fee, adjustment, adjusted, tax sql.NullInt64
		if err := rows.Scan(&id, &fee, &adjustment, &adjusted, &tax); err != nil {
			return err
		}
		r := byGroup[id]
		if sameCents(fee, r.Amount) && sameCents(adjustment, r.AdjustmentAmount) && sameCents(adjusted, r.AdjustedAmount) &&
			sameCents(tax, r.TotalTax) {
			continue // stored already: most changes move no charge, and a group written anyway is two statements more
		}
		changes = append(changes, records.Change{ID: id, Values: map[string]any{"ShippingFee": money(r.Amount),
			"TotalAdjustmentAmount": money(r.AdjustmentAmount), "AdjustedShippingFee": money(r.AdjustedAmount),
			"TotalTax": money(r.TotalTax)}})
	}
	if err := rows.Err(); err != nil {
		return err
	}
	_, err = s.Engine.UpdateMany(quiet(ctx), tx, records.System, changes, records.UpdateOptions{})
	return err
}
