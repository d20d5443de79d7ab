package cart

import (
	"context"
	"database/sql"

	"storefront/internal/platform/db"
)

// DeliveryGroup is the wire's Delivery Group.
type DeliveryGroup struct {
	AvailableDeliveryMethods []DeliveryMethod `json:"availableDeliveryMethods"`
	CartID                   string           `json:"cartId"`
	CartItems                *GroupItems      `json:"cartItems,omitempty"`
	DeliveryAddress          *Address         `json:"deliveryAddress"`
	DesiredDeliveryDate      *string          `json:"desiredDeliveryDate"`
	Errors                   []any            `json:"errors"`
	ID                       string           `json:"id"`
	IsDefault                bool             `json:"isDefault"`
	Name                     string           `json:"name"`
	SelectedDeliveryMethod   *DeliveryMethod  `json:"selectedDeliveryMethod"`
	ShippingInstructions     *string          `json:"shippingInstructions"`
	TotalCartItemCount       int64            `json:"totalCartItemCount"`
	TotalProductAmount       string           `json:"totalProductAmount"`

	methodID string
}

// GroupItems are the lines of a group (cartItemLimit of them).
type GroupItems struct {
	CartItems []*Item `json:"cartItems"`
}

// DeliveryMethod is the wire's Delivery Method; the fee of a selected one is the group's priced charge.
type DeliveryMethod struct {
	AdjustedShippingFee   string  `json:"adjustedShippingFee"`
	Carrier               *string `json:"carrier"`
	ClassOfService        *string `json:"classOfService"`
	CurrencyIsoCode       string  `json:"currencyIsoCode"`
	ID                    string  `json:"id"`
	Name                  string  `json:"name"`
	ProcessTime           *int64  `json:"processTime"`
	ProcessTimeUnit       *string `json:"processTimeUnit"`
	ShippingFee           string  `json:"shippingFee"`
	TotalAdjustmentAmount string  `json:"totalAdjustmentAmount"`
	TransitTimeMax        *int64  `json:"transitTimeMax"`
	TransitTimeMin        *int64  `json:"transitTimeMin"`
	TransitTimeUnit       *string `json:"transitTimeUnit"`
}

// DeliveryMethods lists the active delivery methods.
func DeliveryMethods(ctx context.Context, q db.Querier, currency string) ([]DeliveryMethod, error) {
	rows, err := q.Query(ctx, `SELECT id, name, carrier, classofservice, shippingfee, processtime, processtimeunit,
		transittimemin, transittimemax, transittimeunit FROM orderdeliverymethod WHERE isactive ORDER BY shippingfee, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []DeliveryMethod{}
	for rows.Next() {
		var m DeliveryMethod
		var carrier, class, ptu, ttu sql.NullString
		var fee, pt, tmin, tmax sql.NullInt64
		if err := rows.Scan(&m.ID, &m.Name, &carrier, &class, &fee, &pt, &ptu, &tmin, &tmax, &ttu); err != nil {
			return nil, err
		}
		m.Carrier, m.ClassOfService = optional(carrier.String), optional(class.String)
		m.ShippingFee, m.AdjustedShippingFee, m.TotalAdjustmentAmount = amount(fee.Int64), amount(fee.Int64), amount(0)
		m.ProcessTimeUnit, m.TransitTimeUnit, m.CurrencyIsoCode = optional(ptu.String), optional(ttu.String), currency
		m.ProcessTime, m.TransitTimeMin, m.TransitTimeMax = optInt(pt), optInt(tmin), optInt(tmax)
		out = append(out, m)
	}
	return out, rows.Err()
}

func optInt(v sql.NullInt64) *int64 {
	if !v.Valid {
		return nil
	}
	return &v.Int64
}

// DeliveryGroups reads the cart's delivery groups with their line counts and amounts, default first, and the first
// cartItemLimit lines of each (0: none). With dropEmpty, groups without lines are left out, and when none of those
// left is the default the first one is shown as default (the client's rule, kept on the server too).
func (s *Service) DeliveryGroups(ctx context.Context, q db.Querier, c *Cart, cartItemLimit int, dropEmpty bool) ([]*DeliveryGroup, error) {
	rows, err := q.Query(ctx, `SELECT g.id, g.name, g.isdefault, g.contactpointaddressid, g.delivertoname,
		g.delivertofirstname, g.delivertolastname, g.companyname, g.delivertostreet, g.delivertocity, g.delivertostate,
		g.delivertopostalcode, g.delivertocountry, g.delivertophone, g.deliverymethodid, g.desireddeliverydate,
		g.shippinginstructions, g.shippingfee, g.totaladjustmentamount, g.adjustedshippingfee,
		(SELECT COUNT(*) FROM cartitem i WHERE i.cartid = g.cartid AND i.type = 'Product'
			AND (i.cartdeliverygroupid = g.id OR (i.cartdeliverygroupid IS NULL AND g.isdefault))),
		(SELECT SUM(i.totalprice) FROM cartitem i WHERE i.cartid = g.cartid AND i.type = 'Product'
			AND (i.cartdeliverygroupid = g.id OR (i.cartdeliverygroupid IS NULL AND g.isdefault)))
		FROM cartdeliverygroup g WHERE g.cartid = ? ORDER BY g.isdefault DESC, g.createddate, g.id`, c.ID)
	if err != nil {
		return nil, err
	}
	var out []*DeliveryGroup
	fees := map[string][3]int64{}
	for rows.Next() {
		g := &DeliveryGroup{CartID: c.ID, Errors: []any{}}
		var addr Address
		var cpa, name, first, last, company, street, city, state, postal, country, phone, method, desired, instr sql.NullString
		var fee, adj, adjusted, products sql.NullInt64
		if err := rows.Scan(&g.ID, &g.Name, &g.IsDefault, &cpa, &name, &first, &last, &company, &street, &city,
			&state, &postal, &country, &phone, &method, &desired, &instr, &fee, &adj, &adjusted,
			&g.TotalCartItemCount, &products); err != nil {
			rows.Close()
			return nil, err
		}
		if street.Valid || country.Valid {
			addr = Address{ID: optional(cpa.String), Name: name.String, FirstName: first.String, LastName: last.String,
				CompanyName: company.String, Street: street.String, City: city.String, Region: state.String,
				PostalCode: postal.String, Country: country.String, PhoneNumber: phone.String}
			g.DeliveryAddress = &addr
		}
		g.methodID, g.DesiredDeliveryDate, g.ShippingInstructions = method.String, optional(desired.String), optional(instr.String)
		g.TotalProductAmount = amount(products.Int64)
		fees[g.ID] = [3]int64{fee.Int64, adj.Int64, adjusted.Int64}
		if dropEmpty && g.TotalCartItemCount == 0 {
			continue
		}
		out = append(out, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) > 0 && !out[0].IsDefault {
		out[0].IsDefault = true
	}
	methods, err := DeliveryMethods(ctx, q, orElse(c.Currency, "USD"))
	if err != nil {
		return nil, err
	}
	for _, g := range out {
		g.AvailableDeliveryMethods = methods
		for _, m := range methods {
			if m.ID == g.methodID {
				f := fees[g.ID]
				m.ShippingFee, m.TotalAdjustmentAmount, m.AdjustedShippingFee = amount(f[0]), amount(f[1]), amount(f[2])
				g.SelectedDeliveryMethod = &m
			}
		}
		if cartItemLimit > 0 {
			cond := "(i.cartdeliverygroupid = ? OR (i.cartdeliverygroupid IS NULL AND ?)) AND i.type = 'Product'"
			items, err := s.loadItems(ctx, q, c, itemQuery{cond: cond, args: []any{g.ID, g.IsDefault},
				order: sortOrders["CreatedDateAsc"], limit: cartItemLimit})
			if err != nil {
				return nil, err
			}
			if items == nil {
				items = []*Item{}
			}
			g.CartItems = &GroupItems{CartItems: items}
		}
	}
	return out, nil
}
