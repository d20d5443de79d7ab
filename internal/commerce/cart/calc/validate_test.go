package calc

import (
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	valid := func() Input {
		l := line("l1", "p", 2, 1000)
		l.ListPrice = ptr(1200)
		l.Tiers = []Tier{{LowerBound: 10, UpperBound: 20, UnitPrice: 900}}
		return Input{TaxType: TaxGross, TaxRate: 200000, Lines: []Line{l}, Promotions: []Promotion{itemPct("a", 10)},
			DeliveryCharges: []DeliveryCharge{{GroupID: "g", Amount: 500}}}
	}
	if err := (&Input{TaxType: TaxNet}).Validate(); err != nil {
		t.Fatalf("empty cart: %v", err)
	}
	for _, tc := range []struct {
		name   string
		mutate func(*Input)
		want   string
	}{
		{"valid", func(*Input) {}, ""},
		{"tax type", func(in *Input) { in.TaxType = "Automatic" }, "tax type"},
		{"tax rate", func(in *Input) { in.TaxRate = RateScale + 1 }, "tax rate"},
		{"quantity", func(in *Input) { in.Lines[0].Quantity = 0 }, "quantity 0"},
		{"price", func(in *Input) { in.Lines[0].UnitPrice = -1 }, "negative price"},
		{"list price", func(in *Input) { in.Lines[0].ListPrice = ptr(-1) }, "negative price"},
		{"tier bounds", func(in *Input) { in.Lines[0].Tiers[0].UpperBound = 5 }, "covers no quantity"},
		{"tier price", func(in *Input) { in.Lines[0].Tiers[0].UnitPrice = -1 }, "negative tier price"},
		{"charge", func(in *Input) { in.DeliveryCharges[0].Amount = -1 }, "negative"},
		{"promotion ID", func(in *Input) { in.Promotions[0].ID = "" }, "no ID"},
		{"duplicate promotion", func(in *Input) { in.Promotions = append(in.Promotions, in.Promotions[0]) }, "twice"},
		{"free shipping on items", func(in *Input) { in.Promotions[0].DiscountType = FreeShipping }, "does not apply"},
		{"percent", func(in *Input) { in.Promotions[0].Percent = -1 }, "percent"},
		{"amount", func(in *Input) { in.Promotions[0].Amount = -1 }, "negative amount"},
		{"overflow", func(in *Input) { in.Lines[0].Quantity = 1 << 62 }, "exceed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := valid()
			tc.mutate(&in)
			err := in.Validate()
			if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("Validate() = %v, want an error with %q", err, tc.want)
			}
		})
	}
}
