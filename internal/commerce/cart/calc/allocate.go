package calc

import "slices"

// allocator spreads an amount over weights by the largest-remainder method. It keeps its scratch between calls so
// a cart with many lines and many cart promotions allocates once.
type allocator struct {
	rems  []uint64 // remainder of each share's division, same denominator for all
	order []int32  // indices with a remainder, the largest first
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
	a.order = a.order[:0]
	left := amount
	for i, w := range weights {
		if w <= 0 {
			a.rems[i] = 0
			continue
		}
		// amount ≤ total, so the quotient is ≤ w and always fits.
		q, r, _ := mulDivRem(uint64(amount), uint64(w), uint64(total))
		shares[i] = Cents(q)
		a.rems[i] = r
		left -= Cents(q)
		if r > 0 {
			a.order = append(a.order, int32(i))
		}
	}
	if left == 0 {
		return
	}
	// left < len(a.order): the remainders add up to left × total, and each is below total.
	slices.SortFunc(a.order, func(x, y int32) int {
		if a.rems[x] != a.rems[y] {
			if a.rems[x] > a.rems[y] {
				return -1
			}
			return 1
		}
		return int(x - y)
	})
	for _, i := range a.order[:left] {
		shares[i]++
	}
}
