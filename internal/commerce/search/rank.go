package search

import (
	"slices"
	"sort"
	"strings"
)

// Relevance tiers, best first. Within a tier the name's focus decides (wordRanges.focus), then the name, then the id, so the order is the same
// on both databases and never depends on their row order.
const (
	tierExactSKU  = iota // the term is the product's SKU (case-insensitive)
	tierSKUPrefix        // the SKU starts with the term
	tierName             // every word of the term is in the name
	tierOther            // the words are spread over name, SKU and description
)

// rankTier places a candidate for a term; name are its name's words (see nameTerms), r the query words.
func rankTier(c *candidate, term string, name []int32, r wordRanges) int {
	sku, t := c.lowerSKU, strings.ToLower(term)
	switch {
	case sku != "" && sku == t:
		return tierExactSKU
	case sku != "" && strings.HasPrefix(sku, t):
		return tierSKUPrefix
	case r.coversAll(name):
		return tierName
	}
	return tierOther
}

// sortCandidates orders candidates by the rule. A category listing has no relevance: it is alphabetical.
func sortCandidates(cs []*candidate, kind sortKind, hasTerm bool) {
	less := candidateOrder(kind, hasTerm)
	sort.Slice(cs, func(i, j int) bool { return less(cs[i], cs[j]) })
}

// sortPage puts the first limit candidates of the rule's order, sorted, at the front of cs; the rest keep no
// particular order. A page deep into a large match set then costs a selection rather than a sort of everything.
// Candidates of a listing arrive in name order (the snapshot's), so its alphabetical orders need no sort at all.
func sortPage(cs []*candidate, kind sortKind, hasTerm bool, limit int) {
	if !hasTerm && (kind == sortRelevance || kind == sortNameAsc) {
		return
	}
	if !hasTerm && kind == sortNameDesc {
		slices.Reverse(cs)
		return
	}
	less := candidateOrder(kind, hasTerm)
	if limit <= 0 || limit*4 >= len(cs) {
		sort.Slice(cs, func(i, j int) bool { return less(cs[i], cs[j]) })
		return
	}
	// cs[:limit] is a heap whose root is the worst of the best limit seen so far.
	worse := func(i, j int) bool { return less(cs[j], cs[i]) }
	down := func(i int) {
		for {
			child := 2*i + 1
			if child >= limit {
				return
			}
			if r := child + 1; r < limit && worse(r, child) {
				child = r
			}
			if !worse(child, i) {
				return
			}
			cs[i], cs[child] = cs[child], cs[i]
			i = child
		}
	}
	for i := limit/2 - 1; i >= 0; i-- {
		down(i)
	}
	for i := limit; i < len(cs); i++ {
		if less(cs[i], cs[0]) {
			cs[0], cs[i] = cs[i], cs[0]
			down(0)
		}
	}
	top := cs[:limit]
	sort.Slice(top, func(i, j int) bool { return less(top[i], top[j]) })
}

// candidateOrder is the rule's order. Every order ends on the name then the id (the snapshot's name rank), so it
// is total and an unstable sort gives one answer.
func candidateOrder(kind sortKind, hasTerm bool) func(a, b *candidate) bool {
	// The snapshot ranks every product by lower-case name, then id: comparing ranks is comparing names.
	byName := func(a, b *candidate) int { return a.nameRank - b.nameRank }
	switch kind {
	case sortNameAsc:
		return func(a, b *candidate) bool { return byName(a, b) < 0 }
	case sortNameDesc:
		return func(a, b *candidate) bool { return byName(a, b) > 0 }
	case sortPriceAsc, sortPriceDesc:
		desc := kind == sortPriceDesc
		return func(a, b *candidate) bool {
			if c := comparePrice(a, b, desc); c != 0 {
				return c < 0
			}
			return byName(a, b) < 0
		}
	case sortNewest:
		return func(a, b *candidate) bool {
			if a.created != b.created {
				return a.created > b.created
			}
			return byName(a, b) < 0
		}
	}
	return func(a, b *candidate) bool {
		if hasTerm {
			if a.tier != b.tier {
				return a.tier < b.tier
			}
			if a.score != b.score {
				return a.score > b.score
			}
		}
		return byName(a, b) < 0
	}
}

// comparePrice orders by list price (descending when desc); products without a list price come last either way.
func comparePrice(a, b *candidate, desc bool) int {
	switch {
	case a.listPrice == nil && b.listPrice == nil:
		return 0
	case a.listPrice == nil:
		return 1
	case b.listPrice == nil:
		return -1
	}
	c := a.listPrice.Cmp(b.listPrice)
	if desc {
		return -c
	}
	return c
}
