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
	var holders []*roaring.Bitmap // per query word, the products whose name holds a word it starts
	for _, w := range ranked {
		if p := s.names.prefix(w); p != nil {
			holders = append(holders, p)
		}
	}
	for tier, members := range s.tiers(set, q.term, ranked) {
		if len(out) == limit {
			break
		}
		named := members // the name tier's names hold every query word
		if tier != tierName {
			// A member whose name holds no query word has focus 0: those follow the others, in name order.
			parts := make([]*roaring.Bitmap, len(holders))
			for i, h := range holders {
				parts[i] = roaring.And(members, h)
			}
			named = roaring.FastOr(parts...)
			members.AndNot(named)
		}
		out = s.mostFocused(out, named, r, limit-len(out))
		if tier != tierName {
			it := members.Iterator()
			for len(out) < limit && it.HasNext() {
				out = append(out, int32(it.Next()))
			}
		}
	}
	return out
}

// tiers splits set into rankTier's tiers, best first.
func (s *snapshot) tiers(set *roaring.Bitmap, term string, ranked []string) []*roaring.Bitmap {
	exact, prefix := s.skuSets(strings.ToLower(term))
	exact.And(set)
	prefix.And(set)
	name := roaring.New()
	if len(ranked) > 0 {
		name = set.Clone()
		for _, w := range ranked {
			if name.IsEmpty() {
				break
			}
			if p := s.names.prefix(w); p != nil {
				name.And(p)
			} else {
				name.Clear()
			}
		}
	}
	name.AndNot(prefix)
	rest := set.Clone()
	rest.AndNot(prefix)
	rest.AndNot(name)
	prefix.AndNot(exact)
	return []*roaring.Bitmap{exact, prefix, name, rest}
}

// skuSets are the products whose lower-case SKU is t, and those whose SKU starts with t (the first among them).
func (s *snapshot) skuSets(t string) (exact, prefix *roaring.Bitmap) {
	exact, prefix = roaring.New(), roaring.New()
	if t == "" {
		return exact, prefix
	}
	from := sort.Search(len(s.bySKU), func(i int) bool { return s.all[s.bySKU[i]].lowerSKU >= t })
	for _, i := range s.bySKU[from:] {
		sku := s.all[i].lowerSKU
		if !strings.HasPrefix(sku, t) {
			break
		}
		prefix.Add(uint32(i))
		if sku == t {
			exact.Add(uint32(i))
		}
	}
	return exact, prefix
}

// sortedSKUs lists the positions of the products with a SKU, by lower-case SKU.
func sortedSKUs(all []*doc) []int32 {
	var out []int32
	for i, x := range all {
		if x.lowerSKU != "" {
			out = append(out, int32(i))
		}
	}
	sort.Slice(out, func(i, j int) bool { return all[out[i]].lowerSKU < all[out[j]].lowerSKU })
	return out
}
