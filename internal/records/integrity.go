package records

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
)

// Integrity checks run against the database for a whole batch with a fixed number of queries: one per reference
// target object and one per unique field, however many records the batch has.

// checkIntegrity checks what the inputs changed: references must name an existing record of an allowed object that
// the actor may see (a record out of sight answers exactly as a missing one, so a reference never reveals that an
// id exists), and unique fields must repeat neither another record's value nor another value of the batch.
func (e *Engine) checkIntegrity(ctx context.Context, tx *db.Tx, cat *Catalog, actor *identity.Principal, recs []*Record, changed []map[string]any) error {
	if len(recs) == 0 {
		return nil
	}
	o := recs[0].Object
	errs := make([]*WriteError, len(recs))
	fail := func(i int, fe *FieldError) {
		if errs[i] == nil {
			errs[i] = &WriteError{Status: 400}
		}
		errs[i].add(fe)
	}
	for _, f := range changedFields(o, changed) {
		switch {
		case f.APIName == "RecordTypeId":
		case f.Type == TypeReference:
			if err := e.checkReferences(ctx, tx, cat, actor, f, recs, changed, fail); err != nil {
				return err
			}
		case f.Unique:
			if err := checkUnique(ctx, tx, f, recs, changed, fail); err != nil {
				return err
			}
		}
	}
	return firstError(errs)
}

// changedFields lists the fields any input of the batch set, sorted by API name so errors come in a stable order.
func changedFields(o *Object, changed []map[string]any) []*Field {
	names := map[string]bool{}
	for _, c := range changed {
		for k := range c {
			names[k] = true
		}
	}
	sorted := make([]string, 0, len(names))
	for k := range names {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	out := make([]*Field, 0, len(sorted))
	for _, k := range sorted {
		out = append(out, o.Field(k))
	}
	return out
}

func (e *Engine) checkReferences(ctx context.Context, tx *db.Tx, cat *Catalog, actor *identity.Principal, f *Field,
	recs []*Record, changed []map[string]any, fail func(int, *FieldError)) error {
	byTarget := map[*Object][]string{}
	for i, rec := range recs {
		id, _ := rec.Values[f.APIName].(string)
		if _, set := changed[i][f.APIName]; !set || id == "" {
			continue
		}
		target := cat.ByPrefix(KeyPrefix(id))
		if target == nil || !containsFold(f.ReferenceTo, target.APIName) {
			fail(i, fieldErr(f, CodeFieldIntegrity, "id value of incorrect type: %s", id))
			continue
		}
		byTarget[target] = append(byTarget[target], id)
	}
	found := map[string]bool{}
	for _, rec := range recs { // a record of the batch may name another (a category tree seeded in one go)
		found[rec.ID] = true
	}
	for target, ids := range byTarget {
		filter, filterArgs := e.rowFilter("r", actor, target)
		if target.APIName == "User" {
			filter, filterArgs = "", nil // owners and contacts' users are people the actor need not see to name
		}
		for start := 0; start < len(ids); start += maxInList {
			in, args := db.InList(ids[start:min(len(ids), start+maxInList)])
			got, err := db.Strings(ctx, tx, `SELECT r."id" FROM `+db.Ident(target.TableName())+` r WHERE r."id" IN (`+
				in+`)`+filter, append(args, filterArgs...)...)
			if err != nil {
				return err
			}
			for _, id := range got {
				found[id] = true
			}
		}
	}
	for i, rec := range recs {
		id, _ := rec.Values[f.APIName].(string)
		if _, set := changed[i][f.APIName]; set && id != "" && !found[id] && cat.ByPrefix(KeyPrefix(id)) != nil &&
			containsFold(f.ReferenceTo, cat.ByPrefix(KeyPrefix(id)).APIName) {
			fail(i, fieldErr(f, CodeFieldIntegrity, "entity is deleted or does not exist: %s", id))
		}
	}
	return nil
}

func checkUnique(ctx context.Context, tx *db.Tx, f *Field, recs []*Record, changed []map[string]any, fail func(int, *FieldError)) error {
	o := recs[0].Object
	first := map[any]int{} // value -> index of the first record of the batch holding it
	var values []any
	for i, rec := range recs {
		v := rec.Values[f.APIName]
		if _, set := changed[i][f.APIName]; !set || v == nil {
			continue
		}
		if j, dup := first[v]; dup {
			fail(i, duplicateErr(f, recs[j].ID))
			continue
		}
		first[v] = i
		values = append(values, toDB(f, v))
	}
	for start := 0; start < len(values); start += maxInList {
		chunk := values[start:min(len(values), start+maxInList)]
		marks := make([]string, len(chunk))
		for i := range marks {
			marks[i] = "?"
		}
		rows, err := tx.Query(ctx, "SELECT "+db.Ident(f.Column())+`, "id" FROM `+db.Ident(o.TableName())+" WHERE "+
			db.Ident(f.Column())+" IN ("+strings.Join(marks, ", ")+")", chunk...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var raw any
			var id string
			if err := rows.Scan(&raw, &id); err != nil {
				rows.Close()
				return err
			}
			if i, ok := first[fromDB(f, raw)]; ok && recs[i].ID != id {
				fail(i, duplicateErr(f, id))
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}

func duplicateErr(f *Field, other string) *FieldError {
	return &FieldError{Code: CodeDuplicateValue, Field: f.APIName, FieldLabel: f.Label,
		Message: fmt.Sprintf("duplicate value found: %s duplicates value on record with id: %s", f.APIName, other)}
}

// firstError is the first failed record's error, with its position in the batch; nil when all passed.
func firstError(errs []*WriteError) error {
	for i, e := range errs {
		if e != nil && !e.empty() {
			e.Index = i
			return e
		}
	}
	return nil
}

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
