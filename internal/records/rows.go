package records

import (
	"context"
	"slices"
	"strings"

	"storefront/internal/platform/db"
)

// maxParams bounds the placeholders of one statement: under SQLite's 32766 and PostgreSQL's 65535.
const maxParams = 30000

// rowsPerStatement is how many rows of width columns fit one statement.
func rowsPerStatement(width int) int { return max(1, min(1000, maxParams/width)) }

// insertRows writes new records with one multi-row INSERT per chunk.
func insertRows(ctx context.Context, tx *db.Tx, o *Object, recs []*Record) error {
	cols := columnFields(o)
	names := make([]string, len(cols))
	for i, f := range cols {
		names[i] = db.Ident(f.Column())
	}
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	per := rowsPerStatement(len(cols))
	for start := 0; start < len(recs); start += per {
		chunk := recs[start:min(len(recs), start+per)]
		args := make([]any, 0, len(chunk)*len(cols))
		for _, rec := range chunk {
			for _, f := range cols {
				args = append(args, toDB(f, rec.Values[f.APIName]))
			}
		}
		q := "INSERT INTO " + db.Ident(o.TableName()) + " (" + strings.Join(names, ", ") + ") VALUES " +
			strings.TrimSuffix(strings.Repeat(row+", ", len(chunk)), ", ")
		if _, err := tx.Exec(ctx, q, args...); err != nil {
			return err
		}
	}
	return nil
}

// updateRows writes the given (loaded, changed) records with one statement per chunk: the new rows as a VALUES
// list joined to the table by id. Only the columns that changed in some record of the chunk are written (old holds
// each record as loaded): a 500-line cart's reprice sets its prices and stamps, not its forty columns, which keeps
// the statement SQLite parses (and both databases run) a fraction of the size. The first row's placeholders carry
// casts so that PostgreSQL types the VALUES columns as the table's. A chunk with a record loaded from a row no lock
// of tx holds (unlocked, by id: KeepRows on PostgreSQL) is written only where each row's SystemModstamp is still
// the loaded one; a row another writer changed meanwhile is ErrRowMoved.
func updateRows(ctx context.Context, tx *db.Tx, o *Object, recs []*Record, old map[*Record]*Record, unlocked map[string]bool) error {
	all := columnFields(o)
	table := db.Ident(o.TableName())
	per := rowsPerStatement(len(all) + 1)
	stamp := o.Field("SystemModstamp")
	for start := 0; start < len(recs); start += per {
		chunk := recs[start:min(len(recs), start+per)]
		cols := changedColumns(all, chunk, old)
		if len(cols) < 2 {
			continue // nothing to write but the id (an update always moves the stamps, so only a caller's empty change)
		}
		guard := stamp != nil && slices.ContainsFunc(chunk, func(r *Record) bool { return unlocked[r.ID] })
		was := func(rec *Record) any { return toDB(stamp, old[rec].Values[stamp.APIName]) }
		if len(chunk) == 1 { // most updates are of one row: a plain UPDATE, which SQLite runs in a third of the steps
			var expect any
			if guard {
				expect = was(chunk[0])
			}
			if err := updateRow(ctx, tx, table, cols, chunk[0], stamp, expect); err != nil {
				return err
			}
			continue
		}
		names := make([]string, len(cols))
		sets := make([]string, 0, len(cols))
		typed := make([]string, len(cols))
		for i, f := range cols {
			names[i] = db.Ident(f.Column())
			typed[i] = "CAST(? AS " + castType(f) + ")"
			if f.APIName != "Id" {
				sets = append(sets, names[i]+" = v."+names[i])
			}
		}
		width := len(cols)
		where := table + `."id" = v."id"`
		if guard {
			names = append(names, `"sf_was"`)
			typed = append(typed, "CAST(? AS "+castType(stamp)+")")
			where += " AND " + table + "." + db.Ident(stamp.Column()) + ` = v."sf_was"`
			width++
		}
		plain := "(" + strings.TrimSuffix(strings.Repeat("?, ", width), ", ") + ")"
		first := "(" + strings.Join(typed, ", ") + ")"
		args := make([]any, 0, len(chunk)*width)
		for _, rec := range chunk {
			for _, f := range cols {
				args = append(args, toDB(f, rec.Values[f.APIName]))
			}
			if guard {
				args = append(args, was(rec))
			}
		}
		values := first + strings.Repeat(", "+plain, len(chunk)-1)
		q := "WITH v (" + strings.Join(names, ", ") + ") AS (VALUES " + values + ") UPDATE " + table + " SET " +
			strings.Join(sets, ", ") + " FROM v WHERE " + where
		res, err := tx.Exec(ctx, q, args...)
		if err != nil {
			return err
		}
		if guard {
			if n, err := res.RowsAffected(); err != nil || n != int64(len(chunk)) {
				return ErrRowMoved
			}
		}
	}
	return nil
}

// updateRow is updateRows' statement for one record: its changed columns (cols, with the Id column) set by id, and
// only while the row's stamp is expect when that is given.
func updateRow(ctx context.Context, tx *db.Tx, table string, cols []*Field, rec *Record, stamp *Field, expect any) error {
	var q strings.Builder
	q.Grow(64 + 24*len(cols))
	q.WriteString("UPDATE " + table + " SET ")
	args := make([]any, 0, len(cols)+1)
	for _, f := range cols {
		if f.APIName != "Id" {
			if len(args) > 0 {
				q.WriteString(", ")
			}
			q.WriteString(db.Ident(f.Column()) + " = ?")
			args = append(args, toDB(f, rec.Values[f.APIName]))
		}
	}
	q.WriteString(` WHERE "id" = ?`)
	args = append(args, rec.ID)
	if expect != nil {
		q.WriteString(" AND " + db.Ident(stamp.Column()) + " = ?")
		args = append(args, expect)
	}
	res, err := tx.Exec(ctx, q.String(), args...)
	if err != nil || expect == nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return ErrRowMoved
	}
	return nil
}

// changedColumns is the Id column and every column whose stored value differs from the loaded one in at least one
// of the records; a record without its loaded form counts as changed in every column.
func changedColumns(all []*Field, recs []*Record, old map[*Record]*Record) []*Field {
	out := make([]*Field, 0, len(all))
	for _, f := range all {
		if f.APIName == "Id" {
			out = append(out, f)
			continue
		}
		for _, rec := range recs {
			before := old[rec]
			if before == nil {
				out = append(out, f)
				break
			}
			now, was := rec.Values[f.APIName], before.Values[f.APIName]
			if s, ok := now.(string); ok { // the usual case, decimals included: the same text stores the same
				if w, ok := was.(string); ok && s == w {
					continue
				}
			}
			if !sameStored(toDB(f, now), toDB(f, was)) {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

// sameStored reports two column values that store the same; values of other types than the engine's scalars count
// as different, so they are always written.
func sameStored(a, b any) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case string:
		y, ok := b.(string)
		return ok && x == y
	case int64:
		y, ok := b.(int64)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	}
	return false
}

// castType is the SQL type of a field's column for a CAST: the column types of schema.go without their defaults.
func castType(f *Field) string {
	switch f.Type {
	case TypeBoolean:
		return "BOOLEAN"
	case TypeInt, TypeDouble, TypeCurrency, TypePercent:
		return "BIGINT"
	}
	return "TEXT"
}
