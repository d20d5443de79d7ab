package calc

import "slices"

// The three promotion phases. Each adjustment is written straight into the result: a line's (or charge's)
// Adjustments slice is cut from one backing array with room for every promotion that may apply to it, so a cart of
// thousands of lines allocates its adjustments once and nothing is copied afterwards.

// itemPromotions applies the Item promotions; subtotal (before adjustments) is what their minimums are compared
// with. Lines are independent of each other here, so it goes line by line, each line's promotions in order.
func (c *calc) itemPromotions(subtotal Cents) {
	lines := c.in.Lines
	var applying []*Promotion
	var positions []int
	for pos := range c.order {
		p := c.promotion(pos)
		if p.TargetType == TargetItem && c.qualify(pos, p.firstMatch(lines) >= 0, NoMatchingItems, subtotal) {
			applying, positions = append(applying, p), append(positions, pos)
		}
	}
	// Room per line: one per applying Item promotion it matches, one per Cart promotion.
	room := make([]int32, len(lines))
	total, cart := 0, c.count(TargetCart)
	for i := range lines {
		n := cart
		for _, p := range applying {
			if p.matches(&lines[i]) {
				n++
			}
		}
		room[i], total = int32(n), total+n
	}
	backing := make([]Adjustment, total)
	for i := range lines {
		r := &c.res.Lines[i]
		r.Adjustments, backing = carve(backing, int(room[i]))
		for k, p := range applying {
			if p.matches(&lines[i]) {
				taken := p.discount(r.TotalPrice, lines[i].Quantity, c.left[i])
				c.left[i] -= taken
				c.take(positions[k], &r.Adjustments, &r.ItemizedAdjustmentAmount, taken)
			}
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
	c.poolPromotions(TargetCart, base, base, len(c.left) > 0, NoMatchingItems, c.left,
		func(i int) (*[]Adjustment, *Cents) {
			r := &c.res.Lines[i]
			return &r.Adjustments, &r.DistributedAdjustmentAmount
		})
}

// deliveryPromotions applies the DeliveryCharge promotions to the charges; their minimums are on the product
// subtotal after all adjustments (products), their percentages on the charges before adjustments.
func (c *calc) deliveryPromotions(products Cents) {
	var base Cents
	room := c.count(TargetDeliveryCharge)
	backing := make([]Adjustment, room*len(c.in.DeliveryCharges))
	for i, ch := range c.in.DeliveryCharges {
		r := &c.res.DeliveryCharges[i]
		r.GroupID, r.Amount = ch.GroupID, ch.Amount
		r.Adjustments, backing = carve(backing, room)
		c.chargeLeft[i] = max(0, ch.Amount)
		base += c.chargeLeft[i]
	}
	c.poolPromotions(TargetDeliveryCharge, base, products, len(c.chargeLeft) > 0, NoDeliveryCharges, c.chargeLeft,
		func(i int) (*[]Adjustment, *Cents) {
			r := &c.res.DeliveryCharges[i]
			return &r.Adjustments, &r.AdjustmentAmount
		})
}

// poolPromotions applies the promotions of a cart-wide target type to a pool (the lines, or the delivery charges)
// of which left is what remains of each member. Each promotion that qualifies (matched, and basis reaching its
// minimum) takes its discount, percentages of base, at most what is left of the pool, spread over the members in
// proportion to what is left of each; member says where a member's adjustments and their sum go.
func (c *calc) poolPromotions(target TargetType, base, basis Cents, matched bool, unmatched UnappliedReason,
	left []Cents, member func(i int) (*[]Adjustment, *Cents)) {
	poolLeft := base
	c.shares = slices.Grow(c.shares[:0], len(left))[:len(left)]
	for pos := range c.order {
		p := c.promotion(pos)
		if p.TargetType != target || !c.qualify(pos, matched, unmatched, basis) {
			continue
		}
		taken := p.discount(base, 1, poolLeft)
		poolLeft -= taken
		c.alloc.spread(taken, left, c.shares)
		for i, share := range c.shares {
			left[i] -= share
			adjustments, sum := member(i)
			c.take(pos, adjustments, sum, share)
		}
	}
}

// take records that the promotion at position pos of the order took an amount from a line or charge: in the
// promotion's total, the member's adjustments and their sum. Nothing taken, nothing listed.
func (c *calc) take(pos int, adjustments *[]Adjustment, sum *Cents, taken Cents) {
	if taken <= 0 {
		return
	}
	p := c.promotion(pos)
	c.outcome[pos].taken += taken
	*sum -= taken
	*adjustments = append(*adjustments, Adjustment{PromotionID: p.ID, TargetType: p.TargetType, Amount: -taken})
}

// count is the number of promotions of a target type: the most adjustments of that type a line or charge gets.
func (c *calc) count(target TargetType) int {
	n := 0
	for i := range c.in.Promotions {
		if c.in.Promotions[i].TargetType == target {
			n++
		}
	}
	return n
}

// carve cuts an empty slice with room for n adjustments off the front of backing; nil for no room.
func carve(backing []Adjustment, n int) (slot, rest []Adjustment) {
	if n == 0 {
		return nil, backing
	}
	return backing[:0:n], backing[n:]
}

// noneAsNil drops the room of a line or charge nothing was taken from, so "no adjustments" has one form (nil).
func noneAsNil(adjustments []Adjustment) []Adjustment {
	if len(adjustments) == 0 {
		return nil
	}
	return adjustments
}
