package main

import (
	"fmt"
	"net/http"
	"sync"
	"time"

	"storefront/internal/demo"
)

// The rows of issue 19: searches as buyers type them, drawn from the catalogue's own words (demo.ProductWords), so
// that no answer was asked for before (distinct) or the answers outnumber what a snapshot keeps (rotated). Pages of
// 12 with prices, as the search page shows them.
var distinctScenarios = []scenario{
	{name: "search distinct 2-word", setup: signInBuyer, buyers: true, request: func(e *env, u *vuser) (*http.Request, error) {
		pair, err := e.terms.pair()
		if err != nil {
			return nil, err
		}
		return bearer(http.MethodPost, e.commerceURL("search/product-search"), u.token, searchBody(pair))
	}, goals: []goal{minShare(0.20), maxP99(20 * time.Millisecond)}},
	{name: "search rotated 1-word", setup: signInBuyer, buyers: true, request: func(e *env, u *vuser) (*http.Request, error) {
		return bearer(http.MethodPost, e.commerceURL("search/product-search"), u.token, searchBody(e.terms.rotated()))
	}, goals: []goal{maxP99(20 * time.Millisecond)}},
}

func searchBody(term string) string {
	return fmt.Sprintf(`{"searchTerm":"%s","page":0,"pageSize":%d,"includePrices":true}`, term, listingPage)
}

// rotatedWords is how many one-word searches the rotated row takes turns with: more than a snapshot keeps answers
// of (maxCachedSearches in internal/commerce/search), so most are worked out afresh.
const rotatedWords = 300

// catalogueTerms hands out the searches of the rows above over a catalogue of products products (numbered from 1,
// the demo's first).
type catalogueTerms struct {
	pairs []string // distinct two-word searches, in the order they are handed out
	words []string // the rotated row's words, the catalogue's first rotatedWords distinct ones
	mu    sync.Mutex
	next  int // the next pair
	turn  int // the next rotated word
}

// maxPairs bounds the pairs worked out ahead: more than a row's 5 seconds ask for on this machine.
const maxPairs = 200_000

func newCatalogueTerms(products int) *catalogueTerms {
	t := &catalogueTerms{}
	ids := map[string]uint32{} // words by number, so that a pair is a cheap key
	var vocabulary []string
	seen := map[uint64]bool{}
	var pairs []uint64
	for n := 1; n <= max(products, 1) && len(pairs) < maxPairs; n++ {
		ws := demo.ProductWords(n)
		nums := make([]uint32, len(ws))
		for i, w := range ws {
			id, ok := ids[w]
			if !ok {
				id = uint32(len(vocabulary))
				ids[w], vocabulary = id, append(vocabulary, w)
				if len(t.words) < rotatedWords {
					t.words = append(t.words, w)
				}
			}
			nums[i] = id
		}
		for i, a := range nums {
			for _, b := range nums[i+1:] {
				if key := uint64(a)<<32 | uint64(b); a != b && !seen[key] {
					seen[key] = true
					pairs = append(pairs, key)
				}
			}
		}
	}
	for _, key := range pairs {
		t.pairs = append(t.pairs, vocabulary[key>>32]+" "+vocabulary[uint32(key)])
	}
	// Hand them out spread over the catalogue rather than product by product: a stride prime to their number.
	stride := len(t.pairs)/2 + 1
	for gcd(stride, len(t.pairs)) != 1 {
		stride++
	}
	spread := make([]string, len(t.pairs))
	for i := range spread {
		spread[i] = t.pairs[i*stride%len(t.pairs)]
	}
	t.pairs = spread
	return t
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// pair is a two-word search never handed out before: two words of one product, so it usually finds something.
// Past the pairs worked out ahead (the demo catalogue's vocabulary gives some 19,000, the generated one some 67,000
// at 100,000 products) it answers errRanOut and the row ends there, measured over the time it ran: a search made
// distinct by a made-up word finds nothing, costs far less than a real one, and would flatter the row.
func (t *catalogueTerms) pair() (string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.next++
	if t.next > len(t.pairs) {
		return "", fmt.Errorf("%w: all %d of the catalogue's distinct two-word searches were asked", errRanOut, len(t.pairs))
	}
	return t.pairs[t.next-1], nil
}

// rotated is the next of the rotated row's words.
func (t *catalogueTerms) rotated() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.turn++
	return t.words[t.turn%len(t.words)]
}
