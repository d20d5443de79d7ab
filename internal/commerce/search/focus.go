package search

import (
	"sort"

	"github.com/RoaringBitmap/roaring/v2"
)

// Relevance within a tier is the name's focus on the query (see focus), and a broad word puts tens of thousands of
// products in one tier. Scoring them must then cost a few integer reads each, not string comparisons: every
// product's name words are kept as indexes of the name postings' sorted terms, and a query word is the range of
// terms it starts (a prefix's terms are contiguous once sorted), so "a query word starts this name word" is a range
// test. The page's members are picked with a bounded heap over the tier read in name order, which stops early once
// nothing later can rank higher.

// nameTerms holds every product's name words (repeats included, as words splits the name) as indexes of the name
// postings' terms, all products' in one array in name order, so that a scan reads neighbouring memory.
type nameTerms struct {
	from []uint32 // product i's words are ids[from[i]:from[i+1]]
	ids  []int32
}

func (n *nameTerms) of(i uint32) []int32 { return n.ids[n.from[i]:n.from[i+1]] }

// nameTermsBuilder collects the name words' builder ids in load order, before the name order is known.
type nameTermsBuilder struct {
	from []uint32 // load index k's words are raw[from[k]:from[k+1]]
	raw  []uint32
}

func newNameTermsBuilder() *nameTermsBuilder { return &nameTermsBuilder{from: []uint32{0}} }

// add records the name of the product read next (at load index len(from)-1) into names and into b; buf is scratch
// space for eachWord, returned for reuse.
func (b *nameTermsBuilder) add(names *postingsBuilder, name string, buf []byte) []byte {
	k := len(b.from) - 1
	buf = eachWord(name, buf, func(w []byte) { b.raw = append(b.raw, names.record(k, w)) })
	b.from = append(b.from, uint32(len(b.raw)))
	return buf
}

// build lays the names out in name order once names is built: position[k] is where load index k ended up.
func (b *nameTermsBuilder) build(names *postingsBuilder, position []int) nameTerms {
	loadIndex := make([]int, len(position))
	for k, p := range position {
		loadIndex[p] = k
	}
	out := nameTerms{from: make([]uint32, 1, len(position)+1), ids: make([]int32, 0, len(b.raw))}
	for _, k := range loadIndex {
		for _, raw := range b.raw[b.from[k]:b.from[k+1]] {
			out.ids = append(out.ids, names.sorted[raw])
		}
		out.from = append(out.from, uint32(len(out.ids)))
	}
	return out
}

// wordRanges are query words as ranges of the name postings' terms: a name word starts with query word i exactly
// when its index is in [r[i][0], r[i][1]).
type wordRanges [][2]int32

func (p *postings) ranges(ws []string) wordRanges {
	out := make(wordRanges, len(ws))
	for i, w := range ws {
		from, to := p.prefixRange(w)
		out[i] = [2]int32{int32(from), int32(to)}
	}
	return out
}

// hits counts the name words that a query word starts.
func (r wordRanges) hits(name []int32) int {
	n := 0
	for _, id := range name {
		for _, q := range r {
			if id >= q[0] && id < q[1] {
				n++
				break
			}
		}
	}
	return n
}

// coversAll reports whether every query word starts a word of the name: how relevance tells a product whose name
// matches from one that matches only in its description.
func (r wordRanges) coversAll(name []int32) bool {
	for _, q := range r {
		found := false
		for _, id := range name {
			if id >= q[0] && id < q[1] {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// focus scores how much of a product's name the query words make up: the share of the name's words that a query
// word starts. "Nitrile Gloves" is more about "gloves" than "Leather Work Gloves, Size L", as a full-text score
// with length normalisation would say.
func (r wordRanges) focus(name []int32) float64 {
	if len(name) == 0 {
		return 0
	}
	return float64(r.hits(name)) / float64(len(name))
}

// mostFocused appends to out the first n members in relevance order within a tier, members whose names all hold a
// query word (see order for the others): focus descending, then name order. It is candidateOrder's answer for one tier without scoring the tier as candidates: members are
// read in name order, so a later one displaces a kept one only with a strictly higher focus, and the reading stops
// once every kept member has the highest focus there is (each of its name words matched).
func (s *snapshot) mostFocused(out []int32, members *roaring.Bitmap, r wordRanges, n int) []int32 {
	if n <= 0 {
		return out
	}
	type scored struct{ pos, hits, words int32 }
	// worse reports whether a ranks after b; focuses compare as exact fractions (hits/words).
	worse := func(a, b scored) bool {
		if x, y := a.hits*b.words, b.hits*a.words; x != y {
			return x < y
		}
		return a.pos > b.pos
	}
	kept := make([]scored, 0, n) // a heap whose root is the worst kept member
	down := func(i int) {
		for {
			child := 2*i + 1
			if child >= len(kept) {
				return
			}
			if c := child + 1; c < len(kept) && worse(kept[c], kept[child]) {
				child = c
			}
			if !worse(kept[child], kept[i]) {
				return
			}
			kept[i], kept[child] = kept[child], kept[i]
			i = child
		}
	}
	members.Iterate(func(pos uint32) bool {
		name := s.nameTerms.of(pos)
		c := scored{pos: int32(pos), hits: int32(r.hits(name)), words: int32(len(name))}
		if len(kept) < n {
			kept = append(kept, c)
			for i := len(kept) - 1; i > 0; { // up
				parent := (i - 1) / 2
				if !worse(kept[i], kept[parent]) {
					break
				}
				kept[i], kept[parent] = kept[parent], kept[i]
				i = parent
			}
		} else if worse(kept[0], c) {
			kept[0] = c
			down(0)
		}
		return len(kept) < n || kept[0].hits < kept[0].words
	})
	sort.Slice(kept, func(i, j int) bool { return worse(kept[j], kept[i]) })
	for _, c := range kept {
		out = append(out, c.pos)
	}
	return out
}
