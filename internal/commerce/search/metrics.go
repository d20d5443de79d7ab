package search

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"storefront/internal/platform/metrics"
)

// The in-memory index on /metrics: how large the last snapshot loaded is and how long it took, so that memory and
// start time on a large catalogue are watched rather than guessed.
var (
	indexProducts = prometheus.NewGauge(prometheus.GaugeOpts{Name: "storefront_search_index_products",
		Help: "Products in the search snapshot loaded last."})
	indexTerms = prometheus.NewGauge(prometheus.GaugeOpts{Name: "storefront_search_index_terms",
		Help: "Distinct words in the search snapshot loaded last."})
	indexBytes = prometheus.NewGauge(prometheus.GaugeOpts{Name: "storefront_search_index_postings_bytes",
		Help: "Size of the search snapshot's postings bitmaps (full text and names) and of its products' name words."})
	indexCardBytes = prometheus.NewGauge(prometheus.GaugeOpts{Name: "storefront_search_index_cards_bytes",
		Help: "Size of the search snapshot's result cards: the fields, images and rules a page of results shows."})
	indexLoadSeconds = prometheus.NewGauge(prometheus.GaugeOpts{Name: "storefront_search_index_load_seconds",
		Help: "Time the search snapshot loaded last took to read and build."})
)

func init() {
	metrics.Registry.MustRegister(indexProducts, indexTerms, indexBytes, indexCardBytes, indexLoadSeconds)
}

// observeSnapshot reports a snapshot just loaded.
func observeSnapshot(s *snapshot, took time.Duration) {
	indexProducts.Set(float64(len(s.all)))
	indexTerms.Set(float64(len(s.text.terms)))
	indexBytes.Set(float64(s.text.bytes() + s.names.bytes() + s.nameTerms.bytes()))
	indexCardBytes.Set(float64(s.cards.bytes()))
	indexLoadSeconds.Set(took.Seconds())
}
