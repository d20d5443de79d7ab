package search

import (
	"cmp"
	"context"
	"database/sql"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/RoaringBitmap/roaring/v2"

	"storefront/internal/commerce/catalog"
	"storefront/internal/platform/db"
)

// doc is one product as search sees it: a row of search_doc.
type doc struct {
	id, name, sku, family, brand, uom, created string
	sortName                                   string // lower-case name
	lowerSKU                                   string
	nameRank                                   int // position in name order (then id), for cheap sorting
	card                                       int // load index: the product's row in the snapshot's cards
	active                                     bool
	categories                                 []string
	policies                                   []string // entitlement policies listing the product
}

// snapshot is an in-memory copy of search_doc at one version of search_state, with the full-text index built from
// it (postings.go). It is a cache of the database, never a source of truth: a search first checks the version and
// reloads the copy when another writer, in this process or another app server, moved it. Matching, ranking,
// refinements, facets, entitlement, sorting and the page's result cards (cards.go) then come from this copy
// without SQL; only the page's prices are read (kept per product), and the summaries of a page asking for fields
// the cards do not keep. Its size and load time are on /metrics (metrics.go).
//
// The documents are kept in name order, and every set of products (a word's postings, a category's products, what
// a set of entitlement policies lets a buyer see) holds positions in that order: a hit set iterated is already
// alphabetical, so a listing's page needs no sort.
type snapshot struct {
	version    int64
	currentAt  atomic.Int64     // the catalog version (db.Catalog) at which it was last found current
	all        []*doc           // in name order (lower-case name, then id): all[i].nameRank == i
	text       *postings        // the full-text index: words -> positions in all
	names      *postings        // the same over names only, for ranking (see rankset.go)
	nameTerms  nameTerms        // every product's name words as indexes of names' terms (see focus.go)
	bySKU      []int32          // positions in all of the products with a SKU, by lower-case SKU
	skuRank    []int32          // per position in all, its index in bySKU (-1: no SKU)
	byCategory map[string][]int // category id -> positions in all of the products filed directly under it, ascending
	attributes [][]attributeSet // per facet, the products of each attribute value (see sets.go)
	cards      *cards           // what a result card shows of each product (see cards.go)

	mu          sync.Mutex
	visibleSets map[string]*roaring.Bitmap // policy set key -> the products active and listed by one of the set
	building    sync.Mutex                 // held while a visible set is worked out (see visibleSet)
	trees       map[string]*categoryTree   // store id -> its category tree, read once per snapshot
	searches    searchCache
}

// maxVisibilitySets bounds the visibility bitmaps a snapshot keeps (one per distinct set of viewing policies, so
// per kind of buyer rather than per buyer); beyond it a set is computed per search rather than kept.
const maxVisibilitySets = 512

// snapshots keeps the current snapshot of one database. Searches read it without a lock; one reload runs at a time,
// in the background, and a search that needs a newer version than the current one waits for it (see waitedReload).
type snapshots struct {
	current atomic.Pointer[snapshot]
	reload  sync.Mutex
	running *reloading // the reload under way, if any (under reload)

	waited     int          // waitedReload, but in tests
	beforeLoad func() error // tests hold a reload here, or fail it
}

// reloading is one reload of the snapshot: done closes when it ends, with err set.
type reloading struct {
	version int64 // the search_state version it loads at least
	done    chan struct{}
	err     error
}

// waitedReload is the largest catalogue whose searches wait for the reload of a snapshot that writes have moved:
// it reloads in about a second or less, and its searches see every write made before them, their own included. A
// larger one does not wait: it keeps answering from the snapshot it has while the reload runs (100,000 products take
// seconds, a million about half a minute) and shows the writes once it is done, as a search engine's refresh does;
// such an answer is marked stale and no cache keeps it. The first load, with no snapshot to answer from, is always
// waited for.
const waitedReload = 50_000

// get returns a snapshot no older than the database's version at the time of the call (see waitedReload for when it
// may be older: stale says so).
//
// search_state is among the tables whose changes move the catalog version (app.versionedTables), so while that
// version has not moved since the current snapshot was last found current, the snapshot still is, and the search
// costs no version query.
func (s *snapshots) get(ctx context.Context, d *db.DB) (snap *snapshot, stale bool, err error) {
	catalog := d.Version(db.Catalog) // before reading search_state: see db.Version
	cur := s.current.Load()
	if cur != nil && cur.currentAt.Load() == catalog {
		return cur, false, nil
	}
	var version int64
	if err := d.QueryRow(ctx, `SELECT version FROM search_state`).Scan(&version); err != nil {
		return nil, false, err
	}
	if cur = s.current.Load(); cur != nil && cur.version >= version {
		cur.currentAt.Store(catalog)
		return cur, false, nil
	}
	r := s.reloadTo(d, version, catalog)
	if large := cur != nil && len(cur.all) > cmp.Or(s.waited, waitedReload); large && !r.ended() {
		return cur, true, nil
	}
	select {
	case <-r.done:
		if r.err != nil {
			return nil, false, r.err
		}
		return s.current.Load(), false, nil
	case <-ctx.Done():
		return nil, false, ctx.Err()
	}
}

// ended reports whether the reload is over (done, or failed: err).
func (r *reloading) ended() bool {
	select {
	case <-r.done:
		return true
	default:
		return false
	}
}

// reloadTo returns the reload that brings the snapshot to version at least: the one under way when it does, else a
// new one, which reads search_doc afresh (catalog is the catalog version read before version was).
func (s *snapshots) reloadTo(d *db.DB, version, catalog int64) *reloading {
	s.reload.Lock()
	defer s.reload.Unlock()
	if r := s.running; r != nil && r.version >= version && !(r.ended() && r.err != nil) { // a failed one: try again
		return r
	}
	r := &reloading{version: version, done: make(chan struct{})}
	previous := s.running
	s.running = r
	go func() {
		defer close(r.done)
		if previous != nil { // one reload at a time: a newer one starts when the older ends
			<-previous.done
		}
		if cur := s.current.Load(); cur != nil && cur.version >= version {
			return
		}
		if s.beforeLoad != nil {
			if r.err = s.beforeLoad(); r.err != nil {
				return
			}
		}
		start := time.Now()
		// Not the request's context: the searches waiting on it, and the ones after them, share this reload.
		snap, err := loadSnapshot(context.Background(), d)
		if err != nil {
			r.err = err
			return
		}
		observeSnapshot(snap, time.Since(start))
		snap.currentAt.Store(catalog)
		s.current.Store(snap) // loaded after the version was read, so at least as new as it and as the current one
		if len(snap.all) > waitedReload {
			// A large catalogue's load leaves the old snapshot and the load's garbage behind, gigabytes at a million
			// products: give the memory back to the system now rather than hold it until the runtime gets round to it.
			debug.FreeOSMemory()
		}
	}()
	return r
}

// loadSnapshot reads search_doc and the version it is at, in one read transaction so the two agree.
func loadSnapshot(ctx context.Context, d *db.DB) (*snapshot, error) {
	tx, err := d.R.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	snap := &snapshot{visibleSets: map[string]*roaring.Bitmap{},
		trees: map[string]*categoryTree{}, cards: newCards()}
	if err := tx.QueryRowContext(ctx, `SELECT version FROM search_state`).Scan(&snap.version); err != nil {
		return nil, err
	}
	rows, err := tx.QueryContext(ctx, `SELECT d.id, d.name, d.sku, d.family, d.brand, d.uom, d.createddate,
		d.isactive, COALESCE(d.categories, ''), COALESCE(d.policies, ''), p.name, p.description, p.stockkeepingunit,
		p.productcode, p.family, COALESCE(p.productclass, 'Simple'), p.urlname, p.purchasequantityminimum,
		p.purchasequantitymaximum, p.purchasequantityincrement
		FROM search_doc d LEFT JOIN product2 p ON p.id = d.id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	text, names, nameWords := newPostingsBuilder(), newPostingsBuilder(), newNameTermsBuilder()
	var buf []byte                  // scratch space for splitting words
	interned := map[string]string{} // categories, policies, families and brands repeat: keep one copy of each
	intern := func(s string) string {
		if v, ok := interned[s]; ok {
			return v
		}
		interned[s] = s
		return s
	}
	var card [cardColumns]sql.NullString
	var quantities [3]any // numbers: rendered as loadSummaries renders them
	for rows.Next() {
		x := &doc{card: len(snap.all)}
		var cats, policies string
		if err := rows.Scan(&x.id, &x.name, &x.sku, &x.family, &x.brand, &x.uom, &x.created, &x.active,
			&cats, &policies, &card[cardName], &card[cardDescription], &card[cardSKU], &card[cardProductCode],
			&card[cardFamily], &card[cardProductClass], &card[cardURLName], &quantities[0], &quantities[1],
			&quantities[2]); err != nil {
			return nil, err
		}
		var cells [cardColumns]*string
		for i := range cardMinimum {
			if card[i].Valid {
				cells[i] = &card[i].String
			}
		}
		cells[cardMinimum], cells[cardMaximum], cells[cardIncrement] = nullableText(quantities[0]),
			nullableText(quantities[1]), nullableText(quantities[2])
		if err := snap.cards.products.add(cells[:]...); err != nil {
			return nil, err
		}
		description := card[cardDescription].String
		x.family, x.brand, x.uom, x.created = intern(x.family), intern(x.brand), intern(x.uom), intern(x.created)
		x.sortName, x.lowerSKU = strings.ToLower(x.name), strings.ToLower(x.sku)
		x.categories = splitIDs(cats, intern)
		x.policies = splitIDs(policies, intern)
		buf = text.add(len(snap.all), buf, x.name, x.sku, description)
		buf = nameWords.add(names, x.name, buf)
		snap.all = append(snap.all, x)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := loadCardImages(ctx, tx, snap); err != nil {
		return nil, err
	}
	snap.cards.trim()
	loaded := slices.Clone(snap.all) // load order, which the postings were collected in
	sort.Slice(snap.all, func(i, j int) bool {
		if snap.all[i].sortName != snap.all[j].sortName {
			return snap.all[i].sortName < snap.all[j].sortName
		}
		return snap.all[i].id < snap.all[j].id
	})
	snap.byCategory = map[string][]int{}
	for i, x := range snap.all {
		x.nameRank = i
		for _, c := range x.categories {
			if list := snap.byCategory[c]; len(list) == 0 || list[len(list)-1] != i { // a category listed twice
				snap.byCategory[c] = append(list, i)
			}
		}
	}
	position := make([]int, len(loaded))
	for k, x := range loaded {
		position[k] = x.nameRank
	}
	snap.text, snap.names = text.build(position), names.build(position)
	snap.nameTerms = nameWords.build(names, position)
	snap.bySKU, snap.skuRank = sortedSKUs(snap.all)
	snap.attributes = buildAttributeSets(snap.all)
	return snap, nil
}

// loadCardImages reads every product's default image into the cards.
func loadCardImages(ctx context.Context, tx *sql.Tx, snap *snapshot) error {
	card := make(map[string]int, len(snap.all))
	for _, x := range snap.all {
		card[x.id] = x.card
	}
	return catalog.EachListImage(ctx, readTx{tx}, nil, func(product string, img catalog.ListImage) error {
		if k, ok := card[product]; ok {
			return snap.cards.addImage(k, img)
		}
		return nil
	})
}

// readTx reads inside the snapshot's read transaction. Its statements take no arguments, so there are no
// placeholders to rebind.
type readTx struct{ *sql.Tx }

func (t readTx) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return t.QueryContext(ctx, query, args...)
}

func (t readTx) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return t.QueryRowContext(ctx, query, args...)
}

func splitIDs(s string, intern func(string) string) []string {
	if s == "" {
		return nil
	}
	parts := strings.Split(s, ",")
	for i, p := range parts {
		parts[i] = intern(p)
	}
	return parts
}

// policyKey names a set of viewing policies: its sorted ids.
func policyKey(policies map[string]bool) string {
	ids := make([]string, 0, len(policies))
	for p := range policies {
		ids = append(ids, p)
	}
	slices.Sort(ids)
	return strings.Join(ids, ",")
}

// categories returns the store's category tree, read on the first search of the snapshot. The tree's tables move
// search_state's version too (see index.go), so a tree read after this snapshot was loaded is no older than it,
// and no older than the version any search using this snapshot started at.
func (s *snapshot) categories(ctx context.Context, d db.Querier, storeID string) (*categoryTree, error) {
	s.mu.Lock()
	tree := s.trees[storeID]
	s.mu.Unlock()
	if tree != nil {
		return tree, nil
	}
	tree, err := loadCategories(ctx, d, storeID)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if len(s.trees) < maxVisibilitySets {
		s.trees[storeID] = tree
	}
	s.mu.Unlock()
	return tree, nil
}
