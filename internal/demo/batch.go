package demo

import (
	"context"
	"fmt"
	"storefront/internal/identity"

	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// maxParams bounds the placeholders of one INSERT: under SQLite's 32766 and PostgreSQL's 65535.
const maxParams = 30000

// writer queues seeded rows and writes them through the records engine (records.Engine.Insert) inside one
// transaction, a few hundred rows per statement. The engine stamps the system fields (owner, record type,
// created/modified dates and users) and validates every row as it would a record written through the API. The
// System actor carries the creator's user id and keeps the seed's stable ids.
type writer struct {
	ctx    context.Context
	tx     *db.Tx
	engine *records.Engine
	actor  *identity.Principal
	// managerID is the demo buyer manager, whose managed accounts the store seeds.
	managerID string
	batches   []*batch
}

func newWriter(ctx context.Context, tx *db.Tx, engine *records.Engine, userID string) *writer {
	return &writer{ctx: ctx, tx: tx, engine: engine, actor: records.SystemFor(userID)}
}

// rowsPerFlush is how many queued rows of one object make the writer flush.
const rowsPerFlush = 500

// batch collects rows of one object with a fixed list of fields.
type batch struct {
	w      *writer
	object string
	prefix string
	fields []string
	rows   []map[string]any
}

// table starts a batch for the object's fields (API names). A field the object lacks is a programming error in the
// seed data, caught by the tests on the first run.
func (w *writer) table(object string, fields ...string) *batch {
	cat, err := w.engine.Catalog(w.ctx)
	if err != nil {
		panic("demo: metadata: " + err.Error())
	}
	o := cat.Object(object)
	if o == nil {
		panic("demo: unknown object " + object)
	}
	for _, f := range fields {
		if fd := o.Field(f); fd == nil || !fd.HasColumn() {
			panic(fmt.Sprintf("demo: %s has no field %s", object, f))
		}
	}
	b := &batch{w: w, object: object, prefix: o.KeyPrefix, fields: fields}
	w.batches = append(w.batches, b)
	return b
}

// add queues one row: its id, then the values of the batch's fields in order. nil is no value. When the batch is
// full every batch is flushed, in the order the batches were made, so that rows are written after the rows they
// reference.
func (b *batch) add(id string, values ...any) error {
	if records.KeyPrefix(id) != b.prefix {
		return fmt.Errorf("demo: id %s does not have %s's key prefix %s", id, b.object, b.prefix)
	}
	if len(values) != len(b.fields) {
		return fmt.Errorf("demo: %s row %s has %d values, want %d", b.object, id, len(values), len(b.fields))
	}
	row := make(map[string]any, len(values)+1)
	row["Id"] = id
	for i, f := range b.fields {
		row[f] = values[i]
	}
	b.rows = append(b.rows, row)
	if len(b.rows) >= rowsPerFlush {
		return b.w.flush()
	}
	return nil
}

// flush writes the queued rows.
func (b *batch) flush() error {
	if len(b.rows) == 0 {
		return nil
	}
	if _, err := b.w.engine.Insert(b.w.ctx, b.w.tx, b.w.actor, b.object, b.rows); err != nil {
		return fmt.Errorf("demo: insert %s: %w", b.object, err)
	}
	b.rows = b.rows[:0]
	return nil
}

// flush writes every batch's remaining rows, each object after the objects it references (the records engine
// checks references as it inserts), otherwise in the order the batches were made.
func (w *writer) flush() error {
	done := map[*batch]bool{}
	var visit func(b *batch, path map[*batch]bool) error
	visit = func(b *batch, path map[*batch]bool) error {
		if done[b] || path[b] {
			return nil // written already, or a reference cycle: creation order decides
		}
		path[b] = true
		for _, other := range w.batches {
			if other != b && w.references(b.object, other.object) {
				if err := visit(other, path); err != nil {
					return err
				}
			}
		}
		done[b] = true
		return b.flush()
	}
	for _, b := range w.batches {
		if err := visit(b, map[*batch]bool{}); err != nil {
			return err
		}
	}
	return nil
}

// references reports whether object has a reference field to target.
func (w *writer) references(object, target string) bool {
	cat, err := w.engine.Catalog(w.ctx)
	if err != nil || cat.Object(object) == nil {
		return false
	}
	for _, f := range cat.Object(object).Fields {
		if f.Type == records.TypeReference && f.APIName != "OwnerId" && f.APIName != "CreatedById" &&
			f.APIName != "LastModifiedById" {
			for _, t := range f.ReferenceTo {
				if t == target {
					return true
				}
			}
		}
	}
	return false
}
