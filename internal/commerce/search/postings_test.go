package search_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"storefront/internal/commerce/pricing"
	"storefront/internal/demo"
	"storefront/internal/records"
)

// TestCategoryPostings checks the snapshot's posting lists and visibility bitmaps against SQL oracles: a listing
// holds exactly the entitled products of the category and its descendants, in name order on every page and in
// both name orders; each buyer group sees its own products; edits to a product's categories and to the category
// tree are seen by the next search.
func TestCategoryPostings(t *testing.T) {
	eachDemo(t, func(t *testing.T, f *fixture) {
		f.run("listing is the category's subtree, entitled, in name order", listingMatchesOracle)
		f.run("entitlement per buyer group", entitlementPerGroup)
		f.run("category edits seen by the next search", categoryEdits)
	})
}

// listingIDs pages through a category listing (as the buyer, or a guest for token "") with the given sort rule.
func (f *fixture) listingIDs(token, category, sortRule string) []string {
	f.t.Helper()
	var out []string
	for page := 0; ; page++ {
		raw, _ := json.Marshal(map[string]any{"categoryId": category, "pageSize": 7, "page": page, "sortRuleId": sortRule})
		var r results
		if status := f.call(http.MethodPost, "search/product-search", token, string(raw), &r); status != http.StatusCreated {
			f.t.Fatalf("listing %s: status %d", raw, status)
		}
		for _, p := range r.ProductsPage.Products {
			out = append(out, p.ID)
		}
		if len(r.ProductsPage.Products) == 0 || len(out) >= r.ProductsPage.Total {
			if len(out) != r.ProductsPage.Total {
				f.t.Fatalf("listing %s: %d products over the pages, total %d", category, len(out), r.ProductsPage.Total)
			}
			return out
		}
	}
}

// oracleListing is the listing computed in SQL: the active products the account (or the guest, for "") is
// entitled to, linked to the category or a descendant, sorted by lower-case name then id.
func (f *fixture) oracleListing(accountID, category string) []string {
	f.t.Helper()
	ctx := context.Background()
	children := map[string][]string{}
	rows, err := f.d.Query(ctx, `SELECT id, COALESCE(parentcategoryid, '') FROM productcategory`)
	if err != nil {
		f.t.Fatal(err)
	}
	for rows.Next() {
		var id, parent string
		if err := rows.Scan(&id, &parent); err != nil {
			f.t.Fatal(err)
		}
		children[parent] = append(children[parent], id)
	}
	rows.Close()
	subtree := map[string]bool{}
	var walk func(string)
	walk = func(id string) {
		subtree[id] = true
		for _, c := range children[id] {
			walk(c)
		}
	}
	walk(category)

	pred, args := pricing.EntitledFilter("p", demo.StoreID, accountID)
	rows, err = f.d.Query(ctx, `SELECT DISTINCT p.id, COALESCE(p.name, ''), pcp.productcategoryid FROM product2 p
		JOIN productcategoryproduct pcp ON pcp.productid = p.id WHERE `+pred, args...)
	if err != nil {
		f.t.Fatal(err)
	}
	defer rows.Close()
	type named struct{ id, name string }
	seen := map[string]bool{}
	var ps []named
	for rows.Next() {
		var id, name, cat string
		if err := rows.Scan(&id, &name, &cat); err != nil {
			f.t.Fatal(err)
		}
		if subtree[cat] && !seen[id] {
			seen[id] = true
			ps = append(ps, named{id, strings.ToLower(name)})
		}
	}
	slices.SortFunc(ps, func(a, b named) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		return strings.Compare(a.id, b.id)
	})
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.id
	}
	return out
}

func topCategories(t *testing.T, f *fixture) []string {
	var out []string
	rows, err := f.d.Query(context.Background(), `SELECT id FROM productcategory WHERE parentcategoryid IS NULL ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		out = append(out, id)
	}
	return out
}

func listingMatchesOracle(t *testing.T, f *fixture) {
	tops := topCategories(t, f)
	if len(tops) < 2 {
		t.Fatalf("demo top-level categories: %v", tops)
	}
	for _, top := range tops {
		want := f.oracleListing(demo.BuyerAccountID, top)
		if len(want) == 0 {
			t.Fatalf("category %s: the oracle finds no products", top)
		}
		if got := f.listingIDs(f.buyerToken, top, ""); !slices.Equal(got, want) {
			t.Fatalf("category %s listing:\n got %v\nwant %v", top, got, want)
		}
		desc := f.listingIDs(f.buyerToken, top, "Name:Descending")
		slices.Reverse(desc)
		if !slices.Equal(desc, want) {
			t.Fatalf("category %s by name descending is not the reverse of the listing", top)
		}
	}
}

// entitlementPerGroup gives a policy to the guest buyer group only and moves a product the buyer sees to a policy
// of the buyer's group that hides prices: the guest and the buyer each see their own products, and the buyer the
// product without its price.
func entitlementPerGroup(t *testing.T, f *fixture) {
	ctx := context.Background()
	create := func(object string, fields map[string]any) string {
		rec, err := f.engine.Create(ctx, f.staff, object, fields)
		if err != nil {
			t.Fatalf("create %s: %v", object, err)
		}
		return rec.ID
	}
	var guestGroup, buyerGroup string
	if err := f.d.QueryRow(ctx, `SELECT guestbuyergroupid FROM webstore WHERE id = ?`, demo.StoreID).Scan(&guestGroup); err != nil {
		t.Fatal(err)
	}
	if err := f.d.QueryRow(ctx, `SELECT m.buyergroupid FROM buyergroupmember m
		JOIN webstorebuyergroup sg ON sg.buyergroupid = m.buyergroupid
		WHERE m.buyerid = ? AND sg.webstoreid = ? ORDER BY m.buyergroupid LIMIT 1`, demo.BuyerAccountID, demo.StoreID).Scan(&buyerGroup); err != nil {
		t.Fatal(err)
	}
	top := topCategories(t, f)[0]
	var leaf string
	if err := f.d.QueryRow(ctx, `SELECT c.id FROM productcategory c WHERE c.parentcategoryid = ?
		AND EXISTS (SELECT 1 FROM productcategoryproduct pcp WHERE pcp.productcategoryid = c.id) ORDER BY c.id LIMIT 1`, top).Scan(&leaf); err != nil {
		t.Fatal(err)
	}

	guestPolicy := create("CommerceEntitlementPolicy", map[string]any{"Name": "Guests only", "IsActive": true,
		"CanViewProduct": true, "CanViewPrice": true})
	create("CommerceEntitlementBuyerGroup", map[string]any{"PolicyId": guestPolicy, "BuyerGroupId": guestGroup})
	guestOnly := create("Product2", map[string]any{"Name": "Aardvark Guest Sampler", "StockKeepingUnit": "AGS-1",
		"IsActive": true})
	create("ProductCategoryProduct", map[string]any{"ProductCategoryId": leaf, "ProductId": guestOnly})
	create("CommerceEntitlementProduct", map[string]any{"PolicyId": guestPolicy, "ProductId": guestOnly})

	buyerList := f.listingIDs(f.buyerToken, top, "")
	guestList := f.listingIDs("", top, "")
	if want := f.oracleListing(demo.BuyerAccountID, top); !slices.Equal(buyerList, want) || slices.Contains(buyerList, guestOnly) {
		t.Fatalf("buyer listing:\n got %v\nwant %v (without %s)", buyerList, want, guestOnly)
	}
	if want := f.oracleListing("", top); !slices.Equal(guestList, want) || !slices.Contains(guestList, guestOnly) {
		t.Fatalf("guest listing:\n got %v\nwant %v (with %s)", guestList, want, guestOnly)
	}

	// A priced product the buyer sees, moved to a policy that shows the product but not its price.
	priced := f.search(`{"categoryId": "` + top + `", "pageSize": 1, "includePrices": true}`).ProductsPage.Products
	if len(priced) != 1 || priced[0].Prices == nil {
		t.Fatalf("first product of %s has no price: %+v", top, priced)
	}
	hidden := priced[0].ID
	noPrice := create("CommerceEntitlementPolicy", map[string]any{"Name": "No prices", "IsActive": true,
		"CanViewProduct": true, "CanViewPrice": false})
	create("CommerceEntitlementBuyerGroup", map[string]any{"PolicyId": noPrice, "BuyerGroupId": buyerGroup})
	if _, err := f.d.Exec(ctx, `DELETE FROM commerceentitlementproduct WHERE productid = ?`, hidden); err != nil {
		t.Fatal(err)
	}
	create("CommerceEntitlementProduct", map[string]any{"PolicyId": noPrice, "ProductId": hidden})
	again := f.search(`{"categoryId": "` + top + `", "pageSize": 1, "includePrices": true}`).ProductsPage.Products
	if len(again) != 1 || again[0].ID != hidden || again[0].Prices != nil {
		t.Fatalf("product under a policy hiding prices: %+v, want %s with prices null", again, hidden)
	}
}

// categoryEdits moves a product between categories, then moves a category under another top-level category: each
// listing reflects the edit at once.
func categoryEdits(t *testing.T, f *fixture) {
	ctx := context.Background()
	tops := topCategories(t, f)
	from, to := tops[0], tops[1]
	before := f.listingIDs(f.buyerToken, from, "")
	product := before[0]
	if slices.Contains(f.listingIDs(f.buyerToken, to, ""), product) {
		t.Skipf("demo product %s is under both %s and %s", product, from, to)
	}
	var toLeaf string
	if err := f.d.QueryRow(ctx, `SELECT id FROM productcategory WHERE parentcategoryid = ? ORDER BY id LIMIT 1`, to).Scan(&toLeaf); err != nil {
		t.Fatal(err)
	}
	if _, err := f.d.Exec(ctx, `UPDATE productcategoryproduct SET productcategoryid = ? WHERE productid = ?`, toLeaf, product); err != nil {
		t.Fatal(err)
	}
	if got := f.listingIDs(f.buyerToken, from, ""); slices.Contains(got, product) || len(got) != len(before)-1 {
		t.Fatalf("product %s still listed under %s after it moved", product, from)
	}
	if got := f.listingIDs(f.buyerToken, to, ""); !slices.Contains(got, product) || !slices.Equal(got, f.oracleListing(demo.BuyerAccountID, to)) {
		t.Fatalf("product %s not listed under %s after it moved there", product, to)
	}

	// The tree itself: a child category of from moves under to, with its products.
	var child string
	if err := f.d.QueryRow(ctx, `SELECT c.id FROM productcategory c WHERE c.parentcategoryid = ?
		AND EXISTS (SELECT 1 FROM productcategoryproduct pcp WHERE pcp.productcategoryid = c.id) ORDER BY c.id LIMIT 1`, from).Scan(&child); err != nil {
		t.Fatal(err)
	}
	if _, err := f.engine.Update(ctx, f.staff, child, map[string]any{"ParentCategoryId": to}, records.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, top := range []string{from, to} {
		if got, want := f.listingIDs(f.buyerToken, top, ""), f.oracleListing(demo.BuyerAccountID, top); !slices.Equal(got, want) {
			t.Fatalf("after moving category %s, listing of %s:\n got %v\nwant %v", child, top, got, want)
		}
	}
}
