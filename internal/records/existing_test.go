package records

import (
	"context"
	"errors"
	"strings"
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// A transaction checks each referenced id once: a record it inserted, or one a check of it found, costs no query
// when a later write names it; a record it deleted is refused again.
func TestReferencesCheckedOncePerTransaction(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEngine(t, d)
		before, err := e.Create(ctx, staff, "Account", map[string]any{"Name": "Before"})
		if err != nil {
			t.Fatal(err)
		}
		err = d.InTx(ctx, func(tx *db.Tx) error {
			contactOf := func(account string) (int64, error) {
				n := d.Statements()
				_, err := e.Insert(ctx, tx, staff, "Contact", []map[string]any{{"LastName": "C", "AccountId": account}})
				return d.Statements() - n, err
			}
			accounts, err := e.Insert(ctx, tx, staff, "Account", []map[string]any{{"Name": "Inserted"}, {"Name": "Deleted"}})
			if err != nil {
				return err
			}
			inserted, deleted := accounts[0].ID, accounts[1].ID
			ofInserted, err := contactOf(inserted)
			if err != nil {
				return err
			}
			firstOfBefore, err := contactOf(before.ID)
			if err != nil {
				return err
			}
			againOfBefore, err := contactOf(before.ID)
			if err != nil {
				return err
			}
			if firstOfBefore != ofInserted+1 || againOfBefore != ofInserted {
				t.Errorf("a contact's insert ran %d statements naming an account inserted in the transaction, "+
					"%d naming an older one, %d naming it again: want n, n+1, n", ofInserted, firstOfBefore, againOfBefore)
			}
			if err := e.DeleteMany(ctx, tx, staff, []string{deleted}); err != nil {
				return err
			}
			_, err = contactOf(deleted)
			var we *WriteError
			if !errors.As(err, &we) || !strings.Contains(we.Message(), "entity is deleted or does not exist: "+deleted) {
				t.Errorf("a contact naming an account deleted in the transaction: %v, want the integrity error", err)
			}
			return errors.New("roll back")
		})
		if err == nil || err.Error() != "roll back" {
			t.Fatal(err)
		}
	})
}
