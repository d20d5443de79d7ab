package calc

import (
	"errors"
	"fmt"
	"math"
)

// MaxTotal bounds what a cart may add up to: the sum over the lines of quantity × their highest price (unit, list
// or tier) plus the delivery charges. With tax rates of at most 100% every total Calculate works out (the grand
// total included) then fits in an int64. It is 46 quadrillion dollars: quantities up to 10^6 at unit prices up to
// 10^9 cents fit in any cart of fewer than 4,600 lines.
const MaxTotal Cents = math.MaxInt64 / 2

// Validate reports the first thing in the snapshot Calculate's rules do not cover: a tax type other than Net or
// Gross, a rate outside 0–100%, a quantity below 1, a negative price or amount, a tier that covers nothing, a
// promotion without an ID or with an ID seen before, a discount type its target type does not know, or a cart whose
// amounts could overflow (see MaxTotal). The cart layer validates what it stores; Calculate itself trusts its
// input, so a request never pays for the check twice.
func (in *Input) Validate() error {
	if in.TaxType != TaxNet && in.TaxType != TaxGross {
		return fmt.Errorf("calc: tax type %q is neither %s nor %s", in.TaxType, TaxNet, TaxGross)
	}
	if !validRate(in.TaxRate) {
		return fmt.Errorf("calc: tax rate %d is outside 0 to %d", in.TaxRate, RateScale)
	}
	budget := MaxTotal
	for i := range in.Lines {
		l := &in.Lines[i]
		top, err := l.highestPrice()
		if err != nil {
			return fmt.Errorf("calc: line %q: %w", l.ID, err)
		}
		if budget -= Cents(mulSat(int64(top), l.Quantity)); budget < 0 {
			return fmt.Errorf("calc: line %q: the cart's amounts exceed %d cents", l.ID, MaxTotal)
		}
	}
	for _, ch := range in.DeliveryCharges {
		if ch.Amount < 0 {
			return fmt.Errorf("calc: delivery charge of group %q is negative", ch.GroupID)
		}
		if budget -= ch.Amount; budget < 0 {
			return fmt.Errorf("calc: delivery charge of group %q: the cart's amounts exceed %d cents", ch.GroupID, MaxTotal)
		}
	}
	seen := make(map[string]bool, len(in.Promotions))
	for i := range in.Promotions {
		p := &in.Promotions[i]
		if err := p.validate(); err != nil {
			return fmt.Errorf("calc: promotion %q: %w", p.ID, err)
		}
		if seen[p.ID] {
			return fmt.Errorf("calc: promotion %q appears twice", p.ID)
		}
		seen[p.ID] = true
	}
	return nil
}

func validRate(r Rate) bool { return r >= 0 && r <= RateScale }

// highestPrice checks the line's quantity and prices and returns the highest of them, the most a unit can cost
// whichever price applies.
func (l *Line) highestPrice() (Cents, error) {
	if l.Quantity < 1 {
		return 0, fmt.Errorf("quantity %d is below 1", l.Quantity)
	}
	if l.UnitPrice < 0 || (l.ListPrice != nil && *l.ListPrice < 0) {
		return 0, errors.New("negative price")
	}
	top := l.UnitPrice
	if l.ListPrice != nil {
		top = max(top, *l.ListPrice)
	}
	for _, t := range l.Tiers {
		if t.LowerBound < 1 || t.UpperBound < 0 || (t.UpperBound != 0 && t.UpperBound < t.LowerBound) {
			return 0, fmt.Errorf("tier %d to %d covers no quantity", t.LowerBound, t.UpperBound)
		}
		if t.UnitPrice < 0 {
			return 0, errors.New("negative tier price")
		}
		top = max(top, t.UnitPrice)
	}
	return top, nil
}

func (p *Promotion) validate() error {
	switch {
	case p.ID == "":
		return errors.New("no ID")
	case !p.supported():
		return fmt.Errorf("discount type %q does not apply to target type %q", p.DiscountType, p.TargetType)
	case !validRate(p.Percent):
		return fmt.Errorf("percent %d is outside 0 to %d", p.Percent, RateScale)
	case p.Amount < 0 || p.MinimumOrderAmount < 0:
		return errors.New("negative amount")
	}
	return nil
}
