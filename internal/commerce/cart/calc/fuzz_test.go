package calc

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

// FuzzCalculate runs random valid carts through Calculate and checks the invariants every result must keep:
// the summary is the sum of its lines and charges, no amount is negative, no adjustment is positive, every
// promotion's total is the sum of what it took from lines and charges, and the order of the promotions does not
// matter. Run it longer with: go test -fuzz FuzzCalculate ./internal/commerce/cart/calc/
func FuzzCalculate(f *testing.F) {
	f.Add(uint64(1), uint8(3), uint8(4), false, uint32(88750))
	f.Add(uint64(2), uint8(20), uint8(11), true, uint32(200000))
	f.Add(uint64(3), uint8(0), uint8(5), false, uint32(0))
	f.Add(uint64(4), uint8(7), uint8(0), true, uint32(1_000_000))
	f.Fuzz(func(t *testing.T, seed uint64, lines, promotions uint8, gross bool, rate uint32) {
		in := randomCart(seed, int(lines%30), int(promotions%12), gross, Rate(rate%uint32(RateScale+1)))
		if err := in.Validate(); err != nil {
			t.Fatalf("random cart is invalid: %v", err)
		}
		r := Calculate(in)
		checkInvariants(t, in, r)
		rng := rand.New(rand.NewPCG(seed, 99))
		in.Promotions = append([]Promotion(nil), in.Promotions...)
		rng.Shuffle(len(in.Promotions), func(i, j int) { in.Promotions[i], in.Promotions[j] = in.Promotions[j], in.Promotions[i] })
		if !reflect.DeepEqual(Calculate(in), r) {
			t.Fatal("shuffling the promotions changed the result")
		}
	})
}

// randomCart builds a valid cart: prices and quantities from tiny to the largest the package promises to handle,
// few products and categories so promotions match, all promotion kinds, thresholds near the subtotals.
func randomCart(seed uint64, lines, promotions int, gross bool, rate Rate) Input {
	rng := rand.New(rand.NewPCG(seed, 42))
	upTo := func(max int64) int64 { // small values as often as large ones
		return rng.Int64N(max>>rng.IntN(40) + 1)
	}
	in := Input{TaxType: TaxNet, TaxRate: rate}
	if gross {
		in.TaxType = TaxGross
	}
	for i := range lines {
		l := line(fmt.Sprint("l", i), fmt.Sprint("p", rng.IntN(6)), 1+upTo(1_000_000), Cents(upTo(1_000_000_000)),
			fmt.Sprint("c", rng.IntN(4)), "root")
		if rng.IntN(2) == 0 {
			l.ListPrice = ptr(l.UnitPrice + Cents(upTo(1000)))
		}
		if rng.IntN(3) == 0 {
			lower := 1 + upTo(100)
			l.Tiers = []Tier{{LowerBound: lower, UpperBound: lower + upTo(100), UnitPrice: l.UnitPrice * 9 / 10},
				{LowerBound: lower + 101, UnitPrice: l.UnitPrice * 8 / 10}}
		}
		in.Lines = append(in.Lines, l)
	}
	for range 1 + rng.IntN(3) {
		if rng.IntN(4) > 0 {
			in.DeliveryCharges = append(in.DeliveryCharges, DeliveryCharge{GroupID: fmt.Sprint("g", len(in.DeliveryCharges)),
				Amount: Cents(upTo(100_000))})
		}
	}
	targets := []TargetType{TargetItem, TargetCart, TargetDeliveryCharge}
	for i := range promotions {
		p := Promotion{ID: fmt.Sprint("promo", i), TargetType: targets[rng.IntN(3)], Priority: rng.IntN(3),
			DiscountType: []DiscountType{PercentageOff, AmountOff, FreeShipping}[rng.IntN(3)],
			Percent:      Rate(upTo(int64(RateScale))), Amount: Cents(upTo(1_000_000_000))}
		if p.DiscountType == FreeShipping && p.TargetType != TargetDeliveryCharge {
			p.DiscountType = AmountOff
		}
		switch rng.IntN(4) {
		case 0:
			p.TargetProductID = fmt.Sprint("p", rng.IntN(8))
		case 1:
			p.TargetCategoryID = fmt.Sprint("c", rng.IntN(5))
		}
		if rng.IntN(2) == 0 {
			p.MinimumOrderAmount = Cents(upTo(1_000_000_000_000))
		}
		if rng.IntN(2) == 0 {
			p.CouponCode, p.CartCouponID = fmt.Sprint("CODE", i), fmt.Sprint("cc", i)
		}
		in.Promotions = append(in.Promotions, p)
	}
	return in
}

func checkInvariants(t *testing.T, in Input, r Result) {
	t.Helper()
	fail := func(format string, args ...any) { t.Helper(); t.Fatalf(format, args...) }
	if len(r.Lines) != len(in.Lines) || len(r.DeliveryCharges) != len(in.DeliveryCharges) {
		fail("%d lines and %d charges for %d and %d", len(r.Lines), len(r.DeliveryCharges), len(in.Lines), len(in.DeliveryCharges))
	}
	var sum Summary
	took := map[string]Cents{}
	for i, l := range r.Lines {
		var adjusted, items Cents
		for _, a := range l.Adjustments {
			if a.Amount >= 0 {
				fail("line %s: adjustment %+v is not negative", l.ID, a)
			}
			adjusted += a.Amount
			if a.TargetType == TargetItem {
				items += a.Amount
			}
			took[a.PromotionID] += a.Amount
		}
		switch {
		case l.ID != in.Lines[i].ID:
			fail("line %d is %s, want %s", i, l.ID, in.Lines[i].ID)
		case l.SalesPrice < 0 || l.TotalPrice < 0 || l.TotalListPrice < 0 || l.TotalAmount < 0 || l.TotalTax < 0 || l.UnitAdjustedPrice < 0:
			fail("line %s has a negative amount: %+v", l.ID, l)
		case l.ItemizedAdjustmentAmount > 0 || l.DistributedAdjustmentAmount > 0:
			fail("line %s has a positive adjustment: %+v", l.ID, l)
		case l.TotalPrice != l.SalesPrice*Cents(in.Lines[i].Quantity):
			fail("line %s: total price %d is not %d × %d", l.ID, l.TotalPrice, l.SalesPrice, in.Lines[i].Quantity)
		case l.TotalAdjustmentAmount != l.ItemizedAdjustmentAmount+l.DistributedAdjustmentAmount ||
			l.TotalAmount != l.TotalPrice+l.TotalAdjustmentAmount || adjusted != l.TotalAdjustmentAmount ||
			items != l.ItemizedAdjustmentAmount:
			fail("line %s does not add up: %+v", l.ID, l)
		case l.TotalTax > l.TotalAmount:
			fail("line %s: tax %d above the amount %d at a rate ≤ 100%%", l.ID, l.TotalTax, l.TotalAmount)
		}
		sum.TotalProductCount += in.Lines[i].Quantity
		sum.TotalListPrice += l.TotalListPrice
		sum.TotalProductAmount += l.TotalPrice
		sum.TotalItemAdjustmentAmount += l.ItemizedAdjustmentAmount
		sum.TotalCartLevelAdjustmentAmount += l.DistributedAdjustmentAmount
		sum.TotalProductAmountAfterAdjustments += l.TotalAmount
		sum.TotalTaxAmount += l.TotalTax
	}
	for i, ch := range r.DeliveryCharges {
		var adjusted Cents
		for _, a := range ch.Adjustments {
			if a.Amount >= 0 {
				fail("charge %s: adjustment %+v is not negative", ch.GroupID, a)
			}
			adjusted += a.Amount
			took[a.PromotionID] += a.Amount
		}
		if ch.GroupID != in.DeliveryCharges[i].GroupID || ch.AdjustedAmount < 0 || ch.TotalTax < 0 ||
			ch.AdjustmentAmount != adjusted || ch.AdjustedAmount != ch.Amount+ch.AdjustmentAmount {
			fail("charge does not add up: %+v", ch)
		}
		sum.TotalChargeAmount += ch.AdjustedAmount
		sum.TotalTaxAmount += ch.TotalTax
	}
	for _, p := range r.Promotions {
		if p.AdjustmentAmount > 0 || took[p.PromotionID] != p.AdjustmentAmount {
			fail("promotion %s reports %d, its adjustments add up to %d", p.PromotionID, p.AdjustmentAmount, took[p.PromotionID])
		}
		delete(took, p.PromotionID)
	}
	if len(took) > 0 {
		fail("adjustments of promotions not reported as applied: %v", took)
	}
	for _, u := range r.UnappliedCoupons {
		if u.CouponCode == "" || (u.Reason == MinimumNotMet) != (u.Shortfall > 0) {
			fail("unapplied coupon %+v", u)
		}
	}
	if n := len(r.Promotions) + len(r.UnappliedCoupons); n > len(in.Promotions) {
		fail("%d promotions reported for %d", n, len(in.Promotions))
	}
	products := map[string]bool{}
	for _, l := range in.Lines {
		products[l.ProductID] = true
	}
	sum.UniqueProductCount, sum.TotalProductLineItemCount = len(products), len(in.Lines)
	sum.TotalPromotionalAdjustmentAmount = sum.TotalItemAdjustmentAmount + sum.TotalCartLevelAdjustmentAmount
	sum.TotalAmountWithItemAdjustment = sum.TotalProductAmount + sum.TotalItemAdjustmentAmount
	sum.GrandTotalAmount = sum.TotalProductAmountAfterAdjustments + sum.TotalChargeAmount
	if in.TaxType == TaxNet {
		sum.GrandTotalAmount += sum.TotalTaxAmount
	}
	if r.Summary != sum {
		fail("summary %+v\nsums    %+v", r.Summary, sum)
	}
}
