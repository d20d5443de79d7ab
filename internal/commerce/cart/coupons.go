package cart

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// ApplyCoupon applies the coupon with the code to the shopper's cart (ref; created when there is none) and
// returns the cart after the change.
func (s *Service) ApplyCoupon(ctx context.Context, sh *storecontext.Shopper, ref, code string) (*Cart, error) {
	return s.change(ctx, sh, ref, true, func(tx *db.Tx, c *Cart) error {
		return s.applyCoupon(ctx, tx, c, sh.Principal.UserID, code)
	})
}

// RemoveCoupon takes an applied coupon (its cartCouponId) off the shopper's cart.
func (s *Service) RemoveCoupon(ctx context.Context, sh *storecontext.Shopper, ref, cartCouponID string) error {
	_, err := s.change(ctx, sh, ref, false, func(tx *db.Tx, c *Cart) error {
		return s.removeCoupon(ctx, tx, c, cartCouponID)
	})
	return err
}

// ApplyCouponTx and RemoveCouponTx change the cart's coupons in tx (the checkout's coupon calls); the caller
// recalculates.
func (s *Service) ApplyCouponTx(ctx context.Context, tx *db.Tx, c *Cart, actorID, code string) error {
	return s.applyCoupon(ctx, tx, c, actorID, code)
}

func (s *Service) RemoveCouponTx(ctx context.Context, tx *db.Tx, c *Cart, couponID string) error {
	return s.removeCoupon(ctx, tx, c, couponID)
}

// applyCoupon adds the coupon with the code to the cart c in tx. An unknown, inactive, expired or used-up code is
// CART_VALIDATION_ERROR, as is a code already applied.
func (s *Service) applyCoupon(ctx context.Context, tx *db.Tx, c *Cart, actorID, code string) error {
	code = strings.TrimSpace(code)
	if code == "" || len(code) > 80 {
		return httpx.BadRequest("INVALID_API_INPUT", "couponCode is required (80 characters at most).")
	}
	var id, promotion, status string
	var start, end sql.NullString
	var limit, used sql.NullInt64
	var active bool
	err := tx.QueryRow(ctx, `SELECT c.id, c.promotionid, c.status, c.startdate, c.enddate, c.usagelimit, c.usagecount,
		p.isactive FROM coupon c JOIN promotion p ON p.id = c.promotionid WHERE UPPER(c.couponcode) = UPPER(?)`, code).
		Scan(&id, &promotion, &status, &start, &end, &limit, &used, &active)
	if errors.Is(err, sql.ErrNoRows) {
		return validationErr("The coupon code %s isn't valid.", httpx.Clip(code))
	}
	if err != nil {
		return err
	}
	today := time.Now().UTC().Format(records.DateLayout)
	switch {
	case status != "Active" || !active || (end.Valid && end.String < today):
		return validationErr("The coupon code %s has expired.", httpx.Clip(code))
	case start.Valid && start.String > today:
		return validationErr("The coupon code %s isn't valid yet.", httpx.Clip(code))
	case limit.Valid && used.Int64 >= limit.Int64:
		return validationErr("The coupon code %s has been used up.", httpx.Clip(code))
	}
	var applied string
	err = tx.QueryRow(ctx, `SELECT id FROM webcartadjustmentbasis WHERE webcartid = ? AND couponid = ?`, c.ID, id).Scan(&applied)
	if err == nil {
		return validationErr("The coupon code %s is already applied to this cart.", httpx.Clip(code))
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	var canonical string
	if err := tx.QueryRow(ctx, `SELECT couponcode FROM coupon WHERE id = ?`, id).Scan(&canonical); err != nil {
		return err
	}
	_, err = s.Engine.Insert(quiet(ctx), tx, records.SystemFor(actorID), "WebCartAdjustmentBasis",
		[]map[string]any{{"WebCartId": c.ID, "CouponId": id, "Name": canonical}})
	return err
}

// removeCoupon takes the applied coupon (its cartCouponId) off the cart c in tx.
func (s *Service) removeCoupon(ctx context.Context, tx *db.Tx, c *Cart, rawID string) error {
	id, ok := records.NormalizeID(rawID)
	var found string
	if ok {
		err := tx.QueryRow(ctx, `SELECT id FROM webcartadjustmentbasis WHERE id = ? AND webcartid = ?`, id, c.ID).Scan(&found)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
	}
	if found == "" {
		return httpx.NotFound("The requested resource does not exist: no coupon %q on this cart.", httpx.Clip(rawID))
	}
	return s.Engine.DeleteMany(quiet(ctx), tx, records.System, []string{found})
}

// checkCoupons is WebCartAdjustmentBasis's before-save rule: coupons are applied to open carts that are not
// read-only.
func checkCoupons(ctx context.Context, ev *records.SaveEvent) error {
	carts, err := cartsOf(ctx, ev.Tx, ev.Records, "WebCartId")
	if err != nil {
		return err
	}
	for _, c := range carts {
		if c.Type == TypePayNow {
			return readOnlyCart(c.ID)
		}
		if closed(c.Status) {
			return refusalOf("The cart %s is closed: its coupons can't change.", c.ID[:15])
		}
	}
	return nil
}

// LockCoupons locks the coupons applied to the cart until tx ends (PostgreSQL; SQLite's one writer serialises
// every write transaction already), in id order, so that orders racing for a coupon's last use take turns: each
// sees the use count the one before it left.
func LockCoupons(ctx context.Context, tx *db.Tx, cartID string) error {
	if tx.Dialect() != db.Postgres {
		return nil
	}
	_, err := db.Strings(ctx, tx, `SELECT id FROM coupon WHERE id IN (SELECT couponid FROM webcartadjustmentbasis
		WHERE webcartid = ?) ORDER BY id FOR UPDATE`, cartID)
	return err
}

// UseCoupons counts one use of each coupon whose promotion the cart's calculation applied: a coupon applied to
// the cart whose promotion did not apply (or was used up) is not counted. Call it in the order's transaction after
// LockCoupons and Reprice; the Coupon hook refuses a count past the limit whoever writes it.
func (s *Service) UseCoupons(ctx context.Context, tx *db.Tx, cartID string) error {
	rows, err := tx.Query(ctx, `SELECT c.id, COALESCE(c.usagecount, 0) FROM coupon c
		WHERE c.id IN (SELECT b.couponid FROM webcartadjustmentbasis b JOIN webcartadjustmentgroup g
			ON g.cartcouponid = b.id WHERE b.webcartid = ? AND g.webcartid = ?) ORDER BY c.id`, cartID, cartID)
	if err != nil {
		return err
	}
	var changes []records.Change
	for rows.Next() {
		var id string
		var n int64
		if err := rows.Scan(&id, &n); err != nil {
			rows.Close()
			return err
		}
		changes = append(changes, records.Change{ID: id, Values: map[string]any{"UsageCount": n + 1}})
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(changes) == 0 {
		return err
	}
	_, err = s.Engine.UpdateMany(ctx, tx, records.System, changes, records.UpdateOptions{})
	return err
}

// beforeCouponSave keeps a coupon's use count within its limit: a count raised past the limit is refused, for
// every writer (an order's use, staff through the records API). Lowering the limit below the count is allowed
// (it ends the coupon); the count may then not grow. Like a promotion, a coupon does not end before it starts.
func beforeCouponSave(_ context.Context, ev *records.SaveEvent) error {
	for i, rec := range ev.Records {
		if err := datesInOrder(rec); err != nil {
			return err
		}
		limit, hasLimit := rec.Values["UsageLimit"].(int64)
		used, _ := rec.Values["UsageCount"].(int64)
		var before int64
		if ev.Old != nil && ev.Old[i] != nil {
			before, _ = ev.Old[i].Values["UsageCount"].(int64)
		}
		if hasLimit && used > limit && used > before {
			return &records.WriteError{Status: http.StatusBadRequest, Errors: []records.FieldError{{
				Code: "FIELD_CUSTOM_VALIDATION_EXCEPTION", Field: "UsageCount",
				Message: fmt.Sprintf("The coupon %s is used up: %d uses of %d.", rec.String("CouponCode"), used, limit)}}}
		}
	}
	return nil
}
