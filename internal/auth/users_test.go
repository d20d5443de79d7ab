package auth

import (
	"context"
	"errors"
	"testing"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/records"
	"storefront/internal/records/recordstest"
)

// eachDB runs fn on both databases with the records schema in place.
var eachDB = recordstest.Each

// insertAccount adds an Account row the way the records layer lays it out.
func insertAccount(t *testing.T, d *db.DB, name string) string {
	t.Helper()
	id := records.NewID("001")
	now := time.Now().UTC().Format(records.DateTimeLayout)
	if _, err := d.Exec(context.Background(), `INSERT INTO account (id, ownerid, recordtypeid, createddate,
		createdbyid, lastmodifieddate, lastmodifiedbyid, systemmodstamp, name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, records.StableID("005", 1), records.DefaultRecordTypeID, now, records.StableID("005", 1), now,
		records.StableID("005", 1), now, name); err != nil {
		t.Fatal(err)
	}
	return id
}

func TestCreateUser(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		acct := insertAccount(t, d, "Acme")

		buyerID, err := CreateUser(ctx, records.NewEngine(d), NewUser{Email: " Buyer@Example.com ", Password: "demo1234",
			FirstName: "Bea", LastName: "Buyer", AccountID: acct[:15]})
		if err != nil {
			t.Fatal(err)
		}
		var username, userType, name, accountID, contactID, contactAccount, contactName string
		var active bool
		if err := d.QueryRow(ctx, `SELECT u.username, u.usertype, u.name, u.accountid, u.contactid, u.isactive,
			c.accountid, c.name FROM "user" u JOIN contact c ON c.id = u.contactid WHERE u.id = ?`, buyerID).Scan(
			&username, &userType, &name, &accountID, &contactID, &active, &contactAccount, &contactName); err != nil {
			t.Fatal(err)
		}
		if username != "buyer@example.com" || userType != UserTypeBuyer || name != "Bea Buyer" || accountID != acct ||
			!active || contactAccount != acct || contactName != "Bea Buyer" || records.KeyPrefix(contactID) != "003" {
			t.Fatalf("buyer row: %s %s %s %s %s %v %s %s", username, userType, name, accountID, contactID, active,
				contactAccount, contactName)
		}

		staffID, err := CreateUser(ctx, records.NewEngine(d), NewUser{Email: "admin@example.com", Password: "demo1234", LastName: "Admin", Staff: true})
		if err != nil {
			t.Fatal(err)
		}
		var staffType string
		var staffAccount *string
		if err := d.QueryRow(ctx, `SELECT usertype, accountid FROM "user" WHERE id = ?`, staffID).Scan(&staffType, &staffAccount); err != nil {
			t.Fatal(err)
		}
		if staffType != UserTypeStaff || staffAccount != nil {
			t.Fatalf("staff: %s %v", staffType, staffAccount)
		}
		var hash string
		if err := d.QueryRow(ctx, `SELECT password_hash FROM sf_credential WHERE user_id = ?`, staffID).Scan(&hash); err != nil {
			t.Fatal(err)
		}
		if ok, _ := VerifyPassword(hash, "demo1234"); !ok {
			t.Fatal("stored hash does not verify the password")
		}
	})
}

func TestCreateUserRefusesBadInputAndWritesNothing(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		acct := insertAccount(t, d, "Acme")
		if _, err := CreateUser(ctx, records.NewEngine(d), NewUser{Email: "taken@example.com", Password: "demo1234", LastName: "T", Staff: true}); err != nil {
			t.Fatal(err)
		}
		for name, tc := range map[string]struct {
			u    NewUser
			want error
		}{
			"duplicate email":    {NewUser{Email: "TAKEN@example.com", Password: "demo1234", LastName: "X", AccountID: acct}, ErrDuplicateEmail},
			"unknown account":    {NewUser{Email: "a@example.com", Password: "demo1234", LastName: "X", AccountID: records.NewID("001")}, ErrUnknownAccount},
			"malformed account":  {NewUser{Email: "a@example.com", Password: "demo1234", LastName: "X", AccountID: "nope"}, ErrUnknownAccount},
			"not an account id":  {NewUser{Email: "a@example.com", Password: "demo1234", LastName: "X", AccountID: records.NewID("003")}, ErrUnknownAccount},
			"bad email":          {NewUser{Email: "not-an-email", Password: "demo1234", LastName: "X", Staff: true}, ErrInvalidUser},
			"short password":     {NewUser{Email: "a@example.com", Password: "short", LastName: "X", Staff: true}, ErrInvalidUser},
			"no last name":       {NewUser{Email: "a@example.com", Password: "demo1234", Staff: true}, ErrInvalidUser},
			"staff with account": {NewUser{Email: "a@example.com", Password: "demo1234", LastName: "X", Staff: true, AccountID: acct}, ErrInvalidUser},
			"buyer no account":   {NewUser{Email: "a@example.com", Password: "demo1234", LastName: "X"}, ErrInvalidUser},
		} {
			if _, err := CreateUser(ctx, records.NewEngine(d), tc.u); !errors.Is(err, tc.want) {
				t.Errorf("%s: err = %v, want %v", name, err, tc.want)
			}
		}
		var users, contacts, creds int
		_ = d.QueryRow(ctx, `SELECT COUNT(*) FROM "user"`).Scan(&users)
		_ = d.QueryRow(ctx, `SELECT COUNT(*) FROM contact`).Scan(&contacts)
		_ = d.QueryRow(ctx, `SELECT COUNT(*) FROM sf_credential`).Scan(&creds)
		if users != 1 || contacts != 0 || creds != 1 {
			t.Fatalf("after refusals: %d users, %d contacts, %d credentials; want 1, 0, 1", users, contacts, creds)
		}
	})
}
