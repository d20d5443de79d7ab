package search

import (
	"context"
	"math/big"

	"storefront/internal/commerce/pricing"
	"storefront/internal/platform/db"
)

// candidate is one product that matches the term or category and that the buyer may see, with its score and what
// sorting needs. Candidates are the whole match set: facets count over it, then refinements, sorting and paging cut
// the page out of it.
type candidate struct {
	*doc
	score     float64
	tier      int      // relevance tier, see rankTier
	listPrice *big.Rat // only when sorting by price; nil: no list price
}

// visibility says which documents a buyer may see: active ones listed by one of the policies. Each policy maps to
// whether it also shows the buyer the price.
type visibility struct {
	policies map[string]bool
}

func (v visibility) allows(x *doc) bool {
	if !x.active {
		return false
	}
	for _, p := range x.policies {
		if _, ok := v.policies[p]; ok {
			return true
		}
	}
	return false
}

// showsPrice reports whether one of the policies letting the buyer see x also lets them see its price (the rule
// of pricing.Entitlements, applied to the snapshot's copy of the product's policies).
func (v visibility) showsPrice(x *doc) bool {
	if !x.active {
		return false
	}
	for _, p := range x.policies {
		if v.policies[p] {
			return true
		}
	}
	return false
}

// allowedPolicies resolves, once per search, the pricing package's entitlement rule for the account (or the guest,
// for ""): which policies let it see products in the store, and which of them its prices.
func allowedPolicies(ctx context.Context, d db.Querier, storeID, accountID string) (visibility, error) {
	policies, err := pricing.PricePolicies(ctx, d, storeID, accountID)
	return visibility{policies: policies}, err
}

// listPrices reads the list prices (the standard book's active entries) of the candidates, a chunk of ids at a
// time, for sorting by price.
func listPrices(ctx context.Context, d *db.DB, book string, cs []*candidate) error {
	byID := make(map[string]*candidate, len(cs))
	ids := make([]string, 0, len(cs))
	for _, c := range cs {
		byID[c.id] = c
		ids = append(ids, c.id)
	}
	const chunk = 500
	for from := 0; from < len(ids); from += chunk {
		part := ids[from:min(from+chunk, len(ids))]
		in, args := db.InList(part)
		rows, err := d.Query(ctx, `SELECT product2id, unitprice FROM pricebookentry WHERE pricebook2id = ? AND isactive
			AND product2id IN (`+in+`)`, append([]any{book}, args...)...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id string
			var cents int64 // currency columns hold whole cents
			if err := rows.Scan(&id, &cents); err != nil {
				rows.Close()
				return err
			}
			if byID[id] != nil {
				byID[id].listPrice = big.NewRat(cents, 100)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}
