package records

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"storefront/internal/platform/db"
)

// Registry answers object definitions from the sf_object table. It keeps a snapshot in memory, read without a lock,
// and reloads it when the database's metadata version moves (db.Metadata: a trigger on sf_object moves it, and
// every instance hears of it within a second; this one at once for its own changes).
type Registry struct {
	db   *db.DB
	mu   sync.Mutex // one reload at a time
	snap atomic.Pointer[Catalog]
}

// NewRegistry returns the registry of d's sf_object table: one per database, shared by every engine over it.
func NewRegistry(d *db.DB) *Registry {
	return db.Shared(d, &registryKey, func() *Registry { return &Registry{db: d} })
}

var registryKey int

// Catalog is an immutable snapshot of every object definition.
type Catalog struct {
	version  int64 // the metadata version it was loaded at
	objects  []*Object
	byName   map[string]*Object
	byPrefix map[string]*Object
	children map[string][]ChildRelationship // parent API name (lower case) -> relationships pointing at it
}

// ChildRelationship is a reference from another object (or this one) to an object.
type ChildRelationship struct {
	ChildObject      string
	FieldName        string
	RelationshipName string
}

// Object returns the object with the API name (case-insensitive), or nil.
func (c *Catalog) Object(apiName string) *Object { return c.byName[strings.ToLower(apiName)] }

// ByPrefix returns the object whose ids start with prefix, or nil.
func (c *Catalog) ByPrefix(prefix string) *Object { return c.byPrefix[prefix] }

// Objects lists every object, ordered by API name.
func (c *Catalog) Objects() []*Object { return c.objects }

// Children lists the relationships of other objects' reference fields that point at the object.
func (c *Catalog) Children(apiName string) []ChildRelationship {
	return c.children[strings.ToLower(apiName)]
}

// Catalog returns the current metadata, reloading it when another instance (or this one) changed it.
func (r *Registry) Catalog(ctx context.Context) (*Catalog, error) {
	version := r.db.Version(db.Metadata) // before the load: a snapshot is never labelled newer than its rows
	if snap := r.snap.Load(); snap != nil && snap.version >= version {
		return snap, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if snap := r.snap.Load(); snap != nil && snap.version >= version {
		return snap, nil // another request reloaded it meanwhile
	}
	snap, err := r.load(ctx)
	if err != nil {
		return nil, err
	}
	snap.version = version
	r.snap.Store(snap)
	return snap, nil
}

// Invalidate makes the next Catalog call reload the definitions.
func (r *Registry) Invalidate() { r.db.Invalidate(db.Metadata) }

// load reads every definition.
func (r *Registry) load(ctx context.Context) (*Catalog, error) {
	rows, err := r.db.Query(ctx, `SELECT definition FROM sf_object`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	c := &Catalog{byName: map[string]*Object{}, byPrefix: map[string]*Object{}, children: map[string][]ChildRelationship{}}
	for rows.Next() {
		var def string
		if err := rows.Scan(&def); err != nil {
			return nil, err
		}
		o := &Object{}
		if err := json.Unmarshal([]byte(def), o); err != nil {
			return nil, fmt.Errorf("records: definition: %w", err)
		}
		*o = WithSystemFields(*o)
		c.objects = append(c.objects, o)
		c.byName[strings.ToLower(o.APIName)] = o
		c.byPrefix[o.KeyPrefix] = o
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	sort.Slice(c.objects, func(i, j int) bool { return c.objects[i].APIName < c.objects[j].APIName })
	for _, o := range c.objects {
		for _, f := range o.Fields {
			if f.Type != TypeReference || f.RelationshipName == "" || isAuditField(f.APIName) {
				continue
			}
			for _, target := range f.ReferenceTo {
				key := strings.ToLower(target)
				name := childRelationshipName(o, f)
				for _, existing := range c.children[key] {
					if existing.RelationshipName == name { // two references from one object: qualify by field
						name = f.RelationshipName + name
					}
				}
				c.children[key] = append(c.children[key], ChildRelationship{ChildObject: o.APIName,
					FieldName: f.APIName, RelationshipName: name})
			}
		}
	}
	return c, nil
}

// isAuditField names the system references (owner, record type, created/modified by) that do not make related
// lists on their targets.
func isAuditField(name string) bool {
	switch name {
	case "OwnerId", "RecordTypeId", "CreatedById", "LastModifiedById":
		return true
	}
	return false
}

// childRelationshipName is the parent-side name of a reference: the child's plural label without spaces
// (Contacts, Cases, ChildAccounts for a self reference), as Salesforce names standard relationships.
func childRelationshipName(child *Object, f Field) string {
	plural := strings.ReplaceAll(child.LabelPlural, " ", "")
	for _, t := range f.ReferenceTo {
		if t == child.APIName && f.APIName == "ParentId" {
			return "Child" + plural
		}
	}
	if child.Custom {
		return strings.TrimSuffix(plural, "__c") + "__r"
	}
	return plural
}
