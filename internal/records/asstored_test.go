package records

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// A transaction that keeps its rows updates a row the engine wrote in it without reading it again, and what it kept
// is the row as a read finds it, value for value (a kept row that differed would hand the hooks a wrong "before" and
// the cart its wrong copy), on SQLite and on PostgreSQL, where the row stays locked by the transaction that wrote it.
// A row the caller gives is kept too (on PostgreSQL its update is written only while the row is still as given). A
// deleted record is not kept: its update is 404.
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
				kept, _, _ := keptRows(tx).take(o, []string{id})
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
			if statements := d.Statements() - before; statements != 1 {
				t.Errorf("the update of a given row ran %d statements, want 1", statements)
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

// On PostgreSQL a row the caller gives (KeepRows) is not locked by the transaction: when another writer changed it
// since, the update writes nothing and fails with ErrRowMoved, so that the caller runs its transaction again reading
// the row; an update of a given row still as stored is written, in one statement, and so is a batch of them.
func TestAGivenRowChangedSinceIsNotOverwritten(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if d.Dialect != db.Postgres {
			t.Skip("SQLite's one writer runs the transaction: a given row cannot change under it")
		}
		ctx := context.Background()
		e := newEngine(t, d)
		var ids []string
		for _, name := range []string{"Acme", "Globex", "Initech"} {
			rec, err := e.Create(ctx, staff, "Account", map[string]any{"Name": name})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, rec.ID)
		}
		accounts := func() *Object { // the catalog as the engine has it now, as UpdateMany resolves its object
			cat, err := e.Catalog(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return cat.Object("Account")
		}
		// The schema's notifications arrive after their commits and reload the catalog; a row given from another
		// catalog's object is read again rather than kept, so wait until the catalog holds.
		for previous, deadline := accounts(), time.Now().Add(5*time.Second); time.Now().Before(deadline); {
			time.Sleep(100 * time.Millisecond)
			now := accounts()
			if now == previous {
				break
			}
			previous = now
		}
		update := func(given []string, changes []Change) error {
			return d.InTx(ctx, func(tx *db.Tx) error {
				recs, err := e.load(ctx, d, System, accounts(), given, false)
				if err != nil {
					return err
				}
				KeepRows(tx, recs...)
				_, err = e.UpdateMany(ctx, tx, System, changes, UpdateOptions{})
				return err
			})
		}
		// As stored: written, one statement for one row and one for three.
		if err := update(ids[:1], []Change{{ID: ids[0], Values: map[string]any{"Phone": "555-0100"}}}); err != nil {
			t.Fatalf("a given row as stored: %v", err)
		}
		if err := update(ids, []Change{{ID: ids[0], Values: map[string]any{"Phone": "555-0101"}},
			{ID: ids[1], Values: map[string]any{"Phone": "555-0102"}}, {ID: ids[2], Values: map[string]any{"Phone": "555-0103"}}}); err != nil {
			t.Fatalf("three given rows as stored: %v", err)
		}
		// Changed by another writer between the caller's read and its update: refused, the other write stands.
		for _, n := range []int{1, 3} {
			err := d.InTx(ctx, func(tx *db.Tx) error {
				recs, err := e.load(ctx, d, System, accounts(), ids[:n], false)
				if err != nil {
					return err
				}
				if _, err := e.Update(ctx, staff, ids[n-1], map[string]any{"Phone": "555-0199"}, UpdateOptions{}); err != nil {
					return err // another transaction, committed
				}
				for _, r := range recs { // as read before that write, of the catalog the update resolves (the
					r.Object = accounts() // write's notification may have reloaded it)
				}
				KeepRows(tx, recs...)
				changes := make([]Change, n)
				for i := range changes {
					changes[i] = Change{ID: ids[i], Values: map[string]any{"Phone": "555-0142"}}
				}
				_, err = e.UpdateMany(ctx, tx, System, changes, UpdateOptions{})
				return err
			})
			if !errors.Is(err, ErrRowMoved) {
				t.Fatalf("%d given rows, one changed since: %v, want ErrRowMoved", n, err)
			}
			got, err := e.Get(ctx, System, ids[n-1])
			if err != nil || got.String("Phone") != "555-0199" {
				t.Fatalf("%d given rows: the other writer's phone is %v (%v), want it kept", n, got.Values["Phone"], err)
			}
			if first, _ := e.Get(ctx, System, ids[0]); n > 1 && first.String("Phone") == "555-0142" {
				t.Fatalf("%d given rows: the refused update was written in part", n)
			}
		}
	})
}
