package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// User types, as the User object's UserType picklist spells them.
const (
	UserTypeStaff = "Standard"
	UserTypeBuyer = "PowerCustomerSuccess"
	UserTypeGuest = "Guest"
)

// NewUser is what CreateUser needs: a staff user (Staff) or a buyer in an existing account (AccountID).
type NewUser struct {
	ID        string // optional: a stable 18-character User id (seeded data); a fresh one when empty
	Email     string
	Password  string
	FirstName string
	LastName  string
	Staff     bool
	AccountID string
	// ProfileID is the user's profile (records.StoreManagerProfileID...); a staff user without one is a Store
	// Administrator.
	ProfileID string
}

// Errors CreateUser returns for input a caller can fix; anything else is a storage failure.
var (
	ErrDuplicateEmail = errors.New("a user with this email already exists")
	ErrUnknownAccount = errors.New("no account has this id")
	ErrInvalidUser    = errors.New("invalid user")
)

// MinPasswordLen is the shortest password CreateUser accepts.
const MinPasswordLen = 8

// CreateUser creates a user and its password credential in one transaction and returns the new 18-character User
// id. The username is the email in lower case. A buyer also gets a Contact in its account, since on the platform
// a buyer is a contact of a buyer account. engine is the app's records engine, whose database it writes.
func CreateUser(ctx context.Context, engine *records.Engine, u NewUser) (string, error) {
	hash, err := HashPassword(u.Password) // slow: done before the write transaction opens
	if err != nil {
		return "", err
	}
	var userID string
	err = engine.DB.InTx(ctx, func(tx *db.Tx) error {
		userID, err = InsertUser(ctx, engine, tx, u, hash)
		return err
	})
	if err != nil {
		return "", err
	}
	return userID, nil
}

// InsertUser writes a user, its Contact (buyers) and its credential inside the caller's transaction, for callers
// that create users together with other rows (the demo seed). hash is HashPassword(u.Password), computed before
// the transaction because it is slow.
func InsertUser(ctx context.Context, engine *records.Engine, tx *db.Tx, u NewUser, hash string) (string, error) {
	if err := u.normalize(); err != nil {
		return "", err
	}
	userID := records.NewID("005")
	if u.ID != "" {
		id, ok := records.NormalizeID(u.ID)
		if !ok || records.KeyPrefix(id) != "005" {
			return "", fmt.Errorf("%w: %q is not a User id", ErrInvalidUser, u.ID)
		}
		userID = id
	}
	if err := checkEmailFree(ctx, tx, u.Email); err != nil {
		return "", err
	}
	// The new user owns and created its own records: there is no signed-in actor when an administrator runs
	// "storefront user create".
	actor := records.SystemFor(userID)
	contactID, err := insertBuyerContact(ctx, engine, tx, actor, u)
	if err != nil {
		return "", err
	}
	if err := insertUser(ctx, engine, tx, actor, u, userID, contactID); err != nil {
		return "", err
	}
	_, err = tx.Exec(ctx, `INSERT INTO sf_credential (user_id, password_hash, updated_at) VALUES (?, ?, ?)`,
		userID, hash, time.Now().UnixMilli())
	if db.IsUniqueViolation(err) { // a concurrent create of the same email won the race
		return "", ErrDuplicateEmail
	}
	return userID, err
}

// normalize trims and validates the input, returning ErrInvalidUser or ErrUnknownAccount wrapped with the reason.
func (u *NewUser) normalize() error {
	u.Email = strings.ToLower(strings.TrimSpace(u.Email))
	u.FirstName = strings.TrimSpace(u.FirstName)
	u.LastName = strings.TrimSpace(u.LastName)
	addr, err := mail.ParseAddress(u.Email)
	switch {
	case err != nil || addr.Address != u.Email || len(u.Email) > 80:
		return fmt.Errorf("%w: %q is not a valid email address (at most 80 characters)", ErrInvalidUser, u.Email)
	case len(u.Password) < MinPasswordLen || len(u.Password) > MaxPasswordLen:
		return fmt.Errorf("%w: the password must have %d to %d characters", ErrInvalidUser, MinPasswordLen, MaxPasswordLen)
	case u.LastName == "" || len(u.LastName) > 80 || len(u.FirstName) > 40:
		return fmt.Errorf("%w: a last name (at most 80 characters) is required; a first name has at most 40", ErrInvalidUser)
	case u.Staff && u.AccountID != "":
		return fmt.Errorf("%w: a user is either staff or a buyer in an account, not both", ErrInvalidUser)
	case !u.Staff && u.AccountID == "":
		return fmt.Errorf("%w: a buyer needs an account id (or make the user staff)", ErrInvalidUser)
	}
	if !u.Staff {
		id, ok := records.NormalizeID(strings.TrimSpace(u.AccountID))
		if !ok || records.KeyPrefix(id) != "001" {
			return fmt.Errorf("%w: %q", ErrUnknownAccount, u.AccountID)
		}
		u.AccountID = id
	}
	return nil
}

func checkEmailFree(ctx context.Context, tx *db.Tx, email string) error {
	var id string
	err := tx.QueryRow(ctx, `SELECT id FROM "user" WHERE username = ? OR LOWER(email) = ?`, email, email).Scan(&id)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return err
	}
	return fmt.Errorf("%w: %s", ErrDuplicateEmail, email)
}

// insertBuyerContact adds the buyer's Contact to its account; staff get none ("" and no error).
func insertBuyerContact(ctx context.Context, engine *records.Engine, tx *db.Tx, actor *identity.Principal, u NewUser) (string, error) {
	if u.Staff {
		return "", nil
	}
	var found string
	err := tx.QueryRow(ctx, `SELECT id FROM account WHERE id = ?`, u.AccountID).Scan(&found)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("%w: %s", ErrUnknownAccount, u.AccountID)
	}
	if err != nil {
		return "", err
	}
	recs, err := engine.Insert(ctx, tx, actor, "Contact", []map[string]any{{"AccountId": u.AccountID,
		"FirstName": u.FirstName, "LastName": u.LastName, "Email": u.Email}})
	if err != nil {
		return "", err
	}
	return recs[0].ID, nil
}

func insertUser(ctx context.Context, engine *records.Engine, tx *db.Tx, actor *identity.Principal, u NewUser, userID, contactID string) error {
	userType := UserTypeBuyer
	if u.Staff {
		userType = UserTypeStaff
	}
	_, err := engine.Insert(ctx, tx, actor, "User", []map[string]any{{"Id": userID, "Username": u.Email,
		"Email": u.Email, "FirstName": u.FirstName, "LastName": u.LastName, "UserType": userType,
		"ContactId": contactID, "AccountId": u.AccountID, "IsActive": true, "ProfileId": u.ProfileID}})
	return err
}

// nullable stores an empty string as NULL, as the records layer does for blank fields.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
