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

// entry is one adjustment of one line or charge (index at) by the promotion at position pos of the order.
type entry struct {
	at, pos int32
	taken   Cents // > 0
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

// itemPromotions applies the Item promotions line by line; subtotal (before adjustments) is what their minimums
// are compared with.
func (c *calc) itemPromotions(subtotal Cents) {
	lines := c.in.Lines
	for pos := range c.order {
		p := c.promotion(pos)
		if p.TargetType != TargetItem {
			continue
		}
		first := p.firstMatch(lines)
		if !c.qualify(pos, first >= 0, NoMatchingItems, subtotal) {
			continue
		}
		for i := first; i < len(lines); i++ {
			l := &lines[i]
			if !p.matches(l) {
				continue
			}
			taken := p.discount(c.res.Lines[i].TotalPrice, l.Quantity, c.left[i])
			c.left[i] -= taken
			c.take(&c.lineEntries, i, pos, taken)
		}
	}
}

// cartPromotions applies the Cart promotions, each spread over what is left of the lines; their minimums and
// percentages are on the subtotal after item adjustments.
func (c *calc) cartPromotions() {
	var base Cents
	for _, v := range c.left {
		base += v
	}
	poolLeft := base
	for pos := range c.order {
		if c.promotion(pos).TargetType != TargetCart {
			continue
		}
		if c.qualify(pos, len(c.left) > 0, NoMatchingItems, base) {
			poolLeft -= c.pooled(pos, base, poolLeft, c.left, &c.lineEntries)
		}
	}
}

// deliveryPromotions applies the DeliveryCharge promotions to the charges; their minimums are on the product
// subtotal after all adjustments, their percentages on the charges before adjustments.
func (c *calc) deliveryPromotions(products Cents) {
	var base Cents
	for i, ch := range c.in.DeliveryCharges {
		c.chargeLeft[i] = max(0, ch.Amount)
		base += c.chargeLeft[i]
	}
	poolLeft := base
	for pos := range c.order {
		if c.promotion(pos).TargetType != TargetDeliveryCharge {
			continue
		}
		if c.qualify(pos, len(c.chargeLeft) > 0, NoDeliveryCharges, products) {
			poolLeft -= c.pooled(pos, base, poolLeft, c.chargeLeft, &c.chargeEntries)
		}
	}
}

// pooled applies a cart-wide promotion to a pool (the lines, or the delivery charges): it takes the discount
// (percentages of base), at most what is left of the pool, and spreads it over the pool's members in proportion to
// what is left of each. It returns what it took.
func (c *calc) pooled(pos int, base, poolLeft Cents, left []Cents, entries *[]entry) Cents {
	taken := c.promotion(pos).discount(base, 1, poolLeft)
	c.shares = slices.Grow(c.shares[:0], len(left))[:len(left)]
	c.alloc.spread(taken, left, c.shares)
	for i, share := range c.shares {
		left[i] -= share
		c.take(entries, i, pos, share)
	}
	return taken
}

// take records that the promotion at pos took an amount from member at of a pool; nothing taken, nothing listed.
func (c *calc) take(entries *[]entry, at, pos int, taken Cents) {
	if taken > 0 {
		c.outcome[pos].taken += taken
		*entries = append(*entries, entry{at: int32(at), pos: int32(pos), taken: taken})
	}
}

// reportPromotions lists the applied promotions and the coupons that did not apply, in application order.
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
				CouponCode: p.CouponCode, CartCouponID: p.CartCouponID, Reason: o.reason, Shortfall: o.shortfall})
		}
	}
}
