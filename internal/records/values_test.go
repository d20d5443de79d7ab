package records

import (
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
	"testing"
)

func TestCoerceValue(t *testing.T) {
	cur := &Field{APIName: "Amount", Label: "Amount", Type: TypeCurrency, Precision: 18, Scale: 2}
	small := &Field{APIName: "N", Label: "N", Type: TypeInt, Precision: 3}
	short := &Field{APIName: "S", Label: "S", Type: TypeCurrency, Precision: 5, Scale: 2}
	txt := &Field{APIName: "T", Label: "T", Type: TypeText, Length: 3}
	cases := []struct {
		f    *Field
		in   any
		want any
		code string
	}{
		{cur, json.Number("12.5"), "12.50", ""},
		{cur, "12.345", "12.35", ""},
		{cur, json.Number("1e3"), "1000.00", ""},
		{cur, "abc", nil, CodeInvalidType},
		{cur, true, nil, CodeInvalidType},
		{cur, json.Number("12345678901234567"), nil, CodeNumberOutsideRange},
		{small, json.Number("999"), int64(999), ""},
		{small, json.Number("1000"), nil, CodeNumberOutsideRange},
		{small, int64(-999), int64(-999), ""}, {small, int64(-1000), nil, CodeNumberOutsideRange},
		{short, "999.99", "999.99", ""}, {short, "-999.9", "-999.90", ""}, {short, "0.5", "0.50", ""},
		{short, "1000", nil, CodeNumberOutsideRange}, {short, "-1000.00", nil, CodeNumberOutsideRange},
		{small, json.Number("1.5"), nil, CodeInvalidType},
		{small, "0x10", nil, CodeInvalidType}, {small, "0b11", nil, CodeInvalidType}, {small, "1_0", nil, CodeInvalidType},
		{small, "1/2", nil, CodeInvalidType}, {small, "1e2", int64(100), ""}, {cur, "0x1p4", nil, CodeInvalidType},
		{txt, "abc", "abc", ""},
		{txt, "abcd", nil, CodeStringTooLong},
		{txt, "", nil, ""},
		{txt, 12, nil, CodeInvalidType},
		{txt, "a\x00", nil, CodeInvalidType},
		{txt, "\xff", nil, CodeInvalidType},
		{&Field{Label: "PL", Type: TypePicklist, Length: 255}, "a\x00b", nil, CodeInvalidType},
		{&Field{Label: "B", Type: TypeBoolean}, nil, false, ""},
		{&Field{Label: "B", Type: TypeBoolean}, "true", nil, CodeInvalidType},
		{&Field{Label: "D", Type: TypeDate}, "2024-02-29", "2024-02-29", ""},
		{&Field{Label: "D", Type: TypeDate}, "2023-02-29", nil, CodeInvalidType},
		{&Field{Label: "DT", Type: TypeDateTime}, "2024-01-02T03:04:05+01:00", "2024-01-02T02:04:05.000Z", ""},
		{&Field{Label: "DT", Type: TypeDateTime}, "2024-01-02T03:04:05.123+0000", "2024-01-02T03:04:05.123Z", ""},
		{&Field{Label: "DT", Type: TypeDateTime}, "yesterday", nil, CodeInvalidType},
		{&Field{Label: "E", Type: TypeEmail, Length: 80}, "a@b.co", "a@b.co", ""},
		{&Field{Label: "E", Type: TypeEmail, Length: 80}, "a@b", nil, CodeInvalidEmail},
		{&Field{Label: "P", Type: TypePhone, Length: 40}, "+1 (555) 010-0000", "+1 (555) 010-0000", ""},
		{&Field{Label: "P", Type: TypePhone, Length: 40}, "call me", nil, CodeInvalidType},
		{&Field{Label: "U", Type: TypeURL, Length: 255}, "https://x.io/a b", nil, CodeInvalidType},
		{&Field{Label: "M", Type: TypeMultiPicklist, Length: 255}, "a; b;a", "a;b", ""},
		{&Field{Label: "R", Type: TypeReference}, "001000000000001", "001000000000001AAA", ""},
		{&Field{Label: "R", Type: TypeReference}, "001-bad", nil, CodeFieldIntegrity},
	}
	for _, c := range cases {
		got, fe := CoerceValue(c.f, c.in)
		code := ""
		if fe != nil {
			code = fe.Code
		}
		if code != c.code || (c.code == "" && got != c.want) {
			t.Errorf("%s %v: got %v (%s); want %v (%s)", c.f.Type, c.in, got, code, c.want, c.code)
		}
	}
}

func TestWireAndDisplayValues(t *testing.T) {
	cur := &Field{Type: TypeCurrency, Scale: 2}
	for in, want := range map[string]string{"350000000.00": "$350,000,000", "12.50": "$12.50", "-1234.05": "-$1,234.05", "0.00": "$0"} {
		if got := DisplayValue(cur, in, ""); got != want {
			t.Errorf("display %s = %v; want %s", in, got, want)
		}
	}
	// A record in another currency shows its ISO code, as a multi-currency org does, never "$".
	for in, want := range map[string]string{"9240.50": "EUR 9,240.50", "-1234.05": "EUR -1,234.05", "12": "EUR 12"} {
		if got := DisplayValue(cur, in, "EUR"); got != want {
			t.Errorf("display %s EUR = %v; want %s", in, got, want)
		}
	}
	if got := DisplayValue(cur, "12.50", "USD"); got != "$12.50" {
		t.Errorf("display 12.50 USD = %v", got)
	}
	if got := WireValue(cur, "12.50"); got != json.Number("12.5") {
		t.Errorf("wire %v", got)
	}
	if got := DisplayValue(&Field{Type: TypeDateTime}, "2021-04-06T23:46:16.000Z", ""); got != "4/6/2021, 11:46 PM" {
		t.Errorf("datetime display %v", got)
	}
	if got := DisplayValue(&Field{Type: TypeDate}, "2020-05-02", ""); got != "5/2/2020" {
		t.Errorf("date display %v", got)
	}
	pl := &Field{Type: TypePicklist, Picklist: []PicklistValue{{Value: "a", Label: "Alpha"}}}
	if got := DisplayValue(pl, "a", ""); got != "Alpha" {
		t.Errorf("picklist display %v", got)
	}
	if got := DisplayValue(&Field{Type: TypeText}, "x", ""); got != nil {
		t.Errorf("text display %v", got)
	}
}

// The plain-decimal fast path of ParseScaled reads what the exact big.Rat reading reads, and leaves the rest to it.
func TestParseScaledFastPathAgreesWithExactReading(t *testing.T) {
	exact := func(s string, scale int) (int64, bool) {
		r, ok := new(big.Rat).SetString(strings.TrimSpace(s))
		if !ok || strings.Contains(s, "/") {
			return 0, false
		}
		n, err := strconv.ParseInt(strings.Replace(r.FloatString(scale), ".", "", 1), 10, 64)
		return n, err == nil
	}
	inputs := []string{"0", "-0", "12.49", "12.5", "12.495", "-0.05", "-12.40", "7", "007.10", "0.00", "1.", ".5", "-",
		"", "1.2.3", "+3", "1e3", " 4.20 ", "12/5", "abc", "999999999999999999", "9999999999999999.99",
		"99999999999999999.9", "92233720368547758.07", "-92233720368547758.08", "1234567890123456789", "0.125", "-0.125"}
	for _, s := range inputs {
		for _, scale := range []int{0, 2, 3, 4} {
			want, wantOK := exact(s, scale)
			got, gotOK := ParseScaled(s, scale)
			if got != want || gotOK != wantOK {
				t.Errorf("ParseScaled(%q, %d) = %d, %v; the exact reading gives %d, %v", s, scale, got, gotOK, want, wantOK)
			}
		}
	}
}

// Coercing a number gives the same canonical text or error with and without the plain-decimal fast path.
func TestCoerceNumberFastPathAgreesWithExactReading(t *testing.T) {
	cur := &Field{APIName: "Amount", Label: "Amount", Type: TypeCurrency, Precision: 18, Scale: 2}
	qty := &Field{APIName: "Quantity", Label: "Quantity", Type: TypeDouble, Precision: 18, Scale: 2}
	n := &Field{APIName: "N", Label: "N", Type: TypeInt, Precision: 3}
	cases := []struct {
		f    *Field
		in   string
		want string
	}{
		{cur, "12.49", "12.49"}, {cur, "-0.05", "-0.05"}, {cur, "-0", "0.00"}, {cur, "7", "7.00"}, {cur, "007.1", "7.10"},
		{cur, "12.345", "12.35"}, {cur, "1.", "1.00"}, {cur, "9999999999999999.99", "9999999999999999.99"},
		{cur, "99999999999999999.9", "NUMBER_OUTSIDE_VALID_RANGE"}, {qty, "10", "10.00"}, {n, "42", "42"}, {n, "-0", "0"},
		{n, "1.0", "1"}, {n, "1.5", CodeInvalidType}, {n, "1000", "NUMBER_OUTSIDE_VALID_RANGE"}, {n, "0999", "999"},
		// Already as written back (kept as given) and near misses (written anew).
		{cur, "0.00", "0.00"}, {cur, "-0.00", "0.00"}, {cur, "0.05", "0.05"}, {cur, "00.05", "0.05"}, {cur, "-12.40", "-12.40"},
		{cur, "10.0", "10.00"}, {cur, "-1", "-1.00"}, {cur, " 3.10 ", "3.10"},
		{&Field{APIName: "W", Label: "W", Type: TypeDouble, Precision: 18}, "12", "12"},
		{&Field{APIName: "W", Label: "W", Type: TypeDouble, Precision: 18}, "-0", "0"},
		{&Field{APIName: "W", Label: "W", Type: TypeDouble, Precision: 18}, "012", "12"},
	}
	for _, c := range cases {
		got, ferr := coerceNumber(c.f, c.in)
		text, _ := got.(string)
		if i, ok := got.(int64); ok {
			text = strconv.FormatInt(i, 10)
		}
		if ferr != nil {
			text = ferr.Code
		}
		if text != c.want {
			t.Errorf("coerceNumber(%s, %q) = %q, want %q", c.f.APIName, c.in, text, c.want)
		}
	}
}
