package search

import (
	"context"
	"database/sql"
	"math/big"
	"strings"

	"storefront/internal/commerce/pricing"
	"storefront/internal/platform/db"
)

// candidate is one product that matches the term or category and that the buyer may see, with what refinements,
// facets and sorting need. The whole candidate set is read with one query; facets, refinements, sorting and paging
// then run in memory, so the facet counts cover every match and the database is asked once.
type candidate struct {
	id, name, sku, family, brand, uom, created string
	score                                      float64
	categories                                 []string // the store's categories that hold the product
	listPrice                                  *big.Rat // only when sorting by price; nil: no list price
	tier                                       int      // relevance tier, see rank
}

// candidateSource says which products to read.
type candidateSource struct {
	storeID, accountID string
	words              []string // the term's words; none: a category listing
	categories         []string // the searched category's subtree, for a category listing
	standardBook       string   // the store's standard price book, when sorting by price
}

// loadCandidates reads the active, entitled products matching the term (with their rank) or lying in the category
// subtree. A term search ignores the category here; the caller keeps the candidates inside it.
func loadCandidates(ctx context.Context, d *db.DB, src candidateSource) ([]*candidate, error) {
	var cols strings.Builder
	var args []any
	cols.WriteString(`p.id, COALESCE(p.name, ''), COALESCE(p.stockkeepingunit, ''), COALESCE(p.family, ''),
		COALESCE(p.brand, ''), COALESCE(p.quantityunitofmeasure, ''), COALESCE(p.createddate, ''), `)
	if len(src.words) > 0 {
		if d.Dialect == db.Postgres {
			cols.WriteString(`ts_rank(sd.document, tq.q)`)
		} else {
			// bm25 is lower for better matches; weights: name 10, SKU 5, description 1.
			cols.WriteString(`-bm25(search_fts, 10.0, 5.0, 1.0)`)
		}
	} else {
		cols.WriteString(`0.0`)
	}
	agg := `group_concat(pcp.productcategoryid, ',')`
	if d.Dialect == db.Postgres {
		agg = `string_agg(pcp.productcategoryid, ',')`
	}
	cols.WriteString(`, (SELECT ` + agg + ` FROM productcategoryproduct pcp WHERE pcp.productid = p.id)`)
	if src.standardBook != "" {
		cols.WriteString(`, (SELECT e.unitprice FROM pricebookentry e WHERE e.pricebook2id = ? AND e.product2id = p.id
			AND e.isactive)`)
		args = append(args, src.standardBook)
	} else {
		cols.WriteString(`, NULL`)
	}
	from, fromArgs := candidateFrom(d.Dialect, src)
	entitled, entArgs := pricing.EntitledFilter("p", src.storeID, src.accountID)
	query := `SELECT ` + cols.String() + ` FROM ` + from + ` AND ` + entitled
	args = append(append(args, fromArgs...), entArgs...)
	rows, err := d.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*candidate
	for rows.Next() {
		c := &candidate{}
		var cats, price sql.NullString
		if err := rows.Scan(&c.id, &c.name, &c.sku, &c.family, &c.brand, &c.uom, &c.created, &c.score, &cats,
			&price); err != nil {
			return nil, err
		}
		if cats.String != "" {
			c.categories = strings.Split(cats.String, ",")
		}
		if price.Valid {
			if r, ok := new(big.Rat).SetString(strings.TrimSpace(price.String)); ok {
				c.listPrice = r
			}
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// candidateFrom is the FROM clause and the start of the WHERE clause that find the matching products.
func candidateFrom(dialect db.Dialect, src candidateSource) (string, []any) {
	if len(src.words) == 0 {
		return `product2 p WHERE p.id IN (SELECT pcp.productid FROM productcategoryproduct pcp
			WHERE pcp.productcategoryid IN (` + placeholders(len(src.categories)) + `))`, strArgs(src.categories)
	}
	match := matchExpr(dialect, src.words)
	if dialect == db.Postgres {
		return `search_doc sd JOIN product2 p ON p.id = sd.product_id CROSS JOIN (SELECT to_tsquery('simple', ?) AS q) tq
			WHERE sd.document @@ tq.q`, []any{match}
	}
	return `search_fts JOIN search_doc sd ON sd.docid = search_fts.rowid JOIN product2 p ON p.id = sd.product_id
		WHERE search_fts MATCH ?`, []any{match}
}

func placeholders(n int) string { return strings.TrimSuffix(strings.Repeat("?, ", n), ", ") }

func strArgs(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
