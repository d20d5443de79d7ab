package search

import (
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/RoaringBitmap/roaring/v2"
)

// postings is the full-text index in memory: every word of the products' names, SKUs and descriptions (split as
// words splits them, which is how the database's full-text index splits them too) with the set of products holding
// it, as a compressed bitmap of positions in the snapshot's name order. A search intersects the bitmaps of its
// words in memory instead of asking the database, and the positions come out in name order.
//
// A query word matches a product when one of its words starts with it ("glove" finds "Gloves"), as the SQL index's
// prefix queries did: the terms are sorted, so a prefix is a range of them whose bitmaps are united.
type postings struct {
	terms []string          // sorted, distinct
	lists []*roaring.Bitmap // lists[i]: the positions of the products holding terms[i]
	alpha []int32           // the terms starting with a letter: the ones a typo may be corrected to

	mu        sync.Mutex
	prefixes  map[[2]int]*roaring.Bitmap // unions of prefix ranges (from, to), kept per snapshot
	keptBytes uint64                     // their size
	listBytes uint64                     // the lists' size: the unions of narrow ranges are kept up to as much
}

// Bounds of the prefix unions a snapshot keeps. A wide range (a short prefix) is the costliest to unite again, so
// those are kept by number; the narrow ones (a word and its plurals, say: every word of a distinct search) are kept
// while they take less memory than the lists themselves.
const (
	keptPrefixTerms = 32
	maxKeptPrefixes = 4096
)

// postingsBuilder collects the words of products as they are read, in load order, before the snapshot knows their
// name order.
type postingsBuilder struct {
	ids   map[string]uint32
	terms []string
	raw   [][]uint32 // per term id, the load indexes holding it

	sorted []int32 // after build, per term id, the term's index in the built postings' sorted terms
}

func newPostingsBuilder() *postingsBuilder { return &postingsBuilder{ids: map[string]uint32{}} }

// add records the words of the product read at index k; buf is scratch space for eachWord, returned for reuse.
func (b *postingsBuilder) add(k int, buf []byte, texts ...string) []byte {
	for _, text := range texts {
		buf = eachWord(text, buf, func(w []byte) { b.record(k, w) })
	}
	return buf
}

// record records word w of the product read at index k, and returns the word's id in the builder (see sorted).
// Only a word not seen before is copied.
func (b *postingsBuilder) record(k int, w []byte) uint32 {
	id, ok := b.ids[string(w)]
	if !ok {
		id = uint32(len(b.terms))
		b.ids[string(w)] = id
		b.terms = append(b.terms, string(w))
		b.raw = append(b.raw, nil)
	}
	if list := b.raw[id]; len(list) == 0 || list[len(list)-1] != uint32(k) { // a word twice in a product
		b.raw[id] = append(list, uint32(k))
	}
	return id
}

// build turns the collected lists into bitmaps of name-order positions: position[k] is where the product read at
// index k ended up.
func (b *postingsBuilder) build(position []int) *postings {
	order := make([]int, len(b.terms))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(i, j int) bool { return b.terms[order[i]] < b.terms[order[j]] })
	b.sorted = make([]int32, len(order))
	for i, id := range order {
		b.sorted[id] = int32(i)
	}
	p := &postings{terms: make([]string, len(order)), lists: make([]*roaring.Bitmap, len(order)),
		prefixes: map[[2]int]*roaring.Bitmap{}}
	for i, id := range order {
		list := b.raw[id]
		for j, k := range list {
			list[j] = uint32(position[k])
		}
		slices.Sort(list)
		bm := roaring.BitmapOf(list...)
		bm.RunOptimize()
		p.terms[i], p.lists[i] = b.terms[id], bm
		p.listBytes += bm.GetSizeInBytes()
		b.raw[id] = nil // let the collected list go as soon as its bitmap exists
		if r := []rune(b.terms[id]); unicode.IsLetter(r[0]) {
			p.alpha = append(p.alpha, int32(i))
		}
	}
	return p
}

// prefixRange is the range of terms starting with w.
func (p *postings) prefixRange(w string) (from, to int) {
	from = sort.SearchStrings(p.terms, w)
	to = from
	for to < len(p.terms) && strings.HasPrefix(p.terms[to], w) {
		to++
	}
	return from, to
}

// prefix is the set of products holding a word that starts with w (nil when none does). It is shared: read only.
func (p *postings) prefix(w string) *roaring.Bitmap {
	from, to := p.prefixRange(w)
	switch {
	case to == from:
		return nil
	case to-from == 1:
		return p.lists[from]
	}
	key := [2]int{from, to}
	p.mu.Lock()
	kept := p.prefixes[key]
	p.mu.Unlock()
	if kept != nil {
		return kept
	}
	kept = roaring.FastOr(p.lists[from:to]...)
	kept.RunOptimize()
	size := kept.GetSizeInBytes()
	p.mu.Lock()
	if p.prefixes[key] == nil && (to-from >= keptPrefixTerms && len(p.prefixes) < maxKeptPrefixes ||
		p.keptBytes+size <= p.listBytes) {
		p.prefixes[key] = kept
		p.keptBytes += size
	}
	p.mu.Unlock()
	return kept
}

// match is the set of products holding every query word (as a word or the start of one), with the words that
// ranking should use: a word no product's word starts with is read as a typo (see corrections), and replaced by its
// closest correction. A word that is neither found nor corrected matches nothing. Given within, the set is of its
// products only, and the caller's to change; without (nil), it may be one the postings keep, which the caller reads
// and never changes.
func (p *postings) match(ws []string, within *roaring.Bitmap) (*roaring.Bitmap, []string) {
	sets := make([]*roaring.Bitmap, 0, len(ws))
	ranked := slices.Clone(ws)
	for i, w := range ws {
		set := p.prefix(w)
		if set == nil {
			var best string
			set, best = p.corrections(w)
			if set == nil {
				return roaring.New(), ws
			}
			ranked[i] = best
		}
		sets = append(sets, set)
	}
	if len(sets) == 0 {
		return roaring.New(), ws
	}
	// Smallest first: each intersection is then no larger than the smallest set.
	slices.SortFunc(sets, func(a, b *roaring.Bitmap) int { return int(a.GetCardinality()) - int(b.GetCardinality()) })
	if len(sets) == 1 {
		if within == nil {
			return sets[0], ranked
		}
		return roaring.And(sets[0], within), ranked
	}
	out := roaring.And(sets[0], sets[1]) // not a copy of the first then cut down: at a million products it is large
	for _, s := range sets[2:] {
		out.And(s)
		if out.IsEmpty() {
			break
		}
	}
	if within != nil {
		out.And(within)
	}
	return out, ranked
}

// typoBudget is the edit distance a word of n letters may be off by, as leading search engines allow: none below
// four letters (too many short words are one edit apart), one up to seven, two from eight.
func typoBudget(n int) int {
	switch {
	case n < 4:
		return 0
	case n < 8:
		return 1
	}
	return 2
}

// corrections is the set of products holding a word within the typo budget of w (the whole word, or its start:
// "vavle" finds "valve", "vavles" finds "valves"), and the closest such word. Only words of letters are corrected:
// a mistyped number or SKU is another product, not a typo.
func (p *postings) corrections(w string) (*roaring.Bitmap, string) {
	budget := typoBudget(len([]rune(w)))
	if budget == 0 || strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
		return nil, ""
	}
	q := []rune(w)
	var found []*roaring.Bitmap
	var best string
	bestKey := [3]int{budget + 1}
	for _, i := range p.alpha {
		t := []rune(p.terms[i])
		if len(t) < len(q)-budget {
			continue
		}
		whole := editDistance(q, t, budget)
		d := whole
		if len(t) > len(q) { // or its start, with up to budget letters more or fewer
			for n := max(len(q)-budget, 1); n <= min(len(q)+budget, len(t)); n++ {
				d = min(d, editDistance(q, t[:n], budget))
			}
		}
		if d > budget {
			continue
		}
		found = append(found, p.lists[i])
		// Ranking reads the closest correction: fewest edits, then fewest as a whole word ("vavle" is "valve"
		// rather than "valves"), then the commonest.
		if key := [3]int{d, whole, -int(p.lists[i].GetCardinality())}; slices.Compare(key[:], bestKey[:]) < 0 {
			best, bestKey = p.terms[i], key
		}
	}
	if len(found) == 0 {
		return nil, ""
	}
	return roaring.FastOr(found...), best
}

// editDistance is the optimal-string-alignment distance of a and b (insertions, deletions, substitutions and
// swaps of two neighbouring letters), or budget+1 as soon as it must exceed budget.
func editDistance(a, b []rune, budget int) int {
	if abs(len(a)-len(b)) > budget {
		return budget + 1
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > budget {
			return budget + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// bytes is the bitmaps' size, the kept unions' included, for /metrics.
func (p *postings) bytes() uint64 {
	p.mu.Lock()
	n := p.keptBytes
	p.mu.Unlock()
	for i, l := range p.lists {
		n += l.GetSizeInBytes() + uint64(len(p.terms[i])) + 16
	}
	return n
}
