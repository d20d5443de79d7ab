package calc

// salesPrice is the unit price a line pays before promotions: the first tier covering its quantity, else the
// entitled unit price. The first, not the cheapest: tiers come ordered by lower bound, and
// pricing.Price.UnitPriceAt reads them the same way, so the cart never disagrees with the product page.
func salesPrice(l *Line) Cents {
	for _, t := range l.Tiers {
		if l.Quantity >= t.LowerBound && (t.UpperBound == 0 || l.Quantity <= t.UpperBound) {
			return t.UnitPrice
		}
	}
	return l.UnitPrice
}

// priceLines fills the lines' prices and totals before promotions, sets what is left of each line to its
// TotalPrice, and returns the product subtotal (the sum of TotalPrice).
func (c *calc) priceLines() Cents {
	lines := c.in.Lines
	// The result owns copies of the list prices: a caller reusing its Input must not change a Result.
	listed := 0
	for i := range lines {
		if lines[i].ListPrice != nil {
			listed++
		}
	}
	lists := make([]Cents, listed)
	var subtotal Cents
	for i := range lines {
		l, r := &lines[i], &c.res.Lines[i]
		r.ID = l.ID
		r.SalesPrice = salesPrice(l)
		r.TotalPrice = Cents(mulSat(int64(r.SalesPrice), l.Quantity))
		r.TotalListPrice = r.TotalPrice
		if l.ListPrice != nil {
			lists[0] = *l.ListPrice
			r.ListPrice, lists = &lists[0], lists[1:]
			r.TotalListPrice = Cents(mulSat(int64(*l.ListPrice), l.Quantity))
		}
		c.left[i] = r.TotalPrice
		subtotal += r.TotalPrice
	}
	return subtotal
}

// finishLines turns what is left of each line into its adjusted amounts and tax, and adds up the summary's product
// figures.
func (c *calc) finishLines() {
	s := &c.res.Summary
	products := make(map[string]struct{}, len(c.in.Lines))
	for i := range c.in.Lines {
		l, r := &c.in.Lines[i], &c.res.Lines[i]
		r.Adjustments = noneAsNil(r.Adjustments)
		r.TotalAdjustmentAmount = r.ItemizedAdjustmentAmount + r.DistributedAdjustmentAmount
		r.TotalAmount = c.left[i]
		r.UnitAdjustedPrice = divRound(r.TotalAmount, l.Quantity)
		r.TotalTax = c.tax(r.TotalAmount)

		products[l.ProductID] = struct{}{}
		s.TotalProductCount += l.Quantity
		s.TotalListPrice += r.TotalListPrice
		s.TotalProductAmount += r.TotalPrice
		s.TotalItemAdjustmentAmount += r.ItemizedAdjustmentAmount
		s.TotalCartLevelAdjustmentAmount += r.DistributedAdjustmentAmount
		s.TotalProductAmountAfterAdjustments += r.TotalAmount
		s.TotalTaxAmount += r.TotalTax
	}
	s.UniqueProductCount = len(products)
	s.TotalProductLineItemCount = len(c.in.Lines)
	s.TotalPromotionalAdjustmentAmount = s.TotalItemAdjustmentAmount + s.TotalCartLevelAdjustmentAmount
	s.TotalAmountWithItemAdjustment = s.TotalProductAmount + s.TotalItemAdjustmentAmount
}
