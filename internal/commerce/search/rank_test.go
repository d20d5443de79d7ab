package search

import "testing"

func TestNameFocusPrefersNamesMostlyAboutTheTerm(t *testing.T) {
	q := queryWords("gloves")
	short, long := nameFocus(words("Nitrile Gloves"), q), nameFocus(words("Leather Work Gloves, Size L"), q)
	if short != 0.5 || long != 0.2 {
		t.Fatalf("nameFocus: %v and %v, want 0.5 and 0.2", short, long)
	}
	if nameFocus(words("Safety Glasses"), q) != 0 || nameFocus(nil, q) != 0 {
		t.Fatal("a name without the term scores 0")
	}
	// Within a tier the more focused name ranks first, whatever their alphabetical order.
	a := &candidate{doc: &doc{id: "a", nameRank: 1}, tier: tierName, score: long}
	b := &candidate{doc: &doc{id: "b", nameRank: 2}, tier: tierName, score: short}
	cs := []*candidate{a, b}
	sortCandidates(cs, sortRelevance, true)
	if cs[0] != b {
		t.Fatal("the more focused name must come first within its tier")
	}
}
