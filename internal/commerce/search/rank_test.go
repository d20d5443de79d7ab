package search

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/RoaringBitmap/roaring/v2"
)

// nameSnapshot is a snapshot of just the names, in the order given (taken as name order), for the ranking tests.
func nameSnapshot(names ...string) *snapshot {
	builder, terms := newPostingsBuilder(), newNameTermsBuilder()
	position := make([]int, len(names))
	for k, n := range names {
		terms.add(builder, n, nil)
		position[k] = k
	}
	s := &snapshot{names: builder.build(position)}
	s.nameTerms = terms.build(builder, position)
	return s
}

func TestFocusPrefersNamesMostlyAboutTheTerm(t *testing.T) {
	s := nameSnapshot("Nitrile Gloves", "Leather Work Gloves, Size L", "Safety Glasses", "")
	r := s.names.ranges(queryWords("gloves"))
	if short, long := r.focus(s.nameTerms.of(0)), r.focus(s.nameTerms.of(1)); short != 0.5 || long != 0.2 {
		t.Fatalf("focus: %v and %v, want 0.5 and 0.2", short, long)
	}
	if r.focus(s.nameTerms.of(2)) != 0 || r.focus(s.nameTerms.of(3)) != 0 {
		t.Fatal("a name without the term scores 0")
	}
	// Within a tier the more focused name ranks first, whatever their alphabetical order.
	a := &candidate{doc: &doc{id: "a", nameRank: 1}, tier: tierName, score: 0.2}
	b := &candidate{doc: &doc{id: "b", nameRank: 2}, tier: tierName, score: 0.5}
	cs := []*candidate{a, b}
	sortCandidates(cs, sortRelevance, true)
	if cs[0] != b {
		t.Fatal("the more focused name must come first within its tier")
	}
}

func TestCoversAll(t *testing.T) {
	s := nameSnapshot("Keystone Nitrile Gloves, Size M", "Keystone Nitrile Gloves")
	if !s.names.ranges([]string{"nitr", "glove"}).coversAll(s.nameTerms.of(0)) ||
		s.names.ranges([]string{"itrile"}).coversAll(s.nameTerms.of(1)) {
		t.Fatal("coversAll")
	}
}

// mostFocused must pick what sorting every member by focus, then name order, picks: ties to the first in name
// order, fractions compared exactly (2/4 ties 1/2), and its early stop must not cut a better member.
func TestMostFocusedIsTheSortedOrder(t *testing.T) {
	s := nameSnapshot("a valve b c", "valve d", "steel valve e f", "valve", "g valve", "valve steel h i",
		"valve", "k l m valve", "valve n")
	r := s.names.ranges([]string{"valve", "steel"})
	members := roaring.New()
	for i := range 9 {
		members.Add(uint32(i))
	}
	want := []int32{3, 6, 1, 2, 4, 5, 8, 0, 7} // 1, 1, 1/2, 2/4, 1/2, 2/4, 1/2, 1/4, 1/4
	for n := 1; n <= len(want); n++ {
		for _, score := range scoringStrategies(s) {
			got := score(members, r, n)
			if len(got) != n {
				t.Fatalf("n=%d: %v", n, got)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("n=%d: %v, want %v", n, got, want[:n])
				}
			}
		}
	}
}

// scoringStrategies are mostFocused's two ways of reading a tier, each whatever the tier's size.
func scoringStrategies(s *snapshot) map[string]func(members *roaring.Bitmap, r wordRanges, n int) []int32 {
	return map[string]func(*roaring.Bitmap, wordRanges, int) []int32{
		"in name order": func(members *roaring.Bitmap, r wordRanges, n int) []int32 {
			top := &topFocused{n: n}
			s.scoreInOrder(top, members, r)
			return top.appendSorted(nil)
		},
		"shortest names first": func(members *roaring.Bitmap, r wordRanges, n int) []int32 {
			top := &topFocused{n: n}
			s.scoreShortestFirst(top, members, r, len(r))
			return top.appendSorted(nil)
		}}
}

// On random names and page sizes, mostFocused gives what sorting every member gives.
func TestMostFocusedMatchesAFullSort(t *testing.T) {
	vocabulary := []string{"valve", "valves", "steel", "brass", "ball", "gate", "pipe", "fitting", "inch"}
	rnd := rand.New(rand.NewPCG(19, 1))
	for round := range 600 {
		names := make([]string, 1+rnd.IntN(60))
		for i := range names {
			ws := make([]string, 1+rnd.IntN(5+round%3*7)) // some names longer than longName
			for j := range ws {
				ws[j] = vocabulary[rnd.IntN(len(vocabulary))]
			}
			names[i] = strings.Join(ws, " ")
		}
		s := nameSnapshot(names...)
		query := []string{vocabulary[rnd.IntN(3)], vocabulary[rnd.IntN(len(vocabulary))]}
		r := s.names.ranges(query)
		members := roaring.New()
		var all []*candidate
		for i := range names {
			if r.hits(s.nameTerms.of(uint32(i))) > 0 && rnd.IntN(4) > 0 {
				members.Add(uint32(i))
				all = append(all, &candidate{doc: &doc{nameRank: i}, score: r.focus(s.nameTerms.of(uint32(i)))})
			}
		}
		sortCandidates(all, sortRelevance, true)
		n := 1 + rnd.IntN(len(names))
		for strategy, score := range scoringStrategies(s) {
			got := score(members, r, n)
			if len(got) != min(n, len(all)) {
				t.Fatalf("round %d, %s: %d members for n=%d of %d", round, strategy, len(got), n, len(all))
			}
			for i, pos := range got {
				if int(pos) != all[i].nameRank {
					t.Fatalf("round %d, %s (%q, n=%d): %v, want the sorted order's %d at %d", round, strategy, query, n,
						got, all[i].nameRank, i)
				}
			}
		}
	}
}

// On a tier larger than scanAllBelow, order reads the names shortest first: it must still give what scoring and
// sorting every hit gives, for names of one word repeated, prefixes that start several words and SKUs.
func TestOrderOfManyHitsMatchesScoringEveryHit(t *testing.T) {
	vocabulary := []string{"valve", "valves", "steel", "brass", "ball", "gate", "pipe", "fitting", "inch", "series"}
	rnd := rand.New(rand.NewPCG(19, 2))
	names := make([]string, 6000)
	for i := range names {
		ws := make([]string, 1+rnd.IntN(3+i%18))
		for j := range ws {
			ws[j] = vocabulary[rnd.IntN(len(vocabulary))]
		}
		if i%40 == 0 { // a word few names hold: the name tier is small and the page reaches the next one
			ws[0] = "zinc"
		}
		names[i] = strings.Join(ws, " ")
	}
	slices.Sort(names) // name order
	s := nameSnapshot(names...)
	for i := range names { // SKUs the query words start: "val-0001"
		s.all = append(s.all, &doc{nameRank: i, lowerSKU: fmt.Sprintf("%s-%04d", names[(i*7)%len(names)][:3], i)})
	}
	s.bySKU, s.skuRank = sortedSKUs(s.all)
	for round := range 60 {
		q := &query{words: []string{vocabulary[rnd.IntN(len(vocabulary))][:3+rnd.IntN(2)]}, sort: sortRules[0]}
		if round%4 > 0 {
			q.words = append(q.words, vocabulary[rnd.IntN(len(vocabulary))])
		}
		if round%2 > 0 {
			q.words = append(q.words, "zinc")
		}
		q.term = strings.Join(q.words, " ")
		set := roaring.New()
		r := s.names.ranges(q.words)
		var all []*candidate
		sparse := 1 + round%3*20 // every product, or a few: fewer than a SKU prefix's
		for i := range names {
			if rnd.IntN(sparse) == 0 {
				set.Add(uint32(i))
				name := s.nameTerms.of(uint32(i))
				c := &candidate{doc: s.all[i], score: r.focus(name)}
				c.tier = rankTier(c, q.term, name, r)
				all = append(all, c)
			}
		}
		sortCandidates(all, sortRelevance, true)
		limit := 1 + rnd.IntN(60)
		got := s.order(set, q, q.words, limit)
		for i, pos := range got {
			if int(pos) != all[i].nameRank {
				t.Fatalf("%q, limit %d: %v, want the sorted order's %d at %d", q.term, limit, got, all[i].nameRank, i)
			}
		}
		if len(got) != limit {
			t.Fatalf("%q: %d of %d", q.term, len(got), limit)
		}
	}
}
