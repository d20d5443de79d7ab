package cart

import (
	"context"
	"maps"

	"storefront/internal/commerce/cart/calc"
	"storefront/internal/commerce/pricing"
	"storefront/internal/platform/db"
)

// A calculation prices every line of the cart, and an add recalculates the cart: looking up each line's price (and
// categories, for promotions that target one) was a fifth of the time an add held SQLite's writer at 50 lines (a
// profile of the bench's add to cart). So an add reads them ahead, before it takes the writer (readAhead), and its
// cart keeps them for the owner's next add (kept.go) while the catalog's version holds: the next add reads only
// what it lacks, its new product's.

// readPrices are the prices a change read of the products asked (a product without a price for the buyer is asked
// but absent from prices) and, once a promotion targeting a category asked for them, their categories (an entry for
// each product asked then, nil for one in none). They come from the catalog as it was at version catalog, noted
// before the reads. A readPrices is not changed once made, as a kept cart shares it with the adds that start from
// it: with makes a copy.
type readPrices struct {
	catalog    int64
	asked      map[string]bool
	prices     map[string]pricing.Price
	categories map[string][]string
}

func newReadPrices(catalog int64) *readPrices {
	return &readPrices{catalog: catalog, asked: map[string]bool{}, prices: map[string]pricing.Price{}}
}

// with is r with the prices read for priced and the categories read for categorized (cats nil: no promotion
// targets a category, and none were read).
func (r *readPrices) with(priced []string, prices map[string]pricing.Price, categorized []string, cats map[string][]string) *readPrices {
	if len(priced) == 0 && cats == nil {
		return r
	}
	out := &readPrices{catalog: r.catalog, asked: maps.Clone(r.asked), prices: maps.Clone(r.prices),
		categories: r.categories}
	for _, id := range priced {
		out.asked[id] = true
		if p, ok := prices[id]; ok {
			out.prices[id] = p
		}
	}
	if cats != nil {
		out.categories = make(map[string][]string, len(r.categories)+len(categorized))
		maps.Copy(out.categories, r.categories)
		for _, id := range categorized {
			out.categories[id] = cats[id]
		}
	}
	return out
}

// missing are the ids among ids that have no entry in m.
func missing[V any](m map[string]V, ids []string) []string {
	var out []string
	for _, id := range ids {
		if _, ok := m[id]; !ok {
			out = append(out, id)
		}
	}
	return out
}

// pricesAhead are the prices of c's lines and, when c's facts were read ahead and a promotion targets a category,
// their categories, from the catalog's memory (Cart.catalogFromMemory): those kept with the cart while the catalog
// has not moved, read for the lines that lack them. Nil on an error: the add reads them in its transaction.
func (s *Service) pricesAhead(ctx context.Context, c *Cart) *readPrices {
	version := s.DB.Version(db.Catalog)
	r := c.read
	if r == nil || r.catalog != version {
		r = newReadPrices(version)
	}
	ids := make([]string, len(c.known.products))
	for i, l := range c.known.products {
		ids[i] = l.productID
	}
	priced := missing(r.asked, ids)
	prices, err := pricing.Prices(ctx, s.DB, c.StoreID, c.AccountID, priced)
	if err != nil {
		return nil
	}
	var categorized []string
	var cats map[string][]string
	if c.facts != nil {
		categorized = missing(r.categories, ids)
		if cats, err = categoriesFor(ctx, s.DB, c.facts.promotions, categorized); err != nil {
			return nil
		}
	}
	return r.with(priced, prices, categorized, cats)
}

// prices are the prices of the products for the cart's account in the store.
func (s *Service) prices(ctx context.Context, tx *db.Tx, c *Cart, storeID string, ids []string) (map[string]pricing.Price, error) {
	return pricing.Prices(ctx, s.catalog(tx, c), storeID, c.AccountID, ids)
}

// linePrices are the buyer's prices of the products, reading only those the change has not read yet.
func (s *Service) linePrices(ctx context.Context, tx *db.Tx, c *Cart, ids []string) (map[string]pricing.Price, error) {
	if c.read == nil {
		return s.prices(ctx, tx, c, c.StoreID, ids)
	}
	unread := missing(c.read.asked, ids)
	if len(unread) == 0 {
		return c.read.prices, nil
	}
	out, err := s.prices(ctx, tx, c, c.StoreID, unread)
	if err != nil {
		return nil, err
	}
	maps.Copy(out, c.read.prices)
	return out, nil
}

// lineCategories are the products' categories for promotions that target one (categoriesFor), reading only those
// the change has not read yet; those it reads are noted for the cart's next add.
func (s *Service) lineCategories(ctx context.Context, tx *db.Tx, c *Cart, promos []calc.Promotion, ids []string) (map[string][]string, error) {
	if c.read == nil {
		return categoriesFor(ctx, s.catalog(tx, c), promos, ids)
	}
	unread := missing(c.read.categories, ids)
	if len(unread) == 0 {
		return c.read.categories, nil
	}
	cats, err := categoriesFor(ctx, s.catalog(tx, c), promos, unread)
	if err != nil || cats == nil {
		return cats, err
	}
	c.read = c.read.with(nil, nil, unread, cats)
	return c.read.categories, nil
}
