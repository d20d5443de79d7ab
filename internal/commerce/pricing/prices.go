package pricing

import (
	"context"
	"database/sql"
	"errors"
	"math/big"
	"sort"
	"storefront/internal/platform/db"
	"storefront/internal/platform/wire"
	"strconv"
)

// Price is what one product costs the account (or the guest).
type Price struct {
	ProductID string
	// ListPrice is the product's active entry in the store's standard price book (WebStore.StandardPricebookId);
	// "" when it has none (sent as null).
	ListPrice string
	// UnitPrice is the lowest active price among the buyer's price books (see Prices), two decimals.
	UnitPrice        string
	PricebookEntryID string // the entry UnitPrice comes from
	PricebookID      string
	CurrencyIsoCode  string
	// ScheduleID is the entry's active volume schedule (PriceAdjustmentSchedule), "" for none; Tiers are its tiers
	// by lower bound, with the tier unit price worked out from UnitPrice.
	ScheduleID string
	Tiers      []Tier
}

// Tier is one volume tier of a price adjustment schedule, in the wire's terms.
type Tier struct {
	ID              string
	AdjustmentType  string // PercentageBasedAdjustment or AmountBasedAdjustment
	AdjustmentValue string // "5.00": percent off, or amount off each unit
	LowerBound      string // "10"
	UpperBound      string // "49"; "" for no upper bound (sent as null)
	TierUnitPrice   string // the unit price from LowerBound units on
	lower, upper    int64  // upper 0: unbounded
}

// UnitPriceAt is the unit price for a cart line of qty units: the tier covering qty, or UnitPrice.
func (p Price) UnitPriceAt(qty int64) string {
	for _, t := range p.Tiers {
		if qty >= t.lower && (t.upper == 0 || qty <= t.upper) {
			return t.TierUnitPrice
		}
	}
	return p.UnitPrice
}

// ErrStoreNotFound is returned by Prices for a store id that names no store.
var ErrStoreNotFound = errors.New("pricing: no such store")

// Prices prices the given products for the account (or the guest, for "") in the store, with three queries at
// most whatever the number of products: the store's books and currency, the entries, the tiers.
//
// The buyer's price books are the active books linked (BuyerGroupPricebook, active) to the account's buyer groups
// that sell in the store; a guest's are the store's guest price book (WebStore.GuestPricebookId) and the books of
// the store's guest buyer group. The unit price is the lowest active entry among those books: a buyer always
// pays the best price any of their groups negotiated. Priority (lower first) only breaks ties between books
// offering the same price, deciding which entry (and so which volume tiers) applies; the price book id breaks
// the remaining ties, so the answer never depends on row order.
//
// Products without an entry in any of the buyer's books are absent from the map (they have no price for this
// buyer). Prices does not check entitlement: callers check it with Entitlements first.
func Prices(ctx context.Context, q Querier, storeID, accountID string, productIDs []string) (map[string]Price, error) {
	if len(productIDs) == 0 {
		return map[string]Price{}, nil
	}
	books, err := booksOf(ctx, q, storeID, accountID)
	if err != nil {
		return nil, err
	}
	return byBooks(ctx, q, &pricesKey, "prices", books, productIDs, loadPrices)
}

var pricesKey int

func loadPrices(ctx context.Context, q Querier, books *buyerBooks, productIDs []string) (map[string]Price, error) {
	out := map[string]Price{}
	ids := distinct(productIDs)
	if len(ids) == 0 {
		return out, nil
	}
	entries, err := books.entries(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	best, lists := bestEntries(entries)
	schedules := map[string][]Tier{}
	for _, e := range best {
		if e.scheduleID != "" {
			schedules[e.scheduleID] = nil
		}
	}
	if err := loadTiers(ctx, q, schedules); err != nil {
		return nil, err
	}
	for id, e := range best {
		p := Price{ProductID: id, UnitPrice: wire.Decimal(e.amount, 2), PricebookEntryID: e.id, PricebookID: e.bookID,
			CurrencyIsoCode: books.currency}
		if l := lists[id]; l != nil {
			p.ListPrice = wire.Decimal(l.amount, 2)
		}
		if tiers, ok := schedules[e.scheduleID]; ok && len(tiers) > 0 {
			p.ScheduleID = e.scheduleID
			p.Tiers = priceTiers(tiers, e.amount)
		}
		out[id] = p
	}
	return out, nil
}

// entry is one candidate price book entry.
type entry struct {
	id, bookID, productID, scheduleID string
	amount                            *big.Rat
	priority                          int64
	list                              bool // from the standard book, for the list price
}

// beats orders candidates: lower price, then lower priority number, then lower price book id.
func (e *entry) beats(o *entry) bool {
	if c := e.amount.Cmp(o.amount); c != 0 {
		return c < 0
	}
	if e.priority != o.priority {
		return e.priority < o.priority
	}
	return e.bookID < o.bookID
}

// bestEntries picks each product's unit price entry (the best of the buyer's books) and its list price entry.
func bestEntries(entries []entry) (best, lists map[string]*entry) {
	best, lists = map[string]*entry{}, map[string]*entry{}
	for i := range entries {
		e := &entries[i]
		if e.list {
			lists[e.productID] = e
			continue
		}
		if cur := best[e.productID]; cur == nil || e.beats(cur) {
			best[e.productID] = e
		}
	}
	return best, lists
}

// ListingPrices prices products as a listing (search results) shows them: the unit price and the list price of
// Prices, without volume tiers, in one query whatever the number of products (none once the books' table is
// loaded: tables.go). Answers are kept in memory like Prices'.
func ListingPrices(ctx context.Context, q Querier, storeID, accountID string, productIDs []string) (map[string]Price, error) {
	if len(productIDs) == 0 {
		return map[string]Price{}, nil
	}
	books, err := booksOf(ctx, q, storeID, accountID)
	if err != nil {
		return nil, err
	}
	table, state := tableFor(q, books)
	if table != nil {
		return table.prices(productIDs, books.currency), nil
	}
	return byBooks(ctx, q, &listingPricesKey, "listing_prices", books, productIDs,
		func(ctx context.Context, q Querier, books *buyerBooks, ids []string) (map[string]Price, error) {
			state.missed(q, books, len(ids))
			return loadListingPrices(ctx, q, books, ids)
		})
}

var listingPricesKey int

func loadListingPrices(ctx context.Context, q Querier, books *buyerBooks, productIDs []string) (map[string]Price, error) {
	out := map[string]Price{}
	ids := distinct(productIDs)
	if len(ids) == 0 {
		return out, nil
	}
	entries, err := books.entries(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	best, lists := bestEntries(entries)
	for id, e := range best {
		p := Price{ProductID: id, UnitPrice: wire.Decimal(e.amount, 2), PricebookEntryID: e.id, PricebookID: e.bookID,
			CurrencyIsoCode: books.currency}
		if l := lists[id]; l != nil {
			p.ListPrice = wire.Decimal(l.amount, 2)
		}
		out[id] = p
	}
	return out, nil
}

// loadTiers fills the tiers of the given active schedules (keys of the map), in one query, ordered by lower bound.
func loadTiers(ctx context.Context, q Querier, schedules map[string][]Tier) error {
	if len(schedules) == 0 {
		return nil
	}
	ids := make([]string, 0, len(schedules))
	for id := range schedules {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	in, args := db.InList(ids)
	rows, err := q.Query(ctx, `SELECT t.id, t.priceadjustmentscheduleid, t.lowerbound, t.upperbound, t.tiertype, t.tiervalue
		FROM priceadjustmenttier t JOIN priceadjustmentschedule s ON s.id = t.priceadjustmentscheduleid
		WHERE s.isactive AND t.priceadjustmentscheduleid IN (`+in+`)
		ORDER BY t.priceadjustmentscheduleid, t.lowerbound, t.id`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var t Tier
		var schedule, kind string
		var value int64 // hundredths: TierValue has two decimals
		var upper sql.NullInt64
		if err := rows.Scan(&t.ID, &schedule, &t.lower, &upper, &kind, &value); err != nil {
			return err
		}
		t.upper = upper.Int64
		t.AdjustmentType = "PercentageBasedAdjustment"
		if kind == "Amount" {
			t.AdjustmentType = "AmountBasedAdjustment"
		}
		t.AdjustmentValue = wire.Money(value, 2) // used with the unit price in priceTiers
		schedules[schedule] = append(schedules[schedule], t)
	}
	return rows.Err()
}

// priceTiers completes a schedule's tiers for one unit price: bounds as strings and each tier's unit price.
func priceTiers(tiers []Tier, unit *big.Rat) []Tier {
	out := make([]Tier, 0, len(tiers))
	for _, t := range tiers {
		value, err := parseAmount(t.AdjustmentValue)
		if err != nil {
			continue // a tier without a usable value adjusts nothing; the records layer never stores one
		}
		t.AdjustmentValue = wire.Decimal(value, 2)
		t.LowerBound = strconv.FormatInt(t.lower, 10)
		if t.upper > 0 {
			t.UpperBound = strconv.FormatInt(t.upper, 10)
		}
		if t.AdjustmentType == "AmountBasedAdjustment" {
			t.TierUnitPrice = wire.Decimal(amountOff(unit, value), 2)
		} else {
			t.TierUnitPrice = wire.Decimal(percentOff(unit, value), 2)
		}
		out = append(out, t)
	}
	return out
}
