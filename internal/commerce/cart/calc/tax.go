package calc

// tax is the tax on an amount after its adjustments, at the cart's rate. Net: round(amount × rate), added on top.
// Gross: the price already includes the tax, which is the part above the pre-tax amount round(amount / (1 + rate)),
// so that pre-tax amount plus tax is exactly the price paid. Any tax type other than Gross is Net (Validate
// refuses others).
func (c *calc) tax(amount Cents) Cents {
	rate := c.in.TaxRate
	if rate <= 0 || amount <= 0 {
		return 0
	}
	if c.in.TaxType == TaxGross {
		return amount - Cents(mulDiv(int64(amount), int64(RateScale), int64(RateScale+rate)))
	}
	return percentOf(amount, rate)
}
