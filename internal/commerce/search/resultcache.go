package search

import (
	"strconv"
	"strings"
)

// A snapshot keeps the answers of recent searches without refinements: the whole ordered match set (as positions
// in the snapshot's name order), the facets and the category summary. They depend only on the snapshot, the
// store's tree (kept by the snapshot), the buyer's viewing policies and the query, so the next buyer of the same
// kind asking the same listing or term only reads its page. Price sorts are not kept: prices are not part of the
// snapshot's version. A write moves the version, and the next search starts a new snapshot with an empty cache.

// Bounds of one snapshot's cache: entries, and positions over all entries (4 bytes each).
const (
	maxCachedSearches  = 256
	maxCachedPositions = 4 << 20
)

type searchCache struct {
	entries   map[string]*cachedSearch
	positions int
	running   map[string]*runningSearch // searches being worked out: the same search asked meanwhile waits for it
}

type runningSearch struct {
	done   chan struct{}
	answer *cachedSearch
	err    error
}

// cachedSearch is a search's answer but for its page.
type cachedSearch struct {
	total      int
	order      []int32 // the hits' positions in snapshot.all, in the query's order (kept: every hit)
	facets     []Facet // shared by every answer that uses the entry: read only
	categories SearchCategory
}

// searchKey names what a search's answer depends on, or "" when it is not kept.
func searchKey(storeID, policies string, q *query) string {
	if len(q.refinements) > 0 || q.sort.kind == sortPriceAsc || q.sort.kind == sortPriceDesc {
		return ""
	}
	return storeID + "\x00" + policies + "\x00" + q.categoryID + "\x00" + strings.ToLower(q.term) + "\x00" +
		strings.Join(q.words, " ") + "\x00" + strconv.Itoa(int(q.sort.kind))
}

// searchOnce returns the kept answer of the search named key, working it out with compute when it is not kept;
// searches asking for the same key meanwhile wait for that one rather than each working it out.
func (s *snapshot) searchOnce(key string, compute func() (*cachedSearch, error)) (*cachedSearch, error) {
	s.mu.Lock()
	if found := s.searches.entries[key]; found != nil {
		s.mu.Unlock()
		return found, nil
	}
	if r := s.searches.running[key]; r != nil {
		s.mu.Unlock()
		<-r.done
		if r.err != nil { // the other search's own failure (its context, say): work it out here
			return compute()
		}
		return r.answer, nil
	}
	if s.searches.running == nil {
		s.searches.running = map[string]*runningSearch{}
	}
	r := &runningSearch{done: make(chan struct{})}
	s.searches.running[key] = r
	s.mu.Unlock()

	r.answer, r.err = compute()
	s.mu.Lock()
	delete(s.searches.running, key)
	if r.err == nil { // kept as it stops running, so that no asker in between finds neither and works it out again
		s.keepSearch(key, r.answer)
	}
	s.mu.Unlock()
	close(r.done)
	return r.answer, r.err
}

// keepSearch keeps an answer; s.mu is held.
func (s *snapshot) keepSearch(key string, c *cachedSearch) {
	if len(c.order) > maxCachedPositions/4 {
		return // one huge answer would push out everything else
	}
	if s.searches.entries == nil || len(s.searches.entries) >= maxCachedSearches ||
		s.searches.positions+len(c.order) > maxCachedPositions {
		// Full: start again rather than track use.
		s.searches.entries, s.searches.positions = map[string]*cachedSearch{}, 0
	}
	s.searches.entries[key] = c
	s.searches.positions += len(c.order)
}
