package calc

import (
	"fmt"
	"testing"
)

// benchInput is a large B2B cart: n lines over a few categories, with volume tiers and list prices, and
// promotions (half item by category or product, then cart, then delivery; with a coupon among them) out of
// priority order, two delivery groups and Net tax at 8.875%.
func benchInput(n, promotions int) Input {
	in := Input{TaxType: TaxNet, TaxRate: 88750,
		DeliveryCharges: []DeliveryCharge{{GroupID: "g1", Amount: 2495}, {GroupID: "g2", Amount: 1250}}}
	for i := range n {
		l := line(fmt.Sprintf("line-%04d", i), fmt.Sprintf("product-%04d", i%(n*9/10+1)), int64(1+i%60),
			Cents(199+(i*7919)%250000), fmt.Sprintf("leaf-%d", i%25), fmt.Sprintf("branch-%d", i%5), "root")
		l.Tiers = []Tier{{LowerBound: 12, UpperBound: 47, UnitPrice: l.UnitPrice * 95 / 100},
			{LowerBound: 48, UnitPrice: l.UnitPrice * 90 / 100}}
		if i%3 != 0 {
			l.ListPrice = ptr(l.UnitPrice * 120 / 100)
		}
		in.Lines = append(in.Lines, l)
	}
	for i := range promotions {
		var p Promotion
		switch {
		case i < promotions/2 && i%2 == 0:
			p = itemPct(fmt.Sprintf("item-%d", i), Rate(50000+10000*i))
			p.TargetCategoryID = fmt.Sprintf("branch-%d", i%5)
		case i < promotions/2:
			p = itemAmt(fmt.Sprintf("item-%d", i), Cents(25*i))
			p.TargetProductID = fmt.Sprintf("product-%04d", i)
		case i < promotions-2:
			p = cartPct(fmt.Sprintf("cart-%d", i), 25000, Cents(10000*i))
		case i < promotions-1:
			p = coupon(cartAmt(fmt.Sprintf("cart-%d", i), 1999, 0), "SAVE")
		default:
			p = Promotion{ID: fmt.Sprintf("ship-%d", i), DiscountType: PercentageOff, Percent: 500000,
				TargetType: TargetDeliveryCharge}
		}
		p.Priority = (promotions - i) % 4
		in.Promotions = append(in.Promotions, p)
	}
	return in
}

// BenchmarkCalculate times the cart calculation every mutation runs, on a 500-line cart with 10 promotions.
func BenchmarkCalculate(b *testing.B) {
	for _, size := range []struct{ lines, promotions int }{{500, 10}, {50, 10}, {5000, 10}} {
		in := benchInput(size.lines, size.promotions)
		if err := in.Validate(); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("lines=%d/promotions=%d", size.lines, size.promotions), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Calculate(in)
			}
		})
	}
}
