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
	return remembered(ctx, q, &pricesKey, "prices", storeID, accountID, productIDs, loadPrices)
}

var pricesKey int

func loadPrices(ctx context.Context, q Querier, storeID, accountID string, productIDs []string) (map[string]Price, error) {
	out := map[string]Price{}
	ids := distinct(productIDs)
	if len(ids) == 0 {
		return out, nil
	}
	store, err := loadPricingStore(ctx, q, storeID)
	if err != nil {
		return nil, err
	}
	entries, err := loadEntries(ctx, q, store, storeID, accountID, ids)
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
			CurrencyIsoCode: store.currency}
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

type pricingStore struct {
	standardBook, guestBook, currency string
}

func loadPricingStore(ctx context.Context, q Querier, storeID string) (*pricingStore, error) {
	var std, guest, cur sql.NullString
	err := q.QueryRow(ctx, `SELECT standardpricebookid, guestpricebookid, defaultcurrency FROM webstore WHERE id = ?`,
		storeID).Scan(&std, &guest, &cur)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrStoreNotFound
	}
	if err != nil {
		return nil, err
	}
	s := &pricingStore{standardBook: std.String, guestBook: guest.String, currency: cur.String}
	if s.currency == "" {
		s.currency = "USD" // the WebStore metadata's default
	}
	return s, nil
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

// loadEntries reads, in one query, the products' active entries in the buyer's active books (with each book's
// best priority) and in the standard book (marked as list rows).
func loadEntries(ctx context.Context, q Querier, s *pricingStore, storeID, accountID string, ids []string) ([]entry, error) {
	var guest string
	var guestArgs []any
	if accountID == "" && s.guestBook != "" {
		guest, guestArgs = ` UNION ALL SELECT ?, 0`, []any{s.guestBook}
	}
	query, args := entriesSQL(storeID, accountID, guest, guestArgs, `pricebookentry e`, `e.pricebook2id = ?`,
		[]any{s.standardBook}, ids)
	return scanEntries(ctx, q, query, args)
}

// entriesSQL is the query of loadEntries, with the guest's own book (guest: a UNION ALL arm of the books, or "")
// and the standard book's entries (standardFrom, a FROM naming pricebookentry e, and the condition standard on it)
// given by the caller, as values or through webstore.
func entriesSQL(storeID, accountID, guest string, guestArgs []any, standardFrom, standard string, standardArgs []any,
	ids []string) (string, []any) {
	groups, groupArgs := buyerGroupsSQL(storeID, accountID)
	books := `SELECT gp.pricebook2id AS bookid, MIN(COALESCE(gp.priority, 1)) AS priority FROM buyergrouppricebook gp
		WHERE gp.isactive AND gp.buyergroupid IN (` + groups + `) GROUP BY gp.pricebook2id` + guest
	args := append(groupArgs, guestArgs...)
	in, inArgs := db.InList(ids)
	query := `SELECT e.id, e.pricebook2id, e.product2id, e.unitprice, e.priceadjustmentscheduleid, b.priority, 0
		FROM pricebookentry e
		JOIN (` + books + `) b ON b.bookid = e.pricebook2id
		JOIN pricebook2 pb ON pb.id = e.pricebook2id
		WHERE e.isactive AND pb.isactive AND e.product2id IN (` + in + `)
		UNION ALL
		SELECT e.id, e.pricebook2id, e.product2id, e.unitprice, NULL, 0, 1
		FROM ` + standardFrom + ` JOIN pricebook2 pb ON pb.id = e.pricebook2id
		WHERE ` + standard + ` AND e.isactive AND pb.isactive AND e.product2id IN (` + in + `)`
	args = append(args, inArgs...)
	args = append(args, standardArgs...)
	args = append(args, inArgs...)
	return query, args
}

func scanEntries(ctx context.Context, q Querier, query string, args []any) ([]entry, error) {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []entry
	for rows.Next() {
		var e entry
		var cents int64 // currency columns hold whole cents (records stores decimals scaled)
		var schedule sql.NullString
		var list int
		if err := rows.Scan(&e.id, &e.bookID, &e.productID, &cents, &schedule, &e.priority, &list); err != nil {
			return nil, err
		}
		e.amount = big.NewRat(cents, 100)
		e.scheduleID, e.list = schedule.String, list == 1
		out = append(out, e)
	}
	return out, rows.Err()
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
// Prices, without volume tiers, in one query whatever the number of products. currency is the store's
// (WebStore.DefaultCurrency, USD when blank), which the caller has already read. Answers are kept in memory like
// Prices'.
func ListingPrices(ctx context.Context, q Querier, storeID, currency, accountID string, productIDs []string) (map[string]Price, error) {
	return remembered(ctx, q, &listingPricesKey, "listing_prices", storeID, accountID, productIDs,
		func(ctx context.Context, q Querier, storeID, accountID string, ids []string) (map[string]Price, error) {
			return loadListingPrices(ctx, q, storeID, currency, accountID, ids)
		})
}

var listingPricesKey int

func loadListingPrices(ctx context.Context, q Querier, storeID, currency, accountID string, productIDs []string) (map[string]Price, error) {
	out := map[string]Price{}
	ids := distinct(productIDs)
	if len(ids) == 0 {
		return out, nil
	}
	var guest string
	var guestArgs []any
	if accountID == "" {
		guest = ` UNION ALL SELECT ws.guestpricebookid, 0 FROM webstore ws WHERE ws.id = ?
			AND ws.guestpricebookid IS NOT NULL AND ws.guestpricebookid <> ''`
		guestArgs = []any{storeID}
	}
	// A join rather than `e.pricebook2id = (SELECT ...)`: given a subquery, SQLite walks the whole standard book
	// by its pricebook2id index instead of looking each product up by (book, product).
	query, args := entriesSQL(storeID, accountID, guest, guestArgs,
		`webstore ws JOIN pricebookentry e ON e.pricebook2id = ws.standardpricebookid`, `ws.id = ?`, []any{storeID}, ids)
	entries, err := scanEntries(ctx, q, query, args)
	if err != nil {
		return nil, err
	}
	best, lists := bestEntries(entries)
	for id, e := range best {
		p := Price{ProductID: id, UnitPrice: wire.Decimal(e.amount, 2), PricebookEntryID: e.id, PricebookID: e.bookID,
			CurrencyIsoCode: currency}
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
