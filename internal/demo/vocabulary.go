package demo

import (
	"strings"
	"sync"
	"unicode"
)

// leavesOnce is the leaf categories, worked out once for ProductWords.
var leavesOnce = sync.OnceValue(func() []category { return leafCategories(flattenTree()) })

// ProductWords are the lower-case words (three characters or more) of generated product n's name and description,
// in order: what a buyer looking for it might type. The load benchmark draws its searches from them, so that they
// are the catalogue's own words without reading the catalogue.
func ProductWords(n int) []string {
	p := makeProduct(n, leavesOnce())
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(p.Name+" "+p.Description), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if len(w) >= 3 {
			out = append(out, w)
		}
	}
	return out
}
