package demo

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"storefront/internal/domains"
	"storefront/internal/platform/db"
	"storefront/internal/records"
	"storefront/internal/records/recordstest"
)

var (
	openSynced = recordstest.Open
	eachSynced = recordstest.Each
)

// engineOf is the app's engine over d, with every domain's rules.
func engineOf(d *db.DB) *records.Engine {
	engine, _ := domains.Engine(d, nil)
	return engine
}

func seedDemo(t *testing.T, d *db.DB) {
	t.Helper()
	seeded, err := Seed(context.Background(), engineOf(d), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !seeded {
		t.Fatal("Seed reported nothing seeded into an empty database")
	}
}

func count(t *testing.T, d *db.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

func TestSeedDemoStore(t *testing.T) {
	eachSynced(t, func(t *testing.T, d *db.DB) {
		seedDemo(t, d)
		atLeast := map[string]int{
			`SELECT COUNT(*) FROM "product2"`:                                       300,
			`SELECT COUNT(*) FROM "productcategory"`:                                30,
			`SELECT COUNT(*) FROM "productcategory" WHERE parentcategoryid IS NULL`: 8,
			// third level: a category whose parent has a parent
			`SELECT COUNT(*) FROM "productcategory" c JOIN "productcategory" p ON p.id = c.parentcategoryid
				WHERE p.parentcategoryid IS NOT NULL`: 1,
			`SELECT COUNT(*) FROM "buyergroup"`:                                                 2,
			`SELECT COUNT(*) FROM "priceadjustmenttier"`:                                        2,
			`SELECT COUNT(*) FROM "pricebookentry" WHERE priceadjustmentscheduleid IS NOT NULL`: 1,
			`SELECT COUNT(*) FROM "product2" WHERE purchasequantityincrement IS NOT NULL`:       1,
			`SELECT COUNT(*) FROM "productinventory" WHERE quantityonhand = 0`:                  1,
			`SELECT COUNT(*) FROM "productinventory" WHERE quantityonhand BETWEEN 1 AND 5`:      1,
		}
		for q, want := range atLeast {
			if got := count(t, d, q); got < want {
				t.Errorf("%s = %d, want at least %d", q, got, want)
			}
		}
		exactly := map[string]int{
			`SELECT COUNT(*) FROM "webstore"`:               1,
			`SELECT COUNT(*) FROM "pricebook2"`:             4,
			`SELECT COUNT(*) FROM "orderdeliverymethod"`:    2,
			`SELECT COUNT(*) FROM "coupon"`:                 3,
			`SELECT COUNT(*) FROM "promotion"`:              4,
			`SELECT COUNT(*) FROM "taxrate" WHERE isactive`: 7,
			// every product: one entry per book, stock, a primary category that is a leaf, two media, entitlement
			`SELECT COUNT(*) FROM "product2" p WHERE (SELECT COUNT(*) FROM "pricebookentry" e WHERE e.product2id = p.id) <> 4`:                                0,
			`SELECT COUNT(*) FROM "product2" p WHERE NOT EXISTS (SELECT 1 FROM "productinventory" i WHERE i.productid = p.id)`:                                0,
			`SELECT COUNT(*) FROM "product2" p WHERE (SELECT COUNT(*) FROM "productmedia" m WHERE m.productid = p.id) <> 2`:                                   0,
			`SELECT COUNT(*) FROM "product2" p WHERE NOT EXISTS (SELECT 1 FROM "commerceentitlementproduct" e WHERE e.productid = p.id)`:                      0,
			`SELECT COUNT(*) FROM "productcategoryproduct" l WHERE EXISTS (SELECT 1 FROM "productcategory" c WHERE c.parentcategoryid = l.productcategoryid)`: 0,
			`SELECT COUNT(*) FROM "navigationlinkset" WHERE developername IN ('Default_Navigation4', 'Default_User_Profile_Menu3')`:                           2,
			`SELECT COUNT(*) FROM "navigationmenuitem" i JOIN "navigationlinkset" s ON s.id = i.navigationlinksetid
				WHERE s.developername = 'Default_User_Profile_Menu3' AND i.label = 'Log Out' AND i.type = 'Event'`: 1,
			`SELECT COUNT(*) FROM "user" WHERE username IN ('buyer@example.com', 'manager@example.com', 'admin@example.com')`: 3,
		}
		for q, want := range exactly {
			if got := count(t, d, q); got != want {
				t.Errorf("%s = %d, want %d", q, got, want)
			}
		}
		if n := count(t, d, `SELECT COUNT(*) FROM "managedaccount" WHERE userid = ?`, ManagerUserID); n < 3 {
			t.Errorf("manager has %d managed accounts, want at least 3", n)
		}
		// Each account has a default shipping and a default billing address.
		if n := count(t, d, `SELECT COUNT(*) FROM "account" a WHERE (SELECT COUNT(*) FROM "contactpointaddress" c
			WHERE c.parentid = a.id AND c.isdefault = ?) <> 2`, true); n != 0 {
			t.Errorf("%d accounts lack exactly one default shipping and one default billing address", n)
		}
		// The main menu: Home plus at least eight top-level categories, so a 900 px bar overflows into More.
		if n := count(t, d, `SELECT COUNT(*) FROM "navigationmenuitem" i JOIN "navigationlinkset" s ON s.id = i.navigationlinksetid
			WHERE s.developername = 'Default_Navigation4' AND i.parentid IS NULL`); n < 9 {
			t.Errorf("main menu has %d top-level items, want at least 9", n)
		}
		var name, site, community, countries, tax string
		var guestBrowsing, guestCart bool
		err := d.QueryRow(context.Background(), `SELECT name, siteid, communityid, shippingcountries, taxtype,
			guestbrowsingenabled, guestcartenabled FROM "webstore" WHERE id = ?`, StoreID).
			Scan(&name, &site, &community, &countries, &tax, &guestBrowsing, &guestCart)
		if err != nil {
			t.Fatal(err)
		}
		if name != StoreName || site[:3] != "0DM" || community[:3] != "0DB" || countries != "US;CA" || tax != "Net" ||
			!guestBrowsing || !guestCart {
			t.Errorf("store settings = %q %q %q %q %q %v %v", name, site, community, countries, tax, guestBrowsing, guestCart)
		}
		// Negotiated prices are exact: 8% off 5.99 is 5.51 (5.5108 rounded), 15% off is 5.09. Currency is stored in
		// whole cents.
		var contractor int64
		if err := d.QueryRow(context.Background(), `SELECT unitprice FROM "pricebookentry" WHERE pricebook2id = ? AND product2id = ?`,
			ContractBook, records.StableID(prefixProduct, 1)).Scan(&contractor); err != nil {
			t.Fatal(err)
		}
		list := makeProduct(1, leafCategories(flattenTree())).ListCents
		if want := discounted(list, 8); contractor != want {
			t.Errorf("contractor price of product 1 = %d cents, want %d (list %s)", contractor, want, money(list))
		}
	})
}

func TestSeedTwiceDoesNotDuplicate(t *testing.T) {
	eachSynced(t, func(t *testing.T, d *db.DB) {
		seedDemo(t, d)
		before := count(t, d, `SELECT COUNT(*) FROM "product2"`)
		seeded, err := Seed(context.Background(), engineOf(d), Options{})
		if err != nil || seeded {
			t.Fatalf("second seed: seeded=%v err=%v, want nothing done", seeded, err)
		}
		if after := count(t, d, `SELECT COUNT(*) FROM "product2"`); after != before {
			t.Fatalf("products %d -> %d after a second seed", before, after)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM "user"`); n != len(Users) {
			t.Fatalf("%d users after a second seed, want %d", n, len(Users))
		}
	})
}

// digest hashes the ids and key values of the seeded rows, to compare two databases.
func digest(t *testing.T, d *db.DB) string {
	t.Helper()
	h := sha256.New()
	for _, q := range []string{
		`SELECT id || '|' || name || '|' || stockkeepingunit FROM "product2" ORDER BY id`,
		`SELECT id || '|' || product2id || '|' || CAST(unitprice AS TEXT) FROM "pricebookentry" ORDER BY id`,
		`SELECT id || '|' || name || '|' || COALESCE(parentcategoryid, '') FROM "productcategory" ORDER BY id`,
		`SELECT id || '|' || label || '|' || COALESCE(parentid, '') FROM "navigationmenuitem" ORDER BY id`,
		`SELECT id || '|' || contentkey FROM "managedcontent" ORDER BY id`,
		`SELECT id || '|' || name FROM "account" ORDER BY id`,
		`SELECT id || '|' || username FROM "user" ORDER BY id`,
		`SELECT id || '|' || accountid FROM "managedaccount" ORDER BY id`,
	} {
		rows, err := db.Strings(context.Background(), d, q)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			fmt.Fprintln(h, r)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

func TestSeedIdsAreStableAcrossDatabases(t *testing.T) {
	first, second := openSynced(t, "sqlite"), openSynced(t, "sqlite")
	seedDemo(t, first)
	seedDemo(t, second)
	want := digest(t, first)
	if got := digest(t, second); got != want {
		t.Fatal("two seeds into two fresh SQLite databases differ")
	}
	t.Run("postgres", func(t *testing.T) {
		pg := openSynced(t, "postgres")
		seedDemo(t, pg)
		if got := digest(t, pg); got != want {
			t.Fatal("the PostgreSQL seed differs from the SQLite one")
		}
	})
}

func TestSeedLeavesNothingHalfWritten(t *testing.T) {
	eachSynced(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		// A product already holding a seeded id makes the seed's insert fail midway.
		if _, err := d.Exec(ctx, `INSERT INTO "product2" (id, name) VALUES (?, ?)`, records.StableID(prefixProduct, 250), "Squatter"); err != nil {
			t.Fatal(err)
		}
		if _, err := Seed(ctx, engineOf(d), Options{}); err == nil {
			t.Fatal("seed over a conflicting product succeeded")
		}
		for _, table := range []string{"webstore", "account", "user", "productcategory", "pricebookentry", "navigationmenuitem"} {
			if n := count(t, d, `SELECT COUNT(*) FROM "`+table+`"`); n != 0 {
				t.Errorf("%s has %d rows after a failed seed, want 0", table, n)
			}
		}
		if n := count(t, d, `SELECT COUNT(*) FROM "product2"`); n != 1 {
			t.Errorf("product2 has %d rows after a failed seed, want only the squatter", n)
		}
		// Once the conflict is gone, seeding again completes.
		if _, err := d.Exec(ctx, `DELETE FROM "product2"`); err != nil {
			t.Fatal(err)
		}
		seedDemo(t, d)
		if n := count(t, d, `SELECT COUNT(*) FROM "account"`); n != len(demoAccounts) {
			t.Errorf("%d accounts after the resumed seed, want %d", n, len(demoAccounts))
		}
	})
}

func TestSeedProductsGeneratesTheSameShape(t *testing.T) {
	eachSynced(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		opt := Options{ChunkSize: 700}
		// No store yet: the demo store comes first, then 2000 more products in chunks of 700.
		if err := SeedProducts(ctx, engineOf(d), 2000, opt); err != nil {
			t.Fatal(err)
		}
		if n := count(t, d, `SELECT COUNT(*) FROM "product2"`); n != DemoProducts+2000 {
			t.Fatalf("%d products, want %d", n, DemoProducts+2000)
		}
		if err := SeedProducts(ctx, engineOf(d), 100, opt); err != nil {
			t.Fatalf("a second run must continue the numbering: %v", err)
		}
		total := DemoProducts + 2100
		for q, want := range map[string]int{
			`SELECT COUNT(*) FROM "product2"`:                                                total,
			`SELECT COUNT(DISTINCT stockkeepingunit) FROM "product2"`:                        total,
			`SELECT COUNT(*) FROM "pricebookentry"`:                                          total * 4,
			`SELECT COUNT(*) FROM "productinventory"`:                                        total,
			`SELECT COUNT(*) FROM "productmedia"`:                                            total * 2,
			`SELECT COUNT(*) FROM "commerceentitlementproduct"`:                              total,
			`SELECT COUNT(*) FROM "productcategoryproduct" WHERE isprimarycategory = TRUE`:   total,
			`SELECT COUNT(*) FROM "managedcontent" WHERE url LIKE '/cms/delivery/media/MC%'`: total + 65 + 2,
			`SELECT COUNT(*) FROM "webstore"`:                                                1,
		} {
			if got := count(t, d, q); got != want {
				t.Errorf("%s = %d, want %d", q, got, want)
			}
		}
		last := records.StableID(prefixProduct, int64(total))
		if n := count(t, d, `SELECT COUNT(*) FROM "product2" WHERE id = ?`, last); n != 1 {
			t.Errorf("product number %d (%s) is missing", total, last)
		}
	})
}

// The seeded cases are ordinary records: the engine reads them, and the next case continues their numbering.
func TestSeededCasesAreRecords(t *testing.T) {
	eachSynced(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		seedDemo(t, d)
		eng := engineOf(d)
		seeded, err := eng.Get(ctx, records.System, records.StableID("500", 4))
		if err != nil {
			t.Fatal(err)
		}
		if seeded.Values["Status"] != "Closed" || seeded.Values["IsClosed"] != true || seeded.Values["CaseNumber"] != "00001004" {
			t.Fatalf("seeded case 4: %v", seeded.Values)
		}
		created, err := eng.Create(ctx, records.System, "Case", map[string]any{"Subject": "Pallet wrap", "Status": "New"})
		if err != nil {
			t.Fatal(err)
		}
		if created.Values["CaseNumber"] != "00001007" {
			t.Fatalf("the next case number is %v, want 00001007", created.Values["CaseNumber"])
		}
	})
}
