package calc

import "testing"

func TestTax(t *testing.T) {
	for _, tc := range []struct {
		name   string
		typ    TaxType
		rate   Rate
		amount Cents
		tax    Cents
	}{
		{"net 8.875% rounds half away from zero", TaxNet, 88750, 10000, 888}, // 887.5
		{"net 8.875% rounds down", TaxNet, 88750, 12345, 1096},               // 1095.62
		{"net 8.875% rounds up", TaxNet, 88750, 1000, 89},                    // 88.75
		{"net 10% of half a cent", TaxNet, 100000, 5, 1},                     // 0.5
		{"net 10% below half a cent", TaxNet, 100000, 4, 0},                  // 0.4
		{"net no rate", TaxNet, 0, 10000, 0},
		{"gross 8.875%", TaxGross, 88750, 10000, 815},    // 10000 - round(9184.84)
		{"gross 8.875% small", TaxGross, 88750, 999, 81}, // 999 - round(917.57)
		{"gross 10% exact", TaxGross, 100000, 1100, 100},
		{"gross 100% rounds the net part half up", TaxGross, RateScale, 3, 1}, // 3 - round(1.5)
		{"gross no rate", TaxGross, 0, 10000, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := calculate(t, Input{TaxType: tc.typ, TaxRate: tc.rate, Lines: []Line{line("l1", "p", 1, tc.amount)},
				DeliveryCharges: []DeliveryCharge{{GroupID: "g", Amount: tc.amount}}})
			if r.Lines[0].TotalTax != tc.tax || r.DeliveryCharges[0].TotalTax != tc.tax || r.Summary.TotalTaxAmount != 2*tc.tax {
				t.Fatalf("line tax %d, charge tax %d, total %d; want %d each", r.Lines[0].TotalTax,
					r.DeliveryCharges[0].TotalTax, r.Summary.TotalTaxAmount, tc.tax)
			}
			// Net adds the tax to the grand total; Gross prices already include it.
			want := 2 * tc.amount
			if tc.typ == TaxNet {
				want += 2 * tc.tax
			}
			if r.Summary.GrandTotalAmount != want {
				t.Fatalf("grand total %d, want %d", r.Summary.GrandTotalAmount, want)
			}
		})
	}
}

// TestTaxAfterAdjustments: tax is on what the buyer pays for the line, after item and cart promotions.
func TestTaxAfterAdjustments(t *testing.T) {
	r := calculate(t, Input{TaxType: TaxNet, TaxRate: 88750, Lines: []Line{line("l1", "p", 1, 11000)},
		Promotions: []Promotion{itemAmt("i", 500), cartAmt("c", 500, 0)}})
	if got := r.Lines[0]; got.TotalAmount != 10000 || got.TotalTax != 888 {
		t.Fatalf("line %+v", got)
	}
}
