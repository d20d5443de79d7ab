package demo

import (
	"slices"
	"strings"
	"testing"

	"storefront/internal/records"
)

func TestTreeShape(t *testing.T) {
	cats := flattenTree()
	levels := map[int]int{}
	for _, c := range cats {
		levels[c.Level]++
	}
	if levels[1] < 8 || len(cats) < 30 || levels[3] == 0 {
		t.Fatalf("tree levels %v (%d categories): want >= 8 top-level, >= 30 in all, a third level", levels, len(cats))
	}
	codes := map[string]bool{}
	for _, l := range leafCategories(cats) {
		if codes[l.Words.Code] {
			t.Errorf("SKU code %s used by two leaves", l.Words.Code)
		}
		codes[l.Words.Code] = true
	}
}

// Seeded values must be allowed by the fields' picklists, or the console would show values it cannot edit.
func TestProductValuesFitPicklists(t *testing.T) {
	var product records.Object
	for _, o := range records.StandardObjects() {
		if o.APIName == "Product2" {
			product = o
		}
	}
	allowed := func(field, v string) bool {
		return slices.ContainsFunc(product.Field(field).Picklist, func(p records.PicklistValue) bool { return p.Value == v })
	}
	leaves := leafCategories(flattenTree())
	for n := 1; n <= len(leaves)*4; n++ {
		p := makeProduct(n, leaves)
		if !allowed("QuantityUnitOfMeasure", p.UOM) || !allowed("Family", p.Family) {
			t.Fatalf("product %d: unit %q or family %q not in the picklist", n, p.UOM, p.Family)
		}
	}
}

func TestProductsAreDeterministic(t *testing.T) {
	leaves := leafCategories(flattenTree())
	a, b := makeProduct(12345, leaves), makeProduct(12345, leaves)
	if a.Name != b.Name || a.ListCents != b.ListCents || a.SKU != b.SKU || a.ContentKey != b.ContentKey {
		t.Fatalf("product 12345 differs between two calls: %+v vs %+v", a, b)
	}
	if a.ID != records.StableID("01t", 12345) || !strings.HasSuffix(a.SKU, "-012345") {
		t.Fatalf("product 12345 id %s sku %s", a.ID, a.SKU)
	}
	if c := a.ListCents % 100; c != 49 && c != 99 {
		t.Fatalf("list price %s does not end in .49 or .99", money(a.ListCents))
	}
	if len(a.ContentKey) != 24 || !strings.HasPrefix(a.ContentKey, "MC") {
		t.Fatalf("content key %q", a.ContentKey)
	}
}

func TestMoney(t *testing.T) {
	for _, c := range []struct {
		cents int64
		pct   int
		want  string
	}{{599, 8, "5.51"}, {599, 15, "5.09"}, {1000, 0, "10.00"}, {99, 15, "0.84"}, {2450, 10, "22.05"}} {
		if got := money(discounted(c.cents, c.pct)); got != c.want {
			t.Errorf("%d%% off %s = %s, want %s", c.pct, money(c.cents), got, c.want)
		}
	}
}

func TestStableNumberRoundTrip(t *testing.T) {
	for _, n := range []int64{1, 61, 62, 300, 100000, 9_999_999} {
		got, ok := stableNumber(records.StableID("01t", n))
		if !ok || got != n {
			t.Errorf("stableNumber(StableID(%d)) = %d, %v", n, got, ok)
		}
	}
	if _, ok := stableNumber(records.NewID("01t")); ok {
		t.Error("a random id decoded as a stable number")
	}
}
