package records

import "testing"

func TestTo18KnownIds(t *testing.T) {
	// Pairs taken from real captured responses in shared/contracts: the suffix is derived from the case of the
	// first 15 characters.
	cases := map[string]string{
		"001xx000003Gn4W": "001xx000003Gn4WAAS",
		"005xx000001XL1t": "005xx000001XL1tAAG",
		"0a6RM0000004HoO": "0a6RM0000004HoOYAU",
		"01tRM000000QQdO": "01tRM000000QQdOYAW",
	}
	for in, want := range cases {
		if got := To18(in); got != want {
			t.Errorf("To18(%s) = %s, want %s", in, got, want)
		}
	}
	if got := To18("001xx000003Gn4WAAS"); got != "001xx000003Gn4WAAS" {
		t.Errorf("an 18-character id must be left alone, got %s", got)
	}
}

func TestNormalizeID(t *testing.T) {
	if got, ok := NormalizeID("001xx000003Gn4W"); !ok || got != "001xx000003Gn4WAAS" {
		t.Fatalf("15-character id: got %q %v", got, ok)
	}
	if got, ok := NormalizeID("001xx000003Gn4Waas"); !ok || got != "001xx000003Gn4WAAS" {
		t.Fatalf("suffix is case-insensitive: got %q %v", got, ok)
	}
	for _, bad := range []string{"", "001", "001xx000003Gn4WAAA", "001xx000003Gn4!AAS", "001xx000003Gn4WA"} {
		if _, ok := NormalizeID(bad); ok {
			t.Errorf("NormalizeID(%q) accepted a bad id", bad)
		}
	}
}

func TestNewAndStableIDs(t *testing.T) {
	a, b := NewID("001"), NewID("001")
	if a == b || len(a) != 18 || a[:3] != "001" {
		t.Fatalf("NewID gave %s and %s", a, b)
	}
	if _, ok := NormalizeID(a); !ok {
		t.Fatalf("NewID gave an invalid id %s", a)
	}
	if StableID("01t", 42) != StableID("01t", 42) || StableID("01t", 42) == StableID("01t", 43) {
		t.Fatal("StableID must be deterministic and distinct per number")
	}
}
