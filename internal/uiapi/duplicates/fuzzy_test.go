package duplicates

import "testing"

func TestFuzzyMatch(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"The ACME, Inc.", "acme", true},
		{"Acme", "Acmee", true},                        // one edit in four letters
		{"Acme Widgets", "Acme", true},                 // half the words shared
		{"Acme Widgets", "Acme Robotics Group", false}, // one word of four shared
		{"Globex", "Initech", false},
		{"", "Acme", false},
		{"Burlington Textiles Corp of America", "Burlington Textiles of America", true},
	} {
		if got := fuzzyMatch(c.a, c.b); got != c.want {
			t.Errorf("fuzzyMatch(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	if got := fragments("The Acme Widgets"); len(got) != 2 || got[0] != "%acm%" || got[1] != "%wid%" {
		t.Errorf("fragments = %v", got)
	}
	if d := levenshtein("kitten", "sitting"); d != 3 {
		t.Errorf("levenshtein = %d, want 3", d)
	}
}
