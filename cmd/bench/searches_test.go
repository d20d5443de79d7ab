package main

import (
	"strings"
	"testing"
)

func TestCatalogueTermsNeverRepeat(t *testing.T) {
	terms := newCatalogueTerms(500)
	seen := map[string]bool{}
	for range 20000 {
		term := terms.pair()
		ws := strings.Fields(term)
		if len(ws) < 2 || ws[0] == ws[1] || seen[term] {
			t.Fatalf("pair %q: two distinct words never handed out before expected", term)
		}
		seen[term] = true
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
