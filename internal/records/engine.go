package records

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
)

// Engine reads and writes records of any object through its metadata, inside transactions, applying validation,
// the permission rules of access.go and the hooks domain packages register. It is the only writer of records:
// typed domain code (carts, orders, users, the demo seed) writes through Insert, UpdateMany and DeleteMany, which
// stamp system fields, auto-number, validate and run the hooks. It keeps no state beyond the metadata snapshot,
// which its Registry refreshes from the database, and the rules and hooks registered at start, so any number of app
// servers may run one each.
type Engine struct {
	DB       *db.DB
	Registry *Registry
	// Now is the clock (tests may pin it).
	Now func() time.Time

	mu         sync.RWMutex
	visibility map[string]Visibility
	// shared are the row rules that bind staff too (access.go): the objects whose rows follow other records.
	shared map[string]Visibility
	hooks  map[string][]Hooks
}

// NewEngine returns an engine over d with its own metadata registry and the standard row rules.
func NewEngine(d *db.DB) *Engine {
	e := &Engine{DB: d, Registry: NewRegistry(d), Now: time.Now, visibility: standardVisibility(),
		shared: map[string]Visibility{}, hooks: map[string][]Hooks{}}
	e.shareFiles()
	return e
}

// SetVisibility makes the object readable by buyers, limited to the rows the rule selects. Domain packages call it
// at start for the objects they own (see access.go).
func (e *Engine) SetVisibility(apiName string, v Visibility) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.visibility[apiName] = v
}

// Catalog returns the current metadata.
func (e *Engine) Catalog(ctx context.Context) (*Catalog, error) { return e.Registry.Catalog(ctx) }

// resolve maps an input id to its object and 18-character form, or ErrNotFound.
func (e *Engine) resolve(ctx context.Context, id string) (*Object, string, error) {
	full, ok := NormalizeID(id)
	if !ok {
		return nil, "", ErrNotFound
	}
	cat, err := e.Catalog(ctx)
	if err != nil {
		return nil, "", err
	}
	o := cat.ByPrefix(KeyPrefix(full))
	if o == nil {
		return nil, "", ErrNotFound
	}
	return o, full, nil
}

// Get reads one record (15- or 18-character id) with one query. Records the actor may not see are ErrNotFound.
func (e *Engine) Get(ctx context.Context, actor *identity.Principal, id string) (*Record, error) {
	o, full, err := e.resolve(ctx, id)
	if err != nil {
		return nil, err
	}
	if !e.CanRead(actor, o) {
		return nil, ErrNotFound
	}
	recs, err := e.load(ctx, e.Querier(ctx), actor, o, []string{full}, false)
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 {
		return nil, ErrNotFound
	}
	return recs[0], nil
}

// GetMany reads the records of one object with the given ids, in their order, with one query per few hundred
// ids; records missing or out of the actor's sight are simply absent. q is the database or a transaction.
func (e *Engine) GetMany(ctx context.Context, q db.Querier, actor *identity.Principal, apiName string, ids []string) ([]*Record, error) {
	cat, err := e.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	o := cat.Object(apiName)
	if o == nil || !e.CanRead(actor, o) {
		return nil, ErrNotFound
	}
	return e.load(ctx, q, actor, o, ids, false)
}

// GetRelated follows a reference field of rec to the record it points at: nil (and no error) when the field is
// empty or the target is gone or not visible to the actor.
func (e *Engine) GetRelated(ctx context.Context, actor *identity.Principal, rec *Record, field *Field) (*Record, error) {
	id, _ := rec.Values[field.APIName].(string)
	if id == "" {
		return nil, nil
	}
	target, err := e.Get(ctx, actor, id)
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	return target, err
}

// load selects every column of the rows with the given ids that the actor may see, in the order of ids (rows
// missing or out of sight are simply absent). forUpdate locks the rows on PostgreSQL (SQLite's single writer
// already serialises writes).
func (e *Engine) load(ctx context.Context, q querier, actor *identity.Principal, o *Object, ids []string, forUpdate bool) ([]*Record, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	byID := make(map[string]*Record, len(ids))
	for start := 0; start < len(ids); start += maxInList {
		in, args := db.InList(ids[start:min(len(ids), start+maxInList)])
		if err := e.loadWhere(ctx, q, actor, o, `r."id" IN (`+in+")", args, forUpdate, byID); err != nil {
			return nil, err
		}
	}
	out := make([]*Record, 0, len(byID))
	for _, id := range ids {
		if rec := byID[id]; rec != nil {
			out = append(out, rec)
			delete(byID, id) // an id asked twice comes back once
		}
	}
	return out, nil
}

// loadWhere selects every column of the rows of o that cond (on the alias r) holds for and the actor may see, into
// into by id; forUpdate as load's.
func (e *Engine) loadWhere(ctx context.Context, q querier, actor *identity.Principal, o *Object, cond string, args []any,
	forUpdate bool, into map[string]*Record) error {
	cols := columnFields(o)
	names := make([]string, len(cols))
	for i, f := range cols {
		names[i] = "r." + db.Ident(f.Column())
	}
	s := e.NewSelect(nil, actor, o, "r") // no paths: the table and the actor's row rule
	from, _ := s.From()
	where, args := s.WhereClause([]string{cond}, args)
	query := "SELECT " + strings.Join(names, ", ") + from + where
	if forUpdate {
		if tx, ok := q.(*db.Tx); ok && tx.Dialect() == db.Postgres {
			query += " ORDER BY r.\"id\" FOR UPDATE" // a fixed lock order: two writers never deadlock
		}
	}
	return scanRecords(ctx, q, o, cols, query, args, into)
}

// maxInList bounds the ids of one IN list, well under both databases' placeholder limits.
const maxInList = 500

func scanRecords(ctx context.Context, q querier, o *Object, cols []*Field, query string, args []any, into map[string]*Record) error {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("records: read %s: %w", o.APIName, err)
	}
	defer rows.Close()
	raw := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range raw {
		ptrs[i] = &raw[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		rec := &Record{Object: o, Values: make(map[string]any, len(cols))}
		for i, f := range cols {
			rec.Values[f.APIName] = fromDB(f, raw[i])
		}
		rec.ID, _ = rec.Values["Id"].(string)
		into[rec.ID] = rec
	}
	return rows.Err()
}

// columnFields are the object's fields stored in columns, in definition order.
func columnFields(o *Object) []*Field {
	out := make([]*Field, 0, len(o.Fields))
	for i := range o.Fields {
		if o.Fields[i].HasColumn() {
			out = append(out, &o.Fields[i])
		}
	}
	return out
}
