package records

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"

	"storefront/internal/platform/db"
)

// Auto-number fields (Case.CaseNumber, Order.OrderNumber...): the engine numbers new records as it inserts them.

func hasAutoNumber(o *Object) bool {
	for _, f := range o.Fields {
		if f.AutoNumber {
			return true
		}
	}
	return false
}

// fillAutoNumbers gives each new record the next number of each auto-number field, with one query per field for
// the whole batch. Numbers are zero-padded to a fixed width, so the largest stored text is the largest number.
// On SQLite the single writer serializes writers, so the next number is MAX + 1. On PostgreSQL numbers come from the
// field's sequence (syncAutoNumberSequence): concurrent writers, on one instance or several sharing the database,
// draw different numbers without waiting for each other's commit; a rolled-back transaction leaves a gap, as
// Salesforce's auto-numbers do.
func fillAutoNumbers(ctx context.Context, tx *db.Tx, recs []*Record) error {
	if len(recs) == 0 {
		return nil
	}
	for _, f := range columnFields(recs[0].Object) {
		if !f.AutoNumber {
			continue
		}
		width := f.Length
		if width == 0 {
			width = 8
		}
		if tx.Dialect() == db.Postgres {
			drawn, err := db.Strings(ctx, tx, `SELECT CAST(nextval(CAST(? AS regclass)) AS TEXT) FROM generate_series(1, ?)`,
				autoNumberSequence(recs[0].Object, f), len(recs))
			if err != nil {
				return err
			}
			nums := make([]int64, len(drawn))
			for i, s := range drawn {
				if nums[i], err = strconv.ParseInt(s, 10, 64); err != nil {
					return err
				}
			}
			slices.Sort(nums) // in record order, as SQLite's numbers are
			for i, rec := range recs {
				rec.Values[f.APIName] = fmt.Sprintf("%0*d", width, nums[i])
			}
			continue
		}
		var last sql.NullString
		if err := tx.QueryRow(ctx, "SELECT MAX("+db.Ident(f.Column())+") FROM "+db.Ident(recs[0].Object.TableName())).Scan(&last); err != nil {
			return err
		}
		next := max(f.AutoNumberStart, 1)
		if n, err := strconv.ParseInt(last.String, 10, 64); err == nil && n+1 > next {
			next = n + 1
		}
		for _, rec := range recs {
			rec.Values[f.APIName] = fmt.Sprintf("%0*d", width, next)
			next++
		}
	}
	return nil
}

// autoNumberSequence names the PostgreSQL sequence of an auto-number field, quoted.
func autoNumberSequence(o *Object, f *Field) string {
	return db.Ident("sq_" + o.TableName() + "_" + f.Column())
}

// syncAutoNumberSequence creates the PostgreSQL sequence of an auto-number field, starting at the field's start,
// and moves it past the largest number already stored (a table filled before the sequence existed). Once the
// sequence draws the numbers, no stored number is past it and the move does nothing, so running it at every
// start, while other instances write, never takes a number back.
func syncAutoNumberSequence(ctx context.Context, tx *db.Tx, o *Object, f *Field) error {
	seq := autoNumberSequence(o, f)
	if _, err := tx.Exec(ctx, fmt.Sprintf(`CREATE SEQUENCE IF NOT EXISTS %s START WITH %d`, seq, max(f.AutoNumberStart, 1))); err != nil {
		return err
	}
	col := db.Ident(f.Column())
	_, err := tx.Exec(ctx, `SELECT setval(CAST(? AS regclass), x.m) FROM (SELECT CAST(MAX(`+col+`) AS BIGINT) AS m FROM `+
		db.Ident(o.TableName())+` WHERE `+col+` ~ '^[0-9]{1,18}$') x, `+seq+` s
		WHERE x.m IS NOT NULL AND x.m >= CASE WHEN s.is_called THEN s.last_value + 1 ELSE s.last_value END`, seq)
	return err
}
