package calc

import (
	"cmp"
	"slices"
)

// outcome is what became of one promotion.
type outcome struct {
	applied   bool
	taken     Cents // ≥ 0; reported negated
	reason    UnappliedReason
	shortfall Cents
}

// promotionOrder is the order promotions apply in: Priority, then ID. Sorting indices leaves the caller's slice
// alone, and the ID tie-break makes the result independent of the order promotions were passed in.
func promotionOrder(ps []Promotion) []int32 {
	order := make([]int32, len(ps))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		return cmp.Or(cmp.Compare(ps[a].Priority, ps[b].Priority), cmp.Compare(ps[a].ID, ps[b].ID))
	})
	return order
}

// supported reports a discount type the target type knows. Validate refuses the others; Calculate lets them match
// nothing.
func (p *Promotion) supported() bool {
	switch p.DiscountType {
	case PercentageOff, AmountOff:
		return p.TargetType == TargetItem || p.TargetType == TargetCart || p.TargetType == TargetDeliveryCharge
	case FreeShipping:
		return p.TargetType == TargetDeliveryCharge
	}
	return false
}

// matches reports an item promotion targeting the line: its product, one of its categories, or every line.
func (p *Promotion) matches(l *Line) bool {
	if p.TargetProductID == "" && p.TargetCategoryID == "" {
		return true
	}
	return (p.TargetProductID != "" && p.TargetProductID == l.ProductID) ||
		(p.TargetCategoryID != "" && slices.Contains(l.CategoryIDs, p.TargetCategoryID))
}

// firstMatch is the index of the first line an item promotion targets, -1 for none.
func (p *Promotion) firstMatch(lines []Line) int {
	for i := range lines {
		if p.matches(&lines[i]) {
			return i
		}
	}
	return -1
}

// discount is what a promotion takes from an amount of which left is still there: Percent of base, Amount per
// unit, or (FreeShipping) everything left; never more than left.
func (p *Promotion) discount(base Cents, units int64, left Cents) Cents {
	var d Cents
	switch p.DiscountType {
	case PercentageOff:
		d = percentOf(base, p.Percent)
	case AmountOff:
		d = Cents(mulSat(int64(p.Amount), units))
	case FreeShipping:
		d = left
	}
	return max(0, min(d, left))
}

// qualify records why a promotion does not apply, if it does not: matched says whether it found anything to
// apply to, basis is the subtotal its minimum is compared with. It reports whether the promotion applies.
func (c *calc) qualify(pos int, matched bool, unmatched UnappliedReason, basis Cents) bool {
	p, o := c.promotion(pos), &c.outcome[pos]
	switch {
	case !matched || !p.supported():
		o.reason = unmatched
	case basis < p.MinimumOrderAmount:
		o.reason, o.shortfall = MinimumNotMet, p.MinimumOrderAmount-basis
	default:
		o.applied = true
	}
	return o.applied
}

// reportPromotions lists the applied promotions and the coupons that did not apply, in application order. A
// promotion of a target type no phase knows (Validate refuses those) matched nothing.
func (c *calc) reportPromotions() {
	for pos, o := range c.outcome {
		p := c.promotion(pos)
		switch {
		case o.applied:
			c.res.Promotions = append(c.res.Promotions, AppliedPromotion{PromotionID: p.ID, DisplayName: p.DisplayName,
				TermsAndConditions: p.TermsAndConditions, CouponCode: p.CouponCode, CartCouponID: p.CartCouponID,
				TargetType: p.TargetType, AdjustmentAmount: -o.taken})
		case p.CouponCode != "":
			c.res.UnappliedCoupons = append(c.res.UnappliedCoupons, UnappliedCoupon{PromotionID: p.ID,
				CouponCode: p.CouponCode, CartCouponID: p.CartCouponID, Reason: cmp.Or(o.reason, NoMatchingItems),
				Shortfall: o.shortfall})
		}
	}
}
