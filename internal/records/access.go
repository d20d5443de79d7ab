package records

import (
	"context"
	"database/sql"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
)

// The records permission rules, in one place. They are deliberately small and explicit:
//
//   - Guests (no signed-in user) have no access to the records API at all; the HTTP layer answers 401.
//   - Staff have full create, read, update and delete on every object, limited only by the object's own flags
//     (Createable, Updateable, Deletable) and the field flags below.
//   - A buyer (signed in, not staff) may read:
//     – catalogue objects (buyerCatalogObjects) in full;
//     – account-scoped objects (buyerScope) only where the record belongs to one of the buyer's accounts: their
//     own account plus the accounts they manage (ManagedAccount rows). Account is scoped by its Id, Contact and
//     Case by AccountId, ContactPointAddress by ParentId;
//     – their own User record.
//     A record outside that set answers NOT_FOUND, as Salesforce does for records the user cannot see: it hides
//     whether the id exists at all. A buyer may create a Case for one of their accounts (AccountId defaults to
//     their own account) and nothing else; buyers never update or delete through the records API.
//   - Fields: Hidden fields are never readable or writable through the records API, for anyone (they hold
//     secrets or internal state). System fields and ReadOnly fields are never writable; CreateOnly fields are
//     writable on create only. OwnerId is writable by staff only.
type accessKind int

const (
	accessRead accessKind = iota
	accessCreate
	accessUpdate
	accessDelete
)

// buyerCatalogObjects are readable in full by any signed-in buyer.
var buyerCatalogObjects = map[string]bool{
	"Product2": true, "ProductCategory": true, "ProductCatalog": true, "ProductCategoryProduct": true,
	"WebStore": true, "ProductMedia": true,
}

// buyerScope names, for account-scoped objects, the field holding the account a record belongs to.
var buyerScope = map[string]string{
	"Account": "Id", "Contact": "AccountId", "Case": "AccountId", "ContactPointAddress": "ParentId",
}

// buyerCreatable are the objects a buyer may create records of (for one of their accounts).
var buyerCreatable = map[string]bool{"Case": true}

// Signed reports whether the actor is a signed-in user (not a guest).
func Signed(actor *identity.Principal) bool {
	return actor != nil && !actor.Guest && actor.UserID != ""
}

// CanAccessObject reports whether the actor may perform the kind of operation on some records of the object.
func canAccessObject(actor *identity.Principal, o *Object, kind accessKind) bool {
	if !Signed(actor) && !isSystem(actor) {
		return false
	}
	switch kind {
	case accessCreate:
		if !o.Createable {
			return false
		}
	case accessUpdate:
		if !o.Updateable {
			return false
		}
	case accessDelete:
		if !o.Deletable {
			return false
		}
	}
	if actor.Staff {
		return true
	}
	switch kind {
	case accessRead:
		_, scoped := buyerScope[o.APIName]
		return buyerCatalogObjects[o.APIName] || scoped || o.APIName == "User"
	case accessCreate:
		return buyerCreatable[o.APIName]
	}
	return false
}

// isSystem reports an actor for server-side callers (seeding, typed commerce code) that act as staff without a
// session: Staff set and no user.
func isSystem(actor *identity.Principal) bool { return actor != nil && actor.Staff && !actor.Guest }

// CanRead, CanCreate, CanUpdate and CanDelete answer the object-level rights for the actor.
func CanRead(actor *identity.Principal, o *Object) bool { return canAccessObject(actor, o, accessRead) }
func CanCreate(actor *identity.Principal, o *Object) bool {
	return canAccessObject(actor, o, accessCreate)
}
func CanUpdate(actor *identity.Principal, o *Object) bool {
	return canAccessObject(actor, o, accessUpdate)
}
func CanDelete(actor *identity.Principal, o *Object) bool {
	return canAccessObject(actor, o, accessDelete)
}

// FieldReadable reports whether the actor may read the field (object access is checked apart).
func FieldReadable(actor *identity.Principal, f *Field) bool { return !f.Hidden }

// FieldCreateable reports whether the actor may set the field when creating a record.
func FieldCreateable(actor *identity.Principal, o *Object, f *Field) bool {
	if f.Hidden || f.ReadOnly || f.AutoNumber || !f.HasColumn() || isSystemField(f.APIName) {
		return false
	}
	if f.APIName == "OwnerId" {
		return actor.Staff
	}
	return CanCreate(actor, o)
}

// FieldUpdateable reports whether the actor may change the field on an existing record.
func FieldUpdateable(actor *identity.Principal, o *Object, f *Field) bool {
	if f.CreateOnly {
		return false
	}
	return FieldCreateable(actor, o, f) && CanUpdate(actor, o)
}

// isSystemField names the fields the engine maintains.
func isSystemField(name string) bool {
	switch name {
	case "Id", "CreatedDate", "CreatedById", "LastModifiedDate", "LastModifiedById", "SystemModstamp":
		return true
	}
	return false
}

// buyerAccounts lists the accounts a buyer acts for: their own and those they manage.
func buyerAccounts(ctx context.Context, q querier, actor *identity.Principal) (map[string]bool, error) {
	out := map[string]bool{}
	if actor.AccountID != "" {
		out[actor.AccountID] = true
	}
	rows, err := q.Query(ctx, `SELECT "accountid" FROM "managedaccount" WHERE "userid" = ?`, actor.UserID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id *string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		if id != nil {
			out[*id] = true
		}
	}
	return out, rows.Err()
}

// canSeeRecord applies the buyer's record scope to a loaded record. Staff see everything.
func canSeeRecord(ctx context.Context, q querier, actor *identity.Principal, rec *Record) (bool, error) {
	if actor.Staff {
		return true, nil
	}
	o := rec.Object
	if !CanRead(actor, o) {
		return false, nil
	}
	if o.APIName == "User" {
		return rec.ID == actor.UserID, nil
	}
	scopeField, scoped := buyerScope[o.APIName]
	if !scoped {
		return true, nil
	}
	acct, _ := rec.Values[scopeField].(string)
	if acct == "" {
		return false, nil
	}
	if acct == actor.AccountID {
		return true, nil
	}
	accounts, err := buyerAccounts(ctx, q, actor)
	if err != nil {
		return false, err
	}
	return accounts[acct], nil
}

// querier is what both *db.DB and *db.Tx offer for reads.
type querier interface {
	Query(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRow(ctx context.Context, query string, args ...any) *sql.Row
}

var (
	_ querier = (*db.DB)(nil)
	_ querier = (*db.Tx)(nil)
)

// System is the actor for server-side callers without a session (demo seeding, maintenance): staff rights, no
// user, so CreatedById and OwnerId stay empty unless given.
var System = &identity.Principal{Staff: true}
