package cart

import "testing"

func TestWireNumbers(t *testing.T) {
	// Cart totals: the real empty summary sends "0"; other totals two places.
	for in, want := range map[int64]string{0: "0", 5: "0.05", -165: "-1.65", 123456: "1234.56"} {
		if got := total(in); got != want {
			t.Errorf("total(%d) = %q, want %q", in, got, want)
		}
	}
}

func TestCountryCode(t *testing.T) {
	for in, want := range map[string]string{"United States": "US", "us": "US", " Canada ": "CA", "Narnia": "", "": ""} {
		if got := countryCode(in); got != want {
			t.Errorf("countryCode(%q) = %q, want %q", in, got, want)
		}
	}
}
