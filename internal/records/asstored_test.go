package records

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// A transaction that keeps its rows updates a row the engine wrote in it without reading it again, and what it kept
// is the row as a read finds it, value for value (a kept row that differed would hand the hooks a wrong "before" and
// the cart its wrong copy), on SQLite and on PostgreSQL, where the row stays locked by the transaction that wrote it.
// A row the caller gives is kept on SQLite only: PostgreSQL reads it FOR UPDATE, its lock. A deleted record is not
// kept: its update is 404.
func TestKeptRowsAreTheRowsAsStored(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEngine(t, d)
		account, err := e.Create(ctx, staff, "Account", map[string]any{"Name": "Acme"})
		if err != nil {
			t.Fatal(err)
		}
		other, err := e.Create(ctx, staff, "Opportunity", map[string]any{"Name": "Small deal", "AccountId": account.ID,
			"CloseDate": "2027-01-31", "StageName": "Prospecting"})
		if err != nil {
			t.Fatal(err)
		}
		err = d.InTx(ctx, func(tx *db.Tx) error {
			KeepRows(tx)
			recs, err := e.Insert(ctx, tx, System, "Opportunity", []map[string]any{{"Name": "Big deal",
				"AccountId": account.ID, "Amount": 1250.5, "CloseDate": "2026-12-31", "StageName": "Prospecting",
				"Probability": 10, "Type": "New Business", "Description": "line one\nline two"}})
			if err != nil {
				return err
			}
			id := recs[0].ID
			o := recs[0].Object
			// Errors, not Fatal: a test that stops inside the transaction leaves SQLite's writer taken.
			wantKept := func(step string) {
				t.Helper()
				read, err := e.load(ctx, tx, System, o, []string{id}, false)
				if err != nil || len(read) != 1 {
					t.Errorf("%s: read %v, %v", step, read, err)
					return
				}
				kept, _ := keptRows(tx).take(o, []string{id})
				if kept[id] == nil || !reflect.DeepEqual(kept[id].Values, read[0].Values) {
					t.Errorf("%s: kept %#v\nread %#v", step, kept[id], read[0].Values)
				}
			}
			wantKept("after the insert")
			before := d.Statements()
			updated, err := e.UpdateMany(ctx, tx, System, []Change{{ID: id, Values: map[string]any{"Amount": 99.99,
				"StageName": "Closed Won", "NextStep": "Invoice"}}}, UpdateOptions{})
			if err != nil {
				return err
			}
			if statements := d.Statements() - before; statements != 1 { // no read (FOR UPDATE on PostgreSQL) first
				t.Errorf("the update of a kept row ran %d statements, want 1", statements)
			}
			if updated[0].Values["Amount"] != "99.99" || updated[0].Values["Description"] != "line one\nline two" {
				t.Errorf("the update answered %v", updated[0].Values)
			}
			wantKept("after the update")
			updated[0].Values["Name"] = "changed by the caller" // the engine keeps copies
			wantKept("after the caller changed its record")
			given, err := e.load(ctx, tx, System, o, []string{other.ID}, false)
			if err != nil {
				return err
			}
			KeepRows(tx, given...)
			before = d.Statements()
			if _, err := e.UpdateMany(ctx, tx, System, []Change{{ID: other.ID, Values: map[string]any{"NextStep": "Call"}}},
				UpdateOptions{}); err != nil {
				return err
			}
			statements, want := d.Statements()-before, int64(1)
			if d.Dialect == db.Postgres {
				want = 2 // a given row is read FOR UPDATE all the same
			}
			if statements != want {
				t.Errorf("the update of a given row ran %d statements, want %d", statements, want)
			}
			if step := given[0].Values["NextStep"]; step != nil { // the engine changes a copy: the caller's stays
				t.Errorf("the update changed the given row: NextStep %v", step)
			}
			if err := e.DeleteMany(ctx, tx, System, []string{id}); err != nil {
				return err
			}
			if _, err := e.UpdateMany(ctx, tx, System, []Change{{ID: id, Values: map[string]any{"NextStep": "x"}}},
				UpdateOptions{}); !errors.Is(err, ErrNotFound) {
				t.Errorf("an update of a record deleted in the transaction: %v, want ErrNotFound", err)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
