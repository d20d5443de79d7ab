package search

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxTerms is how many words of a search term count (the API's limit of 32 space-separated terms).
const maxTerms = 32

// words splits text the way the index does: lower case, runs of letters and digits, everything else a separator.
func words(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// eachWord calls f with each word of text as words splits it, in a buffer f must not keep (buf, returned for
// reuse): loading a large catalogue splits every name and description, and words' copies of the lower-cased
// text and of each word were most of that work. Text of ASCII only is split here; other text goes through words.
func eachWord(text string, buf []byte, f func(w []byte)) []byte {
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			for _, w := range words(text) {
				f(append(buf[:0], w...))
			}
			return buf
		}
	}
	buf = buf[:0]
	for i := 0; i <= len(text); i++ {
		var c byte
		if i < len(text) {
			c = text[i]
		}
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			buf = append(buf, c)
		case c >= 'A' && c <= 'Z':
			buf = append(buf, c+'a'-'A')
		case len(buf) > 0:
			f(buf)
			buf = buf[:0]
		}
	}
	return buf
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
