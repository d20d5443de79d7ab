package pricing

import (
	"fmt"
	"math/big"
	"strings"

	"storefront/internal/platform/wire"
)

// Money is exact: amounts are read from the database as decimal text, computed with big.Rat and written back as
// decimal strings with two places, rounded half away from zero (half up for the non-negative amounts of a price
// list), as the real API sends them ("250.00"): wire.Decimal(amount, 2).

// parseAmount reads a decimal amount as stored ("12.49", "12.5", "12").
func parseAmount(s string) (*big.Rat, error) {
	r, ok := new(big.Rat).SetString(strings.TrimSpace(s))
	if !ok || strings.Contains(s, "/") {
		return nil, fmt.Errorf("pricing: %q is not a decimal amount", s)
	}
	return r, nil
}

// percentOff returns amount less pct percent, rounded to the cent.
func percentOff(amount, pct *big.Rat) *big.Rat {
	factor := new(big.Rat).Sub(big.NewRat(1, 1), new(big.Rat).Quo(pct, big.NewRat(100, 1)))
	return roundCents(new(big.Rat).Mul(amount, factor))
}

// amountOff returns amount less off, never below zero.
func amountOff(amount, off *big.Rat) *big.Rat {
	out := new(big.Rat).Sub(amount, off)
	if out.Sign() < 0 {
		return new(big.Rat)
	}
	return out
}

// roundCents rounds to two decimal places, half away from zero.
func roundCents(r *big.Rat) *big.Rat {
	out, _ := new(big.Rat).SetString(wire.Decimal(r, 2))
	return out
}
