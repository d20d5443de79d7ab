package pricing

import (
	"context"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"storefront/internal/platform/db"
	"storefront/internal/platform/metrics"
	"storefront/internal/platform/wire"
)

// A large catalogue's listings keep meeting products nobody has priced yet: searches at a million products price
// a dozen such products a page, one query each page, however long the server has run. So once a set of books has
// missed tableAfterMisses products in one catalog version, its listing prices are read whole, in the background,
// into a table in memory (a query per book), and its pages are priced from the table without a statement until
// the catalog moves. Until the table is ready, and in catalogues too small to miss that often, pages are priced
// by query as before.

// tableAfterMisses is how many products one set of books prices by query, in one catalog version, before its
// table is loaded: many times a demo-sized catalogue (each product misses once a version), so that small stores
// never load one. Distinct searches at 100,000 products reach it in about half a second.
var tableAfterMisses int64 = 5_000

// maxTables bounds the tables loaded in one catalog version: a table weighs about 120 bytes a product (measured:
// 11 MB at 100,000 products, 120 MB at a million, loaded in 2 s). Sets of books past it are priced by query.
var maxTables int64 = 4

// maxTableStates bounds the sets of books counted (tableState) in one catalog version; past it the count starts
// afresh, tables with it.
const maxTableStates = 256

// priceTable is one set of books' listing prices: each product priced in them, sorted by product id (a sorted
// slice rather than a map: at a million products, 120 MB instead of 215).
type priceTable []tablePrice

// tablePrice is a product's listing price as the table keeps it, in whole cents.
type tablePrice struct {
	productID, entryID, bookID string
	unit, list                 int64 // list < 0: no list price
	priority                   int64 // the unit price's book's, which breaks ties between books as entry.beats does
}

// find is the product's price, when the table has one.
func (t priceTable) find(productID string) (*tablePrice, bool) {
	// By index, not slices.BinarySearchFunc: its callback takes each probed entry by value, 72 bytes a probe.
	i := sort.Search(len(t), func(i int) bool { return t[i].productID >= productID })
	if i == len(t) || t[i].productID != productID {
		return nil, false
	}
	return &t[i], true
}

// tableState is what is known of one set of books' table in the current catalog version.
type tableState struct {
	misses  atomic.Int64
	table   atomic.Pointer[priceTable]
	loading atomic.Bool
	budget  *atomic.Int64 // the tables the catalog version may still load, shared by its states
}

// budgetKey keeps a catalog version's table budget among its states (no set of books' scope is empty).
const budgetKey = ""

// start marks st loading when no load has started and the version's budget allows another table.
func (st *tableState) start() bool {
	if !st.loading.CompareAndSwap(false, true) {
		return false
	}
	if st.budget.Add(-1) < 0 {
		return false // stays marked: no table for this set of books in this version
	}
	return true
}

var tablesKey int

// tableProducts reports the size of the table loaded last on /metrics (about 120 bytes a product).
var tableProducts = prometheus.NewGauge(prometheus.GaugeOpts{Name: "storefront_listing_price_table_products",
	Help: "Products in the listing price table loaded last (one per set of price books on large catalogues)."})

func init() { metrics.Registry.MustRegister(tableProducts) }

// tableFor is the books' table when it is ready, else nil. A nil state means the catalog is not one kept in memory
// (a transaction).
func tableFor(q Querier, books *buyerBooks) (*priceTable, *tableState) {
	d, ok := q.(*db.DB)
	if !ok {
		return nil, nil
	}
	cache := db.Shared(d, &tablesKey, func() *db.Cache[string, *tableState] {
		return db.NewCache[string, *tableState](d, "listing_price_tables", db.Catalog, maxTableStates)
	})
	f := cache.Begin()
	st, ok := f.Lookup(books.scope)
	if !ok {
		budget, ok := f.Lookup(budgetKey)
		if !ok {
			budget = &tableState{budget: &atomic.Int64{}}
			budget.budget.Store(maxTables)
			f.Store(budgetKey, budget)
		}
		// Two first requests may make two states (or budgets); one is kept, the other's count is lost.
		st = &tableState{budget: budget.budget}
		f.Store(books.scope, st)
	}
	return st.table.Load(), st
}

// missed counts n products priced by query, and starts loading the table at the threshold.
func (st *tableState) missed(q Querier, books *buyerBooks, n int) {
	if st == nil || st.misses.Add(int64(n)) < tableAfterMisses || !st.start() {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		start := time.Now()
		if err := st.load(ctx, q, books); err != nil {
			slog.Warn("listing prices: loading the price table failed; pages are priced by query", "err", err)
			return
		}
		slog.Info("listing prices: price table loaded", "duration", time.Since(start))
	}()
}

// load reads the books' table into st, which its caller has started. On failure st gives its budget back and
// counts misses afresh, to try again after as many.
func (st *tableState) load(ctx context.Context, q Querier, books *buyerBooks) error {
	t, err := loadTable(ctx, q, books)
	if err != nil {
		st.budget.Add(1)
		st.misses.Store(0)
		st.loading.Store(false)
		return err
	}
	st.table.Store(&t)
	tableProducts.Set(float64(len(t)))
	return nil
}

// loadTable reads the books' active entries, a query per book, and keeps each product's best entry (as
// bestEntries picks it) and its list price. Products without an entry in the buyer's books are left out, as Prices
// leaves them. Each book's entries are sorted by product and the books merged, without a map: at a million
// products a map of them took longer than reading them.
func loadTable(ctx context.Context, q Querier, books *buyerBooks) (priceTable, error) {
	lists := make([][]bookEntry, len(books.ids))
	for i, book := range books.ids {
		var err error
		if lists[i], err = bookEntries(ctx, q, book); err != nil {
			return nil, err
		}
	}
	longest := 0
	for _, l := range lists {
		longest = max(longest, len(l))
	}
	t := make(priceTable, 0, longest)
	at := make([]int, len(lists)) // each book's next entry
	for {
		product, found := "", false
		for i, l := range lists { // the smallest product id at the head of a book
			if at[i] < len(l) && (!found || l[at[i]].productID < product) {
				product, found = l[at[i]].productID, true
			}
		}
		if !found {
			return t, nil
		}
		p := tablePrice{productID: product, unit: -1, list: -1}
		for i, l := range lists {
			if at[i] >= len(l) || l[at[i]].productID != product {
				continue
			}
			e, book := l[at[i]], books.ids[i]
			at[i]++
			if book == books.standard {
				p.list = e.cents
			}
			if priority, ok := books.priority[book]; ok && (p.unit < 0 || beatsKept(e.cents, priority, book, p)) {
				p.unit, p.priority, p.entryID, p.bookID = e.cents, priority, e.id, book
			}
		}
		if p.unit >= 0 { // a list price alone prices nothing
			t = append(t, p)
		}
	}
}

// bookEntry is one active entry of a book, as loadTable reads it.
type bookEntry struct {
	productID, id string
	cents         int64
}

// bookEntries are the book's active entries, sorted by product id (bytes, as priceTable.find compares them:
// SQLite's index order already, which the sort then only checks).
func bookEntries(ctx context.Context, q Querier, book string) ([]bookEntry, error) {
	rows, err := q.Query(ctx, `SELECT e.product2id, e.id, e.unitprice FROM pricebookentry e
		WHERE e.pricebook2id = ? AND e.isactive`, book)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []bookEntry
	for rows.Next() {
		var e bookEntry
		if err := rows.Scan(&e.productID, &e.id, &e.cents); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b bookEntry) int { return strings.Compare(a.productID, b.productID) })
	return out, rows.Err()
}

// beatsKept is entry.beats for an entry of cents in book (of priority) against the kept unit price.
func beatsKept(cents, priority int64, book string, kept tablePrice) bool {
	if cents != kept.unit {
		return cents < kept.unit
	}
	if priority != kept.priority {
		return priority < kept.priority
	}
	return book < kept.bookID
}

// prices are the products' listing prices from the table, as loadListingPrices answers them.
func (t priceTable) prices(ids []string, currency string) map[string]Price {
	out := make(map[string]Price, len(ids))
	for _, id := range ids {
		p, ok := t.find(id)
		if !ok {
			continue
		}
		price := Price{ProductID: id, UnitPrice: wire.Money(p.unit, 2), PricebookEntryID: p.entryID,
			PricebookID: p.bookID, CurrencyIsoCode: currency}
		if p.list >= 0 {
			price.ListPrice = wire.Money(p.list, 2)
		}
		out[id] = price
	}
	return out
}
