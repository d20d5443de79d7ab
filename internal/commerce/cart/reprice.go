package cart

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strconv"

	"storefront/internal/commerce/cart/calc"
	"storefront/internal/platform/db"
)

// Reprice prices the cart c again in tx (the catalog's prices, today's promotions and the coupons' dates and use
// counts as tx sees them) and reports whether the result differs from what was stored by its last calculation: a
// price raised or cut, a promotion or coupon that ended or was used up since. A changed result is stored (the
// revision moves, so a checkout started before it is stale); an unchanged one writes nothing. Placing an order
// calls it, so that an order never charges what the buyer was not shown. Lock the cart's coupons first
// (LockCoupons) so that their use counts cannot move before the order counts its uses.
func (s *Service) Reprice(ctx context.Context, tx *db.Tx, c *Cart) (changed bool, err error) {
	p, err := s.price(ctx, tx, c)
	if err != nil {
		return false, err
	}
	same, err := s.storedResult(ctx, tx, c, p.lines, p.res)
	if err != nil || same {
		return false, err
	}
	return true, s.store(ctx, tx, c, p)
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
