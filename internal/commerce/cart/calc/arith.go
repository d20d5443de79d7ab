package calc

import (
	"math"
	"math/bits"
)

// The arithmetic works on magnitudes (≥ 0): prices, quantities, rates and discounts are all non-negative, and
// adjustments only become negative when they are reported. Rounding half up on magnitudes is rounding half away
// from zero. Out-of-range inputs (which Validate refuses) saturate instead of wrapping or panicking.

// mulDivRem returns a×b/d and its remainder, on the 128-bit product; ok is false when the quotient does not fit in
// 64 bits.
func mulDivRem(a, b, d uint64) (q, r uint64, ok bool) {
	hi, lo := bits.Mul64(a, b)
	if hi >= d {
		return 0, 0, false
	}
	q, r = bits.Div64(hi, lo, d)
	return q, r, true
}

// mulDiv returns a×b/d rounded half up, 0 when an operand is not positive, math.MaxInt64 when the quotient does
// not fit.
func mulDiv(a, b, d int64) int64 {
	if a <= 0 || b <= 0 || d <= 0 {
		return 0
	}
	q, r, ok := mulDivRem(uint64(a), uint64(b), uint64(d))
	if r >= uint64(d)-r { // r ≥ d/2 without overflowing 2r
		q++
	}
	if !ok || q > math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(q)
}

// mulSat returns a×b for non-negative operands, math.MaxInt64 when it does not fit, 0 when an operand is not
// positive.
func mulSat(a, b int64) int64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi != 0 || lo > math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(lo)
}

// percentOf is p percent of amount, rounded to the cent.
func percentOf(amount Cents, p Rate) Cents {
	return Cents(mulDiv(int64(amount), int64(p), int64(RateScale)))
}

// divRound is amount / n rounded to the cent (the unit price of a line total).
func divRound(amount Cents, n int64) Cents {
	return Cents(mulDiv(int64(amount), 1, n))
}
