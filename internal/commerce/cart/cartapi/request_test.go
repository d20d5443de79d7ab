package cartapi

import (
	"encoding/json"
	"net/url"
	"testing"
)

func TestParseQuantity(t *testing.T) {
	for _, tc := range []struct {
		in   any
		want int64 // 0: refused
	}{
		{"1", 1}, {"5", 5}, {"5.0", 5}, {"007", 7}, {json.Number("12"), 12}, {json.Number("3.00"), 3},
		{"1000000", 1000000}, {"1000001", 0}, {"1e40", 0}, {"0", 0}, {"-1", 0}, {"2.5", 0}, {"abc", 0},
		{"1/2", 0}, {"", 0}, {nil, 0}, {true, 0}, {3.5, 0},
		// Only decimal numerals: no base prefix, exponent, sign, spaces, or separators.
		{"0x10", 0}, {"0X10", 0}, {"0b11", 0}, {"0o7", 0}, {"1e3", 0}, {json.Number("1e3"), 0}, {"1E2", 0},
		{" 2", 0}, {"2 ", 0}, {" 7 ", 0}, {"+2", 0}, {"1_000", 0}, {"2.", 0}, {".5", 0}, {"1.0.0", 0},
		{"99999999999999999999999", 0}, {"١٢", 0},
	} {
		got, err := parseQuantity(tc.in)
		if (err == nil) != (tc.want != 0) || got != tc.want {
			t.Errorf("parseQuantity(%#v) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
}

func TestPageParameters(t *testing.T) {
	for _, tc := range []struct {
		query        string
		number, size int
		ok           bool
	}{
		{"", 1, 25, true}, {"pageNumber=3&pageSize=100", 3, 100, true}, {"page=2&pageNumber=9", 2, 25, true},
		{"pageSize=0", 0, 0, false}, {"pageSize=101", 0, 0, false}, {"pageNumber=0", 0, 0, false},
		{"page=x", 0, 0, false}, {"pageSize=1e3", 0, 0, false},
	} {
		q, _ := url.ParseQuery(tc.query)
		n, s, err := page(q)
		if (err == nil) != tc.ok || n != tc.number || s != tc.size {
			t.Errorf("page(%q) = %d, %d, %v", tc.query, n, s, err)
		}
	}
}
