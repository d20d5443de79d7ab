package search

import (
	"strings"
	"unicode"
)

// maxTerms is how many words of a search term count (the API's limit of 32 space-separated terms).
const maxTerms = 32

// words splits text the way the index does: lower case, runs of letters and digits, everything else a separator.
func words(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// queryWords are the words of a search term that the query uses: at most maxTerms, duplicates dropped.
func queryWords(term string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range words(term) {
		if seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
		if len(out) == maxTerms {
			break
		}
	}
	return out
}
