package records

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"storefront/internal/platform/db"
)

// DefaultRefreshInterval is how long a registry trusts its in-memory copy of the metadata before it asks the
// database whether another instance changed it. The check is one cheap aggregate query.
const DefaultRefreshInterval = 2 * time.Second

// Registry answers object definitions from the sf_object table. It keeps a snapshot in memory for speed and, being
// one of several stateless app servers, re-checks the table's version (max modstamp and row count) at most every
// RefreshInterval, reloading when it moved. Changes made through this process invalidate the snapshot at once.
type Registry struct {
	db              *db.DB
	RefreshInterval time.Duration

	mu        sync.Mutex
	snap      *Catalog
	checkedAt time.Time
}

// NewRegistry returns a registry over d's sf_object table.
func NewRegistry(d *db.DB) *Registry {
	return &Registry{db: d, RefreshInterval: DefaultRefreshInterval}
}

// Catalog is an immutable snapshot of every object definition.
type Catalog struct {
	version  metaVersion
	objects  []*Object
	byName   map[string]*Object
	byPrefix map[string]*Object
	children map[string][]ChildRelationship // parent API name (lower case) -> relationships pointing at it
}

type metaVersion struct {
	modstamp int64
	count    int
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
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.snap != nil && time.Since(r.checkedAt) < r.RefreshInterval {
		return r.snap, nil
	}
	v, err := r.currentVersion(ctx)
	if err != nil {
		return nil, err
	}
	if r.snap == nil || r.snap.version != v {
		snap, err := r.load(ctx)
		if err != nil {
			return nil, err
		}
		r.snap = snap
	}
	r.checkedAt = time.Now()
	return r.snap, nil
}

// Invalidate forces the next Catalog call to check the database.
func (r *Registry) Invalidate() {
	r.mu.Lock()
	r.checkedAt = time.Time{}
	r.mu.Unlock()
}

func (r *Registry) currentVersion(ctx context.Context) (metaVersion, error) {
	var v metaVersion
	err := r.db.QueryRow(ctx, `SELECT COALESCE(MAX(modstamp), 0), COUNT(*) FROM sf_object`).Scan(&v.modstamp, &v.count)
	return v, err
}

// load reads every definition. The version is read in the same pass so that a change racing the load is noticed
// at the next check rather than hidden.
func (r *Registry) load(ctx context.Context) (*Catalog, error) {
	rows, err := r.db.Query(ctx, `SELECT definition, modstamp FROM sf_object`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	c := &Catalog{byName: map[string]*Object{}, byPrefix: map[string]*Object{}, children: map[string][]ChildRelationship{}}
	for rows.Next() {
		var def string
		var stamp int64
		if err := rows.Scan(&def, &stamp); err != nil {
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
		c.version.modstamp = max(c.version.modstamp, stamp)
		c.version.count++
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
