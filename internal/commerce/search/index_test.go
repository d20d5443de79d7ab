package search

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
	"storefront/internal/records"
)

// insertRow adds a record with the records layer's system columns.
func insertRow(t *testing.T, d *db.DB, table, prefix string, cols map[string]any) string {
	t.Helper()
	id := records.NewID(prefix)
	now := time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	names := []string{"id", "recordtypeid", "createddate", "createdbyid", "lastmodifieddate", "lastmodifiedbyid", "systemmodstamp"}
	args := []any{id, records.DefaultRecordTypeID, now, records.StableID("005", 1), now, records.StableID("005", 1), now}
	for k, v := range cols {
		names, args = append(names, k), append(args, v)
	}
	q := "INSERT INTO " + db.Ident(table) + " (" + placeholdersFor(names) + ") VALUES (" + strings.TrimSuffix(strings.Repeat("?, ", len(names)), ", ") + ")"
	if _, err := d.Exec(context.Background(), q, args...); err != nil {
		t.Fatalf("insert %s: %v", table, err)
	}
	return id
}

func placeholdersFor(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += db.Ident(n)
	}
	return out
}

// TestIndexInstallAndTriggers: Install fills the index from products stored before it, is a no-op when current,
// and the triggers keep search_doc and the snapshot version in step with products, category links and
// entitlements written with plain SQL.
func TestIndexInstallAndTriggers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := records.SyncSchema(ctx, d, records.StandardObjects()); err != nil {
			t.Fatal(err)
		}
		before := insertRow(t, d, "product2", "01t", map[string]any{"name": "Early Bird Lamp", "stockkeepingunit": "EBL-1",
			"isactive": true, "family": "Electrical"})
		if err := Install(ctx, d); err != nil {
			t.Fatal(err)
		}
		if err := Install(ctx, d); err != nil { // current: nothing to do
			t.Fatal(err)
		}
		var s snapshots
		snap, stale, err := s.get(ctx, d)
		if err != nil || stale {
			t.Fatal(stale, err)
		}
		if len(snap.all) != 1 || snap.all[0].id != before || snap.all[0].family != "Electrical" || !snap.all[0].active {
			t.Fatalf("backfilled snapshot: %+v", snap.all)
		}
		if hits := matchIDs(t, &s, d, "early lamp"); len(hits) != 1 || hits[0] != before {
			t.Fatalf("term match after backfill: %v", hits)
		}

		category := records.StableID("0ZG", 1)
		policy := records.StableID("1Ce", 1)
		after := insertRow(t, d, "product2", "01t", map[string]any{"name": "Late Owl Lamp", "isactive": true})
		insertRow(t, d, "productcategoryproduct", "0ZH", map[string]any{"productcategoryid": category, "productid": after})
		insertRow(t, d, "commerceentitlementproduct", "1Cp", map[string]any{"policyid": policy, "productid": after})
		snap2, stale, err := s.get(ctx, d)
		if err != nil || stale {
			t.Fatal(stale, err)
		}
		if snap2.version <= snap.version || len(snap2.all) != 2 {
			t.Fatalf("snapshot did not reload: version %d -> %d, %d docs", snap.version, snap2.version, len(snap2.all))
		}
		var late *doc
		for _, x := range snap2.all {
			if x.id == after {
				late = x
			}
		}
		if late == nil || len(late.categories) != 1 || late.categories[0] != category || len(late.policies) != 1 || late.policies[0] != policy {
			t.Fatalf("category and policy not denormalised: %+v", late)
		}
		if _, err := d.Exec(ctx, `UPDATE product2 SET name = 'Late Heron Lamp', isactive = FALSE WHERE id = ?`, after); err != nil {
			t.Fatal(err)
		}
		if hits := matchIDs(t, &s, d, "owl"); len(hits) != 0 {
			t.Fatalf("old name still matches: %v", hits)
		}
		if hits := matchIDs(t, &s, d, "heron"); len(hits) != 1 || hits[0] != after {
			t.Fatalf("new name does not match: %v", hits)
		}
		// The description is searched too, so changing it alone moves the version.
		if _, err := d.Exec(ctx, `UPDATE product2 SET description = 'Brushed brass finish' WHERE id = ?`, after); err != nil {
			t.Fatal(err)
		}
		if hits := matchIDs(t, &s, d, "brass"); len(hits) != 1 || hits[0] != after {
			t.Fatalf("new description does not match: %v", hits)
		}
		if _, err := d.Exec(ctx, `DELETE FROM commerceentitlementproduct WHERE productid = ?`, after); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(ctx, `DELETE FROM productcategoryproduct WHERE productid = ?`, after); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(ctx, `DELETE FROM product2 WHERE id = ?`, after); err != nil {
			t.Fatal(err)
		}
		snap3, _, _ := s.get(ctx, d)
		if len(snap3.all) != 1 {
			t.Fatalf("deleted product still in the snapshot: %d docs", len(snap3.all))
		}
		if hits := matchIDs(t, &s, d, "heron"); len(hits) != 0 {
			t.Fatalf("deleted product still matches: %v", hits)
		}
	})
}

// matchIDs is the ids of the products a term matches in the current snapshot, in name order.
func matchIDs(t *testing.T, s *snapshots, d *db.DB, term string) []string {
	t.Helper()
	snap, stale, err := s.get(context.Background(), d)
	if err != nil || stale {
		t.Fatal(stale, err)
	}
	matched, _ := snap.text.match(queryWords(term), nil)
	ids := []string{}
	for _, i := range matched.ToArray() {
		ids = append(ids, snap.all[i].id)
	}
	return ids
}

func TestQueryWords(t *testing.T) {
	if got := strings.Join(queryWords("  Nitrile GLOVES, nitrile; PEN-000012 "), " "); got != "nitrile gloves pen 000012" {
		t.Fatalf("query words %q", got)
	}
	if len(queryWords(`"*:&|!()`)) != 0 {
		t.Fatal("punctuation gives words")
	}
}

func TestSortRuleIDs(t *testing.T) {
	for _, r := range sortRules {
		got, ok := findSortRule(r.SortRuleID[:15])
		if !ok || got.SortRuleID != r.SortRuleID {
			t.Fatalf("15-character id of %s", r.SortRuleID)
		}
	}
	if r, ok := findSortRule("Name:Descending"); !ok || r.kind != sortNameDesc {
		t.Fatal("Name:Descending")
	}
	if _, ok := findSortRule("Colour"); ok {
		t.Fatal("unknown rule accepted")
	}
}

// eachWord must split exactly as words does, which queries use: the index and the queries must agree on words.
func TestEachWordSplitsAsWords(t *testing.T) {
	for _, text := range []string{"", "  ", "Keystone Nitrile Gloves, Size M", "PEN-000012", "a1B2 c__D", "x",
		"Ends with a word", "Crème Brûlée 2L", "ÄÖÜ straße", "tab\tand\nnewline", "émigré-Café"} {
		var got []string
		eachWord(text, nil, func(w []byte) { got = append(got, string(w)) })
		if want := words(text); strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
			t.Errorf("eachWord(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestLargeCataloguesDoNotWaitForAReload: past waitedReload products, searches answer from the snapshot they have
// while a reload runs, marked stale, and the next search after it sees the writes; below it they wait. A reload
// that fails answers its error and is tried again; a search whose context ends stops waiting.
func TestLargeCataloguesDoNotWaitForAReload(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := records.SyncSchema(ctx, d, records.StandardObjects()); err != nil {
			t.Fatal(err)
		}
		if err := Install(ctx, d); err != nil {
			t.Fatal(err)
		}
		lamp := func(name string) string {
			return insertRow(t, d, "product2", "01t", map[string]any{"name": name, "isactive": true})
		}
		lamp("Early Bird Lamp")
		lamp("Desk Lamp")
		s := snapshots{waited: 1} // two products are "large"
		if snap, stale, err := s.get(ctx, d); err != nil || stale || len(snap.all) != 2 {
			t.Fatalf("first load: stale %v, err %v", stale, err)
		}

		release := make(chan struct{})
		s.beforeLoad = func() error { <-release; return nil }
		late := lamp("Late Owl Lamp")
		for range 3 { // all of them share the one reload held
			snap, stale, err := s.get(ctx, d)
			if err != nil || !stale || len(snap.all) != 2 {
				t.Fatalf("while the reload is held: %d products, stale %v, err %v", len(snap.all), stale, err)
			}
		}
		close(release)
		if snap := waitForReload(t, &s, d, 3); !slices.ContainsFunc(snap.all, func(x *doc) bool { return x.id == late }) {
			t.Fatalf("after the reload: %s is not among the products", late)
		}

		// A small catalogue waits for the reload: the search sees the write before it.
		s.waited = 1000
		release = make(chan struct{})
		lamp("Small Lamp")
		go func() { time.Sleep(50 * time.Millisecond); close(release) }()
		if snap, stale, err := s.get(ctx, d); err != nil || stale || len(snap.all) != 4 {
			t.Fatalf("a small catalogue: %d products, stale %v, err %v", len(snap.all), stale, err)
		}

		// A failed reload answers its error to the searches that waited for it; the next search reloads again.
		s.beforeLoad = func() error { return errors.New("the disk is gone") }
		lamp("Third Lamp")
		if _, _, err := s.get(ctx, d); err == nil || err.Error() != "the disk is gone" {
			t.Fatalf("a failed reload: %v", err)
		}
		release = make(chan struct{})
		s.beforeLoad = func() error { <-release; return nil }
		cancelled, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
		defer cancel()
		if _, _, err := s.get(cancelled, d); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("a search whose context ends while it waits: %v", err)
		}
		close(release)
		if snap, stale, err := s.get(ctx, d); err != nil || stale || len(snap.all) != 5 {
			t.Fatalf("after a failed reload: stale %v, err %v", stale, err)
		}
	})
}

// waitForReload asks until the answer is not stale, and wants products products in it.
func waitForReload(t *testing.T, s *snapshots, d *db.DB, products int) *snapshot {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		snap, stale, err := s.get(context.Background(), d)
		if err != nil {
			t.Fatal(err)
		}
		if !stale {
			if len(snap.all) != products {
				t.Fatalf("after the reload: %d products, want %d", len(snap.all), products)
			}
			return snap
		}
		if time.Now().After(deadline) {
			t.Fatal("the reload never ended")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
