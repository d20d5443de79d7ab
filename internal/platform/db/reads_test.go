package db_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// TestReadsFollowTheTablesRead: an answer tracked while built is current until a table it read changes, by any
// writer; one that read an untracked table, wrote, or read the time is not keepable.
func TestReadsFollowTheTablesRead(t *testing.T) {
	for kind, u := range dbtest.URLs(t) {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			mine, other := openTwice(t, u)
			for _, stmt := range []string{
				`CREATE TABLE probe_case (id TEXT PRIMARY KEY, subject TEXT)`,
				`CREATE TABLE probe_note (id TEXT PRIMARY KEY, body TEXT)`,
				`CREATE TABLE probe_cart (id TEXT PRIMARY KEY, qty BIGINT)`,
				`INSERT INTO probe_case VALUES ('1', 'first')`, `INSERT INTO probe_note VALUES ('1', 'note')`,
			} {
				if _, err := mine.Exec(ctx, stmt); err != nil {
					t.Fatal(err)
				}
			}
			for _, d := range []*db.DB{mine, other} { // every instance installs at start
				err := d.InstallVersionTriggers(ctx, db.VersionedTables{db.Catalog: {"probe_price"}, db.Sessions: {"sf_session"}}, "probe_cart")
				if err != nil {
					t.Fatal(err)
				}
				if _, err := d.RefreshVersions(ctx); err != nil { // as Watch does first, before serving
					t.Fatal(err)
				}
			}
			watch, stop := context.WithCancel(ctx)
			defer stop()
			go mine.Watch(watch, nil, slog.New(slog.DiscardHandler))

			build := func(query string) *db.Reads {
				t.Helper()
				tracked, reads := mine.Track(ctx)
				rows, err := mine.Query(tracked, query)
				if err != nil {
					t.Fatal(err)
				}
				rows.Close()
				return reads
			}
			page := build(`SELECT c.subject, "probe_price".amount FROM probe_case c LEFT JOIN "probe_price" ON 1 = 0 ORDER BY c.id`)
			if !page.Keepable() || !page.Current() {
				t.Fatalf("a read of followed tables: keepable %v (%s), current %v", page.Keepable(), page.Why(), page.Current())
			}
			// A table the answer did not read changes: it stays current.
			if _, err := other.Exec(ctx, `UPDATE probe_note SET body = 'changed'`); err != nil {
				t.Fatal(err)
			}
			if _, err := mine.Exec(ctx, `UPDATE probe_note SET body = 'changed again'`); err != nil {
				t.Fatal(err)
			}
			if !page.Current() {
				t.Fatal("an answer went stale on a table it did not read")
			}
			// Raw SQL on another instance: seen by the poller or the notice.
			if _, err := other.Exec(ctx, `UPDATE probe_case SET subject = 'second'`); err != nil {
				t.Fatal(err)
			}
			eventually(t, "another instance's update of a table read", func() bool { return !page.Current() })
			// Its own write: seen at once.
			page = build(`SELECT subject FROM probe_case`)
			if _, err := mine.Exec(ctx, `DELETE FROM probe_case`); err != nil {
				t.Fatal(err)
			}
			if page.Current() {
				t.Fatal("this instance's delete left the answer current")
			}
			// A domain's table (probe_price, Catalog) is followed through the domain.
			page = build(`SELECT amount FROM probe_price`)
			if _, err := mine.Exec(ctx, `INSERT INTO probe_price VALUES ('p', 1)`); err != nil {
				t.Fatal(err)
			}
			if page.Current() {
				t.Fatal("a domain table's change left the answer current")
			}

			for query, why := range map[string]string{
				`SELECT qty FROM probe_cart`:                         "table probe_cart has no version",
				`SELECT id FROM probe_case FOR UPDATE`:               "writes (update)",
				`SELECT id FROM probe_case WHERE subject < 'now'`:    "reads the time",
				`SELECT id FROM probe_case WHERE CURRENT_DATE > '1'`: "reads the time or chance (current_date)",
			} {
				// Noted before it runs: SQLite refuses FOR UPDATE, and that changes nothing here.
				tracked, reads := mine.Track(ctx)
				if rows, err := mine.Query(tracked, query); err == nil {
					rows.Close()
				}
				if reads.Keepable() || reads.Why() != why {
					t.Errorf("%s: keepable %v, why %q; want %q", query, reads.Keepable(), reads.Why(), why)
				}
			}
			// A table the caller checks otherwise (TrackExcept: a cart's own rows, by its revision) neither spoils
			// nor is followed; the others read with it still are. The changes above have moved their counters once
			// more by now (at the poller's next tick), not after the answer is tracked.
			if !mine.WaitVersionsSettled(10 * time.Second) {
				t.Fatal("the versions kept moving with no change")
			}
			tracked, reads := mine.TrackExcept(ctx, "probe_cart")
			if rows, err := mine.Query(tracked, `SELECT c.qty, n.body FROM probe_cart c LEFT JOIN probe_note n ON 1 = 0`); err != nil {
				t.Fatal(err)
			} else {
				rows.Close()
			}
			if !reads.Keepable() || !reads.Current() {
				t.Fatalf("a read of a checked table: keepable %v (%s)", reads.Keepable(), reads.Why())
			}
			if _, err := mine.Exec(ctx, `INSERT INTO probe_cart VALUES ('c', 1)`); err != nil {
				t.Fatal(err)
			}
			if !reads.Current() {
				t.Fatal("a change of the checked table made the answer stale")
			}
			if _, err := mine.Exec(ctx, `UPDATE probe_note SET body = 'y'`); err != nil {
				t.Fatal(err)
			}
			if reads.Current() {
				t.Fatal("a change of a followed table read with the checked one left the answer current")
			}

			tracked, reads = mine.Track(ctx)
			if _, err := mine.Exec(tracked, `UPDATE probe_note SET body = 'x'`); err != nil {
				t.Fatal(err)
			}
			if reads.Keepable() {
				t.Error("an answer that wrote is keepable")
			}

			// A table made after the start (a custom object) has no counter: once the metadata moved, reading it spoils.
			if _, err := mine.Exec(ctx, `CREATE TABLE probe_custom__c (id TEXT PRIMARY KEY)`); err != nil {
				t.Fatal(err)
			}
			mine.Invalidate(db.Metadata)
			if page := build(`SELECT id FROM probe_custom__c`); page.Keepable() {
				t.Error("a read of a table made since the start is keepable")
			}
		})
	}
}
