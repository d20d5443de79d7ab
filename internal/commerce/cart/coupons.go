package cart

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Coupon is one coupon applied to a cart.
type Coupon struct {
	CartCouponID string `json:"cartCouponId"`
	CouponCode   string `json:"couponCode"`
}

// CouponList and CouponCollection are the real API's double wrapping (cartCoupons.cartCoupons.coupons[] in the
// cart items collection; the coupon POST answers the collection).
type CouponList struct {
	Coupons []Coupon `json:"coupons"`
}

type CouponCollection struct {
	CartCoupons CouponList `json:"cartCoupons"`
	CartID      string     `json:"cartId"`
	CartStatus  string     `json:"cartStatus"`
	OwnerID     *string    `json:"ownerId"`
}

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
		return validationErr("The coupon code %s isn't valid.", clip(code))
	}
	if err != nil {
		return err
	}
	today := time.Now().UTC().Format(records.DateLayout)
	switch {
	case status != "Active" || !active || (end.Valid && end.String < today):
		return validationErr("The coupon code %s has expired.", clip(code))
	case start.Valid && start.String > today:
		return validationErr("The coupon code %s isn't valid yet.", clip(code))
	case limit.Valid && used.Int64 >= limit.Int64:
		return validationErr("The coupon code %s has been used up.", clip(code))
	}
	var applied string
	err = tx.QueryRow(ctx, `SELECT id FROM webcartadjustmentbasis WHERE webcartid = ? AND couponid = ?`, c.ID, id).Scan(&applied)
	if err == nil {
		return validationErr("The coupon code %s is already applied to this cart.", clip(code))
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
		return httpx.NotFound("The requested resource does not exist: no coupon %q on this cart.", clip(rawID))
	}
	return s.Engine.DeleteMany(quiet(ctx), tx, records.System, []string{found})
}

// Coupons lists the coupons applied to the cart.
func Coupons(ctx context.Context, q db.Querier, c *Cart) (*CouponCollection, error) {
	rows, err := q.Query(ctx, `SELECT id, name FROM webcartadjustmentbasis WHERE webcartid = ? ORDER BY createddate, id`, c.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := &CouponCollection{CartCoupons: CouponList{Coupons: []Coupon{}}, CartID: c.ID, CartStatus: c.Status,
		OwnerID: optional(c.OwnerID)}
	for rows.Next() {
		var cp Coupon
		if err := rows.Scan(&cp.CartCouponID, &cp.CouponCode); err != nil {
			return nil, err
		}
		out.CartCoupons.Coupons = append(out.CartCoupons.Coupons, cp)
	}
	return out, rows.Err()
}

// Promotion is one promotion applied to the cart, as the cart items collection lists it.
type Promotion struct {
	AdjustmentAmount   string  `json:"adjustmentAmount"`
	CouponCode         *string `json:"couponCode"`
	CurrencyIsoCode    string  `json:"currencyIsoCode"`
	DisplayName        string  `json:"displayName"`
	PromotionID        string  `json:"promotionId"`
	TargetType         string  `json:"targetType"`
	TermsAndConditions *string `json:"termsAndConditions"`
}

// PromotionList and PromotionCollection are the double wrapping of cartPromotions.promotions.promotions[].
type PromotionList struct {
	Promotions []Promotion `json:"promotions"`
}

type PromotionCollection struct {
	Promotions PromotionList `json:"promotions"`
}

// Promotions lists the promotions the last calculation applied to the cart.
func Promotions(ctx context.Context, q db.Querier, c *Cart) (*PromotionCollection, error) {
	rows, err := q.Query(ctx, `SELECT promotionid, name, termsandconditions, couponcode, targettype, adjustmentamount
		FROM webcartadjustmentgroup WHERE webcartid = ? ORDER BY adjustmentamount, promotionid`, c.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := &PromotionCollection{Promotions: PromotionList{Promotions: []Promotion{}}}
	for rows.Next() {
		var p Promotion
		var terms, code, target sql.NullString
		var amt int64
		if err := rows.Scan(&p.PromotionID, &p.DisplayName, &terms, &code, &target, &amt); err != nil {
			return nil, err
		}
		p.TermsAndConditions, p.CouponCode, p.TargetType = optional(terms.String), optional(code.String), target.String
		p.AdjustmentAmount, p.CurrencyIsoCode = amount(amt), orElse(c.Currency, "USD")
		out.Promotions.Promotions = append(out.Promotions.Promotions, p)
	}
	return out, rows.Err()
}
