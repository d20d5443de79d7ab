package duplicates

import (
	"strings"
	"unicode"
)

// The fuzzy comparison of a matching rule's field, kept simple and predictable:
//
//  1. Both values are normalised: lower case, every run of punctuation and spaces one space, and the words that
//     say nothing about identity (inc, llc, ltd, corp, co, company, the, and, ...) dropped. "The ACME, Inc." and
//     "acme" both become "acme".
//  2. They match when the normalised texts are equal, when their edit distance (Levenshtein, in characters) is at
//     most one in five characters of the longer one (at least 1: "Acme" and "Acmee"), or when at least half of
//     their words are shared (Jaccard >= 0.5: "Acme Widgets" and "Acme").
//
// Candidates come from the database first (candidates in match.go): records sharing a three-letter fragment with
// one of the value's words, so Go compares a bounded set, never the whole table.

// noiseWords are left out of a normalised value.
var noiseWords = map[string]bool{"inc": true, "incorporated": true, "llc": true, "ltd": true, "limited": true,
	"corp": true, "corporation": true, "co": true, "company": true, "the": true, "and": true, "gmbh": true,
	"plc": true, "sa": true, "ag": true}

// words is the normalised value as its words.
func words(s string) []string {
	fields := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	out := fields[:0]
	for _, w := range fields {
		if !noiseWords[w] {
			out = append(out, w)
		}
	}
	if len(out) == 0 { // a value made only of noise words ("The Company") is its own words
		return fields
	}
	return out
}

// fuzzyMatch reports whether two values match by the rule above; an empty value matches nothing.
func fuzzyMatch(a, b string) bool {
	wa, wb := words(a), words(b)
	if len(wa) == 0 || len(wb) == 0 {
		return false
	}
	na, nb := strings.Join(wa, " "), strings.Join(wb, " ")
	if na == nb {
		return true
	}
	longer := max(len([]rune(na)), len([]rune(nb)))
	if levenshtein(na, nb) <= max(1, longer/5) {
		return true
	}
	return jaccard(wa, wb) >= 0.5
}

func jaccard(a, b []string) float64 {
	set := map[string]int{}
	for _, w := range a {
		set[w] |= 1
	}
	for _, w := range b {
		set[w] |= 2
	}
	both := 0
	for _, v := range set {
		if v == 3 {
			both++
		}
	}
	return float64(both) / float64(len(set))
}

// levenshtein is the edit distance in runes (two rows of the classic table).
func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// fragments are the LIKE patterns that find a fuzzy value's candidates: the first three letters of each word (the
// whole word when shorter), anywhere in the stored value.
func fragments(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range words(s) {
		r := []rune(w)
		frag := string(r[:min(3, len(r))])
		if !seen[frag] {
			seen[frag] = true
			out = append(out, "%"+frag+"%")
		}
	}
	return out
}
