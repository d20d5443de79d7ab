package calc

// calc is the working state of one Calculate call.
type calc struct {
	in      *Input
	res     Result
	order   []int32   // promotion indices in application order
	outcome []outcome // by position in order

	left       []Cents // per line: what is left of its TotalPrice after the adjustments so far
	chargeLeft []Cents // per delivery charge: the same

	shares []Cents // scratch of poolPromotions
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
	for i := range c.in.DeliveryCharges {
		r := &c.res.DeliveryCharges[i]
		r.Adjustments = noneAsNil(r.Adjustments)
		r.AdjustedAmount = c.chargeLeft[i]
		r.TotalTax = c.tax(r.AdjustedAmount)
		s.TotalChargeAmount += r.AdjustedAmount
		s.TotalTaxAmount += r.TotalTax
	}
}
