package search

import (
	"context"
	"database/sql"
	"sort"
	"strings"
	"sync"

	"storefront/internal/platform/db"
)

// doc is one product as search sees it: a row of search_doc.
type doc struct {
	docid                                      int64
	id, name, sku, family, brand, uom, created string
	sortName                                   string // lower-case name
	lowerSKU                                   string
	nameWords                                  []string // the name's words as the index splits them
	nameRank                                   int      // position in name order (then id), for cheap sorting
	active                                     bool
	categories                                 []string
	policies                                   []string // entitlement policies listing the product
}

// snapshot is an in-memory copy of search_doc at one version of search_state. It is a cache of the database, never
// a source of truth: every search first reads the version (one single-row query) and reloads the copy when another
// writer, in this process or another app server, moved it. A catalogue of 100,000 products takes about 30 MB and a
// fraction of a second to reload; the full-text query then returns only document keys, and ranking, refinements,
// facets, entitlement and sorting run over this copy instead of reading every matching row from the database.
type snapshot struct {
	version int64
	all     []*doc
	byDocID map[int64]*doc
}

// snapshots keeps the current snapshot of one database.
type snapshots struct {
	mu      sync.Mutex
	current *snapshot
}

// get returns a snapshot no older than the database's current version.
func (s *snapshots) get(ctx context.Context, d *db.DB) (*snapshot, error) {
	var version int64
	if err := d.QueryRow(ctx, `SELECT version FROM search_state`).Scan(&version); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock() // one reload at a time; concurrent searches wait for it rather than each reloading
	if s.current != nil && s.current.version >= version {
		return s.current, nil
	}
	snap, err := loadSnapshot(ctx, d)
	if err != nil {
		return nil, err
	}
	s.current = snap
	return snap, nil
}

// loadSnapshot reads search_doc and the version it is at, in one read transaction so the two agree.
func loadSnapshot(ctx context.Context, d *db.DB) (*snapshot, error) {
	tx, err := d.R.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	snap := &snapshot{byDocID: map[int64]*doc{}}
	if err := tx.QueryRowContext(ctx, `SELECT version FROM search_state`).Scan(&snap.version); err != nil {
		return nil, err
	}
	rows, err := tx.QueryContext(ctx, `SELECT docid, id, name, sku, family, brand, uom, createddate, isactive,
		COALESCE(categories, ''), COALESCE(policies, '') FROM search_doc`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	interned := map[string]string{} // categories, policies, families and brands repeat: keep one copy of each
	intern := func(s string) string {
		if v, ok := interned[s]; ok {
			return v
		}
		interned[s] = s
		return s
	}
	for rows.Next() {
		x := &doc{}
		var cats, policies string
		if err := rows.Scan(&x.docid, &x.id, &x.name, &x.sku, &x.family, &x.brand, &x.uom, &x.created, &x.active,
			&cats, &policies); err != nil {
			return nil, err
		}
		x.family, x.brand, x.uom, x.created = intern(x.family), intern(x.brand), intern(x.uom), intern(x.created)
		x.sortName, x.lowerSKU = strings.ToLower(x.name), strings.ToLower(x.sku)
		x.nameWords = words(x.name)
		x.categories = splitIDs(cats, intern)
		x.policies = splitIDs(policies, intern)
		snap.all = append(snap.all, x)
		snap.byDocID[x.docid] = x
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	byName := make([]*doc, len(snap.all))
	copy(byName, snap.all)
	sort.Slice(byName, func(i, j int) bool {
		if byName[i].sortName != byName[j].sortName {
			return byName[i].sortName < byName[j].sortName
		}
		return byName[i].id < byName[j].id
	})
	for i, x := range byName {
		x.nameRank = i
	}
	return snap, nil
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
