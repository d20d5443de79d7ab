package storecontext

import "testing"

func TestCountryCode(t *testing.T) {
	for in, want := range map[string]string{"United States": "US", "us": "US", " Canada ": "CA", "JAPAN": "JP",
		"Narnia": "", "": "", "12": "", "U$": "", "usa": "US"} {
		if got := CountryCode(in); got != want {
			t.Errorf("CountryCode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestShipsTo(t *testing.T) {
	s := &Store{ShippingCountries: []string{"US", "ca"}}
	for code, want := range map[string]bool{"US": true, "us": true, "CA": true, "MX": false, "": false} {
		if got := s.ShipsTo(code); got != want {
			t.Errorf("ShipsTo(%q) = %v, want %v", code, got, want)
		}
	}
}
