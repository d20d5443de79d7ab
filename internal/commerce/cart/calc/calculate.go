package calc

// calc is the working state of one Calculate call.
type calc struct {
	in      *Input
	res     Result
	order   []int32   // promotion indices in application order
	outcome []outcome // by position in order

	left          []Cents // per line: what is left of its TotalPrice after the adjustments so far
	chargeLeft    []Cents // per delivery charge: the same
	lineEntries   []entry // adjustments of lines, in application order
	chargeEntries []entry // adjustments of delivery charges, in application order

	shares []Cents // scratch of pooled
	alloc  allocator
}

// Calculate prices the cart snapshot in: lines, promotions, delivery charges, tax and the summary, by the rules of
// the package comment. It only reads in, and the same input (in any promotion order) gives the same result.
func Calculate(in Input) Result {
	n := len(in.Lines)
	c := &calc{
		in:         &in,
		order:      promotionOrder(in.Promotions),
		outcome:    make([]outcome, len(in.Promotions)),
		left:       make([]Cents, n),
		chargeLeft: make([]Cents, len(in.DeliveryCharges)),
		res: Result{
			Lines:           make([]LineResult, n),
			DeliveryCharges: make([]ChargeResult, len(in.DeliveryCharges)),
		},
	}
	subtotal := c.priceLines()
	c.itemPromotions(subtotal)
	c.cartPromotions()
	var products Cents
	for _, v := range c.left {
		products += v
	}
	c.deliveryPromotions(products)

	collectAdjustments(c.lineEntries, len(c.res.Lines), c.order, in.Promotions, func(i int, adj []Adjustment, item, cart Cents) {
		r := &c.res.Lines[i]
		r.Adjustments, r.ItemizedAdjustmentAmount, r.DistributedAdjustmentAmount = adj, item, cart
	})
	collectAdjustments(c.chargeEntries, len(c.res.DeliveryCharges), c.order, in.Promotions, func(i int, adj []Adjustment, _, total Cents) {
		c.res.DeliveryCharges[i].Adjustments, c.res.DeliveryCharges[i].AdjustmentAmount = adj, total
	})
	c.finishLines()
	c.finishCharges()
	c.reportPromotions()

	s := &c.res.Summary
	s.GrandTotalAmount = s.TotalProductAmountAfterAdjustments + s.TotalChargeAmount
	if in.TaxType != TaxGross {
		s.GrandTotalAmount += s.TotalTaxAmount
	}
	return c.res
}

// promotion is the promotion at position pos of the application order.
func (c *calc) promotion(pos int) *Promotion { return &c.in.Promotions[c.order[pos]] }

// finishCharges works out each delivery charge after its adjustments, its tax and the charge totals.
func (c *calc) finishCharges() {
	s := &c.res.Summary
	for i, ch := range c.in.DeliveryCharges {
		r := &c.res.DeliveryCharges[i]
		r.GroupID, r.Amount = ch.GroupID, ch.Amount
		r.AdjustedAmount = c.chargeLeft[i]
		r.TotalTax = c.tax(r.AdjustedAmount)
		s.TotalChargeAmount += r.AdjustedAmount
		s.TotalTaxAmount += r.TotalTax
	}
}

// collectAdjustments groups the entries of n lines (or charges) by line, keeping their application order, into
// one backing array (one allocation however many lines), and hands each line its adjustments with their sums: the
// Item promotions' and the others' (both ≤ 0).
func collectAdjustments(entries []entry, n int, order []int32, ps []Promotion, set func(i int, adj []Adjustment, item, other Cents)) {
	if len(entries) == 0 {
		return
	}
	end := make([]int32, n+1) // end[i+1]: entries of lines ≤ i; shifted to the start of line i while filling
	for _, e := range entries {
		end[e.at+1]++
	}
	for i := 1; i <= n; i++ {
		end[i] += end[i-1]
	}
	backing := make([]Adjustment, len(entries))
	for _, e := range entries {
		p := &ps[order[e.pos]]
		backing[end[e.at]] = Adjustment{PromotionID: p.ID, TargetType: p.TargetType, Amount: -e.taken}
		end[e.at]++
	}
	start := int32(0)
	for i := range n {
		adj := backing[start:end[i]:end[i]]
		start = end[i]
		if len(adj) == 0 {
			continue
		}
		var item, other Cents
		for _, a := range adj {
			if a.TargetType == TargetItem {
				item += a.Amount
			} else {
				other += a.Amount
			}
		}
		set(i, adj, item, other)
	}
}
