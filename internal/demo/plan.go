package demo

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"storefront/internal/platform/db"
)

// loadPlan reads from the database where generated products go in the store: its catalogue's leaf categories, its
// price books (the standard and guest books and its buyer groups' books) and its entitlement policies. It also
// returns the store's creator, who creates the generated rows.
func loadPlan(ctx context.Context, d *db.DB) (*catalogPlan, string, error) {
	var store, standard, guest, creator string
	err := d.QueryRow(ctx, `SELECT id, COALESCE(standardpricebookid, ''), COALESCE(guestpricebookid, ''),
		COALESCE(createdbyid, '') FROM "webstore" ORDER BY id LIMIT 1`).Scan(&store, &standard, &guest, &creator)
	if err != nil {
		return nil, "", fmt.Errorf("demo: read the store: %w", err)
	}
	plan := &catalogPlan{leaves: leafCategories(flattenTree())}
	if plan.categoryIDs, err = leafCategoryIDs(ctx, d, store, plan.leaves); err != nil {
		return nil, "", err
	}
	groupBooks, err := db.Strings(ctx, d, `SELECT DISTINCT b.pricebook2id FROM "buyergrouppricebook" b
		JOIN "webstorebuyergroup" g ON g.buyergroupid = b.buyergroupid WHERE g.webstoreid = ?`, store)
	if err != nil {
		return nil, "", err
	}
	plan.books = bookSlots(standard, guest, groupBooks)
	if plan.policies, err = db.Strings(ctx, d, `SELECT DISTINCT e.policyid FROM "commerceentitlementbuyergroup" e
		JOIN "webstorebuyergroup" g ON g.buyergroupid = e.buyergroupid WHERE g.webstoreid = ?`, store); err != nil {
		return nil, "", err
	}
	demo := demoPlan()
	schedules, err := db.Strings(ctx, d, `SELECT id FROM "priceadjustmentschedule" WHERE id IN (?, ?)`,
		demo.volumeID, demo.caseBreakID)
	if err != nil {
		return nil, "", err
	}
	if slices.Contains(schedules, demo.volumeID) {
		plan.volumeID = demo.volumeID
	}
	if slices.Contains(schedules, demo.caseBreakID) {
		plan.caseBreakID = demo.caseBreakID
	}
	return plan, creator, plan.validate()
}

// leafCategoryIDs maps each word-list leaf to a category of the store's catalogue: the demo category of that leaf
// when the catalogue has it, otherwise the catalogue's leaf categories in turn.
func leafCategoryIDs(ctx context.Context, d *db.DB, store string, leaves []category) ([]string, error) {
	rows, err := d.Query(ctx, `SELECT c.id, COALESCE(c.parentcategoryid, '') FROM "productcategory" c
		JOIN "webstorecatalog" s ON s.productcatalogid = c.catalogid WHERE s.salesstoreid = ?`, store)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var all []string
	parents := map[string]bool{}
	for rows.Next() {
		var id, parent string
		if err := rows.Scan(&id, &parent); err != nil {
			return nil, err
		}
		all = append(all, id)
		parents[parent] = true
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var dbLeaves []string
	for _, id := range all {
		if !parents[id] {
			dbLeaves = append(dbLeaves, id)
		}
	}
	if len(dbLeaves) == 0 {
		return nil, nil
	}
	slices.Sort(dbLeaves)
	out := make([]string, len(leaves))
	for i, l := range leaves {
		if _, ok := slices.BinarySearch(dbLeaves, l.ID); ok {
			out[i] = l.ID
		} else {
			out[i] = dbLeaves[i%len(dbLeaves)]
		}
	}
	return out, nil
}

// bookSlots numbers the price books: the demo's books keep their own slots and discounts, others follow at list
// price. Only the standard book goes without volume tiers.
func bookSlots(standard, guest string, groupBooks []string) []bookPlan {
	demo := demoPlan()
	known := map[string]bookPlan{}
	for _, b := range demo.books {
		known[b.ID] = b
	}
	var out []bookPlan
	seen := map[string]bool{}
	nextSlot := len(demo.books)
	for _, id := range append([]string{standard, guest}, groupBooks...) {
		if id == "" || seen[id] {
			continue
		}
		seen[id] = true
		b, ok := known[id]
		if !ok {
			b = bookPlan{Slot: nextSlot, ID: id, Tiers: id != standard}
			nextSlot++
		}
		out = append(out, b)
	}
	return out
}

// nextProductNumber is one more than the highest stable product number in the database.
func nextProductNumber(ctx context.Context, d *db.DB) (int, error) {
	ids, err := db.Strings(ctx, d, `SELECT id FROM "product2" WHERE id LIKE ?`, prefixProduct+"0S%")
	if err != nil {
		return 0, err
	}
	highest := int64(0)
	for _, id := range ids {
		if n, ok := stableNumber(id); ok && n > highest {
			highest = n
		}
	}
	return int(highest) + 1, nil
}

// stableNumber decodes the n of records.StableID(prefix, n).
func stableNumber(id string) (int64, bool) {
	if len(id) < 15 || id[3:5] != "0S" {
		return 0, false
	}
	const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	var n int64
	for _, c := range []byte(id[5:15]) {
		v := strings.IndexByte(base62, c)
		if v < 0 {
			return 0, false
		}
		n = n*62 + int64(v)
	}
	return n, true
}
