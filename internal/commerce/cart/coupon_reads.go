package cart

import (
	"context"
	"database/sql"

	"storefront/internal/platform/db"
)

// Reads of what applies to a cart's prices, as the cart calls answer them: its coupons and the promotions its last
// calculation applied.

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
