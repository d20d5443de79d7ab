package cart

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Changes of a cart's delivery groups (the delivery-group calls and the checkout's shipping step): each runs in a
// change of the groups only (changeGroups), which recalculates the cart (a group's method sets its charge, its
// address the tax region). A second group exists only where the store enables split shipment.

// GroupInput is the body of a delivery group create or update, and the shipping part of a checkout PATCH.
type GroupInput struct {
	Name                 *string       `json:"name"`
	DeliveryAddress      *AddressInput `json:"deliveryAddress"`
	DeliveryMethodID     *string       `json:"deliveryMethodId"`
	DesiredDeliveryDate  *string       `json:"desiredDeliveryDate"`
	ShippingInstructions *string       `json:"shippingInstructions"`
}

// GroupValues checks the input and returns the group's stored values it sets.
func (s *Service) GroupValues(ctx context.Context, tx *db.Tx, sh *storecontext.Shopper, in *GroupInput) (map[string]any, error) {
	v := map[string]any{}
	if in.Name != nil {
		if err := CheckText("name", *in.Name, 255); err != nil {
			return nil, err
		}
		v["Name"] = nilIfBlank(*in.Name)
	}
	if in.DeliveryAddress != nil {
		addr, err := in.DeliveryAddress.Resolve(ctx, s.Engine, tx, sh)
		if err != nil {
			return nil, err
		}
		for k, x := range addr {
			v[k] = x
		}
	}
	if in.DeliveryMethodID != nil {
		id, ok := records.NormalizeID(strings.TrimSpace(*in.DeliveryMethodID))
		var active bool
		err := sql.ErrNoRows
		if ok {
			err = tx.QueryRow(ctx, `SELECT isactive FROM orderdeliverymethod WHERE id = ?`, id).Scan(&active)
		}
		if errors.Is(err, sql.ErrNoRows) || (err == nil && !active) {
			return nil, httpx.NotFound("The requested resource does not exist: no delivery method %q.", httpx.Clip(*in.DeliveryMethodID))
		}
		if err != nil {
			return nil, err
		}
		v["DeliveryMethodId"] = id
	}
	if in.DesiredDeliveryDate != nil {
		raw := strings.TrimSpace(*in.DesiredDeliveryDate)
		if raw == "" {
			v["DesiredDeliveryDate"] = nil
		} else {
			t, err := time.Parse(time.RFC3339Nano, raw)
			if err != nil {
				if t, err = time.Parse(records.DateLayout, raw); err != nil {
					return nil, httpx.BadRequest("INVALID_API_INPUT", "desiredDeliveryDate must be an ISO 8601 date or date and time.")
				}
			}
			// A day before today (UTC) is past wherever the buyer is; the day of grace covers zones behind UTC.
			if t.UTC().Before(time.Now().UTC().Truncate(24 * time.Hour).Add(-24 * time.Hour)) {
				return nil, httpx.BadRequest("INVALID_API_INPUT", "desiredDeliveryDate %q is in the past.", httpx.Clip(raw))
			}
			v["DesiredDeliveryDate"] = t.UTC().Format(records.DateTimeLayout)
		}
	}
	if in.ShippingInstructions != nil {
		if err := CheckText("shippingInstructions", *in.ShippingInstructions, 1000); err != nil {
			return nil, err
		}
		v["ShippingInstructions"] = nilIfBlank(*in.ShippingInstructions)
	}
	return v, nil
}

// UpdateGroup writes values to the cart's group (its default group when groupID is empty) in tx; an id that is
// not a group of the cart is 404.
func (s *Service) UpdateGroup(ctx context.Context, tx *db.Tx, c *Cart, groupID string, v map[string]any) (string, error) {
	if groupID == "" {
		row, err := s.DefaultGroupRow(ctx, tx, c.ID)
		if err != nil {
			return "", err
		}
		groupID = row.ID
	} else if err := groupOf(ctx, tx, c, groupID); err != nil {
		return "", err
	}
	return groupID, s.WriteGroup(ctx, tx, groupID, v)
}

// WriteGroup writes the values v (none: nothing) to the cart's delivery group id, which the caller found in tx.
func (s *Service) WriteGroup(ctx context.Context, tx *db.Tx, id string, v map[string]any) error {
	if len(v) == 0 {
		return nil
	}
	_, err := s.Engine.UpdateMany(quiet(ctx), tx, records.System, []records.Change{{ID: id, Values: v}}, records.UpdateOptions{})
	return err
}

// groupOf checks that the (normalised) id is one of the cart's delivery groups.
func groupOf(ctx context.Context, q db.Querier, c *Cart, id string) error {
	var n int
	if err := q.QueryRow(ctx, `SELECT COUNT(*) FROM cartdeliverygroup WHERE id = ? AND cartid = ?`, id, c.ID).Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		return groupNotFound(id)
	}
	return nil
}

// GroupNotFound is the 404 of a delivery group id that is not one of the cart's.
func GroupNotFound(id string) error { return groupNotFound(id) }

func groupNotFound(id string) error {
	return httpx.NotFound("The requested resource does not exist: no delivery group %q in this cart.", httpx.Clip(id))
}

// GroupCollection is the delivery group collection.
type GroupCollection struct {
	Count int              `json:"count"`
	Items []*DeliveryGroup `json:"items"`
}

// distinct is a set of the ids.
func distinct(ids []string) map[string]bool {
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out
}

// MaxGroups bounds a cart's delivery groups.
const MaxGroups = 50

// Group reads one of the cart's delivery groups with its first itemLimit lines; an id not of the cart is 404.
func (s *Service) Group(ctx context.Context, c *Cart, id string, itemLimit int) (*DeliveryGroup, error) {
	groups, err := s.DeliveryGroups(ctx, s.DB, c, itemLimit, false)
	if err != nil {
		return nil, err
	}
	for _, g := range groups {
		if g.ID == id {
			return g, nil
		}
	}
	return nil, groupNotFound(id)
}

// CreateGroup adds a further delivery group to the shopper's cart (split shipment only, which the group rules
// keep) and returns the cart after the change and the new group's id.
func (s *Service) CreateGroup(ctx context.Context, sh *storecontext.Shopper, ref string, in *GroupInput) (*Cart, string, error) {
	var id string
	c, err := s.changeGroups(ctx, sh, ref, func(tx *db.Tx, c *Cart) error {
		v, err := s.GroupValues(ctx, tx, sh, in)
		if err != nil {
			return err
		}
		if _, err := s.DefaultGroup(ctx, tx, c.ID); err != nil {
			return err
		}
		var n int // the groups there are, for the new one's name (the group rules count them too: checkGroups)
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM cartdeliverygroup WHERE cartid = ?`, c.ID).Scan(&n); err != nil {
			return err
		}
		v["CartId"], v["IsDefault"] = c.ID, false
		if v["Name"] == nil {
			v["Name"] = "Delivery " + strconv.Itoa(n+1)
		}
		recs, err := s.Engine.Insert(quiet(ctx), tx, records.System, "CartDeliveryGroup", []map[string]any{v})
		if err == nil {
			id = recs[0].ID
		}
		return err
	})
	return c, id, err
}

// EditGroup changes one delivery group of the shopper's cart and returns the cart after the change.
func (s *Service) EditGroup(ctx context.Context, sh *storecontext.Shopper, ref, id string, in *GroupInput) (*Cart, error) {
	return s.changeGroups(ctx, sh, ref, func(tx *db.Tx, c *Cart) error {
		v, err := s.GroupValues(ctx, tx, sh, in)
		if err != nil {
			return err
		}
		_, err = s.UpdateGroup(ctx, tx, c, id, v)
		return err
	})
}

// DeleteGroup deletes a delivery group of the shopper's cart: its lines move to the default group, which itself
// cannot be deleted.
func (s *Service) DeleteGroup(ctx context.Context, sh *storecontext.Shopper, ref, id string) error {
	_, err := s.changeGroups(ctx, sh, ref, func(tx *db.Tx, c *Cart) error {
		if err := groupOf(ctx, tx, c, id); err != nil {
			return err
		}
		def, err := s.DefaultGroup(ctx, tx, c.ID)
		if err != nil {
			return err
		}
		if def == id {
			return httpx.BadRequest("INVALID_API_INPUT", "The default delivery group can't be deleted.")
		}
		return s.Engine.DeleteMany(quiet(ctx), tx, records.System, []string{id}) // its lines' references are cleared
	})
	return err
}

// Arrangement puts the cart's lines (cartItemIds) in a delivery group.
type Arrangement struct {
	DeliveryGroupID string   `json:"deliveryGroupId"`
	CartItemIDs     []string `json:"cartItemIds"`
}

// ArrangeItems moves lines of the shopper's cart between its delivery groups in one change, and with deleteEmpty
// deletes the groups (but the default) left without lines. It returns the cart after the change.
func (s *Service) ArrangeItems(ctx context.Context, sh *storecontext.Shopper, ref string, arrangements []Arrangement,
	deleteEmpty bool) (*Cart, error) {
	return s.changeGroups(ctx, sh, ref, func(tx *db.Tx, c *Cart) error {
		def, err := s.DefaultGroup(ctx, tx, c.ID)
		if err != nil {
			return err
		}
		groups, err := db.Strings(ctx, tx, `SELECT id FROM cartdeliverygroup WHERE cartid = ?`, c.ID)
		if err != nil {
			return err
		}
		lines, err := db.Strings(ctx, tx, `SELECT id FROM cartitem WHERE cartid = ?`, c.ID)
		if err != nil {
			return err
		}
		isGroup, isLine := distinct(groups), distinct(lines)
		var changes []records.Change
		seen := map[string]bool{}
		for _, a := range arrangements {
			gid, ok := records.NormalizeID(strings.TrimSpace(a.DeliveryGroupID))
			if !ok || !isGroup[gid] {
				return groupNotFound(a.DeliveryGroupID)
			}
			if gid != def && !sh.Store.SplitShipmentEnabled {
				return httpx.BadRequest("INVALID_API_INPUT", "Split shipment isn't enabled.")
			}
			for _, raw := range a.CartItemIDs {
				id, ok := records.NormalizeID(strings.TrimSpace(raw))
				if !ok || !isLine[id] {
					return itemNotFound(raw)
				}
				if seen[id] {
					return httpx.BadRequest("INVALID_API_INPUT", "Cart item %q is arranged twice.", httpx.Clip(raw))
				}
				seen[id] = true
				var target any = gid
				if gid == def {
					target = nil
				}
				changes = append(changes, records.Change{ID: id, Values: map[string]any{"CartDeliveryGroupId": target}})
			}
		}
		if len(changes) > 0 {
			if _, err := s.Engine.UpdateMany(quiet(ctx), tx, records.System, changes, records.UpdateOptions{}); err != nil {
				return err
			}
		}
		if !deleteEmpty {
			return nil
		}
		empty, err := db.Strings(ctx, tx, `SELECT g.id FROM cartdeliverygroup g WHERE g.cartid = ? AND NOT g.isdefault
			AND NOT EXISTS (SELECT 1 FROM cartitem i WHERE i.cartdeliverygroupid = g.id)`, c.ID)
		if err != nil {
			return err
		}
		return s.Engine.DeleteMany(quiet(ctx), tx, records.System, empty)
	})
}
