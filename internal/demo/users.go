package demo

import (
	"context"
	"fmt"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// InsertUserRows is a CreateUserFunc that writes the User row (and a Contact for buyers) with the requested stable
// id, but no password credential: nobody can sign in as such a user. It serves tests of the seed, and the app only
// until auth.CreateUser is wired in its place.
func InsertUserRows(d *db.DB) CreateUserFunc {
	return func(ctx context.Context, u NewUser) (string, error) {
		id := u.ID
		if id == "" {
			id = records.NewID(prefixUser)
		}
		now := time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
		userType := "Standard"
		var contact, account any
		err := d.InTx(ctx, func(tx *db.Tx) error {
			if !u.Staff {
				// As auth.CreateUser does: a buyer's account must exist.
				var n int
				if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM "account" WHERE id = ?`, u.AccountID).Scan(&n); err != nil {
					return err
				}
				if n == 0 {
					return fmt.Errorf("demo: no account has id %s", u.AccountID)
				}
				userType = "PowerCustomerSuccess"
				c := records.NewID("003")
				contact, account = c, u.AccountID
				if _, err := tx.Exec(ctx, `INSERT INTO "contact" (id, accountid, firstname, lastname, name, email,
					recordtypeid, createddate, lastmodifieddate, systemmodstamp) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
					c, u.AccountID, u.FirstName, u.LastName, u.FirstName+" "+u.LastName, u.Email,
					records.DefaultRecordTypeID, now, now, now); err != nil {
					return err
				}
			}
			_, err := tx.Exec(ctx, `INSERT INTO "user" (id, username, email, firstname, lastname, name, usertype,
				contactid, accountid, isactive, recordtypeid, createddate, lastmodifieddate, systemmodstamp)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				id, u.Email, u.Email, u.FirstName, u.LastName, u.FirstName+" "+u.LastName, userType, contact, account,
				true, records.DefaultRecordTypeID, now, now, now)
			return err
		})
		return id, err
	}
}
