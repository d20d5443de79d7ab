package search

import (
	"sort"
	"strings"

	"github.com/RoaringBitmap/roaring/v2"
)

// Relevance from bitmaps: the tiers of rankTier are sets (the SKUs starting with the term are a range of the
// snapshot's SKUs in order; the products whose name holds every word are an intersection of the name-only
// postings), so a search scores only the products of the tiers its page reaches, and orders by name without
// scoring at all. The order is the one candidateOrder gives, so the answers are the same as ordering every hit.

// fastOrder reports whether a query's order and counts can come from bitmaps alone: no refinements to apply per
// product, and an order that needs no price or date.
func fastOrder(q *query) bool {
	return len(q.refinements) == 0 && (q.sort.kind == sortRelevance || q.sort.kind == sortNameAsc ||
		q.sort.kind == sortNameDesc)
}

// order lists the first limit hits of set (all for -1) in the query's order; ranked are the query words as
// ranking reads them (see postings.match).
func (s *snapshot) order(set *roaring.Bitmap, q *query, ranked []string, limit int) []int32 {
	total := int(set.GetCardinality())
	if limit < 0 || limit > total {
		limit = total
	}
	out := make([]int32, 0, limit)
	if len(q.words) == 0 || q.sort.kind != sortRelevance { // name order, the snapshot's own
		var it roaring.IntIterable = set.Iterator()
		if q.sort.kind == sortNameDesc {
			it = set.ReverseIterator()
		}
		for len(out) < limit && it.HasNext() {
			out = append(out, int32(it.Next()))
		}
		return out
	}
	r := s.names.ranges(ranked)
	holders := make([]*roaring.Bitmap, 0, len(ranked)) // per query word, the products whose name holds a word it starts
	for _, w := range ranked {
		if p := s.names.prefix(w); p != nil {
			holders = append(holders, p)
		}
	}
	exact, prefix := s.skuSets(strings.ToLower(q.term), set)
	name := roaring.New() // the names holding every query word
	if len(ranked) > 0 && len(holders) == len(ranked) {
		name = roaring.FastAnd(append([]*roaring.Bitmap{set}, holders...)...)
		name.AndNot(prefix)
	}
	prefix.AndNot(exact)
	for tier := range tierOther + 1 {
		if len(out) == limit {
			break
		}
		var members *roaring.Bitmap
		switch tier {
		case tierExactSKU:
			members = exact
		case tierSKUPrefix:
			members = prefix
		case tierName: // every name holds every query word
			out = s.mostFocused(out, name, r, len(r), limit-len(out))
			continue
		default: // worked out only when the page reaches it: it is most of a broad term's hits
			members = roaring.AndNot(set, name)
			members.AndNot(exact)
			members.AndNot(prefix)
		}
		// A member whose name holds no query word has focus 0: those follow the others, in name order.
		named := roaring.New()
		for _, h := range holders {
			named.Or(roaring.And(members, h))
		}
		most := len(r)
		if tier == tierOther { // not in the name tier: a query word is missing from the name
			most--
		}
		out = s.mostFocused(out, named, r, most, limit-len(out))
		if len(out) == limit { // most pages end among the named: the rest is not worked out
			break
		}
		// A new set: exact and prefix stay whole, as the last tier is what they leave out.
		it := roaring.AndNot(members, named).Iterator()
		for len(out) < limit && it.HasNext() {
			out = append(out, int32(it.Next()))
		}
	}
	return out
}

// skuSets are the products of set whose lower-case SKU is t, and those whose SKU starts with t (the first among
// them). Both are ranges of bySKU, the exact ones first: whichever is smaller, set or the range, is read, by the
// products' ranks in bySKU (a word can start the SKUs of a whole product line, and reading each product's SKU
// there was a third of a one-word search at 550,000 products).
func (s *snapshot) skuSets(t string, set *roaring.Bitmap) (exact, prefix *roaring.Bitmap) {
	exact, prefix = roaring.New(), roaring.New()
	if t == "" {
		return exact, prefix
	}
	sku := func(i int) string { return s.all[s.bySKU[i]].lowerSKU }
	from := sort.Search(len(s.bySKU), func(i int) bool { return sku(i) >= t })
	to := from + sort.Search(len(s.bySKU)-from, func(i int) bool { return !strings.HasPrefix(sku(from+i), t) })
	exactTo := from + sort.Search(to-from, func(i int) bool { return sku(from+i) != t })
	if uint64(to-from) > set.GetCardinality() {
		set.Iterate(func(pos uint32) bool {
			if rank := int(s.skuRank[pos]); rank >= from && rank < to {
				prefix.Add(pos)
				if rank < exactTo {
					exact.Add(pos)
				}
			}
			return true
		})
		return exact, prefix
	}
	for rank, pos := range s.bySKU[from:to] {
		if set.Contains(uint32(pos)) {
			prefix.Add(uint32(pos))
			if from+rank < exactTo {
				exact.Add(uint32(pos))
			}
		}
	}
	return exact, prefix
}

// sortedSKUs lists the positions of the products with a SKU, by lower-case SKU (bySKU), and each product's index
// there, -1 for none (skuRank).
func sortedSKUs(all []*doc) (bySKU, skuRank []int32) {
	for i, x := range all {
		if x.lowerSKU != "" {
			bySKU = append(bySKU, int32(i))
		}
	}
	sort.Slice(bySKU, func(i, j int) bool { return all[bySKU[i]].lowerSKU < all[bySKU[j]].lowerSKU })
	skuRank = make([]int32, len(all))
	for i := range skuRank {
		skuRank[i] = -1
	}
	for rank, pos := range bySKU {
		skuRank[pos] = int32(rank)
	}
	return bySKU, skuRank
}
