// Package metrics holds the server's Prometheus metrics and serves them at GET /metrics in the text format: requests
// and their latency per route, SQL statements and their timings, the database pools, the prepared-statement cache,
// and cart recalculation. The collectors are process-wide, as a process serves one store.
package metrics

import (
	"crypto/subtle"
	"database/sql"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	dto "github.com/prometheus/client_model/go"
)

// Registry holds every collector of the process: the Go runtime's and the process's, and the store's below.
var Registry = prometheus.NewRegistry()

var (
	requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "storefront_http_requests_total",
		Help: "HTTP requests answered, by route pattern, method and status code.",
	}, []string{"route", "method", "code"})
	requestSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "storefront_http_request_duration_seconds",
		Help:    "Time from a request's arrival to the end of its answer, by route pattern.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
	}, []string{"route"})
	statementSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "storefront_db_statement_duration_seconds",
		Help:    "Time for a SQL statement to run (until its first row for a read), by kind: exec or query.",
		Buckets: []float64{.00005, .0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .5, 1},
	}, []string{"kind"})
	cacheLookups = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "storefront_cache_lookups_total",
		Help: "Lookups in the server's caches, by cache and result (hit or miss).",
	}, []string{"cache", "result"})
	cartRecalcSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "storefront_cart_recalculation_duration_seconds",
		Help:    "Time to recalculate a cart: prices, promotions, tax and totals.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1},
	})
	groupCommitMembers = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "storefront_db_group_commit_members",
		Help:    "Write transactions committed together by SQLite's writer in one commit (group commit).",
		Buckets: []float64{1, 2, 4, 8, 16, 32},
	})
	writerBusySeconds = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "storefront_db_writer_busy_seconds_total",
		Help: "Time SQLite's one writer spent running and committing groups: its rate near 1 means writes queue for it.",
	})
)

func init() {
	Registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		requests, requestSeconds, statementSeconds, cacheLookups, cartRecalcSeconds, groupCommitMembers,
		writerBusySeconds)
}

// Path is where the metrics are served.
const Path = "/metrics"

// Unrouted is the route label of requests no API route claimed: the web app's pages and assets, and API 404s.
const Unrouted = "unrouted"

// ObserveRequest counts an answered request and its latency under its route pattern.
func ObserveRequest(route, method string, status int, d time.Duration) {
	if route == "" {
		route = Unrouted
	}
	requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	requestSeconds.WithLabelValues(route).Observe(d.Seconds())
}

// Statement kinds.
var (
	execSeconds  = statementSeconds.WithLabelValues("exec")
	querySeconds = statementSeconds.WithLabelValues("query")
)

// ObserveExec and ObserveQuery record a statement's duration from its start.
func ObserveExec(start time.Time)  { execSeconds.Observe(time.Since(start).Seconds()) }
func ObserveQuery(start time.Time) { querySeconds.Observe(time.Since(start).Seconds()) }

// Cache counts one cache's lookups.
type Cache struct{ hit, miss prometheus.Counter }

// NewCache returns the counters of the named cache.
func NewCache(name string) Cache {
	return Cache{hit: cacheLookups.WithLabelValues(name, "hit"), miss: cacheLookups.WithLabelValues(name, "miss")}
}

// Hit and Miss count one lookup.
func (c Cache) Hit()  { c.hit.Inc() }
func (c Cache) Miss() { c.miss.Inc() }

// ObserveCartRecalculation records one cart recalculation's duration from its start.
func ObserveCartRecalculation(start time.Time) {
	cartRecalcSeconds.Observe(time.Since(start).Seconds())
}

// ObserveGroupCommit records how many write transactions one SQLite commit committed.
func ObserveGroupCommit(members int) { groupCommitMembers.Observe(float64(members)) }

// ObserveWriterBusy records the time SQLite's writer spent on one group, from its start.
func ObserveWriterBusy(start time.Time) { writerBusySeconds.Add(time.Since(start).Seconds()) }

// WriterBusy is the writer's busy time so far, as the counter above has it: what benchmarks report per operation
// without gathering every metric (the process collector alone reads four files of /proc).
func WriterBusy() time.Duration {
	var m dto.Metric
	_ = writerBusySeconds.Write(&m)
	return time.Duration(m.GetCounter().GetValue() * float64(time.Second))
}

// RegisterPool adds a database pool's statistics (open, in use and idle connections, waits) under the pool's name.
// A pool registered twice (a second app in the same process, as tests open) keeps its first registration.
func RegisterPool(name string, pool *sql.DB) {
	c := collectors.NewDBStatsCollector(pool, name)
	if err := Registry.Register(c); err != nil {
		if _, dup := err.(prometheus.AlreadyRegisteredError); !dup {
			panic(err)
		}
	}
}

// Handler serves the metrics to a scraper on the same machine, or to one presenting the bearer token when one is
// configured: the figures describe the store's traffic, which the public has no business reading.
func Handler(token string) http.Handler {
	serve := promhttp.HandlerFor(Registry, promhttp.HandlerOpts{})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !allowed(r, token) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusForbidden)
			_, _ = w.Write([]byte("metrics are served to loopback clients and to bearers of the metrics token\n"))
			return
		}
		serve.ServeHTTP(w, r)
	})
}

func allowed(r *http.Request, token string) bool {
	if token != "" && subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), []byte("Bearer "+token)) == 1 {
		return true
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	// A loopback peer behind a reverse proxy could be anyone: only a direct one counts.
	return ip != nil && ip.IsLoopback() && r.Header.Get("X-Forwarded-For") == ""
}
