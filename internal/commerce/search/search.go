// Package search answers the storefront's product search: ranked full-text search over product name, SKU and
// description, category listings that include descendant categories, refinements and facet counts, sort rules and
// type-ahead suggestions, for the effective account's entitled products only. The Connect API calls are
// POST search/product-search, GET search/products, GET search/suggestions and GET search/sort-rules under
// /services/data/v64.0/commerce/webstores/{webstoreId}/.
package search

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/RoaringBitmap/roaring/v2"

	"storefront/internal/commerce/pricing"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Service runs searches against one database.
type Service struct {
	DB        *db.DB
	Registry  *records.Registry // Product2's fields, custom ones included
	snapshots snapshots
	warmed    atomic.Bool // Warm has ended
}

// New returns a search service over d.
func New(d *db.DB, reg *records.Registry) *Service { return &Service{DB: d, Registry: reg} }

// Warm loads the in-memory snapshot ahead of the first search, so that no buyer waits for it (about a second on
// 100,000 products), and for a large catalogue (one whose searches do not wait for a reload) the listing price
// tables its shoppers share (pricing.WarmTables). Errors are left for the first search to report.
func (s *Service) Warm(ctx context.Context) {
	defer s.warmed.Store(true)
	snap, _, err := s.snapshots.get(ctx, s.DB)
	if err == nil && len(snap.all) > cmp.Or(s.snapshots.waited, waitedReload) {
		pricing.WarmTables(ctx, s.DB)
	}
}

// Ready reports whether the search index is loaded and warmed (see App.readyz): until then a search waits for it,
// or prices its page by query.
func (s *Service) Ready() bool { return s.warmed.Load() && s.snapshots.current.Load() != nil }

// keptOrder is how many hits of a kept answer are put in order ahead of being asked for: 4 pages of 12. A deeper
// page is ordered when asked for, which costs a bounded heap per relevance tier (see mostFocused); ordering 20
// pages ahead made a distinct search read whole broad tiers that its first page never reaches.
const keptOrder = 48

// run runs a validated query for the account ("" for a guest) in the store.
func (s *Service) run(ctx context.Context, store *storecontext.Store, accountID string, q *query) (*Results, error) {
	snap, stale, err := s.snapshots.get(ctx, s.DB)
	if err != nil {
		return nil, fmt.Errorf("search: snapshot: %w", err)
	}
	tree, err := snap.categories(ctx, s.DB, store.ID)
	if err != nil {
		return nil, err
	}
	if q.categoryID != "" && tree.nodes[q.categoryID] == nil {
		return nil, httpx.NotFound("The category %s doesn't exist in this store's catalog.", q.categoryID)
	}
	res := &Results{Locale: store.DefaultLanguage, stale: stale}
	res.ProductsPage = ProductsPage{CurrencyIsoCode: store.DefaultCurrency, PageSize: q.pageSize}
	from, to := q.page*q.pageSize, (q.page+1)*q.pageSize
	if q.categoryID == "" && len(q.words) == 0 { // a term of punctuation only: nothing can match
		f := &filter{refinements: q.refinements, tree: tree}
		if res.Facets = f.countFacets(nil, "", nil); res.Facets == nil {
			res.Facets = []Facet{}
		}
		res.Categories, res.ProductsPage.Products = categorySummary(tree, "", nil), []ProductSummary{}
		return res, nil
	}
	visible, err := allowedPolicies(ctx, s.DB, store.ID, accountID)
	if err != nil {
		return nil, err
	}
	policies := policyKey(visible.policies)
	compute := func(limit int) (*cachedSearch, error) {
		return s.match(ctx, store, q, tree, snap, snap.visibleSet(policies, visible.policies), limit)
	}
	var found *cachedSearch
	if key := searchKey(store.ID, policies, q); key != "" {
		// Only the first pages' order is worked out and kept: most searches are never paged far, and ordering
		// every hit of a broad term cost more than the rest of the search.
		found, err = snap.searchOnce(key, func() (*cachedSearch, error) { return compute(max(to, keptOrder)) })
		if err == nil && to > len(found.order) && len(found.order) < found.total { // deeper: order that far
			found, err = compute(to)
		}
	} else {
		found, err = compute(to) // only the requested page needs its order
	}
	if err != nil {
		return nil, err
	}
	res.Facets, res.Categories, res.ProductsPage.Total = found.facets, found.categories, found.total
	var pageDocs []*doc
	for _, i := range found.order[min(from, len(found.order)):min(to, len(found.order))] {
		pageDocs = append(pageDocs, snap.all[i])
	}
	res.ProductsPage.Products, err = s.page(ctx, store, accountID, q, snap, pageDocs, visible)
	return res, err
}

// match works out a search's answer but for its page: the hits in order (the first limit of them; all for -1),
// their number, the facets and the category summary.
func (s *Service) match(ctx context.Context, store *storecontext.Store, q *query, tree *categoryTree, snap *snapshot,
	seen *roaring.Bitmap, limit int) (*cachedSearch, error) {
	set, ranked := snap.scope(q, tree, seen)
	if fastOrder(q) {
		out := &cachedSearch{total: int(set.GetCardinality()), order: snap.order(set, q, ranked, limit)}
		var counts map[string]int
		out.facets, counts = snap.setFacets(tree, q.categoryID, set)
		out.categories = summarize(tree, q.categoryID, out.total, counts)
		return out, nil
	}
	all, err := s.candidates(ctx, store, q, snap, set, ranked)
	if err != nil {
		return nil, err
	}
	f := &filter{refinements: q.refinements, tree: tree}
	hits := all
	if len(q.refinements) > 0 {
		hits = nil
		for _, c := range all {
			if f.matches(c, "") {
				hits = append(hits, c)
			}
		}
	}
	if limit < 0 || limit > len(hits) {
		limit = len(hits)
	}
	sortPage(hits, q.sort.kind, len(q.words) > 0, limit)
	out := &cachedSearch{total: len(hits), order: make([]int32, limit)}
	for i, c := range hits[:limit] {
		out.order[i] = int32(c.nameRank)
	}
	var categoryCounts map[string]int // the same counts serve the summary and the category facet
	switch {
	case len(q.refinements) == 0: // every hit counts under every facet: count with the hits' bitmap
		out.facets, categoryCounts = snap.setFacets(tree, q.categoryID, set)
	case len(q.refinements[categoryFacet]) == 0:
		categoryCounts = countChildren(tree, q.categoryID, hits)
		fallthrough
	default:
		if out.facets = f.countFacets(all, q.categoryID, categoryCounts); out.facets == nil {
			out.facets = []Facet{}
		}
	}
	if categoryCounts == nil {
		categoryCounts = countChildren(tree, q.categoryID, hits)
	}
	out.categories = summarize(tree, q.categoryID, len(hits), categoryCounts)
	return out, nil
}

// scope is the set of visible products matching the term or, for a listing, of the category and its
// descendants; both kept to the store's catalogue and to the searched category: bitmaps of the term's postings, the
// category's products and the buyer's visible ones. ranked are the query words as ranking reads them.
// A term's postings are intersected first: they are usually far smaller than the catalogue, which the whole
// store's category and the buyer's visible products nearly are.
func (s *snapshot) scope(q *query, tree *categoryTree, seen *roaring.Bitmap) (*roaring.Bitmap, []string) {
	if len(q.words) == 0 {
		return roaring.And(s.categorySet(tree, q.categoryID), seen), q.words // "": the store's whole catalogue
	}
	set, ranked := s.text.match(q.words, seen)
	set.And(s.categorySet(tree, q.categoryID))
	return set, ranked
}

// candidates lists the products of set in name order, with their scores, and their list prices when sorting by
// price: what refinements and the orders fastOrder does not cover work on.
func (s *Service) candidates(ctx context.Context, store *storecontext.Store, q *query, snap *snapshot,
	set *roaring.Bitmap, ranked []string) ([]*candidate, error) {
	backing := make([]candidate, 0, set.GetCardinality())
	r := snap.names.ranges(ranked)
	it := set.Iterator()
	for it.HasNext() {
		pos := it.Next()
		c := candidate{doc: snap.all[pos]}
		if len(q.words) > 0 {
			name := snap.nameTerms.of(pos)
			c.score = r.focus(name)
			c.tier = rankTier(&c, q.term, name, r)
		}
		backing = append(backing, c)
	}
	out := make([]*candidate, len(backing))
	for i := range backing {
		out[i] = &backing[i]
	}
	if q.sort.kind == sortPriceAsc || q.sort.kind == sortPriceDesc {
		book, err := standardBook(ctx, s.DB, store.ID)
		if err != nil {
			return nil, err
		}
		if err := listPrices(ctx, s.DB, book, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func standardBook(ctx context.Context, d *db.DB, storeID string) (string, error) {
	var book sql.NullString
	err := d.QueryRow(ctx, `SELECT standardpricebookid FROM webstore WHERE id = ?`, storeID).Scan(&book)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return book.String, err
}

// countChildren counts the hits under each child of the searched category ("" for the top level), a hit once per
// child that holds it.
func countChildren(tree *categoryTree, categoryID string, hits []*candidate) map[string]int {
	counts := map[string]int{}
	for _, c := range hits {
		for _, child := range tree.childrenHolding(c.categories, categoryID) {
			counts[child]++
		}
	}
	return counts
}

// summarize is the searched category with its children that hold hits, counted over every hit.
func summarize(tree *categoryTree, categoryID string, total int, counts map[string]int) SearchCategory {
	out := SearchCategory{ProductCount: total, Children: []SearchCategory{}}
	if n := tree.nodes[categoryID]; n != nil {
		out.Category = &CategoryRef{ID: n.id, Name: n.name}
	}
	for _, child := range tree.childrenOf(categoryID) {
		if n := counts[child.id]; n > 0 {
			out.Children = append(out.Children, SearchCategory{Category: &CategoryRef{ID: child.id, Name: child.name},
				Children: []SearchCategory{}, ProductCount: n})
		}
	}
	return out
}

// categorySummary is summarize over hits.
func categorySummary(tree *categoryTree, categoryID string, hits []*candidate) SearchCategory {
	return summarize(tree, categoryID, len(hits), countChildren(tree, categoryID, hits))
}

// page builds the requested page: docs are its products, in order.
func (s *Service) page(ctx context.Context, store *storecontext.Store, accountID string, q *query, snap *snapshot,
	docs []*doc, visible visibility) ([]ProductSummary, error) {
	if len(docs) == 0 {
		return []ProductSummary{}, nil
	}
	ids := make([]string, 0, len(docs))
	priceShown := map[string]bool{}
	for _, x := range docs {
		ids = append(ids, x.id)
		if visible.showsPrice(x) {
			priceShown[x.id] = true
		}
	}
	cat, err := s.Registry.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	product := cat.Object("Product2")
	if product == nil {
		return nil, errors.New("search: the records catalogue has no Product2")
	}
	return loadPage(ctx, s.DB, product, pageRequest{storeID: store.ID, accountID: accountID,
		ids: ids, docs: docs, snap: snap, priceShown: priceShown, fields: q.fields,
		includePrices: q.includePrices, includeRule: q.includeQuantityRule})
}
