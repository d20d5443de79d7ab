package records

import (
	"context"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
)

// The records permission rules, in one place. They are deliberately small and explicit:
//
//   - Guests (no signed-in user) have no access to the records API at all; the HTTP layer answers 401.
//   - Staff have the rights of their permission sets (permissions.go: object create, read, edit and delete, field
//     read and edit), limited by the object's own flags (Createable, Updateable, Deletable) and the field flags
//     below; they see every row of an object they may read, but for the shared objects, whose row rule binds
//     staff too: files follow the records they are linked to (catalog_files.go).
//   - A buyer (signed in, not staff) reads an object only when the object has a row rule (Visibility), and then
//     only the rows the rule selects. The rule is one SQL condition, so a single read, a reference check and any
//     list read apply exactly the same rule. Standard rules live below (an account-scoped object is visible where
//     the record belongs to the buyer's own account or an account they manage; the catalogue is that of the
//     stores selling to those accounts' buyer groups); domain packages register their own (the catalog: products
//     the buyer is entitled to; the cart: the buyer's own carts). A record outside the
//     rule answers NOT_FOUND, as Salesforce does: it hides whether the id exists at all. A buyer may create a Case
//     for one of their accounts (AccountId defaults to their own account) and nothing else; buyers never update
//     or delete through the records API.
//   - Fields: Hidden fields are never readable or writable through the records API, for anyone (they hold
//     secrets or internal state). System fields and ReadOnly fields are never writable; CreateOnly fields are
//     writable on create only. OwnerId is writable by staff only. Staff read and write the other fields their
//     field permissions allow (permissions.go). The System actor (server-side domain code, never a request) may
//     also write Hidden and ReadOnly fields; the engine alone stamps system fields.

// Visibility is an object's row rule for buyers: an SQL condition over the object's table, aliased alias, true for
// the rows actor may see, with its arguments in order. An empty condition means every row.
type Visibility func(alias string, actor *identity.Principal) (cond string, args []any)

// buyerStores selects the stores a buyer buys in: those selling to a buyer group of one of the accounts the buyer
// acts for (their own and those they manage). Its arguments are the buyer's account and user ids.
const buyerStores = `SELECT wbg."webstoreid" FROM "webstorebuyergroup" wbg WHERE wbg."buyergroupid" IN
	(SELECT m."buyergroupid" FROM "buyergroupmember" m WHERE m."buyerid" = ?
		OR m."buyerid" IN (SELECT ma."accountid" FROM "managedaccount" ma WHERE ma."userid" = ?))`

// buyerCatalogs selects the catalogs of those stores.
const buyerCatalogs = `SELECT wc."productcatalogid" FROM "webstorecatalog" wc WHERE wc."salesstoreid" IN (` + buyerStores + `)`

// ofBuyerStores is the rule of a catalogue object: the rows whose column (an id of what sel selects) is one of the
// buyer's stores' rows, so a buyer reads the catalogue of their own stores only.
func ofBuyerStores(column, sel string) Visibility {
	return func(alias string, actor *identity.Principal) (string, []any) {
		return alias + "." + db.Ident(column) + " IN (" + sel + ")", []any{actor.AccountID, actor.UserID}
	}
}

// everyRow is the rule of an object every signed-in user reads whole (the one Organization row).
func everyRow(string, *identity.Principal) (string, []any) { return "", nil }

// AccountScoped is the rule of an object whose field names the account a record belongs to: the buyer's own
// account or one they manage (ManagedAccount).
func AccountScoped(field string) Visibility {
	return func(alias string, actor *identity.Principal) (string, []any) {
		col := alias + "." + db.Ident(strings.ToLower(field))
		return "(" + col + " = ? OR " + col + ` IN (SELECT "accountid" FROM "managedaccount" WHERE "userid" = ?))`,
			[]any{actor.AccountID, actor.UserID}
	}
}

// OwnedByActor is the rule of an object whose OwnerId names the user it belongs to.
func OwnedByActor(alias string, actor *identity.Principal) (string, []any) {
	return alias + `."ownerid" = ?`, []any{actor.UserID}
}

// standardVisibility are the row rules of the standard objects buyers may read; domain packages add theirs with
// Engine.SetVisibility.
func standardVisibility() map[string]Visibility {
	return map[string]Visibility{
		"WebStore":        ofBuyerStores("id", buyerStores),
		"ProductCatalog":  ofBuyerStores("id", buyerCatalogs),
		"ProductCategory": ofBuyerStores("catalogid", buyerCatalogs),
		"ProductCategoryProduct": ofBuyerStores("productcategoryid",
			`SELECT c."id" FROM "productcategory" c WHERE c."catalogid" IN (`+buyerCatalogs+`)`),
		"ProductMedia": ofBuyerStores("productid", `SELECT cp."productid" FROM "productcategoryproduct" cp
			JOIN "productcategory" c ON c."id" = cp."productcategoryid" WHERE c."catalogid" IN (`+buyerCatalogs+`)`),
		"Organization": everyRow,
		"Account":      AccountScoped("Id"), "Contact": AccountScoped("AccountId"), "Case": AccountScoped("AccountId"),
		"ContactPointAddress": AccountScoped("ParentId"),
		"User": func(alias string, actor *identity.Principal) (string, []any) {
			return alias + `."id" = ?`, []any{actor.UserID}
		},
	}
}

// buyerScope names, for the objects a buyer may create, the field holding the account a new record belongs to.
var buyerScope = map[string]string{"Case": "AccountId"}

type accessKind int

const (
	accessRead accessKind = iota
	accessCreate
	accessUpdate
	accessDelete
)

// Signed reports whether the actor is a signed-in user (not a guest).
func Signed(actor *identity.Principal) bool {
	return actor != nil && !actor.Guest && actor.UserID != ""
}

// isSystem reports server-side domain code acting with full rights.
func isSystem(actor *identity.Principal) bool { return actor != nil && actor.System && !actor.Guest }

// sees reports whether the actor sees every row of any object (staff, system).
func sees(actor *identity.Principal) bool { return actor.Staff || isSystem(actor) }

func (e *Engine) canAccessObject(actor *identity.Principal, o *Object, kind accessKind) bool {
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
	if isSystem(actor) {
		return true
	}
	if actor.Staff {
		return e.rightsOf(actor).object(o, kind)
	}
	switch kind {
	case accessRead:
		_, ruled := e.visibility[o.APIName]
		return ruled
	case accessCreate:
		_, ok := buyerScope[o.APIName]
		return ok
	}
	return false
}

// CanRead, CanCreate, CanUpdate and CanDelete answer the object-level rights for the actor.
func (e *Engine) CanRead(actor *identity.Principal, o *Object) bool {
	return e.canAccessObject(actor, o, accessRead)
}
func (e *Engine) CanCreate(actor *identity.Principal, o *Object) bool {
	return e.canAccessObject(actor, o, accessCreate)
}
func (e *Engine) CanUpdate(actor *identity.Principal, o *Object) bool {
	return e.canAccessObject(actor, o, accessUpdate)
}
func (e *Engine) CanDelete(actor *identity.Principal, o *Object) bool {
	return e.canAccessObject(actor, o, accessDelete)
}

// CanCustomize reports whether the actor may change the metadata staff see (page layouts): staff with Modify All
// Data, as Salesforce asks of whoever customizes the application.
func (e *Engine) CanCustomize(actor *identity.Principal) bool {
	return isSystem(actor) || actor != nil && actor.Staff && e.rightsOf(actor).modifyAll
}

// FieldReadable reports whether the actor may read the field of o (object access is checked apart). A field the
// actor may not read is, for them, as if it did not exist: absent from reads and describes, unknown to queries and
// writes.
func (e *Engine) FieldReadable(actor *identity.Principal, o *Object, f *Field) bool {
	if isSystem(actor) {
		return true
	}
	if f.Hidden {
		return false
	}
	return actor == nil || !actor.Staff || e.rightsOf(actor).fieldReadable(o, f)
}

// FieldCreateable reports whether the actor may set the field when creating a record.
func (e *Engine) FieldCreateable(actor *identity.Principal, o *Object, f *Field) bool {
	return e.fieldWritable(actor, o, f) && e.CanCreate(actor, o)
}

// FieldUpdateable reports whether the actor may change the field on an existing record.
func (e *Engine) FieldUpdateable(actor *identity.Principal, o *Object, f *Field) bool {
	if f.CreateOnly && !isSystem(actor) {
		return false
	}
	return e.fieldWritable(actor, o, f) && e.CanUpdate(actor, o)
}

// fieldWritable is the field's part of FieldCreateable and FieldUpdateable: the object's rights are checked apart.
func (e *Engine) fieldWritable(actor *identity.Principal, o *Object, f *Field) bool {
	if f.AutoNumber || !f.HasColumn() || isSystemField(f.APIName) {
		return false
	}
	if isSystem(actor) {
		return true
	}
	if f.Hidden || f.ReadOnly {
		return false
	}
	if f.APIName == "OwnerId" && !actor.Staff {
		return false
	}
	return !actor.Staff || e.rightsOf(actor).fieldEditable(o, f)
}

// isSystemField names the fields the engine maintains.
func isSystemField(name string) bool {
	switch name {
	case "Id", "CreatedDate", "CreatedById", "LastModifiedDate", "LastModifiedById", "SystemModstamp":
		return true
	}
	return false
}

// rowFilter is the condition (prefixed " AND ", or "") and arguments that limit a query over the object's table,
// aliased alias, to the rows the actor may see. System code sees every row; staff see every row but those of the
// shared objects (files), whose rule binds them too.
func (e *Engine) rowFilter(alias string, actor *identity.Principal, o *Object) (string, []any) {
	if isSystem(actor) {
		return "", nil
	}
	rule, ok := e.shared[o.APIName]
	if !ok && sees(actor) {
		return "", nil
	}
	if !ok {
		rule, ok = e.visibility[o.APIName]
	}
	if !ok {
		return " AND 1 = 0", nil
	}
	cond, args := rule(alias, actor)
	if cond == "" {
		return "", nil
	}
	return " AND (" + cond + ")", args
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

// querier is what both *db.DB and *db.Tx offer for reads.
type querier = db.Querier

var (
	_ querier = (*db.DB)(nil)
	_ querier = (*db.Tx)(nil)
)

// System is the actor for server-side callers without a session (demo seeding, maintenance): full rights, no user,
// so CreatedById and OwnerId stay empty unless given.
var System = &identity.Principal{Staff: true, System: true}

// SystemFor is the actor for domain code writing on behalf of a user (a buyer's cart, a new user's own contact):
// full rights, with the user stamped as creator and owner. userID may be "" (a guest).
func SystemFor(userID string) *identity.Principal {
	return &identity.Principal{Staff: true, System: true, UserID: userID}
}

// readFilter is rowFilter for the query API (query_sql.go), under the lock that guards the rules registered at
// start: every read of rows, a query, a path's parents or a semi-join, applies the very rule Get and GetMany apply,
// so a query can never read more than a record read.
func (e *Engine) readFilter(alias string, actor *identity.Principal, o *Object) (string, []any) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	return e.rowFilter(alias, actor, o)
}
