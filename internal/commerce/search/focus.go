package search

import (
	"slices"

	"github.com/RoaringBitmap/roaring/v2"
)

// Relevance within a tier is the name's focus on the query (see focus), and a broad word puts tens of thousands of
// products in one tier. Scoring them must then cost a few integer reads each, not string comparisons: every
// product's name words are kept as indexes of the name postings' sorted terms, and a query word is the range of
// terms it starts (a prefix's terms are contiguous once sorted), so "a query word starts this name word" is a range
// test. Better still, most of a large tier is never scored (topfocus.go): a name that no query word starts twice has
// at most one hit per query word, so its focus is bounded by its length, and the tier is read shortest names first
// until no longer name can rank higher than the page already holds.

// nameTerms holds every product's name words (repeats included, as words splits the name) as indexes of the name
// postings' terms, all products' in one array in name order, so that a scan reads neighbouring memory.
type nameTerms struct {
	from []uint32 // product i's words are ids[from[i]:from[i+1]]
	ids  []int32

	byLength []*roaring.Bitmap         // byLength[n]: the products whose name has n words (the last: n or more)
	repeated map[int32]*roaring.Bitmap // per term, the products whose name holds it more than once
}

// longName is the last length byLength tells apart: longer names share its set.
const longName = 16

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
	out := nameTerms{from: make([]uint32, 1, len(position)+1), ids: make([]int32, 0, len(b.raw)),
		repeated: map[int32]*roaring.Bitmap{}}
	lengths := make([][]uint32, longName+1)
	for _, k := range loadIndex {
		first := len(out.ids)
		for _, raw := range b.raw[b.from[k]:b.from[k+1]] {
			out.ids = append(out.ids, names.sorted[raw])
		}
		pos := uint32(len(out.from) - 1)
		name := out.ids[first:]
		length := min(len(name), longName)
		lengths[length] = append(lengths[length], pos)
		for i, id := range name {
			if slices.Contains(name[:i], id) {
				if out.repeated[id] == nil {
					out.repeated[id] = roaring.New()
				}
				out.repeated[id].Add(pos)
			}
		}
		out.from = append(out.from, uint32(len(out.ids)))
	}
	for _, list := range lengths {
		set := roaring.BitmapOf(list...)
		set.RunOptimize()
		out.byLength = append(out.byLength, set)
	}
	return out
}

// bytes is the name words' size, for /metrics.
func (n *nameTerms) bytes() uint64 {
	size := 4 * uint64(len(n.ids)+len(n.from))
	for _, set := range n.byLength {
		size += set.GetSizeInBytes()
	}
	for _, set := range n.repeated {
		size += set.GetSizeInBytes() + 16
	}
	return size
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
