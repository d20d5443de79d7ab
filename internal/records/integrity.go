package records

import (
	"context"
	"fmt"
	"slices"
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

// changedFields lists the reference and unique fields (those checkIntegrity checks) any input of the batch set,
// sorted by API name so errors come in a stable order. It walks the object's fields rather than the inputs' names:
// most writes set none of them, and looking each name up is a walk of the fields anyway.
func changedFields(o *Object, changed []map[string]any) []*Field {
	var out []*Field
	for i := range o.Fields {
		f := &o.Fields[i]
		if f.Type != TypeReference && !f.Unique {
			continue
		}
		for _, c := range changed {
			if _, set := c[f.APIName]; set {
				out = append(out, f)
				break
			}
		}
	}
	slices.SortFunc(out, func(a, b *Field) int { return strings.Compare(a.APIName, b.APIName) })
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
	known := existingIn(tx)
	for target, ids := range byTarget {
		filter, filterArgs := e.rowFilter("r", actor, target)
		if target.APIName == "User" {
			filter, filterArgs = "", nil // owners and contacts' users are people the actor need not see to name
		}
		if filter == "" {
			ids = known.unknown(ids, found)
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
			if filter == "" {
				known.add(got)
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
