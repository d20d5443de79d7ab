package records

import (
	"context"
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

// updateRows writes every column of the given (loaded, changed) records with one statement per chunk: the new
// rows as a VALUES list joined to the table by id. The first row's placeholders carry casts so that PostgreSQL
// types the VALUES columns as the table's.
func updateRows(ctx context.Context, tx *db.Tx, o *Object, recs []*Record) error {
	cols := columnFields(o)
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
	plain := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	first := "(" + strings.Join(typed, ", ") + ")"
	table := db.Ident(o.TableName())
	per := rowsPerStatement(len(cols))
	for start := 0; start < len(recs); start += per {
		chunk := recs[start:min(len(recs), start+per)]
		args := make([]any, 0, len(chunk)*len(cols))
		for _, rec := range chunk {
			for _, f := range cols {
				args = append(args, toDB(f, rec.Values[f.APIName]))
			}
		}
		values := first + strings.Repeat(", "+plain, len(chunk)-1)
		q := "WITH v (" + strings.Join(names, ", ") + ") AS (VALUES " + values + ") UPDATE " + table + " SET " +
			strings.Join(sets, ", ") + " FROM v WHERE " + table + `."id" = v."id"`
		if _, err := tx.Exec(ctx, q, args...); err != nil {
			return err
		}
	}
	return nil
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
