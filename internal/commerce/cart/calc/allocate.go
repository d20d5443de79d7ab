package calc

import (
	"math/bits"
	"slices"
)

// allocator spreads an amount over weights by the largest-remainder method. It keeps its scratch between calls so
// a cart with many lines and many cart promotions allocates once.
type allocator struct {
	rems   []uint64 // remainder of each share's division, all over the same denominator
	sorted []uint64 // the non-zero remainders, reordered by nthSmallest
}

// spread writes into shares (len(weights)) the split of amount in proportion to weights: share i is
// floor(amount × w_i / W), W the sum of the weights, and the cents still missing go one each to the largest
// remainders, ties to the lower index. The shares add up to amount exactly, and none exceeds its weight because
// amount is capped at W (each share is at most ceil(amount × w_i / W) ≤ w_i). Weights are ≥ 0; with W = 0
// every share is 0.
func (a *allocator) spread(amount Cents, weights, shares []Cents) {
	var total Cents
	for _, w := range weights {
		total += w
	}
	amount = min(amount, total)
	clear(shares)
	if amount <= 0 {
		return
	}
	a.rems = slices.Grow(a.rems[:0], len(weights))[:len(weights)]
	a.sorted = slices.Grow(a.sorted[:0], len(weights))
	left := amount
	for i, w := range weights {
		var q, r uint64
		if w > 0 { // amount ≤ total, so the quotient is ≤ w and always fits
			q, r, _ = mulDivRem(uint64(amount), uint64(w), uint64(total))
		}
		shares[i], a.rems[i] = Cents(q), r
		left -= Cents(q)
		if r > 0 {
			a.sorted = append(a.sorted, r)
		}
	}
	if left <= 0 || int(left) > len(a.sorted) { // the latter only when the weights' sum overflowed (see Validate)
		return
	}
	// left < len(a.sorted): the remainders add up to left × total and each is below total. The cents go to the
	// remainders above the left-th largest, then to those equal to it in line order.
	cut := nthSmallest(a.sorted, len(a.sorted)-int(left))
	atCut := int(left) // how many of the remainders equal to cut get a cent
	for _, r := range a.rems {
		if r > cut {
			atCut--
		}
	}
	for i, r := range a.rems {
		switch {
		case r > cut:
			shares[i]++
		case r == cut && atCut > 0:
			shares[i]++
			atCut--
		}
	}
}

// nthSmallest returns the value that would be at index k of vals sorted ascending, reordering vals. It is a
// quickselect (linear on average) rather than a sort because it runs once per cart promotion over every line;
// should the pivots keep being poor it sorts, so the worst case stays n log n.
func nthSmallest(vals []uint64, k int) uint64 {
	lo, hi := 0, len(vals)-1
	for budget := 2 * bits.Len(uint(len(vals))); lo < hi; budget-- {
		if budget == 0 {
			slices.Sort(vals[lo : hi+1])
			break
		}
		// Median of three as the pivot, then a three-way partition: < pivot, = pivot, > pivot.
		mid := lo + (hi-lo)/2
		pivot := max(min(vals[lo], vals[mid]), min(max(vals[lo], vals[mid]), vals[hi]))
		lt, i, gt := lo, lo, hi
		for i <= gt {
			switch v := vals[i]; {
			case v < pivot:
				vals[lt], vals[i] = v, vals[lt]
				lt++
				i++
			case v > pivot:
				vals[gt], vals[i] = v, vals[gt]
				gt--
			default:
				i++
			}
		}
		switch {
		case k < lt:
			hi = lt - 1
		case k > gt:
			lo = gt + 1
		default:
			return pivot
		}
	}
	return vals[k]
}
