package calc

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

func TestSpread(t *testing.T) {
	for _, tc := range []struct {
		name    string
		amount  Cents
		weights []Cents
		want    []Cents
	}{
		{"10.00 over three equal lines", 1000, []Cents{10000, 10000, 10000}, []Cents{334, 333, 333}},
		{"exact proportions", 50, []Cents{10, 20, 30, 40}, []Cents{5, 10, 15, 20}},
		{"ties go to the earlier line", 2, []Cents{1, 1, 1}, []Cents{1, 1, 0}},
		{"largest remainder, not the earliest", 5, []Cents{2, 7}, []Cents{1, 4}},
		{"a zero weight gets nothing", 3, []Cents{5, 0, 5}, []Cents{2, 0, 1}},
		{"the whole pool", 7, []Cents{3, 0, 4}, []Cents{3, 0, 4}},
		{"more than the pool is capped", 100, []Cents{3, 4}, []Cents{3, 4}},
		{"nothing", 0, []Cents{3, 4}, []Cents{0, 0}},
		{"no weight", 5, []Cents{0, 0}, []Cents{0, 0}},
		{"no members", 5, nil, []Cents{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var a allocator
			got := make([]Cents, len(tc.weights))
			a.spread(tc.amount, tc.weights, got)
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("spread(%d, %v) = %v, want %v", tc.amount, tc.weights, got, tc.want)
			}
		})
	}
}

// TestSpreadAgainstSort checks the quickselect against the plain definition (sort by remainder, then index) on
// random pools, many of them with equal weights (ties) and large amounts.
func TestSpreadAgainstSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	var a allocator
	for range 2000 {
		n := 1 + rng.IntN(60)
		weights := make([]Cents, n)
		var total Cents
		for i := range weights {
			weights[i] = Cents(rng.IntN(4)) * Cents(1+rng.Int64N(1e12)) // zeros and repeats
			if rng.IntN(3) == 0 {
				weights[i] = 500
			}
			total += weights[i]
		}
		amount := Cents(rng.Int64N(int64(total) + 1))
		got := make([]Cents, n)
		a.spread(amount, weights, got)
		if want := spreadBySort(amount, weights); !reflect.DeepEqual(got, want) {
			t.Fatalf("spread(%d, %v) = %v, want %v", amount, weights, got, want)
		}
	}
}

// spreadBySort is the largest-remainder method as written in textbooks, in big-number-free form.
func spreadBySort(amount Cents, weights []Cents) []Cents {
	var total Cents
	for _, w := range weights {
		total += w
	}
	out := make([]Cents, len(weights))
	rems := make([]uint64, len(weights))
	idx := make([]int, len(weights))
	left := amount
	for i, w := range weights {
		q, r, _ := mulDivRem(uint64(amount), uint64(w), uint64(total))
		out[i], rems[i], idx[i] = Cents(q), r, i
		left -= Cents(q)
	}
	slices.SortStableFunc(idx, func(x, y int) int {
		switch {
		case rems[x] > rems[y]:
			return -1
		case rems[x] < rems[y]:
			return 1
		}
		return 0
	})
	for _, i := range idx[:left] {
		out[i]++
	}
	return out
}

func TestNthSmallest(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for range 500 {
		vals := make([]uint64, 1+rng.IntN(300))
		for i := range vals {
			vals[i] = uint64(rng.IntN(1 + len(vals)/3)) // many duplicates
		}
		sorted := slices.Sorted(slices.Values(vals))
		k := rng.IntN(len(vals))
		if got := nthSmallest(vals, k); got != sorted[k] {
			t.Fatalf("nthSmallest(k=%d) = %d, want %d", k, got, sorted[k])
		}
	}
	// Already sorted and reversed inputs, the classic bad cases for a naive pivot.
	asc := make([]uint64, 1000)
	for i := range asc {
		asc[i] = uint64(i)
	}
	if got := nthSmallest(slices.Clone(asc), 400); got != 400 {
		t.Fatalf("sorted input: %d", got)
	}
	slices.Reverse(asc)
	if got := nthSmallest(asc, 400); got != 400 {
		t.Fatalf("reversed input: %d", got)
	}
}
