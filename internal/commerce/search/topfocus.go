package search

import (
	"sort"

	"github.com/RoaringBitmap/roaring/v2"
)

// The first members of a tier in relevance order (focus descending, then name order), without scoring the tier:
// candidateOrder's answer for one tier, worked out from the few members that can reach the page.

// scoredMember is a member with its focus as an exact fraction: hits of words.
type scoredMember struct{ pos, hits, words int32 }

// worse reports whether a ranks after b; focuses compare as exact fractions (2/4 ties 1/2).
func (a scoredMember) worse(b scoredMember) bool {
	if x, y := a.hits*b.words, b.hits*a.words; x != y {
		return x < y
	}
	return a.pos > b.pos
}

// topFocused keeps the best n members offered so far: a heap whose root is the worst kept.
type topFocused struct {
	n    int
	kept []scoredMember
}

func (t *topFocused) offer(c scoredMember) {
	if len(t.kept) < t.n {
		t.kept = append(t.kept, c)
		for i := len(t.kept) - 1; i > 0; { // up
			parent := (i - 1) / 2
			if !t.kept[i].worse(t.kept[parent]) {
				break
			}
			t.kept[i], t.kept[parent] = t.kept[parent], t.kept[i]
			i = parent
		}
		return
	}
	if !t.kept[0].worse(c) {
		return
	}
	t.kept[0] = c
	for i := 0; ; { // down
		child := 2*i + 1
		if child >= len(t.kept) {
			return
		}
		if r := child + 1; r < len(t.kept) && t.kept[r].worse(t.kept[child]) {
			child = r
		}
		if !t.kept[child].worse(t.kept[i]) {
			return
		}
		t.kept[i], t.kept[child] = t.kept[child], t.kept[i]
		i = child
	}
}

// settled reports whether the kept members are final against bound: every kept one ranks before a member of at
// most bound's focus at bound's position or later.
func (t *topFocused) settled(bound scoredMember) bool {
	return len(t.kept) == t.n && !t.kept[0].worse(bound)
}

// appendSorted appends the kept members to out, best first.
func (t *topFocused) appendSorted(out []int32) []int32 {
	sort.Slice(t.kept, func(i, j int) bool { return t.kept[j].worse(t.kept[i]) })
	for _, c := range t.kept {
		out = append(out, c.pos)
	}
	return out
}

func (s *snapshot) scored(pos uint32, r wordRanges) scoredMember {
	name := s.nameTerms.of(pos)
	return scoredMember{pos: int32(pos), hits: int32(r.hits(name)), words: int32(len(name))}
}

// scanAllBelow is the tier size under which every member is scored: the sets that spare the scoring cost more.
const scanAllBelow = 512

// mostFocused appends to out the first n members in relevance order within a tier, members whose names all hold a
// query word (see order for the others). most is how many query words a member's name can hold: fewer than all
// for the members of a tier that leaves out the names holding all.
func (s *snapshot) mostFocused(out []int32, members *roaring.Bitmap, r wordRanges, most, n int) []int32 {
	if n <= 0 {
		return out
	}
	top := &topFocused{n: n, kept: make([]scoredMember, 0, n)}
	if members.GetCardinality() < scanAllBelow {
		s.scoreInOrder(top, members, r)
	} else {
		s.scoreShortestFirst(top, members, r, most)
	}
	return top.appendSorted(out)
}

// scoreInOrder offers members in name order, and stops once every kept one has the highest focus there is.
func (s *snapshot) scoreInOrder(top *topFocused, members *roaring.Bitmap, r wordRanges) {
	members.Iterate(func(pos uint32) bool {
		if top.settled(scoredMember{pos: int32(pos), hits: 1, words: 1}) {
			return false
		}
		top.offer(s.scored(pos, r))
		return true
	})
}

// scoreShortestFirst offers the members whose name a query word starts twice (their focus has no bound but 1),
// then the others by name length, shortest first: one of those has a hit per query word its name holds at most, so
// its focus is at most most/words, and the reading stops where no member left can rank before the kept ones.
func (s *snapshot) scoreShortestFirst(top *topFocused, members *roaring.Bitmap, r wordRanges, most int) {
	multi := s.multiMatched(members, r)
	s.scoreInOrder(top, multi, r)
	if !multi.IsEmpty() {
		members = roaring.AndNot(members, multi)
	}
	sets := s.nameTerms.byLength
	for i := range sets {
		// Bounds fall as names lengthen, but for names of no word (focus 0), read last. The longest set's names
		// have length words or more: its bound holds for all of them.
		length := (i + 1) % len(sets)
		set := sets[length]
		bound := scoredMember{pos: -1, hits: int32(min(most, length)), words: int32(max(length, 1))}
		if top.settled(bound) {
			return
		}
		roaring.And(members, set).Iterate(func(pos uint32) bool {
			if bound.pos = int32(pos); top.settled(bound) {
				return false // later ones in name order tie at best; the next length's bound is for the next set
			}
			top.offer(s.scored(pos, r))
			return true
		})
	}
}

// maxMultiTerms bounds the terms of a query word's range that multiMatched unites pairwise; a wider range (a short
// prefix) counts every member as matched twice, which scores them all as before.
const maxMultiTerms = keptPrefixTerms

// multiMatched are the members whose name has two words or more that one query word starts: "valve" in "Valve
// Valve" or "val" in "Valve, Valves Seat". It may be members itself: read only.
func (s *snapshot) multiMatched(members *roaring.Bitmap, r wordRanges) *roaring.Bitmap {
	out := roaring.New()
	for _, q := range r {
		if q[1]-q[0] > maxMultiTerms {
			return members
		}
		var once *roaring.Bitmap // the members holding a term of the range seen so far
		for t := q[0]; t < q[1]; t++ {
			if twice := s.nameTerms.repeated[t]; twice != nil {
				out.Or(roaring.And(members, twice))
			}
			if q[1]-q[0] == 1 {
				continue
			}
			holding := roaring.And(members, s.names.lists[t])
			if once == nil {
				once = holding
				continue
			}
			out.Or(roaring.And(once, holding))
			once.Or(holding)
		}
	}
	return out
}
