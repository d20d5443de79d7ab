package search

import (
	"sort"
	"strings"
)

// Relevance tiers, best first. Within a tier nameFocus decides, then the name, then the id, so the order is the same
// on both databases and never depends on their row order.
const (
	tierExactSKU  = iota // the term is the product's SKU (case-insensitive)
	tierSKUPrefix        // the SKU starts with the term
	tierName             // every word of the term is in the name
	tierOther            // the words are spread over name, SKU and description
)

// rankTier places a candidate for a term.
func rankTier(c *candidate, term string, ws []string) int {
	sku, t := c.lowerSKU, strings.ToLower(term)
	switch {
	case sku != "" && sku == t:
		return tierExactSKU
	case sku != "" && strings.HasPrefix(sku, t):
		return tierSKUPrefix
	case coversAll(c.nameWords, ws):
		return tierName
	}
	return tierOther
}

// sortCandidates orders candidates by the rule. A category listing has no relevance: it is alphabetical.
func sortCandidates(cs []*candidate, kind sortKind, hasTerm bool) {
	// The snapshot ranks every product by lower-case name, then id: comparing ranks is comparing names.
	byName := func(a, b *candidate) int { return a.nameRank - b.nameRank }
	var less func(a, b *candidate) bool
	switch kind {
	case sortNameAsc:
		less = func(a, b *candidate) bool { return byName(a, b) < 0 }
	case sortNameDesc:
		less = func(a, b *candidate) bool { return byName(a, b) > 0 }
	case sortPriceAsc, sortPriceDesc:
		desc := kind == sortPriceDesc
		less = func(a, b *candidate) bool {
			if c := comparePrice(a, b, desc); c != 0 {
				return c < 0
			}
			return byName(a, b) < 0
		}
	case sortNewest:
		less = func(a, b *candidate) bool {
			if a.created != b.created {
				return a.created > b.created
			}
			return byName(a, b) < 0
		}
	default:
		less = func(a, b *candidate) bool {
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
	// Every order ends on the id, so it is total and an unstable sort gives one answer.
	sort.Slice(cs, func(i, j int) bool { return less(cs[i], cs[j]) })
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

// nameFocus scores how much of a product's name the query words make up: the share of the name's words that a
// query word starts. "Nitrile Gloves" is more about "gloves" than "Leather Work Gloves, Size L", as a full-text
// score with length normalisation would say, but computed from the in-memory index instead of per matching row.
func nameFocus(name, query []string) float64 {
	if len(name) == 0 {
		return 0
	}
	hits := 0
	for _, w := range name {
		for _, q := range query {
			if strings.HasPrefix(w, q) {
				hits++
				break
			}
		}
	}
	return float64(hits) / float64(len(name))
}
