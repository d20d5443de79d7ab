package cart

import (
	"context"
	"slices"
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
//
// On SQLite the catalog's prices are those the store's memory holds: its one writer moves the versions that memory
// is checked against after every commit, before the next transaction runs, so memory is the catalog as committed
// (tx sees besides only the writes of the transactions grouped with it, which commit with it). PostgreSQL's other
// instances tell of their writes a moment after they commit: there the catalog is read in tx.
func (s *Service) Reprice(ctx context.Context, tx *db.Tx, c *Cart) (changed bool, err error) {
	if tx.Dialect() == db.SQLite {
		c.catalogFromMemory = true
	}
	p, err := s.price(ctx, tx, c)
	if err != nil {
		return false, err
	}
	if storedResult(c, p) {
		return false, nil
	}
	return true, s.store(ctx, tx, c, p)
}

// RepriceAsShown is Reprice with the catalog's prices, products and categories as the store's memory holds them,
// as the buyer's pages show them (Cart.catalogFromMemory); promotions, coupons and the cart's own rows are still
// read in tx. It is for a checkout step before the order, whose placing reprices in its transaction.
func (s *Service) RepriceAsShown(ctx context.Context, tx *db.Tx, c *Cart) (changed bool, err error) {
	c.catalogFromMemory = true
	return s.Reprice(ctx, tx, c)
}

// storedResult reports whether the cart as stored already holds the calculation's result p: every line's amounts,
// the applied promotions (and the coupons that unlocked them) and the totals.
func storedResult(c *Cart, p *priced) bool {
	lines, res := p.lines, p.res
	for i, l := range res.Lines {
		if lines[i].id != l.ID || !lines[i].unchanged(l) {
			return false
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
			return false
		}
	}
	// The applied promotions as stored (storedAdjustments' columns: promotion, name, terms, coupon code, cart
	// coupon, target type) and as calculated, as sorted keys.
	applied := p.adjustments["WebCartAdjustmentGroup"]
	stored := make([]string, 0, len(applied))
	for _, r := range applied {
		stored = append(stored, promotionKey(r.fields[0], r.fields[4], r.amount.Int64))
	}
	fresh := make([]string, 0, len(res.Promotions))
	for _, p := range res.Promotions {
		fresh = append(fresh, promotionKey(p.PromotionID, p.CartCouponID, int64(p.AdjustmentAmount)))
	}
	sort.Strings(stored)
	sort.Strings(fresh)
	return slices.Equal(stored, fresh)
}

func promotionKey(promotion, cartCoupon string, amount int64) string {
	return promotion + "/" + cartCoupon + "/" + strconv.FormatInt(amount, 10)
}
