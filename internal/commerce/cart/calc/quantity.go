package calc

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// QuantityRule is a product's purchase quantity rule; a field ≤ 0 sets no rule. Allowed quantities are Minimum,
// Minimum + Increment, Minimum + 2 × Increment... up to Maximum; without a minimum the steps count from 0
// (Increment, 2 × Increment...).
type QuantityRule struct {
	Minimum, Maximum, Increment int64
}

// QuantityError is a quantity the product's rule refuses. Message is written for the buyer and names the product
// and what is allowed, so the HTTP layer can send it as is (CART_VALIDATION_ERROR).
type QuantityError struct {
	ProductName string
	Quantity    int64
	Rule        QuantityRule
	Message     string
}

func (e *QuantityError) Error() string { return e.Message }

// CheckQuantity returns nil when qty units of the product may be bought under rule, else a *QuantityError saying
// why: "You can't add 3 of Nitrile Gloves: the minimum quantity is 5." A quantity below 1 is refused whatever the
// rule.
func CheckQuantity(rule QuantityRule, productName string, qty int64) error {
	minimum, maximum, step := max(rule.Minimum, 0), max(rule.Maximum, 0), max(rule.Increment, 0)
	var why string
	switch {
	case qty < minimum:
		why = "the minimum quantity is " + strconv.FormatInt(minimum, 10)
	case maximum > 0 && qty > maximum:
		why = "the maximum quantity is " + strconv.FormatInt(maximum, 10)
	case step > 1 && (qty < 1 || (qty-minimum)%step != 0):
		why = "buy it in steps of " + strconv.FormatInt(step, 10) + allowedQuantities(minimum, maximum, step)
	case qty < 1:
		why = "the minimum quantity is 1"
	default:
		return nil
	}
	return &QuantityError{ProductName: productName, Quantity: qty, Rule: rule,
		Message: fmt.Sprintf("You can't add %d of %s: %s.", qty, productName, why)}
}

// allowedQuantities lists the first three allowed quantities, " (5, 10, 15...)", the dots only when more follow
// within the maximum; "" when the rule allows none (a step above the maximum).
func allowedQuantities(minimum, maximum, step int64) string {
	v := minimum
	if v == 0 {
		v = step
	}
	var list []string
	for ; len(list) < 3 && (maximum == 0 || v <= maximum); v += step {
		list = append(list, strconv.FormatInt(v, 10))
		if v > math.MaxInt64-step {
			return " (" + strings.Join(list, ", ") + ")"
		}
	}
	if len(list) == 0 {
		return ""
	}
	more := ""
	if maximum == 0 || v <= maximum {
		more = "..."
	}
	return " (" + strings.Join(list, ", ") + more + ")"
}
