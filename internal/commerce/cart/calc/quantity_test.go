package calc

import (
	"errors"
	"testing"
)

func TestCheckQuantity(t *testing.T) {
	for _, tc := range []struct {
		rule QuantityRule
		qty  int64
		want string // "" for allowed
	}{
		{QuantityRule{}, 1, ""},
		{QuantityRule{}, 1_000_000, ""},
		{QuantityRule{}, 0, "You can't add 0 of Nitrile Gloves: the minimum quantity is 1."},
		{QuantityRule{Minimum: 5}, 3, "You can't add 3 of Nitrile Gloves: the minimum quantity is 5."},
		{QuantityRule{Minimum: 5}, 5, ""},
		{QuantityRule{Maximum: 100}, 100, ""},
		{QuantityRule{Maximum: 100}, 101, "You can't add 101 of Nitrile Gloves: the maximum quantity is 100."},
		{QuantityRule{Increment: 5}, 10, ""},
		{QuantityRule{Increment: 5}, 7, "You can't add 7 of Nitrile Gloves: buy it in steps of 5 (5, 10, 15...)."},
		{QuantityRule{Increment: 5}, 0, "You can't add 0 of Nitrile Gloves: buy it in steps of 5 (5, 10, 15...)."},
		{QuantityRule{Minimum: 5, Increment: 5}, 15, ""},
		{QuantityRule{Minimum: 2, Increment: 5}, 7, ""},
		{QuantityRule{Minimum: 2, Increment: 5}, 10, "You can't add 10 of Nitrile Gloves: buy it in steps of 5 (2, 7, 12...)."},
		{QuantityRule{Minimum: 5, Maximum: 10, Increment: 5}, 7, "You can't add 7 of Nitrile Gloves: buy it in steps of 5 (5, 10)."},
		{QuantityRule{Minimum: 5, Maximum: 15, Increment: 5}, 7, "You can't add 7 of Nitrile Gloves: buy it in steps of 5 (5, 10, 15)."},
		{QuantityRule{Minimum: 5, Maximum: 20, Increment: 5}, 7, "You can't add 7 of Nitrile Gloves: buy it in steps of 5 (5, 10, 15...)."},
		{QuantityRule{Minimum: 5, Maximum: 100, Increment: 5}, 3, "You can't add 3 of Nitrile Gloves: the minimum quantity is 5."},
		{QuantityRule{Minimum: 5, Maximum: 100, Increment: 5}, 105, "You can't add 105 of Nitrile Gloves: the maximum quantity is 100."},
		{QuantityRule{Increment: 1}, 3, ""},
		{QuantityRule{Minimum: -1, Maximum: -1, Increment: -1}, 3, ""},
		{QuantityRule{Maximum: 5, Increment: 10}, 3, "You can't add 3 of Nitrile Gloves: buy it in steps of 10."},
	} {
		err := CheckQuantity(tc.rule, "Nitrile Gloves", tc.qty)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%+v, %d: %v", tc.rule, tc.qty, err)
			}
			continue
		}
		var qe *QuantityError
		if !errors.As(err, &qe) || qe.Message != tc.want || err.Error() != tc.want || qe.Quantity != tc.qty ||
			qe.ProductName != "Nitrile Gloves" || qe.Rule != tc.rule {
			t.Errorf("%+v, %d:\n got %v\nwant %s", tc.rule, tc.qty, err, tc.want)
		}
	}
}
