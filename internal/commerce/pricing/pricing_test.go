package pricing

import (
	"context"
	"database/sql"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"storefront/internal/demo"
	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
	"storefront/internal/platform/metrics"
	"storefront/internal/platform/wire"
	"storefront/internal/records"
)

// Demo products whose prices the tests know: product 1 (no tiers), 3 (amount-off "Case Break" tiers) and
// 6 (percentage "Volume Saver" tiers). The demo's books: list = guest price, Contractor Pricing 8% off list,
// Enterprise Pricing 15% off list, rounded half up to the cent.
var (
	product1 = records.StableID("01t", 1)
	product3 = records.StableID("01t", 3)
	product6 = records.StableID("01t", 6)
	// Summit Medical Center: a contractor account Morgan Manager buys for.
	summitAccount = demo.ManagedAccountIDs[2]
	// Northwind - Riverside Campus: an enterprise account Morgan Manager buys for.
	riversideAccount = demo.ManagedAccountIDs[0]
	volumeSaver      = records.StableID("0ry", 1)
	caseBreak        = records.StableID("0ry", 2)
)

func entryID(product, slot int64) string { return records.StableID("01u", product*16+slot) }

func tierID(n int64) string { return records.StableID("0rz", n) }

func eachSeeded(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := records.SyncSchema(ctx, d, records.StandardObjects()); err != nil {
			t.Fatal(err)
		}
		// A bare engine: pricing sits below the package that assembles the domains' rules (an import cycle).
		if _, err := demo.Seed(ctx, records.NewEngine(d), demo.Options{}); err != nil {
			t.Fatal(err)
		}
		fn(t, d)
	})
}

func volumeTiers(unit string, t1, t2, t3 string) []Tier {
	return []Tier{
		{ID: tierID(1), AdjustmentType: "PercentageBasedAdjustment", AdjustmentValue: "5.00", LowerBound: "10", UpperBound: "49", TierUnitPrice: t1, lower: 10, upper: 49},
		{ID: tierID(2), AdjustmentType: "PercentageBasedAdjustment", AdjustmentValue: "10.00", LowerBound: "50", UpperBound: "99", TierUnitPrice: t2, lower: 50, upper: 99},
		{ID: tierID(3), AdjustmentType: "PercentageBasedAdjustment", AdjustmentValue: "15.00", LowerBound: "100", TierUnitPrice: t3, lower: 100},
	}
}

func caseBreakTiers(t1, t2 string) []Tier {
	return []Tier{
		{ID: tierID(4), AdjustmentType: "AmountBasedAdjustment", AdjustmentValue: "0.50", LowerBound: "12", UpperBound: "47", TierUnitPrice: t1, lower: 12, upper: 47},
		{ID: tierID(5), AdjustmentType: "AmountBasedAdjustment", AdjustmentValue: "1.50", LowerBound: "48", TierUnitPrice: t2, lower: 48},
	}
}

func TestPricesForGuestBuyerAndManagedAccounts(t *testing.T) {
	eachSeeded(t, func(t *testing.T, d *db.DB) {
		ids := []string{product1, product3, product6, records.StableID("01t", 999999), product1}
		cases := []struct {
			who     string
			account string
			slot    int64 // price book slot: 1 guest, 2 contractor, 3 enterprise
			book    string
			want    map[string][2]string // product: unit price, list price
			tiers   map[string][]Tier
		}{
			{"guest", "", 1, demo.GuestBook,
				map[string][2]string{product1: {"5.99", "5.99"}, product3: {"68.99", "68.99"}, product6: {"47.49", "47.49"}},
				map[string][]Tier{product3: caseBreakTiers("68.49", "67.49"), product6: volumeTiers("47.49", "45.12", "42.74", "40.37")}},
			{"buyer (contractor)", demo.BuyerAccountID, 2, demo.ContractBook,
				map[string][2]string{product1: {"5.51", "5.99"}, product3: {"63.47", "68.99"}, product6: {"43.69", "47.49"}},
				map[string][]Tier{product3: caseBreakTiers("62.97", "61.97"), product6: volumeTiers("43.69", "41.51", "39.32", "37.14")}},
			{"managed enterprise account", riversideAccount, 3, demo.EnterpriseBook,
				map[string][2]string{product1: {"5.09", "5.99"}, product3: {"58.64", "68.99"}, product6: {"40.37", "47.49"}},
				map[string][]Tier{product3: caseBreakTiers("58.14", "57.14"), product6: volumeTiers("40.37", "38.35", "36.33", "34.31")}},
			{"managed contractor account", summitAccount, 2, demo.ContractBook,
				map[string][2]string{product1: {"5.51", "5.99"}, product3: {"63.47", "68.99"}, product6: {"43.69", "47.49"}},
				map[string][]Tier{product3: caseBreakTiers("62.97", "61.97"), product6: volumeTiers("43.69", "41.51", "39.32", "37.14")}},
		}
		for _, c := range cases {
			got, err := Prices(context.Background(), d, demo.StoreID, c.account, ids)
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]Price{}
			for n, p := range map[int64]string{1: product1, 3: product3, 6: product6} {
				w := Price{ProductID: p, UnitPrice: c.want[p][0], ListPrice: c.want[p][1], PricebookEntryID: entryID(n, c.slot),
					PricebookID: c.book, CurrencyIsoCode: "USD", Tiers: c.tiers[p]}
				switch p {
				case product3:
					w.ScheduleID = caseBreak
				case product6:
					w.ScheduleID = volumeSaver
				}
				want[p] = w
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s:\n got %+v\nwant %+v", c.who, got, want)
			}
		}
	})
}

func TestUnitPriceAtFollowsTheTiers(t *testing.T) {
	p := Price{UnitPrice: "43.69", Tiers: volumeTiers("43.69", "41.51", "39.32", "37.14")}
	for qty, want := range map[int64]string{1: "43.69", 9: "43.69", 10: "41.51", 49: "41.51", 50: "39.32", 99: "39.32", 100: "37.14", 5000: "37.14"} {
		if got := p.UnitPriceAt(qty); got != want {
			t.Errorf("UnitPriceAt(%d) = %s, want %s", qty, got, want)
		}
	}
}

func TestMoneyIsExact(t *testing.T) {
	for _, c := range []struct{ amount, pct, want string }{
		{"47.49", "5", "45.12"},     // 45.1155
		{"0.10", "5", "0.10"},       // 0.095 rounds half up
		{"0.30", "15", "0.26"},      // 0.255 rounds half up: a float gives 0.25
		{"19.99", "33.33", "13.33"}, // 13.327333
	} {
		a, _ := parseAmount(c.amount)
		p, _ := parseAmount(c.pct)
		if got := wire.Decimal(percentOff(a, p), 2); got != c.want {
			t.Errorf("%s less %s%% = %s, want %s", c.amount, c.pct, got, c.want)
		}
	}
	a, _ := parseAmount("1.00")
	off, _ := parseAmount("1.50")
	if got := wire.Decimal(amountOff(a, off), 2); got != "0.00" {
		t.Errorf("amount off below zero = %s, want 0.00", got)
	}
	if _, err := parseAmount("1/3"); err == nil {
		t.Error("a fraction parsed as an amount")
	}
}

// The best price wins across the account's books; priority breaks ties; inactive books, links and entries do
// not count.
func TestPricesPickTheBestActivePrice(t *testing.T) {
	eachSeeded(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		price := func() Price {
			t.Helper()
			got, err := Prices(ctx, d, demo.StoreID, demo.BuyerAccountID, []string{product1})
			if err != nil {
				t.Fatal(err)
			}
			return got[product1]
		}
		// A second book for the contractors, at the contractor price, with a worse priority: the contractor
		// entry keeps winning the tie.
		promo := insert(t, d, "pricebook2", "01s", map[string]any{"name": "Promo", "isactive": true})
		promoEntry := insert(t, d, "pricebookentry", "01u", map[string]any{"pricebook2id": promo, "product2id": product1,
			"unitprice": "5.51", "isactive": true})
		link := insert(t, d, "buyergrouppricebook", "0ZL", map[string]any{"buyergroupid": demo.ContractorsGroup,
			"pricebook2id": promo, "priority": 5, "isactive": true})
		if p := price(); p.PricebookEntryID != entryID(1, 2) || p.UnitPrice != "5.51" {
			t.Fatalf("tie at worse priority: %+v", p)
		}
		exec(t, d, `UPDATE buyergrouppricebook SET priority = 0 WHERE id = ?`, link)
		if p := price(); p.PricebookEntryID != promoEntry || p.UnitPrice != "5.51" || p.PricebookID != promo {
			t.Fatalf("tie at better priority: %+v", p)
		}
		// A lower price wins whatever its priority; "5.1" and "5.10" compare as numbers, not text.
		exec(t, d, `UPDATE pricebookentry SET unitprice = ? WHERE id = ?`, 510, promoEntry) // 5.10, in cents
		exec(t, d, `UPDATE buyergrouppricebook SET priority = 9 WHERE id = ?`, link)
		if p := price(); p.PricebookEntryID != promoEntry || p.UnitPrice != "5.10" || p.ListPrice != "5.99" {
			t.Fatalf("lower price: %+v", p)
		}
		for _, off := range []struct{ table, id string }{
			{"pricebookentry", promoEntry}, {"buyergrouppricebook", link}, {"pricebook2", promo},
		} {
			exec(t, d, `UPDATE `+off.table+` SET isactive = FALSE WHERE id = ?`, off.id)
			if p := price(); p.PricebookEntryID != entryID(1, 2) {
				t.Fatalf("with an inactive %s the promo still prices: %+v", off.table, p)
			}
			exec(t, d, `UPDATE `+off.table+` SET isactive = TRUE WHERE id = ?`, off.id)
		}
		// No standard entry: no list price. No entry in the buyer's books: no price at all.
		exec(t, d, `UPDATE pricebookentry SET isactive = FALSE WHERE id = ?`, entryID(1, 0))
		if p := price(); p.ListPrice != "" || p.UnitPrice != "5.10" {
			t.Fatalf("without a list entry: %+v", p)
		}
		exec(t, d, `UPDATE pricebookentry SET isactive = FALSE WHERE id IN (?, ?)`, promoEntry, entryID(1, 2))
		got, err := Prices(ctx, d, demo.StoreID, demo.BuyerAccountID, []string{product1})
		if err != nil || len(got) != 0 {
			t.Fatalf("no buyer entry: %+v, %v", got, err)
		}
		// The standard book as one of the buyer's books: its entry is both the list price and the unit price; an
		// inactive standard book is neither.
		exec(t, d, `UPDATE pricebookentry SET isactive = TRUE WHERE id = ?`, entryID(1, 0))
		insert(t, d, "buyergrouppricebook", "0ZL", map[string]any{"buyergroupid": demo.ContractorsGroup,
			"pricebook2id": demo.StandardBook, "priority": 3, "isactive": true})
		if p := price(); p.PricebookEntryID != entryID(1, 0) || p.UnitPrice != "5.99" || p.ListPrice != "5.99" {
			t.Fatalf("the standard book as a buyer's book: %+v", p)
		}
		exec(t, d, `UPDATE pricebook2 SET isactive = FALSE WHERE id = ?`, demo.StandardBook)
		if p := price(); p.PricebookEntryID != "" || p.ListPrice != "" {
			t.Fatalf("an inactive standard book still prices: %+v", p)
		}
		exec(t, d, `UPDATE pricebook2 SET isactive = TRUE WHERE id = ?`, demo.StandardBook)
		// An inactive schedule gives no tiers.
		exec(t, d, `UPDATE priceadjustmentschedule SET isactive = FALSE WHERE id = ?`, volumeSaver)
		got, err = Prices(ctx, d, demo.StoreID, "", []string{product6})
		if err != nil || got[product6].UnitPrice != "47.49" || got[product6].Tiers != nil || got[product6].ScheduleID != "" {
			t.Fatalf("inactive schedule: %+v, %v", got, err)
		}
		if _, err := Prices(ctx, d, records.StableID("0ZE", 99), "", []string{product1}); err != ErrStoreNotFound {
			t.Fatalf("unknown store: %v", err)
		}
	})
}

func TestEntitlements(t *testing.T) {
	eachSeeded(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		// Products outside the demo's catalog-wide policy: one nobody may see, one for enterprise accounts only
		// (without its price), one inactive.
		hidden := insert(t, d, "product2", "01t", map[string]any{"name": "Hidden", "isactive": true, "productclass": "Simple"})
		enterpriseOnly := insert(t, d, "product2", "01t", map[string]any{"name": "Enterprise Only", "isactive": true, "productclass": "Simple"})
		policy := insert(t, d, "commerceentitlementpolicy", "1Ce", map[string]any{"name": "Enterprise", "isactive": true,
			"canviewproduct": true, "canviewprice": false})
		insert(t, d, "commerceentitlementproduct", "1Cp", map[string]any{"policyid": policy, "productid": enterpriseOnly})
		insert(t, d, "commerceentitlementbuyergroup", "1Cb", map[string]any{"policyid": policy, "buyergroupid": demo.EnterpriseGroup})
		exec(t, d, `UPDATE product2 SET isactive = FALSE WHERE id = ?`, product3)
		loner := insert(t, d, "account", "001", map[string]any{"name": "No Groups", "ownerid": demo.AdminUserID})

		ids := []string{product1, product3, hidden, enterpriseOnly, "not-an-id"}
		for _, c := range []struct {
			who, account string
			want         map[string]Entitlement
		}{
			{"guest", "", map[string]Entitlement{product1: {true, true}}},
			{"buyer", demo.BuyerAccountID, map[string]Entitlement{product1: {true, true}}},
			{"enterprise", riversideAccount, map[string]Entitlement{product1: {true, true}, enterpriseOnly: {true, false}}},
			{"account without groups", loner, map[string]Entitlement{}},
		} {
			got, err := Entitlements(ctx, d, demo.StoreID, c.account, ids)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("%s: %v, want %v", c.who, got, c.want)
			}
			visible, err := Entitled(ctx, d, demo.StoreID, c.account, ids)
			if err != nil {
				t.Fatal(err)
			}
			if len(visible) != len(c.want) {
				t.Errorf("%s: Entitled %v disagrees with Entitlements %v", c.who, visible, c.want)
			}
			// The SQL forms select exactly the products Entitled accepts, across the whole catalogue.
			all := column(t, d, `SELECT id FROM product2`)
			byFunc, err := Entitled(ctx, d, demo.StoreID, c.account, all)
			if err != nil {
				t.Fatal(err)
			}
			pred, args := EntitledFilter("p", demo.StoreID, c.account)
			byFilter := column(t, d, `SELECT p.id FROM product2 p WHERE p.name <> ? AND `+pred, append([]any{""}, args...)...)
			sub, args := EntitledProductsSQL(demo.StoreID, c.account)
			bySub := column(t, d, `SELECT id FROM product2 WHERE isactive AND id IN (`+sub+`)`, args...)
			if !sameSet(byFunc, byFilter) || !sameSet(byFunc, bySub) {
				t.Errorf("%s: Entitled %d products, EntitledFilter %d, EntitledProductsSQL %d", c.who, len(byFunc), len(byFilter), len(bySub))
			}
			if c.account == demo.BuyerAccountID && len(byFunc) != demo.DemoProducts-1 {
				t.Errorf("buyer sees %d products, want every demo product but the inactive one (%d)", len(byFunc), demo.DemoProducts-1)
			}
		}
		// A store without a guest group entitles guests to nothing.
		exec(t, d, `UPDATE webstore SET guestbuyergroupid = NULL WHERE id = ?`, demo.StoreID)
		if got, err := Entitled(ctx, d, demo.StoreID, "", ids); err != nil || len(got) != 0 {
			t.Fatalf("guest without a guest group: %v, %v", got, err)
		}
	})
}

// A page of 200 products costs a fixed number of queries, not one per product.
func TestSetBasedQueries(t *testing.T) {
	eachSeeded(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		ids := column(t, d, `SELECT id FROM product2 ORDER BY id LIMIT 200`)
		for _, account := range []string{"", demo.BuyerAccountID} {
			q := &countingQuerier{Querier: d}
			prices, err := Prices(ctx, q, demo.StoreID, account, ids)
			if err != nil {
				t.Fatal(err)
			}
			if len(prices) != 200 || q.n > 3 {
				t.Fatalf("account %q: %d prices in %d queries, want 200 in at most 3", account, len(prices), q.n)
			}
			q.n = 0
			ents, err := Entitled(ctx, q, demo.StoreID, account, ids)
			if err != nil {
				t.Fatal(err)
			}
			if len(ents) != 200 || q.n != 1 {
				t.Fatalf("account %q: %d entitled in %d queries, want 200 in 1", account, len(ents), q.n)
			}
		}
		// Inside a transaction too.
		err := d.InTx(ctx, func(tx *db.Tx) error {
			got, err := Prices(ctx, tx, demo.StoreID, demo.BuyerAccountID, []string{product1})
			if err == nil && got[product1].UnitPrice != "5.51" {
				t.Errorf("in a transaction: %+v", got)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

type countingQuerier struct {
	Querier
	n int
}

func (c *countingQuerier) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	c.n++
	return c.Querier.Query(ctx, q, args...)
}

func (c *countingQuerier) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	c.n++
	return c.Querier.QueryRow(ctx, q, args...)
}

func TestEntitledFilterRefusesAnAliasThatIsNotAnIdentifier(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic for a bad alias")
		}
	}()
	EntitledFilter("p; DROP TABLE product2", "", "")
}

func insert(t *testing.T, d *db.DB, object, _ string, cols map[string]any) string {
	t.Helper()
	rec, err := records.NewEngine(d).Create(context.Background(), records.System, object, cols)
	if err != nil {
		t.Fatalf("insert %s: %v", object, err)
	}
	return rec.ID
}

func exec(t *testing.T, d *db.DB, q string, args ...any) {
	t.Helper()
	if _, err := d.Exec(context.Background(), q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func column(t *testing.T, d *db.DB, q string, args ...any) []string {
	t.Helper()
	rows, err := d.Query(context.Background(), q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

func sameSet(m map[string]bool, ids []string) bool {
	sort.Strings(ids)
	if len(m) != len(ids) {
		return false
	}
	for _, id := range ids {
		if !m[id] {
			return false
		}
	}
	return true
}

// Accounts whose buyer groups give them the same books share the prices kept in memory: once one contractor account
// has priced a product, another prices it without a statement. An account with other books never gets theirs.
func TestAccountsWithTheSameBooksShareKeptPrices(t *testing.T) {
	eachSeeded(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		ids := []string{product1, product3, product6}
		for _, f := range []func(ctx context.Context, q Querier, storeID, accountID string, ids []string) (map[string]Price, error){
			Prices, ListingPrices} {
			if _, err := f(ctx, d, demo.StoreID, demo.BuyerAccountID, ids); err != nil {
				t.Fatal(err)
			}
			if _, err := booksOf(ctx, d, demo.StoreID, summitAccount); err != nil { // the account's books, kept apart
				t.Fatal(err)
			}
			before := d.Statements()
			shared, err := f(ctx, d, demo.StoreID, summitAccount, ids)
			if err != nil {
				t.Fatal(err)
			}
			if n := d.Statements() - before; n != 0 || shared[product1].UnitPrice != "5.51" || shared[product1].PricebookID != demo.ContractBook {
				t.Errorf("another contractor account: %d statements, %+v; want none and the contract price 5.51", n, shared[product1])
			}
			other, err := f(ctx, d, demo.StoreID, riversideAccount, ids)
			if err != nil {
				t.Fatal(err)
			}
			if other[product1].UnitPrice != "5.09" || other[product1].PricebookID != demo.EnterpriseBook {
				t.Errorf("an enterprise account got %+v, want its own price 5.09", other[product1])
			}
		}
	})
}

// A page's prices are read from Install's index alone, without a seek in the table per entry.
func TestEntriesReadFromTheIndexAlone(t *testing.T) {
	eachSeeded(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := Install(ctx, d); err != nil {
			t.Fatal(err)
		}
		if d.Dialect != db.SQLite {
			return // the plan checked is SQLite's
		}
		statement, args := entriesSQL([]string{demo.ContractBook, demo.GuestBook}, []string{product1, product3})
		plan := strings.Split(dbtest.QueryPlan(t, d, statement, args...), "\n")
		if len(plan) != 1 || !strings.Contains(plan[0], "COVERING INDEX pricebookentry_prices") {
			t.Fatalf("plan %q, want one search of the covering index pricebookentry_prices", plan)
		}
	})
}

// A books' price table answers every product as the queries do: best price, then priority, then book id; list
// prices from the standard book; no price without an entry in the buyer's books.
func TestPriceTablesAnswerAsQueries(t *testing.T) {
	eachSeeded(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		ids := column(t, d, `SELECT id FROM product2 ORDER BY id`)
		same := func(when string) {
			t.Helper()
			for _, account := range []string{"", demo.BuyerAccountID, riversideAccount, summitAccount} {
				books, err := booksOf(ctx, d, demo.StoreID, account)
				if err != nil {
					t.Fatal(err)
				}
				table, err := loadTable(ctx, d, books)
				if err != nil {
					t.Fatal(err)
				}
				want, err := loadListingPrices(ctx, d, books, ids)
				if err != nil {
					t.Fatal(err)
				}
				if got := table.prices(ids, books.currency); !reflect.DeepEqual(got, want) || len(got) < 100 {
					t.Fatalf("%s, account %q: the table prices %d products, the queries %d; first difference: %s",
						when, account, len(got), len(want), firstDifference(got, want))
				}
			}
		}
		same("the demo's books")
		// A second contractor book at the contractor price: a tie, decided by priority, then by a lower price.
		promo := insert(t, d, "pricebook2", "01s", map[string]any{"name": "Promo", "isactive": true})
		promoEntry := insert(t, d, "pricebookentry", "01u", map[string]any{"pricebook2id": promo, "product2id": product1,
			"unitprice": "5.51", "isactive": true})
		link := insert(t, d, "buyergrouppricebook", "0ZL", map[string]any{"buyergroupid": demo.ContractorsGroup,
			"pricebook2id": promo, "priority": 5, "isactive": true})
		same("a tie at a worse priority")
		exec(t, d, `UPDATE buyergrouppricebook SET priority = 0 WHERE id = ?`, link)
		same("a tie at a better priority")
		exec(t, d, `UPDATE pricebookentry SET unitprice = ? WHERE id = ?`, 510, promoEntry)
		exec(t, d, `UPDATE buyergrouppricebook SET priority = 9 WHERE id = ?`, link)
		same("a lower price at a worse priority")
		exec(t, d, `UPDATE pricebookentry SET isactive = FALSE WHERE id IN (?, ?, ?)`, entryID(1, 0), entryID(3, 2), promoEntry)
		same("inactive entries")
	})
}

func firstDifference(got, want map[string]Price) string {
	for id, w := range want {
		if g := got[id]; !reflect.DeepEqual(g, w) {
			return fmt.Sprintf("%s: table %+v, queries %+v", id, g, w)
		}
	}
	for id, g := range got {
		if _, ok := want[id]; !ok {
			return fmt.Sprintf("%s: table %+v, queries none", id, g)
		}
	}
	return "none"
}

// Once a set of books has priced enough products by query, listing prices come from its table without a
// statement; a catalog write drops the table with the version, and prices follow it.
func TestListingPricesMoveToATableAfterManyMisses(t *testing.T) {
	eachSeeded(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		defer func(n int64) { tableAfterMisses = n }(tableAfterMisses)
		tableAfterMisses = 50
		ids := column(t, d, `SELECT id FROM product2 ORDER BY id`)
		if _, err := ListingPrices(ctx, d, demo.StoreID, demo.BuyerAccountID, ids[:60]); err != nil {
			t.Fatal(err)
		}
		books, err := booksOf(ctx, d, demo.StoreID, demo.BuyerAccountID)
		if err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(10 * time.Second)
		for table, _ := tableFor(d, books); table == nil; table, _ = tableFor(d, books) {
			if time.Now().After(deadline) {
				t.Fatal("no table loaded after 60 products priced by query")
			}
			time.Sleep(10 * time.Millisecond)
		}
		if n := tableGauge(t); n < 100 {
			t.Errorf("/metrics reports a table of %v products", n)
		}
		if _, err := booksOf(ctx, d, demo.StoreID, summitAccount); err != nil { // the account's books, kept apart
			t.Fatal(err)
		}
		before := d.Statements()
		got, err := ListingPrices(ctx, d, demo.StoreID, summitAccount, ids[100:]) // never priced, another account
		if err != nil {
			t.Fatal(err)
		}
		if n := d.Statements() - before; n != 0 || got[product1].UnitPrice != "" || len(got) < 100 {
			t.Fatalf("from the table: %d statements, %d prices; want none and every product's", n, len(got))
		}
		if got, _ := ListingPrices(ctx, d, demo.StoreID, summitAccount, []string{product1}); got[product1].UnitPrice != "5.51" {
			t.Fatalf("product 1 from the table: %+v, want 5.51", got[product1])
		}
		exec(t, d, `UPDATE pricebookentry SET unitprice = ? WHERE id = ?`, 499, entryID(1, 2))
		if got, _ := ListingPrices(ctx, d, demo.StoreID, summitAccount, []string{product1}); got[product1].UnitPrice != "4.99" {
			t.Fatalf("after a price change: %+v, want 4.99", got[product1])
		}
	})
}

// tableGauge is storefront_listing_price_table_products as /metrics reports it.
func tableGauge(t *testing.T) float64 {
	t.Helper()
	families, err := metrics.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() == "storefront_listing_price_table_products" && len(f.GetMetric()) == 1 {
			return f.GetMetric()[0].GetGauge().GetValue()
		}
	}
	t.Fatal("no storefront_listing_price_table_products on /metrics")
	return 0
}

// WarmTables loads the guests' table and those of the buyer groups' sets before anyone searches: every set's
// pages then need no statement. Past the version's budget of tables, a set is priced by query.
func TestWarmTablesLoadTheSharedSets(t *testing.T) {
	eachSeeded(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		ids := column(t, d, `SELECT id FROM product2 ORDER BY id`)
		WarmTables(ctx, d)
		for _, account := range []string{"", demo.BuyerAccountID, riversideAccount} {
			books, err := booksOf(ctx, d, demo.StoreID, account)
			if err != nil {
				t.Fatal(err)
			}
			if table, _ := tableFor(d, books); table == nil {
				t.Fatalf("account %q: no table warmed", account)
			}
			before := d.Statements()
			got, err := ListingPrices(ctx, d, demo.StoreID, account, ids)
			if n := d.Statements() - before; err != nil || n != 0 || len(got) < 100 {
				t.Fatalf("account %q: %d prices in %d statements (%v), want all of them in none", account, len(got), n, err)
			}
		}

		// A catalog write drops the tables; with a budget of one table, the second set to miss gets none.
		defer func(n, m int64) { maxTables, tableAfterMisses = n, m }(maxTables, tableAfterMisses)
		maxTables, tableAfterMisses = 1, 50
		exec(t, d, `UPDATE pricebookentry SET unitprice = ? WHERE id = ?`, 499, entryID(1, 2))
		WarmTables(ctx, d) // the guests' set takes the budget
		books, err := booksOf(ctx, d, demo.StoreID, demo.BuyerAccountID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ListingPrices(ctx, d, demo.StoreID, demo.BuyerAccountID, ids); err != nil {
			t.Fatal(err)
		}
		// Refused a table: marked, so that it is not tried again, with the budget spent (no load started).
		if table, st := tableFor(d, books); table != nil || !st.loading.Load() || st.budget.Load() >= 0 {
			t.Fatalf("past the budget: table %v, loading %v, budget %d; want none, and none to be tried again",
				table != nil, st.loading.Load(), st.budget.Load())
		}
		if got, _ := ListingPrices(ctx, d, demo.StoreID, demo.BuyerAccountID, []string{product1}); got[product1].UnitPrice != "4.99" {
			t.Fatalf("priced by query after the write: %+v, want 4.99", got[product1])
		}
	})
}
