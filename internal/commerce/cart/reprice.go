package cart

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"sort"
	"strconv"

	"storefront/internal/commerce/cart/calc"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// Reprice prices the cart c again in tx (the catalog's prices, today's promotions and the coupons' dates and use
// counts as tx sees them) and reports whether the result differs from what was stored by its last calculation: a
// price raised or cut, a promotion or coupon that ended or was used up since. A changed result is stored (the
// revision moves, so a checkout started before it is stale); an unchanged one writes nothing. Placing an order
// calls it, so that an order never charges what the buyer was not shown. Lock the cart's coupons first
// (LockCoupons) so that their use counts cannot move before the order counts its uses.
func (s *Service) Reprice(ctx context.Context, tx *db.Tx, c *Cart) (changed bool, err error) {
	in, lines, res, err := s.price(ctx, tx, c)
	if err != nil {
		return false, err
	}
	same, err := s.storedResult(ctx, tx, c, lines, res)
	if err != nil || same {
		return false, err
	}
	return true, s.store(ctx, tx, c, in, lines, res)
}

// storedResult reports whether the cart as stored already holds the calculation's result: every line's amounts,
// the applied promotions (and the coupons that unlocked them) and the totals.
func (s *Service) storedResult(ctx context.Context, tx *db.Tx, c *Cart, lines []line, res calc.Result) (bool, error) {
	for i, l := range res.Lines {
		if lines[i].id != l.ID || !lines[i].unchanged(l) {
			return false, nil
		}
	}
	sum := res.Summary
	for col, v := range map[string]calc.Cents{"totallistprice": sum.TotalListPrice,
		"totalproductamount": sum.TotalProductAmount, "totalitemizedadjustmentamount": sum.TotalItemAdjustmentAmount,
		"totalcartleveladjustmentamount": sum.TotalCartLevelAdjustmentAmount,
		"totalpromoadjustmentamount":     sum.TotalPromotionalAdjustmentAmount,
		"totalproductafteradjustments":   sum.TotalProductAmountAfterAdjustments,
		"totalchargeamount":              sum.TotalChargeAmount, "totaltaxamount": sum.TotalTaxAmount,
		"grandtotalamount": sum.GrandTotalAmount} {
		if c.Totals[col] != int64(v) {
			return false, nil
		}
	}
	stored, err := appliedPromotions(ctx, tx, c.ID)
	if err != nil {
		return false, err
	}
	fresh := make([]string, 0, len(res.Promotions))
	for _, p := range res.Promotions {
		fresh = append(fresh, promotionKey(p.PromotionID, p.CartCouponID, int64(p.AdjustmentAmount)))
	}
	sort.Strings(fresh)
	return fmt.Sprint(stored) == fmt.Sprint(fresh), nil
}

// appliedPromotions are the promotions the cart's last calculation applied, as sorted keys (promotionKey).
func appliedPromotions(ctx context.Context, q db.Querier, cartID string) ([]string, error) {
	rows, err := q.Query(ctx, `SELECT promotionid, cartcouponid, adjustmentamount FROM webcartadjustmentgroup
		WHERE webcartid = ?`, cartID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var promotion, coupon sql.NullString
		var amount sql.NullInt64
		if err := rows.Scan(&promotion, &coupon, &amount); err != nil {
			return nil, err
		}
		out = append(out, promotionKey(promotion.String, coupon.String, amount.Int64))
	}
	sort.Strings(out)
	return out, rows.Err()
}

func promotionKey(promotion, cartCoupon string, amount int64) string {
	return promotion + "/" + cartCoupon + "/" + strconv.FormatInt(amount, 10)
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
// (it ends the coupon); the count may then not grow.
func beforeCouponSave(_ context.Context, ev *records.SaveEvent) error {
	for i, rec := range ev.Records {
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
