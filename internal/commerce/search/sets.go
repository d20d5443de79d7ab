package search

import (
	"sort"

	"github.com/RoaringBitmap/roaring/v2"
)

// Sets of products as compressed bitmaps of positions in the snapshot's name order, the same kind the full-text
// postings are: a search narrows its matches to what the buyer may see in the store or the searched category, and
// counts its facets, with a few bitmap operations rather than a test per matching product.

// attributeSets are, per attribute facet (facets' order; nil for the category facet), the products of each value,
// in the order the API lists a facet's values (see filter.facet).
func buildAttributeSets(all []*doc) [][]attributeSet {
	out := make([][]attributeSet, len(facets))
	for f := range facets {
		if facets[f].isCategory {
			continue
		}
		members := map[string][]uint32{}
		for i, x := range all {
			if v := facets[f].value(x); v != "" {
				members[v] = append(members[v], uint32(i))
			}
		}
		for v, list := range members {
			set := roaring.BitmapOf(list...)
			set.RunOptimize()
			out[f] = append(out[f], attributeSet{value: v, set: set})
		}
		sort.Slice(out[f], func(i, j int) bool { return valueBefore(out[f][i].value, out[f][j].value, "", "") })
	}
	return out
}

type attributeSet struct {
	value string
	set   *roaring.Bitmap
}

// visibleSet returns the products the policies (named key, see policyKey) let a buyer see: active and listed by
// one of them. It is worked out once per snapshot for each set of policies; the first searches of a snapshot all
// ask at once, so one works it out while the others wait for it rather than each scanning every product.
func (s *snapshot) visibleSet(key string, policies map[string]bool) *roaring.Bitmap {
	kept := func() *roaring.Bitmap {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.visibleSets[key]
	}
	if set := kept(); set != nil {
		return set
	}
	s.building.Lock()
	defer s.building.Unlock()
	if set := kept(); set != nil {
		return set
	}
	bits := make([]uint64, (len(s.all)+63)/64)
	for i, x := range s.all {
		if !x.active {
			continue
		}
		for _, p := range x.policies {
			if _, ok := policies[p]; ok {
				bits[i/64] |= 1 << (i % 64)
				break
			}
		}
	}
	set := roaring.FromDense(bits, true)
	set.RunOptimize()
	s.mu.Lock()
	if len(s.visibleSets) < maxVisibilitySets {
		s.visibleSets[key] = set
	}
	s.mu.Unlock()
	return set
}

// categorySet is the products filed under the category or its descendants ("" for the whole store's catalogue),
// worked out once per snapshot and store.
func (s *snapshot) categorySet(tree *categoryTree, id string) *roaring.Bitmap {
	tree.mu.Lock()
	set := tree.sets[id]
	tree.mu.Unlock()
	if set != nil {
		return set
	}
	var ids []string
	if id == "" {
		for c := range tree.nodes {
			ids = append(ids, c)
		}
	} else {
		ids = tree.subtree(id)
	}
	set = roaring.New()
	for _, c := range ids {
		for _, i := range s.byCategory[c] {
			set.Add(uint32(i))
		}
	}
	set.RunOptimize()
	tree.mu.Lock()
	if tree.sets == nil {
		tree.sets = map[string]*roaring.Bitmap{}
	}
	tree.sets[id] = set
	tree.mu.Unlock()
	return set
}

// setFacets counts the facets and the category summary of hits without reading each hit's categories and
// attributes as strings (a third of a distinct search's CPU at 100,000 products when it was done so): the answer of
// filter.countFacets and countChildren when the search has no refinements (every product then counts under every
// facet).
func (s *snapshot) setFacets(tree *categoryTree, under string, hits *roaring.Bitmap) ([]Facet, map[string]int) {
	children, counts := s.countFacets(tree, under, hits)
	childCounts := map[string]int{}
	for k, child := range tree.childrenOf(under) {
		if children[k] > 0 {
			childCounts[child.id] = children[k]
		}
	}
	f := &filter{tree: tree}
	out := []Facet{}
	for i := range facets {
		def := &facets[i]
		if def.isCategory {
			if len(childCounts) > 0 {
				out = append(out, f.facet(def, childCounts))
			}
			continue
		}
		fc := def.facet()
		for k, a := range s.attributes[i] { // already in the API's order
			if n := counts[i][k]; n > 0 {
				fc.Values = append(fc.Values, FacetValue{DisplayName: a.value, NameOrID: a.value, ProductCount: n})
			}
		}
		if len(fc.Values) > 0 {
			out = append(out, fc)
		}
	}
	return out, childCounts
}

// readHitsBelow is the number of hits under which counting reads each hit's values rather than intersecting the
// hits with every value's set: an intersection costs about as much for a few hits as for many.
const readHitsBelow = 32_768

// countFacets counts hits under each child of under (children[k]: tree.childrenOf(under)[k]) and under each
// attribute value (counts[f][k]: s.attributes[f][k]).
func (s *snapshot) countFacets(tree *categoryTree, under string, hits *roaring.Bitmap) (children []int, counts [][]int) {
	if hits.GetCardinality() < readHitsBelow {
		return s.countByReading(tree, under, hits)
	}
	return s.countBySets(tree, under, hits, true)
}

// countBySets is countFacets by intersecting hits with each child's and each value's set; the attribute counts are
// left at zero unless attributes.
func (s *snapshot) countBySets(tree *categoryTree, under string, hits *roaring.Bitmap, attributes bool) (children []int,
	counts [][]int) {
	kids := tree.childrenOf(under)
	children, counts = make([]int, len(kids)), make([][]int, len(facets))
	for k, child := range kids {
		children[k] = int(hits.AndCardinality(s.categorySet(tree, child.id)))
	}
	for f, values := range s.attributes {
		counts[f] = make([]int, len(values))
		for k, a := range values {
			if attributes {
				counts[f][k] = int(hits.AndCardinality(a.set))
			}
		}
	}
	return children, counts
}

// countByReading is countFacets by reading each hit's values and top-level category (see facetCodes); the
// children of a category are still counted with sets.
func (s *snapshot) countByReading(tree *categoryTree, under string, hits *roaring.Bitmap) (children []int, counts [][]int) {
	codes := s.facetCodes(tree)
	if codes == nil {
		return s.countBySets(tree, under, hits, true)
	}
	if under != "" {
		children, _ = s.countBySets(tree, under, hits, false)
	}
	var slots [4][]int // per facet, its counts by code: slot 0 counts the products of no value
	for f := range slots {
		switch {
		case f >= len(facets):
			slots[f] = make([]int, 1)
		case facets[f].isCategory:
			slots[f] = make([]int, 1+len(tree.topLevel))
		default:
			slots[f] = make([]int, 1+len(s.attributes[f]))
		}
	}
	c0, c1, c2, c3 := slots[0], slots[1], slots[2], slots[3]
	var buf [256]uint32
	it := hits.ManyIterator()
	for n := it.NextMany(buf[:]); n > 0; n = it.NextMany(buf[:]) {
		for _, pos := range buf[:n] {
			code := codes[pos]
			c0[uint16(code)]++
			c1[uint16(code>>16)]++
			c2[uint16(code>>32)]++
			c3[uint16(code>>48)]++
		}
	}
	counts = make([][]int, len(facets))
	for f := range facets {
		switch {
		case !facets[f].isCategory:
			counts[f] = slots[f][1:]
		case under == "":
			children = slots[f][1:]
		}
	}
	return children, counts
}

// facetCodes is, per product, its value under each facet in 16 bits (facet f's at bit 16f): 1 + the index of its
// top-level category in tree.topLevel for the category facet, 1 + the index of its value in s.attributes[f] for
// the others; 0 for none. It is worked out once per tree; nil when they do not fit (a product under two top-level
// categories, more than 65,534 values, more than four facets), which only sets count right.
func (s *snapshot) facetCodes(tree *categoryTree) []uint64 {
	tree.mu.Lock()
	defer tree.mu.Unlock()
	if tree.codes != nil || tree.uncoded {
		return tree.codes
	}
	tree.uncoded = true // unless it fits
	if len(facets) > 4 {
		return nil
	}
	codes := make([]uint64, len(s.all))
	for f := range facets {
		shift := 16 * f
		if !facets[f].isCategory {
			if len(s.attributes[f]) >= 1<<16 {
				return nil
			}
			for k, a := range s.attributes[f] {
				a.set.Iterate(func(pos uint32) bool {
					codes[pos] |= uint64(k+1) << shift
					return true
				})
			}
			continue
		}
		if len(tree.topLevel) >= 1<<16 {
			return nil
		}
		for k, child := range tree.topLevel {
			for _, id := range tree.subtree(child.id) {
				for _, pos := range s.byCategory[id] {
					if code := uint16(codes[pos] >> shift); code != 0 && code != uint16(k+1) {
						return nil
					}
					codes[pos] |= uint64(k+1) << shift
				}
			}
		}
	}
	tree.codes, tree.uncoded = codes, false
	return codes
}
