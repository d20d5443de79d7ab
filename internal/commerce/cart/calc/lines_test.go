package calc

import (
	"math"
	"testing"
)

func TestSalesPriceTiers(t *testing.T) {
	tiers := []Tier{{LowerBound: 10, UpperBound: 49, UnitPrice: 900}, {LowerBound: 50, UnitPrice: 800}}
	gap := []Tier{{LowerBound: 10, UpperBound: 19, UnitPrice: 900}, {LowerBound: 30, UnitPrice: 800}}
	for _, tc := range []struct {
		name         string
		tiers        []Tier
		qty          int64
		price, total Cents
	}{
		{"below the first tier", tiers, 9, 1000, 9000},
		{"first tier's lower bound", tiers, 10, 900, 9000},
		{"first tier's upper bound", tiers, 49, 900, 44100},
		{"open tier's lower bound", tiers, 50, 800, 40000},
		{"far into the open tier", tiers, 1_000_000, 800, 800_000_000},
		{"between two tiers", gap, 25, 1000, 25000},
		{"no tiers", nil, 10, 1000, 10000},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := line("l1", "p", tc.qty, 1000)
			l.Tiers = tc.tiers
			got := calculate(t, Input{Lines: []Line{l}}).Lines[0]
			if got.SalesPrice != tc.price || got.TotalPrice != tc.total || got.TotalAmount != tc.total {
				t.Fatalf("sales price %d, total %d, amount %d; want %d, %d", got.SalesPrice, got.TotalPrice,
					got.TotalAmount, tc.price, tc.total)
			}
		})
	}
}

func TestListPrice(t *testing.T) {
	listed := line("l1", "p1", 3, 1000)
	listed.ListPrice = ptr(1250)
	r := calculate(t, Input{Lines: []Line{listed, line("l2", "p2", 4, 199)}})
	if l := r.Lines[0]; l.ListPrice == nil || *l.ListPrice != 1250 || l.TotalListPrice != 3750 {
		t.Fatalf("listed line: %+v", l)
	}
	// Without a list price the line's list total is what it costs, so totalListPrice stays comparable.
	if l := r.Lines[1]; l.ListPrice != nil || l.TotalListPrice != 796 {
		t.Fatalf("unlisted line: %+v", l)
	}
	if r.Summary.TotalListPrice != 3750+796 || r.Summary.TotalProductAmount != 3000+796 {
		t.Fatalf("summary: %+v", r.Summary)
	}
}

func TestUnitAdjustedPriceRounds(t *testing.T) {
	p := itemAmt("off", 1) // 3 × 0.01 off 3 × 0.10 = 0.27 for 3 units: 0.09 each
	r := calculate(t, Input{Lines: []Line{line("l1", "p", 3, 10), line("l2", "p", 4, 10)},
		Promotions: []Promotion{cartAmt("c", 5, 0), p}})
	// After items 27 and 36; 5 spread: 2.14/2.86 -> 2/3. 25/3 = 8.33 -> 8; 33/4 = 8.25 -> 8.
	if a, b := r.Lines[0], r.Lines[1]; a.TotalAmount != 25 || a.UnitAdjustedPrice != 8 || b.TotalAmount != 33 ||
		b.UnitAdjustedPrice != 8 {
		t.Fatalf("lines: %v", lineTotals(r))
	}
	r = calculate(t, Input{Lines: []Line{line("l1", "p", 2, 5)}, Promotions: []Promotion{cartAmt("c", 1, 0)}})
	if got := r.Lines[0].UnitAdjustedPrice; got != 5 { // 9 / 2 = 4.5 rounds half away from zero
		t.Fatalf("unit adjusted price %d, want 5", got)
	}
}

// TestBigNumbers: a million units at ten million dollars each, with percentages and tax, in exact cents.
func TestBigNumbers(t *testing.T) {
	l := line("l1", "p", 1_000_000, 1_000_000_000)
	l.ListPrice = ptr(2_000_000_000)
	in := Input{TaxType: TaxNet, TaxRate: 88750, Lines: []Line{l, l, l},
		Promotions: []Promotion{itemPct("ten", 100000), cartPct("fifteen", 150000, 0)}}
	in.Lines[1].ID, in.Lines[2].ID = "l2", "l3"
	r := calculate(t, in)
	for _, got := range r.Lines {
		// 1e15 - 10% = 9e14; 15% of 2.7e15 = 4.05e14 spread evenly; tax 8.875% of 7.65e14.
		if got.TotalPrice != 1e15 || got.TotalListPrice != 2e15 || got.ItemizedAdjustmentAmount != -1e14 ||
			got.DistributedAdjustmentAmount != -135e12 || got.TotalAmount != 765e12 ||
			got.UnitAdjustedPrice != 765_000_000 || got.TotalTax != 67_893_750_000_000 {
			t.Fatalf("line %+v", got)
		}
	}
	if s := r.Summary; s.TotalProductAmount != 3e15 || s.TotalPromotionalAdjustmentAmount != -705e12 ||
		s.GrandTotalAmount != 3*(765e12+67_893_750_000_000) {
		t.Fatalf("summary %+v", s)
	}
}

// TestMaxTotal: a cart at the documented bound computes exactly even at a 100% tax rate; beyond it Validate refuses.
func TestMaxTotal(t *testing.T) {
	huge := Input{TaxType: TaxNet, TaxRate: RateScale, Lines: []Line{line("l1", "p", 4_000_000_000, 1_000_000_000)},
		Promotions: []Promotion{cartPct("half", 500000, 0)}}
	r := calculate(t, huge)
	if s := r.Summary; s.TotalProductAmount != 4e18 || s.TotalProductAmountAfterAdjustments != 2e18 ||
		s.TotalTaxAmount != 2e18 || s.GrandTotalAmount != 4e18 {
		t.Fatalf("summary %+v", s)
	}
	huge.Lines = append(huge.Lines, line("l2", "p", 1, 1_000_000_000_000_000_000))
	if err := huge.Validate(); err == nil {
		t.Fatal("Validate accepted a cart above MaxTotal")
	}
	// Unvalidated, Calculate still does not panic or wrap around to negative amounts.
	huge.Lines = []Line{line("l1", "p", math.MaxInt64, math.MaxInt64)}
	if got := Calculate(huge).Lines[0]; got.TotalPrice < 0 || got.TotalAmount < 0 {
		t.Fatalf("overflowed: %+v", got)
	}
}
