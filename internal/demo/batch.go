package demo

import (
	"context"
	"fmt"
	"strings"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// maxParams bounds the placeholders of one INSERT: under SQLite's 32766 and PostgreSQL's 65535.
const maxParams = 30000

// writer inserts seeded rows inside one transaction, object by object, as multi-row INSERTs. It fills the system
// fields (owner, record type, created/modified dates and users) the same way for every row.
type writer struct {
	ctx     context.Context
	tx      *db.Tx
	objects map[string]records.Object
	now     string
	userID  string // creator and owner of seeded rows
	// managerID is the demo buyer manager, whose managed accounts the store seeds.
	managerID string
	batches   []*batch
}

func newWriter(ctx context.Context, tx *db.Tx, userID string, now time.Time) *writer {
	objs := map[string]records.Object{}
	for _, o := range records.StandardObjects() {
		objs[o.APIName] = records.WithSystemFields(o)
	}
	return &writer{ctx: ctx, tx: tx, objects: objs, userID: userID, now: now.UTC().Format("2006-01-02T15:04:05.000Z")}
}

// batch collects rows of one object with a fixed list of fields.
type batch struct {
	w       *writer
	table   string
	prefix  string
	columns []string
	owned   bool
	width   int
	perStmt int
	args    []any
	rows    int
	query   string // the INSERT for a full statement, built once
}

// table starts a batch for the object's fields (API names). A field the object lacks is a programming error in the
// seed data, caught by the tests on the first run.
func (w *writer) table(object string, fields ...string) *batch {
	o, ok := w.objects[object]
	if !ok {
		panic("demo: unknown object " + object)
	}
	cols := []string{"id"}
	if o.Owned {
		cols = append(cols, "ownerid")
	}
	cols = append(cols, "recordtypeid", "createddate", "createdbyid", "lastmodifieddate", "lastmodifiedbyid", "systemmodstamp")
	for _, f := range fields {
		fd := o.Field(f)
		if fd == nil || !fd.HasColumn() {
			panic(fmt.Sprintf("demo: %s has no field %s", object, f))
		}
		cols = append(cols, fd.Column())
	}
	b := &batch{w: w, table: o.TableName(), prefix: o.KeyPrefix, columns: cols, owned: o.Owned, width: len(cols)}
	b.perStmt = max(1, min(500, maxParams/b.width))
	w.batches = append(w.batches, b)
	return b
}

// add queues one row: its id, then the values of the batch's fields in order. nil is NULL.
func (b *batch) add(id string, values ...any) error {
	if records.KeyPrefix(id) != b.prefix {
		return fmt.Errorf("demo: id %s does not have %s's key prefix %s", id, b.table, b.prefix)
	}
	if len(values) != b.width-b.systemWidth() {
		return fmt.Errorf("demo: %s row %s has %d values, want %d", b.table, id, len(values), b.width-b.systemWidth())
	}
	b.args = append(b.args, id)
	if b.owned {
		b.args = append(b.args, b.w.userID)
	}
	b.args = append(b.args, records.DefaultRecordTypeID, b.w.now, b.w.userID, b.w.now, b.w.userID, b.w.now)
	b.args = append(b.args, values...)
	b.rows++
	if b.rows == b.perStmt {
		return b.flush()
	}
	return nil
}

func (b *batch) systemWidth() int {
	if b.owned {
		return 8
	}
	return 7
}

// flush writes the queued rows in one statement.
func (b *batch) flush() error {
	if b.rows == 0 {
		return nil
	}
	q := b.query
	if b.rows != b.perStmt || q == "" {
		q = b.insertSQL(b.rows)
		if b.rows == b.perStmt {
			b.query = q
		}
	}
	if _, err := b.w.tx.Exec(b.w.ctx, q, b.args...); err != nil {
		return fmt.Errorf("demo: insert into %s: %w", b.table, err)
	}
	b.args = b.args[:0]
	b.rows = 0
	return nil
}

func (b *batch) insertSQL(rows int) string {
	var sb strings.Builder
	sb.WriteString("INSERT INTO ")
	sb.WriteString(db.Ident(b.table))
	sb.WriteString(" (")
	sb.WriteString(strings.Join(b.columns, ", "))
	sb.WriteString(") VALUES ")
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", b.width), ", ") + ")"
	for i := 0; i < rows; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(row)
	}
	return sb.String()
}

// flush writes every batch's remaining rows.
func (w *writer) flush() error {
	for _, b := range w.batches {
		if err := b.flush(); err != nil {
			return err
		}
	}
	return nil
}
