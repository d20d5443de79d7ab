package search

import (
	"sort"

	"github.com/RoaringBitmap/roaring/v2"
)

// Sets of products as compressed bitmaps of positions in the snapshot's name order, the same kind the full-text
// postings are: a search narrows its matches to what the buyer may see in the store or the searched category, and
// counts its facets, with a few bitmap operations rather than a test per matching product.

// attributeSets are, per attribute facet (facets' order; nil for the category facet), the products of each value,
// in the order the API lists a facet's values (see filter.facet). valueOf is, per attribute facet, each product's
// value as 1 + its index there, 0 for none: what counting by reading the hits reads (see countFacets).
func buildAttributeSets(all []*doc) (sets [][]attributeSet, valueOf [][]uint32) {
	sets, valueOf = make([][]attributeSet, len(facets)), make([][]uint32, len(facets))
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
			sets[f] = append(sets[f], attributeSet{value: v, set: set})
		}
		sort.Slice(sets[f], func(i, j int) bool { return valueBefore(sets[f][i].value, sets[f][j].value, "", "") })
		valueOf[f] = make([]uint32, len(all))
		for k, a := range sets[f] {
			for _, i := range members[a.value] {
				valueOf[f][i] = uint32(k + 1)
			}
		}
	}
	return sets, valueOf
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

// setFacets counts the facets and the category summary of hits with sets: the answer of filter.countFacets and
// countChildren when the search has no refinements (every product then counts under every facet), without reading
// each hit's categories and attributes as strings (a third of a distinct search's CPU at 100,000 products when it
// was done so).
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

// countByReading is countFacets by reading each hit's values (and its top-level category, for a search of the
// whole catalogue); the children of a category are still counted with sets.
func (s *snapshot) countByReading(tree *categoryTree, under string, hits *roaring.Bitmap) (children []int, counts [][]int) {
	childOf := s.topChildren(tree)
	if under != "" || childOf == nil {
		children, counts = s.countBySets(tree, under, hits, false)
		childOf = nil
	} else {
		children, counts = make([]int, len(tree.topLevel)), make([][]int, len(facets))
		for f, values := range s.attributes {
			counts[f] = make([]int, len(values))
		}
	}
	var buf [256]uint32
	it := hits.ManyIterator()
	for n := it.NextMany(buf[:]); n > 0; n = it.NextMany(buf[:]) {
		for f, valueOf := range s.valueOf {
			if valueOf == nil { // the category facet
				continue
			}
			c := counts[f]
			for _, pos := range buf[:n] {
				if v := valueOf[pos]; v > 0 {
					c[v-1]++
				}
			}
		}
		if childOf != nil {
			for _, pos := range buf[:n] {
				if k := childOf[pos]; k > 0 {
					children[k-1]++
				}
			}
		}
	}
	return children, counts
}

// topChildren is, per product, 1 + the index of the top-level category holding it in tree.topLevel (0: none),
// worked out once per tree; nil when a product sits under two top-level categories, which only sets count right.
func (s *snapshot) topChildren(tree *categoryTree) []uint16 {
	tree.mu.Lock()
	defer tree.mu.Unlock()
	if tree.topOf != nil || tree.topShared {
		return tree.topOf
	}
	topOf := make([]uint16, len(s.all))
	for k, child := range tree.topLevel {
		for _, id := range tree.subtree(child.id) {
			for _, pos := range s.byCategory[id] {
				if topOf[pos] != 0 && topOf[pos] != uint16(k+1) || k+1 >= 1<<16 {
					tree.topShared = true
					return nil
				}
				topOf[pos] = uint16(k + 1)
			}
		}
	}
	tree.topOf = topOf
	return topOf
}
