package checkout

import (
	"encoding/json"
	"testing"
	"time"
)

func TestLuhnAndBrand(t *testing.T) {
	for number, want := range map[string]bool{"4111111111111111": true, "4000000000000002": true,
		"5555555555554444": true, "378282246310005": true, "4111111111111112": false, "1234567812345678": false} {
		if luhn(number) != want {
			t.Errorf("luhn(%s) = %v", number, !want)
		}
	}
	for number, want := range map[string]string{"4111111111111111": "Visa", "5555555555554444": "MasterCard",
		"378282246310005": "AmericanExpress", "6011111111111117": "Discover", "3530111333300000": "Other"} {
		if got := brand(number); got != want {
			t.Errorf("brand(%s) = %s, want %s", number, got, want)
		}
	}
}

func TestCardExpiry(t *testing.T) {
	now := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		month, year any
		ok          bool
	}{
		{json.Number("11"), json.Number("2026"), true}, // this month still counts
		{"12", "26", true},
		{json.Number("10"), json.Number("2026"), false},
		{json.Number("0"), json.Number("2030"), false},
		{json.Number("13"), json.Number("2030"), false},
		{"x", "2030", false},
		{nil, nil, false},
		{json.Number("1"), json.Number("2101"), false},
	} {
		_, _, err := (&cardInput{ExpiryMonth: tc.month, ExpiryYear: tc.year}).expiry(now)
		if (err == nil) != tc.ok {
			t.Errorf("expiry %v/%v: %v", tc.month, tc.year, err)
		}
	}
}
