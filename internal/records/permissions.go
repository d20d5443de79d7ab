package records

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
)

// Staff permissions are records (catalog_permissions.go), as on Salesforce: a user's profile owns a permission set,
// and more permission sets are assigned to the user (PermissionSetAssignment). A staff user's effective permissions
// are the union of those sets:
//
//   - PermissionsModifyAllData: every right on every object and field; PermissionsViewAllData: reading them all.
//   - ObjectPermissions (SobjectType, PermissionsCreate/Read/Edit/Delete): the rights on one object. Create, edit
//     and delete imply read, and delete implies edit, as Salesforce requires of a saved row.
//   - FieldPermissions (Field "Object.Field", PermissionsRead/Edit): the fields of an object the user may read and
//     edit. Fields Salesforce does not secure (the id and audit fields, the owner, the name field and required
//     fields) follow the object's rights. A field the user may not read is, for them, as if it did not exist.
//   - PermissionsManageUsers: user administration. Users, profiles, permission sets and their permissions and
//     assignments are written only with it (and read with it or an object permission).
//
// A staff user without a profile is a Store Administrator (the profile's own permission set: Modify All Data), so
// `storefront user create --staff` and the users tests make keep full access; where the Store Administrator
// profile is not installed (a bare test database) such a user has full access too.
//
// The permission sets are read once per version of the permission tables (db.Permissions) and each user's union
// once per that version and the users' (db.Sessions moves when a user's profile changes), and kept in memory: a
// check costs map lookups. Buyers' rights are the store's row rules (access.go), not permission sets.

// The standard profiles' ids: the same on every installation.
var (
	StoreAdministratorProfileID = StableID("00e", 1)
	BuyerProfileID              = StableID("00e", 2)
	StoreManagerProfileID       = StableID("00e", 3)
	SupportAgentProfileID       = StableID("00e", 4)
)

// userAdministration are the objects written only with PermissionsManageUsers.
var userAdministration = map[string]bool{"user": true, "profile": true, "permissionset": true,
	"objectpermissions": true, "fieldpermissions": true, "permissionsetassignment": true}

type objectRights struct{ create, read, edit, delete bool }

type fieldRights struct{ read, edit bool }

// rights is a union of permission sets.
type rights struct {
	modifyAll, viewAll, manageUsers bool
	objects                         map[string]objectRights // by lower-case object name
	fields                          map[string]fieldRights  // by lower-case "object.field"
}

var fullRights = &rights{modifyAll: true, viewAll: true, manageUsers: true}

func newRights() *rights {
	return &rights{objects: map[string]objectRights{}, fields: map[string]fieldRights{}}
}

// add makes r the union of r and s.
func (r *rights) add(s *rights) {
	r.modifyAll, r.viewAll, r.manageUsers = r.modifyAll || s.modifyAll, r.viewAll || s.viewAll, r.manageUsers || s.manageUsers
	for k, v := range s.objects {
		o := r.objects[k]
		r.objects[k] = objectRights{o.create || v.create, o.read || v.read, o.edit || v.edit, o.delete || v.delete}
	}
	for k, v := range s.fields {
		f := r.fields[k]
		r.fields[k] = fieldRights{f.read || v.read, f.edit || v.edit}
	}
}

func (r *rights) object(o *Object, kind accessKind) bool {
	if r.modifyAll {
		return true
	}
	name := strings.ToLower(o.APIName)
	p := r.objects[name]
	if kind == accessRead {
		return r.viewAll || p.read || userAdministration[name] && r.manageUsers
	}
	if userAdministration[name] {
		return r.manageUsers
	}
	switch kind {
	case accessCreate:
		return p.create
	case accessUpdate:
		return p.edit
	}
	return p.delete
}

// secured reports whether field permissions govern the field; the others follow the object's rights.
func secured(f *Field) bool {
	return !isSystemField(f.APIName) && f.APIName != "OwnerId" && !f.NameField && !f.Required
}

func (r *rights) fieldReadable(o *Object, f *Field) bool {
	if r.modifyAll || r.viewAll || !secured(f) {
		return true
	}
	if f.Type == TypeAddress { // a compound field shows when one of its components does
		for i := range o.Fields {
			if c := &o.Fields[i]; c.CompoundFieldName == f.APIName && r.fieldReadable(o, c) {
				return true
			}
		}
		return false
	}
	return r.fields[strings.ToLower(o.APIName+"."+f.APIName)].read
}

func (r *rights) fieldEditable(o *Object, f *Field) bool {
	if r.modifyAll || !secured(f) {
		return true
	}
	p := r.fields[strings.ToLower(o.APIName+"."+f.APIName)]
	return p.read && p.edit
}

// permissions is the in-memory copy of the permission records of one database.
type permissions struct {
	db   *db.DB
	mu   sync.Mutex // one reload at a time
	snap atomic.Pointer[permissionSnapshot]
}

type permissionSnapshot struct {
	permVersion, userVersion int64
	sets                     map[string]*rights  // by permission set id
	byProfile                map[string][]string // profile id -> the permission sets it owns
	users                    sync.Map            // user id -> *rights, filled on first use
}

var permissionsKey int

// rightsOf answers the actor's effective permissions: full for System code and wherever the catalog has no
// permission objects; none (and no error) when they cannot be read, so a failure never grants.
func (e *Engine) rightsOf(actor *identity.Principal) *rights {
	if isSystem(actor) {
		return fullRights
	}
	if cat := e.Registry.snap.Load(); cat != nil && cat.Object("PermissionSet") == nil {
		return fullRights
	}
	p := db.Shared(e.DB, &permissionsKey, func() *permissions { return &permissions{db: e.DB} })
	if s := p.fresh(); s != nil {
		if r, ok := s.users.Load(actor.UserID); ok {
			return r.(*rights) // the common case: no lookup, no allocation
		}
	}
	// CanRead and the field checks have no context of their own; a lookup is a few indexed reads, once per user
	// and version.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, err := p.user(ctx, actor.UserID)
	if err != nil {
		return newRights()
	}
	return r
}

// fresh returns the snapshot when it is current, nil otherwise.
func (p *permissions) fresh() *permissionSnapshot {
	if s := p.snap.Load(); s != nil && s.permVersion >= p.db.Version(db.Permissions) && s.userVersion >= p.db.Version(db.Sessions) {
		return s
	}
	return nil
}

// current returns the snapshot of the current versions, loading it when they moved.
func (p *permissions) current(ctx context.Context) (*permissionSnapshot, error) {
	pv, uv := p.db.Version(db.Permissions), p.db.Version(db.Sessions) // before the load, as Registry.Catalog does
	if s := p.fresh(); s != nil {
		return s, nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if s := p.snap.Load(); s != nil && s.permVersion >= pv && s.userVersion >= uv {
		return s, nil
	}
	s, err := loadPermissionSets(ctx, p.db)
	if err != nil {
		return nil, err
	}
	s.permVersion, s.userVersion = pv, uv
	p.snap.Store(s)
	return s, nil
}

func (p *permissions) user(ctx context.Context, userID string) (*rights, error) {
	s, err := p.current(ctx)
	if err != nil {
		return nil, err
	}
	if r, ok := s.users.Load(userID); ok {
		return r.(*rights), nil
	}
	var profile sql.NullString
	err = p.db.QueryRow(ctx, `SELECT "profileid" FROM "user" WHERE "id" = ?`, userID).Scan(&profile)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	owned := s.byProfile[profile.String]
	if !profile.Valid || profile.String == "" {
		owned = s.byProfile[StoreAdministratorProfileID]
		if len(owned) == 0 {
			s.users.Store(userID, fullRights)
			return fullRights, nil
		}
	}
	r := newRights()
	for _, id := range owned {
		r.add(s.sets[id])
	}
	rows, err := p.db.Query(ctx, `SELECT "permissionsetid" FROM "permissionsetassignment" WHERE "assigneeid" = ?`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		if set := s.sets[id]; set != nil {
			r.add(set)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	s.users.Store(userID, r)
	return r, nil
}

// loadPermissionSets reads every permission set with its object and field permissions.
func loadPermissionSets(ctx context.Context, d *db.DB) (*permissionSnapshot, error) {
	s := &permissionSnapshot{sets: map[string]*rights{}, byProfile: map[string][]string{}}
	err := eachRow(ctx, d, `SELECT "id", "profileid", "permissionsmodifyalldata", "permissionsviewalldata",
		"permissionsmanageusers" FROM "permissionset"`, func(scan func(...any) error) error {
		var id string
		var profile sql.NullString
		var modifyAll, viewAll, manageUsers sql.NullBool
		if err := scan(&id, &profile, &modifyAll, &viewAll, &manageUsers); err != nil {
			return err
		}
		r := newRights()
		r.modifyAll, r.viewAll, r.manageUsers = modifyAll.Bool, viewAll.Bool, manageUsers.Bool
		s.sets[id] = r
		if profile.String != "" {
			s.byProfile[profile.String] = append(s.byProfile[profile.String], id)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = eachRow(ctx, d, `SELECT "parentid", "sobjecttype", "permissionscreate", "permissionsread", "permissionsedit",
		"permissionsdelete", "permissionsviewallrecords", "permissionsmodifyallrecords" FROM "objectpermissions"`,
		func(scan func(...any) error) error {
			var parent, object string
			var c, r, e, del, viewAll, modifyAll sql.NullBool
			if err := scan(&parent, &object, &c, &r, &e, &del, &viewAll, &modifyAll); err != nil {
				return err
			}
			if set := s.sets[parent]; set != nil {
				edit := e.Bool || del.Bool || modifyAll.Bool
				set.add(&rights{objects: map[string]objectRights{strings.ToLower(object): {
					create: c.Bool || modifyAll.Bool, read: r.Bool || c.Bool || edit || viewAll.Bool, edit: edit,
					delete: del.Bool || modifyAll.Bool}}})
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	err = eachRow(ctx, d, `SELECT "parentid", "field", "permissionsread", "permissionsedit" FROM "fieldpermissions"`,
		func(scan func(...any) error) error {
			var parent, field string
			var r, e sql.NullBool
			if err := scan(&parent, &field, &r, &e); err != nil {
				return err
			}
			if set := s.sets[parent]; set != nil {
				set.fields[strings.ToLower(field)] = fieldRights{read: r.Bool || e.Bool, edit: e.Bool}
			}
			return nil
		})
	return s, err
}

func eachRow(ctx context.Context, d *db.DB, query string, fn func(scan func(...any) error) error) error {
	rows, err := d.Query(ctx, query)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}
