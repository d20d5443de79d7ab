package cart

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

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
	var first *group
	var g group
	err := tx.QueryRow(ctx, `SELECT id, isdefault FROM cartdeliverygroup WHERE cartid = ?
		ORDER BY isdefault DESC, createddate, id LIMIT 1`, cartID).Scan(&g.id, &g.isDefault)
	switch {
	case err == nil:
		first = &g
	case err != sql.ErrNoRows:
		return "", err
	}
	return s.ensureDefault(ctx, tx, cartID, first)
}

// DefaultGroupRow is DefaultGroup's group as a row read (on PostgreSQL locked) in tx and kept there for its update
// (records.Engine.LockFirst): a checkout step that writes the default group reads it once, where finding it and
// the engine's read before the update took two statements.
func (s *Service) DefaultGroupRow(ctx context.Context, tx *db.Tx, cartID string) (*records.Record, error) {
	row, err := s.Engine.LockFirst(ctx, tx, "CartDeliveryGroup", "x.cartid = ?", "x.isdefault DESC, x.createddate, x.id", cartID)
	if err != nil || (row != nil && row.Get("IsDefault") == true) {
		return row, err
	}
	var first *group // none is the default: the first is made so, or one is made
	if row != nil {
		first = &group{id: row.ID}
	}
	id, err := s.ensureDefault(ctx, tx, cartID, first)
	if err != nil {
		return nil, err
	}
	rows, err := s.Engine.LockRows(ctx, tx, "CartDeliveryGroup", id)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("cart: the default delivery group %s of cart %s is gone", id, cartID)
	}
	return rows[0], nil
}

// ensureDefault makes first, the cart's first group in default order (nil: none), its default group, or creates
// the default group of a cart without groups; it returns the default group's id.
func (s *Service) ensureDefault(ctx context.Context, tx *db.Tx, cartID string, first *group) (string, error) {
	if first == nil {
		recs, err := s.Engine.Insert(quiet(ctx), tx, records.System, "CartDeliveryGroup",
			[]map[string]any{{"CartId": cartID, "Name": "Default Delivery", "IsDefault": true}})
		if err != nil {
			return "", err
		}
		return recs[0].ID, nil
	}
	if !first.isDefault {
		if _, err := s.Engine.UpdateMany(quiet(ctx), tx, records.System, []records.Change{{ID: first.id,
			Values: map[string]any{"IsDefault": true}}}, records.UpdateOptions{}); err != nil {
			return "", err
		}
		first.isDefault = true
	}
	return first.id, nil
}

// group is a cart's delivery group as the calculation needs it: where it ships to, its method's fee, and the
// amounts the last calculation stored on it.
type group struct {
	id                             string
	isDefault                      bool
	country, state                 sql.NullString // DeliverToCountry and DeliverToState
	method                         sql.NullString // the delivery method, when it has one
	methodFee                      sql.NullInt64  // the method's shipping fee
	fee, adjustment, adjusted, tax sql.NullInt64
}

// readGroups reads the cart's delivery groups with their methods' fees, the default first, and what else decides
// its tax region (one statement).
func readGroups(ctx context.Context, q db.Querier, c *Cart) ([]group, shipRegion, error) {
	var region shipRegion
	rows, err := q.Query(ctx, `SELECT `+shipRegionColumns+`, g.id, g.isdefault, g.delivertocountry, g.delivertostate,
		m.id, m.shippingfee, g.shippingfee, g.totaladjustmentamount, g.adjustedshippingfee, g.totaltax
		FROM webstore w LEFT JOIN account a ON a.id = ? LEFT JOIN cartdeliverygroup g ON g.cartid = ?
		LEFT JOIN orderdeliverymethod m ON m.id = g.deliverymethodid WHERE w.id = ?
		ORDER BY g.isdefault DESC, g.createddate, g.id`, c.AccountID, c.ID, c.StoreID)
	if err != nil {
		return nil, region, err
	}
	defer rows.Close()
	var out []group
	for rows.Next() {
		var g group
		var id sql.NullString
		var isDefault sql.NullBool
		if err := rows.Scan(append(region.dest(), &id, &isDefault, &g.country, &g.state, &g.method, &g.methodFee,
			&g.fee, &g.adjustment, &g.adjusted, &g.tax)...); err != nil {
			return nil, region, err
		}
		region.found = true
		if id.Valid { // no group: one row of the store's and the account's columns
			g.id, g.isDefault = id.String, isDefault.Bool
			out = append(out, g)
		}
	}
	return out, region, rows.Err()
}

// withDefaultGroup makes sure the cart, whose groups (in default order) are groups, has a default group: every
// priced cart has a group to ship its lines. It returns the groups with it.
func (s *Service) withDefaultGroup(ctx context.Context, tx *db.Tx, cartID string, groups []group) ([]group, error) {
	if len(groups) > 0 {
		_, err := s.ensureDefault(ctx, tx, cartID, &groups[0])
		return groups, err
	}
	id, err := s.ensureDefault(ctx, tx, cartID, nil)
	return []group{{id: id, isDefault: true}}, err
}

// deliveryCharges are the groups that ship something (a product line of the group, or without a group when it is
// the default) with a delivery method, with their fees, by group id.
func deliveryCharges(groups []group, lines []line) []calc.DeliveryCharge {
	var out []calc.DeliveryCharge
	for _, g := range groups {
		if !g.method.Valid {
			continue
		}
		if slices.ContainsFunc(lines, func(l line) bool { return l.groupID == g.id || (l.groupID == "" && g.isDefault) }) {
			out = append(out, calc.DeliveryCharge{GroupID: g.id, Amount: calc.Cents(g.methodFee.Int64)})
		}
	}
	slices.SortFunc(out, func(a, b calc.DeliveryCharge) int { return strings.Compare(a.GroupID, b.GroupID) })
	return out
}

// storeCharges writes each group's priced charge; groups without one (no method, no lines) are set to zero. wrote
// reports whether a group was written.
func (s *Service) storeCharges(ctx context.Context, tx *db.Tx, groups []group, res []calc.ChargeResult) (wrote bool, err error) {
	byGroup := make(map[string]calc.ChargeResult, len(res))
	for _, r := range res {
		byGroup[r.GroupID] = r
	}
	var changes []records.Change
	for _, g := range groups {
		r := byGroup[g.id]
		if sameCents(g.fee, r.Amount) && sameCents(g.adjustment, r.AdjustmentAmount) &&
			sameCents(g.adjusted, r.AdjustedAmount) && sameCents(g.tax, r.TotalTax) {
			continue // stored already: most changes move no charge, and a group written anyway is two statements more
		}
		changes = append(changes, records.Change{ID: g.id, Values: map[string]any{"ShippingFee": money(r.Amount),
			"TotalAdjustmentAmount": money(r.AdjustmentAmount), "AdjustedShippingFee": money(r.AdjustedAmount),
			"TotalTax": money(r.TotalTax)}})
	}
	_, err = s.Engine.UpdateMany(quiet(ctx), tx, records.System, changes, records.UpdateOptions{})
	return len(changes) > 0, err
}
