package cart

import (
	"context"
	"maps"
	"strconv"

	"storefront/internal/commerce/cart/calc"
	"storefront/internal/commerce/pricing"
	"storefront/internal/platform/db"
)

// A calculation prices every line of the cart, and every add recalculates the cart: looking up and parsing each
// line's price (and its product's categories, for promotions that target one) was a fifth of the time an add held
// SQLite's writer at 50 lines (a profile of the bench's add to cart). So a line keeps its price as the calculation
// takes it (linePrice), with the lines its cart keeps between the owner's changes (kept.go), while the catalog's
// version holds; an add prices the lines that lack one before it takes the writer (pricesAhead), and the next add
// prices only its new product's line.

// linePrice is a line's price as calc takes it, read from the catalog at version catalog (noted before the read),
// with its product's categories once a promotion targeting a category asked for them (categorized). It is not
// changed once made: the copies of a line share it.
type linePrice struct {
	catalog     int64
	found       bool // the product has a price for the buyer; else the line keeps the price it was last sold at
	unit        calc.Cents
	list        *calc.Cents
	tiers       []calc.Tier
	categorized bool
	categories  []string
}

func newLinePrice(catalog int64, p pricing.Price, categorized bool, categories []string) *linePrice {
	lp := &linePrice{catalog: catalog, found: p.UnitPrice != "", categorized: categorized, categories: categories}
	if !lp.found {
		return lp
	}
	lp.unit = cents(p.UnitPrice)
	if p.ListPrice != "" {
		list := cents(p.ListPrice)
		lp.list = &list
	}
	for _, t := range p.Tiers {
		lower, _ := strconv.ParseInt(t.LowerBound, 10, 64)
		upper, _ := strconv.ParseInt(t.UpperBound, 10, 64)
		lp.tiers = append(lp.tiers, calc.Tier{LowerBound: lower, UpperBound: upper, UnitPrice: cents(t.TierUnitPrice)})
	}
	return lp
}

// calcLine is the line as calc prices it: the buyer's price and tiers when the product has one, else the price it
// was last sold at (a product whose entry was withdrawn keeps its price until the buyer removes it).
func (l line) calcLine() calc.Line {
	out := calc.Line{ID: l.id, ProductID: l.productID, Quantity: max(l.quantity, 1)}
	if lp := l.price; lp != nil {
		out.CategoryIDs = lp.categories
		if lp.found {
			out.UnitPrice, out.ListPrice, out.Tiers = lp.unit, lp.list, lp.tiers
			return out
		}
	}
	out.UnitPrice = calc.Cents(l.salesPrice.Int64)
	if l.listAmt.Valid {
		lp := calc.Cents(l.listAmt.Int64)
		out.ListPrice = &lp
	}
	return out
}

// priceLines gives the lines without a current price one, read through q (the lines' product prices the change
// read already, read, are not read again): every line when afresh, else those without a price or with one read at
// an older catalog version, or without the categories promos need.
func (s *Service) priceLines(ctx context.Context, q db.Querier, c *Cart, lines []line, promos []calc.Promotion,
	read *readPrices, afresh bool) error {
	version := s.DB.Version(db.Catalog)
	categorized := targetsCategory(promos)
	var todo []int
	for i := range lines {
		if lp := lines[i].price; afresh || lp == nil || lp.catalog != version || (categorized && !lp.categorized) {
			todo = append(todo, i)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	ids := make([]string, len(todo))
	for j, i := range todo {
		ids[j] = lines[i].productID
	}
	prices, err := read.pricesOf(ctx, q, c, ids)
	if err != nil {
		return err
	}
	var categories map[string][]string
	if categorized {
		if categories, err = categoriesFor(ctx, q, promos, ids); err != nil {
			return err
		}
	}
	for _, i := range todo {
		p := prices[lines[i].productID]
		lines[i].price = newLinePrice(version, p, categorized, categories[lines[i].productID])
	}
	return nil
}

// targetsCategory reports whether a promotion targets a category (the calculation then needs the lines' products'
// categories).
func targetsCategory(promos []calc.Promotion) bool {
	for _, p := range promos {
		if p.TargetCategoryID != "" {
			return true
		}
	}
	return false
}

// pricesAhead prices the lines of c, read ahead, that lack a current price, from the catalog's memory as a buyer's
// change prices (Cart.catalogFromMemory), before the change takes the writer; with the promotions of its facts when
// they were read ahead too. An error leaves the lines to the change, which prices them in its transaction.
func (s *Service) pricesAhead(ctx context.Context, c *Cart) {
	var promos []calc.Promotion
	if c.facts != nil {
		promos = c.facts.promotions
	}
	_ = s.priceLines(ctx, s.DB, c, c.known.products, promos, nil, false)
}

// readPrices are the prices a change read for the products asked (a product without a price for the buyer is asked
// but absent from prices): an add reads its products' to check them, and its calculation reuses them.
type readPrices struct {
	asked  map[string]bool
	prices map[string]pricing.Price
}

// note adds the prices read for ids.
func (r *readPrices) note(ids []string, prices map[string]pricing.Price) {
	for _, id := range ids {
		r.asked[id] = true
		if p, ok := prices[id]; ok {
			r.prices[id] = p
		}
	}
}

// pricesOf are the buyer's prices of the products, read through q but for those r holds (r may be nil).
func (r *readPrices) pricesOf(ctx context.Context, q db.Querier, c *Cart, ids []string) (map[string]pricing.Price, error) {
	var unread []string
	for _, id := range ids {
		if r == nil || !r.asked[id] {
			unread = append(unread, id)
		}
	}
	out, err := pricing.Prices(ctx, q, c.StoreID, c.AccountID, unread) // no statement when none is unread
	if err != nil || r == nil {
		return out, err
	}
	maps.Copy(out, r.prices)
	return out, nil
}

// prices are the prices of the products for the cart's account in the store.
func (s *Service) prices(ctx context.Context, tx *db.Tx, c *Cart, storeID string, ids []string) (map[string]pricing.Price, error) {
	return pricing.Prices(ctx, s.catalog(tx, c), storeID, c.AccountID, ids)
}
