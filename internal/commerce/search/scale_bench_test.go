package search

import (
	"context"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/internal/demo"
	"storefront/internal/platform/db"
)

// The benchmarks below work on the catalogue STOREFRONT_BENCH_DB names (a database seeded with `storefront seed
// --products N`), in process and without HTTP, so that a profile (-cpuprofile) shows search's own work at 100,000
// or a million products. Without it they are skipped.

// benchLoaded is the catalogue's snapshot, loaded once per test binary: testing calls a benchmark more than once,
// and a million products take minutes to load.
var benchLoaded struct {
	once sync.Once
	d    *db.DB
	snap *snapshot
	tree *categoryTree
	err  error
}

func benchSnapshot(b *testing.B) (*db.DB, *snapshot, *categoryTree) {
	url := os.Getenv("STOREFRONT_BENCH_DB")
	if url == "" {
		b.Skip("STOREFRONT_BENCH_DB names no seeded catalogue")
	}
	benchLoaded.once.Do(func() {
		benchLoaded.d, benchLoaded.snap, benchLoaded.tree, benchLoaded.err = loadBenchSnapshot(b, url)
	})
	if benchLoaded.err != nil {
		b.Fatal(benchLoaded.err)
	}
	return benchLoaded.d, benchLoaded.snap, benchLoaded.tree
}

func loadBenchSnapshot(b *testing.B, url string) (*db.DB, *snapshot, *categoryTree, error) {
	ctx := context.Background()
	d, err := db.Open(ctx, url)
	if err != nil {
		return nil, nil, nil, err
	}
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	snap, err := loadSnapshot(ctx, d)
	if err != nil {
		return nil, nil, nil, err
	}
	took := time.Since(start)
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	b.Logf("snapshot of %d products: loaded in %s, heap %d MB (postings %d MB, cards %d MB)", len(snap.all),
		took.Round(time.Millisecond), (after.HeapAlloc-before.HeapAlloc)>>20,
		(snap.text.bytes()+snap.names.bytes())>>20, snap.cards.bytes()>>20)
	tree, err := snap.categories(ctx, d, demo.StoreID)
	return d, snap, tree, err
}

// BenchmarkLoadSnapshot reads and builds the snapshot.
func BenchmarkLoadSnapshot(b *testing.B) {
	d, _, _ := benchSnapshot(b)
	b.ResetTimer()
	for range b.N {
		if _, err := loadSnapshot(context.Background(), d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMatchDistinct works out distinct two-word searches as the load bench asks them (a page of 12): the
// matches, the first page's order, the facets and the category summary; not the page's cards or prices.
func BenchmarkMatchDistinct(b *testing.B) {
	benchMatch(b, func(i, products int) []string {
		ws := demo.ProductWords(i*7919%min(products, 1_000_000) + 1)
		return queryWords(ws[i%len(ws)] + " " + ws[(i/len(ws)+i+1)%len(ws)])
	})
}

// BenchmarkMatchOneWord works out the one-word searches of the load bench's rotated row (the catalogue's first 300
// words) as BenchmarkMatchDistinct does, none kept: one word has the broadest tiers to rank.
func BenchmarkMatchOneWord(b *testing.B) {
	var words []string
	have := map[string]bool{}
	for n := 1; len(words) < 300; n++ {
		for _, w := range demo.ProductWords(n) {
			if !have[w] && len(words) < 300 {
				have[w] = true
				words = append(words, w)
			}
		}
	}
	benchMatch(b, func(i, _ int) []string { return []string{words[i%len(words)]} })
}

// benchMatch works out the searches of words (of search i over a catalogue of products products).
func benchMatch(b *testing.B, words func(i, products int) []string) {
	_, snap, tree := benchSnapshot(b)
	visible := snap.categorySet(tree, "")
	var hits uint64
	took := make([]time.Duration, b.N) // each search's time: the load bench's p99 is the slow searches' own
	slowest, slowestTerm := time.Duration(0), ""
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		q := &query{words: words(i, len(snap.all)), pageSize: 12, sort: sortRules[0]}
		q.term = strings.Join(q.words, " ")
		set, ranked := snap.scope(q, tree, visible)
		out := snap.order(set, q, ranked, keptOrder)
		facets, counts := snap.setFacets(tree, "", set)
		summarize(tree, "", int(set.GetCardinality()), counts)
		if len(out) == 0 && set.GetCardinality() > 0 || facets == nil {
			b.Fatalf("%q: no order for %d hits", q.term, set.GetCardinality())
		}
		hits += set.GetCardinality()
		if took[i] = time.Since(start); took[i] > slowest {
			slowest, slowestTerm = took[i], q.term
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(hits)/float64(b.N), "hits/op")
	slices.Sort(took)
	b.ReportMetric(float64(took[b.N/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(took[b.N*99/100].Microseconds()), "p99-µs")
	b.Logf("slowest of %d: %q in %s", b.N, slowestTerm, slowest)
}
