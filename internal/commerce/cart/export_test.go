package cart

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"storefront/internal/commerce/pricing"
	"storefront/internal/records"
)

// CartFromRecord is cartFromRecord, for the tests of package cart_test.
var CartFromRecord = cartFromRecord

// KeptAndStored are the cart s keeps for the owner's next add under ref and the same cart as the database holds it,
// each with its lines; both nil when nothing is kept. facts reports whether the kept cart's facts still hold (they
// are left out of kept); rows counts the rows kept with the cart and its lines. The stored cart's rows are the
// engine's reads of the rows kept (a row not kept stays nil on both sides).
func (s *Service) KeptAndStored(ctx context.Context, storeID string, o Owner, ref string) (kept, stored *Cart, facts bool, rows int, err error) {
	if kept = s.kept.take(keyOf(storeID, o, ref)); kept == nil {
		return nil, nil, false, 0, nil
	}
	facts = kept.facts != nil
	kept.facts, kept.factsRead = nil, nil
	// The lines' prices kept for the next add are the buyer's prices now (the stored lines have none).
	ids := make([]string, len(kept.known.products))
	for i, l := range kept.known.products {
		ids[i] = l.productID
	}
	now, err := pricing.Prices(ctx, s.DB, kept.StoreID, kept.AccountID, ids)
	if err != nil {
		return nil, nil, false, 0, err
	}
	for i := range kept.known.products {
		l := &kept.known.products[i]
		if l.price == nil {
			continue
		}
		p := now[l.productID]
		if want := newLinePrice(l.price.catalog, p, l.price.categorized, l.price.categories); !reflect.DeepEqual(l.price, want) {
			return nil, nil, false, 0, fmt.Errorf("the price kept with line %s\n%+v\nis not the price now\n%+v", l.id, l.price, want)
		}
		l.price = nil
	}
	if stored, err = Find(ctx, s.DB, storeID, o, kept.ID); err != nil || stored == nil {
		return kept, stored, facts, 0, err
	}
	if stored.known, err = loadKnownLines(ctx, s.DB, kept.ID); err != nil {
		return kept, stored, facts, 0, err
	}
	if kept.known.adjustments != nil { // the same rows, in whatever order: sorted copies on both sides
		if stored.known.adjustments, err = storedAdjustments(ctx, s.DB, kept.ID); err != nil {
			return kept, stored, facts, 0, err
		}
		kept.known.adjustments = sortedAdjustments(kept.known.adjustments)
		stored.known.adjustments = sortedAdjustments(stored.known.adjustments)
	}
	read := func(keptRow *records.Record) (*records.Record, error) {
		if keptRow == nil {
			return nil, nil
		}
		rows++
		return s.Engine.Get(ctx, records.System, keptRow.ID)
	}
	if stored.row, err = read(kept.row); err != nil {
		return kept, stored, facts, rows, err
	}
	for i := range stored.known.products {
		if i < len(kept.known.products) {
			if stored.known.products[i].row, err = read(kept.known.products[i].row); err != nil {
				return kept, stored, facts, rows, err
			}
		}
	}
	return kept, stored, facts, rows, nil
}

// Known are the lines a cart holds as its change knows them, for a test's failure message.
func (c *Cart) Known() any {
	if c == nil || c.known == nil {
		return nil
	}
	return *c.known
}

// LineCount is how many product lines the cart holds as its change knows them.
func (c *Cart) LineCount() int { return len(c.known.products) }

func sortedAdjustments(in map[string][]storedAdjustment) map[string][]storedAdjustment {
	out := make(map[string][]storedAdjustment, len(in))
	for object, rows := range in {
		if len(rows) > 0 {
			out[object] = slices.SortedFunc(slices.Values(rows), func(a, b storedAdjustment) int { return strings.Compare(a.id, b.id) })
		}
	}
	return out
}

// HasAdjustments reports whether the cart's adjustments are known with its lines.
func (c *Cart) HasAdjustments() bool { return c.known.adjustments != nil }

// FindQuery is findQuery, for the test of the plan it gets.
var FindQuery = findQuery
