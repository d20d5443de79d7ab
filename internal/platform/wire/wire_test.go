package wire

import (
	"math/big"
	"testing"
	"time"
)

func rat(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("bad test decimal %q", s)
	}
	return r
}

func TestMoney(t *testing.T) {
	for _, c := range []struct {
		units int64
		scale int
		want  string
	}{
		{0, 0, "0"}, {0, 2, "0.00"}, {7, 0, "7"}, {-7, 0, "-7"},
		{5, 1, "0.5"}, {1250, 2, "12.50"}, {-5, 2, "-0.05"}, {-1250, 2, "-12.50"},
		{1, 3, "0.001"}, {12345, 4, "1.2345"}, {-1, 4, "-0.0001"}, {100000, 4, "10.0000"},
		{123456789012345678, 2, "1234567890123456.78"},
		{9223372036854775807, 2, "92233720368547758.07"}, {-9223372036854775808, 2, "-92233720368547758.08"},
		{42, -1, "42"},
	} {
		if got := Money(c.units, c.scale); got != c.want {
			t.Errorf("Money(%d, %d) = %q, want %q", c.units, c.scale, got, c.want)
		}
	}
}

func TestDecimal(t *testing.T) {
	for _, c := range []struct {
		in    string
		scale int
		want  string
	}{
		{"0", 0, "0"}, {"0", 2, "0.00"}, {"2.5", 0, "3"}, {"-2.5", 0, "-3"}, {"2.4", 0, "2"},
		{"2.345", 2, "2.35"}, {"-2.345", 2, "-2.35"}, {"2.344", 2, "2.34"}, {"0.005", 2, "0.01"},
		{"-0.004", 2, "0.00"}, {"-0.0004", 3, "0.000"}, {"1.23456", 4, "1.2346"}, {"12.5", 1, "12.5"},
		{"1/3", 2, "0.33"}, {"2/3", 3, "0.667"}, {"99999999999999999999.995", 2, "100000000000000000000.00"},
		{"7", -1, "7"},
	} {
		if got := Decimal(rat(t, c.in), c.scale); got != c.want {
			t.Errorf("Decimal(%s, %d) = %q, want %q", c.in, c.scale, got, c.want)
		}
	}
}

func TestTrimmed(t *testing.T) {
	for in, want := range map[string]string{"12.50": "12.5", "3.000": "3", "-0.00": "0", "0": "0", "100": "100",
		"2.9000": "2.9", "-1.10": "-1.1", "": "0"} {
		if got := Trimmed(in); got != want {
			t.Errorf("Trimmed(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestQuantity(t *testing.T) {
	for in, want := range map[string]string{"0": "0", "-0": "0", "150": "150.0", "1": "1.0", "1.5": "1.5",
		"1.50": "1.5", "-2": "-2.0", "-2.25": "-2.25", "0.001": "0.001", "12345678901234567890": "12345678901234567890.0",
		"1/4": "0.25"} {
		if got := Quantity(rat(t, in)); got != want {
			t.Errorf("Quantity(%s) = %q, want %q", in, got, want)
		}
	}
}

func TestDateTimes(t *testing.T) {
	at := time.Date(2026, 11, 25, 23, 13, 11, 42_900_000, time.FixedZone("CET", 3600))
	for name, c := range map[string]struct{ got, want string }{
		"ui":      {DateTime(at), "2026-11-25T22:13:11.042Z"},
		"rest":    {RESTDateTime(at), "2026-11-25T22:13:11.042+0000"},
		"seconds": {SecondsDateTime(at), "2026-11-25T22:13:11Z"},
		"zero ms": {DateTime(time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)), "2020-01-02T03:04:05.000Z"},
	} {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", name, c.got, c.want)
		}
	}
}

func TestCurrency(t *testing.T) {
	for _, c := range []struct{ amount, iso, want string }{
		{"1234.50", "", "$1,234.50"}, {"1234.50", "USD", "$1,234.50"}, {"9240.50", "EUR", "EUR 9,240.50"},
		{"12.5", "", "$12.50"}, {"350000000.00", "", "$350,000,000"}, {"0.00", "", "$0"}, {"0.05", "", "$0.05"},
		{"-5.00", "", "-$5"}, {"-1234.5", "EUR", "EUR -1,234.50"}, {"999", "JPY", "JPY 999"},
		{"1000", "GBP", "GBP 1,000"}, {"1.2345", "", "$1.2345"},
	} {
		if got := Currency(c.amount, c.iso); got != c.want {
			t.Errorf("Currency(%q, %q) = %q, want %q", c.amount, c.iso, got, c.want)
		}
	}
}
