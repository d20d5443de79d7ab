package main

import (
	"errors"
	"strings"
	"testing"
)

func TestCatalogueTermsNeverRepeat(t *testing.T) {
	terms := newCatalogueTerms(500)
	seen := map[string]bool{}
	for range len(terms.pairs) {
		term, err := terms.pair()
		ws := strings.Fields(term)
		if err != nil || len(ws) != 2 || ws[0] == ws[1] || seen[term] {
			t.Fatalf("pair %q (%v): two distinct words never handed out before expected", term, err)
		}
		seen[term] = true
	}
	if len(seen) < 1000 {
		t.Fatalf("%d distinct pairs from 500 products", len(seen))
	}
	// Past them the row ends rather than ask searches that find nothing.
	if term, err := terms.pair(); !errors.Is(err, errRanOut) {
		t.Fatalf("past the pairs: %q, %v; want an error", term, err)
	}
	rotated := map[string]int{}
	for range 3 * rotatedWords {
		w := terms.rotated()
		if strings.Contains(w, " ") || len(w) < 3 {
			t.Fatalf("rotated word %q", w)
		}
		rotated[w]++
	}
	if len(rotated) != rotatedWords {
		t.Fatalf("%d rotated words, want %d", len(rotated), rotatedWords)
	}
	for w, n := range rotated {
		if n != 3 {
			t.Fatalf("%q asked %d times in 3 rotations", w, n)
		}
	}
}
