package calc

import (
	"reflect"
	"testing"
)

// threeLines: 2 × 10.00 gloves, 3 × 3.33 masks (both PPE), 1 × 50.00 boots; subtotal 79.99.
func threeLines() []Line {
	return []Line{
		line("l1", "gloves", 2, 1000, "hand", "ppe", "root"),
		line("l2", "masks", 3, 333, "face", "ppe", "root"),
		line("l3", "boots", 1, 5000, "feet", "footwear", "root"),
	}
}

func byProduct(p Promotion, product string) Promotion   { p.TargetProductID = product; return p }
func byCategory(p Promotion, category string) Promotion { p.TargetCategoryID = category; return p }
func withPriority(p Promotion, priority int) Promotion  { p.Priority = priority; return p }
func withMinimum(p Promotion, minimum Cents) Promotion  { p.MinimumOrderAmount = minimum; return p }

func TestItemPromotions(t *testing.T) {
	for _, tc := range []struct {
		name       string
		promotions []Promotion
		items      [3]Cents // ItemizedAdjustmentAmount per line
		applied    map[string]Cents
	}{
		{"percent by product", []Promotion{byProduct(itemPct("p", 100000), "gloves")},
			[3]Cents{-200, 0, 0}, map[string]Cents{"p": -200}},
		{"percent by category rounds half up", []Promotion{byCategory(itemPct("p", 150000), "face")}, // 149.85
			[3]Cents{0, -150, 0}, map[string]Cents{"p": -150}},
		{"amount per unit by an ancestor category", []Promotion{byCategory(itemAmt("a", 125), "ppe")},
			[3]Cents{-250, -375, 0}, map[string]Cents{"a": -250 - 375}},
		{"no target: every line", []Promotion{itemPct("p", 50000)}, // 49.95 on masks
			[3]Cents{-100, -50, -250}, map[string]Cents{"p": -400}},
		{"product or category", []Promotion{byCategory(byProduct(itemPct("p", 100000), "boots"), "face")},
			[3]Cents{0, -100, -500}, map[string]Cents{"p": -600}},
		{"stacking", []Promotion{byCategory(itemPct("ppe10", 100000), "ppe"), byCategory(itemAmt("root1", 100), "root")},
			[3]Cents{-400, -400, -100}, map[string]Cents{"ppe10": -300, "root1": -600}},
		{"capped at the line total, in priority order", []Promotion{
			withPriority(byCategory(itemPct("half", 500000), "ppe"), 2),
			withPriority(byCategory(itemAmt("four", 400), "ppe"), 1), // masks: 12.00 off 9.99
		}, [3]Cents{-1800, -999, 0}, map[string]Cents{"four": -800 - 999, "half": -1000}},
		{"minimum on the subtotal before adjustments: reached", []Promotion{withMinimum(itemPct("p", 100000), 7999)},
			[3]Cents{-200, -100, -500}, map[string]Cents{"p": -800}},
		{"minimum on the subtotal before adjustments: missed by a cent", []Promotion{withMinimum(itemPct("p", 100000), 8000)},
			[3]Cents{0, 0, 0}, map[string]Cents{}},
		{"no matching line", []Promotion{byProduct(itemPct("p", 100000), "hats")}, [3]Cents{}, map[string]Cents{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := calculate(t, Input{Lines: threeLines(), Promotions: tc.promotions})
			var sum Cents
			for i, want := range tc.items {
				l := r.Lines[i]
				if l.ItemizedAdjustmentAmount != want || l.TotalAmount != l.TotalPrice+want {
					t.Errorf("line %d: itemized %d, amount %d; want %d", i+1, l.ItemizedAdjustmentAmount, l.TotalAmount, want)
				}
				sum += want
			}
			applied := map[string]Cents{}
			for _, p := range r.Promotions {
				applied[p.PromotionID] = p.AdjustmentAmount
			}
			if !reflect.DeepEqual(applied, tc.applied) {
				t.Errorf("applied %v, want %v", applied, tc.applied)
			}
			if r.Summary.TotalItemAdjustmentAmount != sum || r.Summary.TotalAmountWithItemAdjustment != 7999+sum {
				t.Errorf("summary %+v", r.Summary)
			}
		})
	}
}

// TestCappedPromotionListing: a promotion that matched but found nothing left still applied (it is reported,
// with what it took), but a line lists only the adjustments that took something from it.
func TestCappedPromotionListing(t *testing.T) {
	r := calculate(t, Input{Lines: threeLines(), Promotions: []Promotion{
		withPriority(byCategory(itemPct("half", 500000), "face"), 2), withPriority(byCategory(itemAmt("four", 400), "face"), 1),
	}})
	want := []Adjustment{{PromotionID: "four", TargetType: TargetItem, Amount: -999}}
	if got := r.Lines[1].Adjustments; !reflect.DeepEqual(got, want) {
		t.Fatalf("masks adjustments %+v, want %+v", got, want)
	}
	if len(r.Promotions) != 2 || r.Promotions[1].PromotionID != "half" || r.Promotions[1].AdjustmentAmount != 0 {
		t.Fatalf("promotions %+v", r.Promotions)
	}
	if r.Lines[0].Adjustments != nil {
		t.Fatalf("gloves adjustments %+v, want none", r.Lines[0].Adjustments)
	}
}

func TestCartPromotions(t *testing.T) {
	equal := []Line{line("l1", "a", 1, 1000), line("l2", "b", 1, 1000), line("l3", "c", 1, 1000)}
	cents := []Line{line("l1", "a", 1, 1), line("l2", "b", 1, 1), line("l3", "c", 1, 1)}
	for _, tc := range []struct {
		name       string
		lines      []Line
		promotions []Promotion
		shares     [3]Cents // DistributedAdjustmentAmount per line
		unapplied  []UnappliedCoupon
	}{
		{"percent at its minimum", equal, []Promotion{cartPct("p", 100000, 3000)}, [3]Cents{-100, -100, -100}, nil},
		{"percent a cent below its minimum", equal, []Promotion{coupon(cartPct("p", 100000, 3001), "TEN")},
			[3]Cents{}, []UnappliedCoupon{{PromotionID: "p", CouponCode: "TEN", CartCouponID: "cc-TEN",
				Reason: MinimumNotMet, Shortfall: 1}}},
		{"10.00 over three equal lines", equal, []Promotion{cartAmt("a", 1000, 0)}, [3]Cents{-334, -333, -333}, nil},
		{"percent then amount", equal, []Promotion{withPriority(cartAmt("a", 1000, 0), 1), cartPct("p", 100000, 0)},
			[3]Cents{-434, -433, -433}, nil},
		{"minimum after item adjustments: reached", equal,
			[]Promotion{itemPct("i", 100000), cartAmt("a", 300, 2700)}, [3]Cents{-100, -100, -100}, nil},
		{"minimum after item adjustments: missed", equal,
			[]Promotion{itemPct("i", 100000), coupon(cartAmt("a", 300, 2701), "X")}, [3]Cents{},
			[]UnappliedCoupon{{PromotionID: "a", CouponCode: "X", CartCouponID: "cc-X", Reason: MinimumNotMet, Shortfall: 1}}},
		{"never more than the subtotal", equal, []Promotion{cartAmt("a", 5000, 0), cartPct("p", 100000, 0)},
			[3]Cents{-1000, -1000, -1000}, nil},
		{"rounding up twice never takes a line below zero", cents,
			[]Promotion{cartPct("h1", 500000, 0), cartPct("h2", 500000, 0)}, [3]Cents{-1, -1, -1}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := calculate(t, Input{Lines: tc.lines, Promotions: tc.promotions})
			var sum Cents
			for i, want := range tc.shares {
				if got := r.Lines[i].DistributedAdjustmentAmount; got != want {
					t.Errorf("line %d: share %d, want %d", i+1, got, want)
				}
				if r.Lines[i].TotalAmount < 0 {
					t.Errorf("line %d: amount %d", i+1, r.Lines[i].TotalAmount)
				}
				sum += tc.shares[i]
			}
			var applied Cents
			for _, p := range r.Promotions {
				if p.TargetType == TargetCart {
					applied += p.AdjustmentAmount
				}
			}
			if r.Summary.TotalCartLevelAdjustmentAmount != sum || applied != sum {
				t.Errorf("cart adjustments: summary %d, promotions %d, want %d",
					r.Summary.TotalCartLevelAdjustmentAmount, applied, sum)
			}
			if !reflect.DeepEqual(r.UnappliedCoupons, tc.unapplied) {
				t.Errorf("unapplied %+v, want %+v", r.UnappliedCoupons, tc.unapplied)
			}
		})
	}
}

func TestDeliveryPromotions(t *testing.T) {
	lines := []Line{line("l1", "a", 1, 5000)}
	charges := []DeliveryCharge{{GroupID: "g1", Amount: 1000}, {GroupID: "g2", Amount: 500}}
	ship := func(id string, d DiscountType, v int64) Promotion {
		return Promotion{ID: id, DiscountType: d, Percent: Rate(v), Amount: Cents(v), TargetType: TargetDeliveryCharge}
	}
	for _, tc := range []struct {
		name       string
		charges    []DeliveryCharge
		promotions []Promotion
		after      []Cents // AdjustedAmount per charge
		unapplied  UnappliedReason
	}{
		{"free shipping", charges, []Promotion{ship("f", FreeShipping, 0)}, []Cents{0, 0}, ""},
		{"percent", charges, []Promotion{ship("p", PercentageOff, 100000)}, []Cents{900, 450}, ""},
		{"amount spread by largest remainder", charges, []Promotion{ship("a", AmountOff, 100)}, []Cents{933, 467}, ""},
		{"amount above the charges", charges, []Promotion{ship("a", AmountOff, 2000)}, []Cents{0, 0}, ""},
		{"percent then free", charges, []Promotion{ship("b", FreeShipping, 0), ship("a", PercentageOff, 100000)},
			[]Cents{0, 0}, ""},
		{"minimum on products after all adjustments: reached", charges,
			[]Promotion{cartPct("c", 100000, 0), withMinimum(ship("f", FreeShipping, 0), 4500)}, []Cents{0, 0}, ""},
		{"minimum on products after all adjustments: missed", charges,
			[]Promotion{cartPct("c", 100000, 0), withMinimum(ship("f", FreeShipping, 0), 4501)}, []Cents{1000, 500},
			MinimumNotMet},
		{"no delivery charges yet", nil, []Promotion{ship("f", FreeShipping, 0)}, []Cents{}, NoDeliveryCharges},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for i := range tc.promotions {
				if tc.promotions[i].TargetType == TargetDeliveryCharge {
					tc.promotions[i] = coupon(tc.promotions[i], "SHIP")
				}
			}
			r := calculate(t, Input{TaxType: TaxNet, TaxRate: 100000, Lines: lines, Promotions: tc.promotions,
				DeliveryCharges: tc.charges})
			var total, tax, applied, adjusted Cents
			for i, want := range tc.after {
				ch := r.DeliveryCharges[i]
				if ch.AdjustedAmount != want || ch.Amount+ch.AdjustmentAmount != want || ch.TotalTax != (want+5)/10 {
					t.Errorf("charge %d: %+v, want %d after adjustments", i+1, ch, want)
				}
				total, tax, adjusted = total+want, tax+ch.TotalTax, adjusted+ch.AdjustmentAmount
			}
			for _, p := range r.Promotions {
				if p.TargetType == TargetDeliveryCharge {
					applied += p.AdjustmentAmount
				}
			}
			s := r.Summary
			if s.TotalChargeAmount != total || applied != adjusted ||
				s.GrandTotalAmount != s.TotalProductAmountAfterAdjustments+total+s.TotalTaxAmount ||
				s.TotalTaxAmount != (s.TotalProductAmountAfterAdjustments+5)/10+tax {
				t.Errorf("summary %+v; promotions took %d, charges show %d", s, applied, adjusted)
			}
			if (tc.unapplied == "") != (len(r.UnappliedCoupons) == 0) ||
				(tc.unapplied != "" && r.UnappliedCoupons[0].Reason != tc.unapplied) {
				t.Errorf("unapplied %+v, want %q", r.UnappliedCoupons, tc.unapplied)
			}
		})
	}
}

// TestCoupons: an applied coupon is reported with its code; a coupon that did not apply is reported with why; an
// automatic promotion that did not apply is not reported at all.
func TestCoupons(t *testing.T) {
	r := calculate(t, Input{Lines: threeLines(), Promotions: []Promotion{
		coupon(byProduct(itemPct("gloves10", 100000), "gloves"), "GLOVES"),
		coupon(byProduct(itemPct("hats10", 100000), "hats"), "HATS"),
		byProduct(itemPct("auto-hats", 100000), "hats"),
		withMinimum(cartAmt("auto-big", 1000, 100000), 100000),
	}})
	wantApplied := []AppliedPromotion{{PromotionID: "gloves10", DisplayName: "gloves10", CouponCode: "GLOVES",
		CartCouponID: "cc-GLOVES", TargetType: TargetItem, AdjustmentAmount: -200}}
	wantUnapplied := []UnappliedCoupon{{PromotionID: "hats10", CouponCode: "HATS", CartCouponID: "cc-HATS",
		Reason: NoMatchingItems}}
	if !reflect.DeepEqual(r.Promotions, wantApplied) || !reflect.DeepEqual(r.UnappliedCoupons, wantUnapplied) {
		t.Fatalf("applied %+v\nunapplied %+v", r.Promotions, r.UnappliedCoupons)
	}
}
