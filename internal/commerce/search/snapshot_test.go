package search

import (
	"fmt"
	"math/rand"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
)

// TestSortPageSelectsTheSortedPrefix: the selection of the first k candidates gives the first k of the full sort,
// for every order and page depth, ties included.
func TestSortPageSelectsTheSortedPrefix(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	shuffled := func(n int) []*candidate {
		cs := make([]*candidate, n)
		for i := range cs {
			cs[i] = &candidate{doc: &doc{id: fmt.Sprint(i), nameRank: i, created: fmt.Sprint(rng.Intn(5))},
				tier: rng.Intn(4), score: float64(rng.Intn(3)) / 2}
		}
		rng.Shuffle(n, func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
		return cs
	}
	for _, kind := range []sortKind{sortRelevance, sortNameAsc, sortNameDesc, sortNewest} {
		for _, limit := range []int{1, 5, 20, 60, 500} {
			cs := shuffled(400)
			want := slices.Clone(cs)
			sortCandidates(want, kind, true)
			sortPage(cs, kind, true, limit)
			for i := 0; i < min(limit, len(cs)); i++ {
				if cs[i] != want[i] {
					t.Fatalf("kind %d, limit %d: position %d is %s, want %s", kind, limit, i, cs[i].id, want[i].id)
				}
			}
			if len(cs) != len(want) {
				t.Fatalf("kind %d: %d candidates after selection, want %d", kind, len(cs), len(want))
			}
		}
	}
}

// TestSearchOnceSharesTheWork: concurrent searches for one key work the answer out once and all get it; another
// key is worked out apart.
func TestSearchOnceSharesTheWork(t *testing.T) {
	snap := &snapshot{}
	var computed atomic.Int32
	release := make(chan struct{})
	compute := func() (*cachedSearch, error) {
		computed.Add(1)
		<-release
		return &cachedSearch{total: 3, order: []int32{2, 0, 1}}, nil
	}
	var wg sync.WaitGroup
	answers := make([]*cachedSearch, 8)
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i], _ = snap.searchOnce("k", compute)
		}()
	}
	for computed.Load() == 0 {
		runtime.Gosched()
	}
	close(release)
	wg.Wait()
	if n := computed.Load(); n != 1 {
		t.Fatalf("worked out %d times", n)
	}
	for _, a := range answers {
		if a != answers[0] || a.total != 3 {
			t.Fatalf("answers differ: %+v", answers)
		}
	}
	if got, _ := snap.searchOnce("k", compute); got != answers[0] || computed.Load() != 1 {
		t.Fatal("a kept answer was worked out again")
	}
	if _, _ = snap.searchOnce("other", compute); computed.Load() != 2 {
		t.Fatal("another key shared the answer")
	}
}
