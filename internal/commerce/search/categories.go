package search

import (
	"context"
	"database/sql"
	"sort"
	"strings"
	"sync"

	"github.com/RoaringBitmap/roaring/v2"

	"storefront/internal/platform/db"
)

// categoryTree is the category tree of a store's catalogues. Stores have tens to a few thousand categories, so the
// tree is read whole (one indexed query) and walked in memory.
type categoryTree struct {
	nodes    map[string]*categoryNode
	topLevel []*categoryNode

	mu      sync.Mutex
	sets    map[string]*roaring.Bitmap // category id ("" the whole tree) -> its products, see snapshot.categorySet
	codes   []uint64                   // see snapshot.facetCodes
	uncoded bool                       // the facet codes do not fit
}

type categoryNode struct {
	id, name, parent string
	sortOrder        int64
	children         []*categoryNode
	depth            int
}

// loadCategories reads the categories of every catalogue assigned to the store.
func loadCategories(ctx context.Context, d db.Querier, storeID string) (*categoryTree, error) {
	rows, err := d.Query(ctx, `SELECT c.id, COALESCE(c.name, ''), COALESCE(c.parentcategoryid, ''), COALESCE(c.sortorder, 0)
		FROM productcategory c JOIN webstorecatalog s ON s.productcatalogid = c.catalogid
		WHERE s.salesstoreid = ?`, storeID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	t := &categoryTree{nodes: map[string]*categoryNode{}}
	for rows.Next() {
		n := &categoryNode{}
		var order sql.NullInt64
		if err := rows.Scan(&n.id, &n.name, &n.parent, &order); err != nil {
			return nil, err
		}
		n.sortOrder = order.Int64
		t.nodes[n.id] = n
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, n := range t.nodes {
		if p := t.nodes[n.parent]; p != nil {
			p.children = append(p.children, n)
		} else {
			t.topLevel = append(t.topLevel, n)
		}
	}
	sortNodes(t.topLevel)
	for _, n := range t.nodes {
		sortNodes(n.children)
	}
	t.setDepth(t.topLevel, 1)
	return t, nil
}

func sortNodes(ns []*categoryNode) {
	sort.Slice(ns, func(i, j int) bool {
		if ns[i].sortOrder != ns[j].sortOrder {
			return ns[i].sortOrder < ns[j].sortOrder
		}
		if a, b := strings.ToLower(ns[i].name), strings.ToLower(ns[j].name); a != b {
			return a < b
		}
		return ns[i].id < ns[j].id
	})
}

func (t *categoryTree) setDepth(ns []*categoryNode, depth int) {
	for _, n := range ns {
		n.depth = depth
		t.setDepth(n.children, depth+1)
	}
}

func (t *categoryTree) name(id string) string {
	if n := t.nodes[id]; n != nil {
		return n.name
	}
	return ""
}

// subtree lists a category and all its descendants.
func (t *categoryTree) subtree(id string) []string {
	n := t.nodes[id]
	if n == nil {
		return nil
	}
	out := []string{id}
	for _, c := range n.children {
		out = append(out, t.subtree(c.id)...)
	}
	return out
}

// inAnySubtree reports whether one of cats lies under one of ancestors.
func (t *categoryTree) inAnySubtree(cats []string, ancestors map[string]bool) bool {
	for _, c := range cats {
		for n := t.nodes[c]; n != nil; n = t.nodes[n.parent] {
			if ancestors[n.id] {
				return true
			}
		}
	}
	return false
}

// childrenHolding lists the children of category under ("" for the top level) that hold one of cats, themselves
// or through a descendant; each child once.
func (t *categoryTree) childrenHolding(cats []string, under string) []string {
	var out []string
	for _, c := range cats {
		child := t.childOn(c, under)
		if child == "" {
			continue
		}
		dup := false
		for _, o := range out {
			dup = dup || o == child
		}
		if !dup {
			out = append(out, child)
		}
	}
	return out
}

// childOn is the ancestor of category id (or id itself) that is a child of under; "" when id is not below under.
func (t *categoryTree) childOn(id, under string) string {
	for n := t.nodes[id]; n != nil; n = t.nodes[n.parent] {
		top := t.nodes[n.parent] == nil
		if (under == "" && top) || (under != "" && n.parent == under) {
			return n.id
		}
	}
	return ""
}

// inStore reports whether one of cats belongs to the store's catalogues.
func (t *categoryTree) inStore(cats []string) bool {
	for _, c := range cats {
		if t.nodes[c] != nil {
			return true
		}
	}
	return false
}

// children of a category ("" for the top level), in menu order.
func (t *categoryTree) childrenOf(id string) []*categoryNode {
	if id == "" {
		return t.topLevel
	}
	if n := t.nodes[id]; n != nil {
		return n.children
	}
	return nil
}
