package records

import (
	"context"
	"net/http"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
)

// Deleting follows each reference's delete rule (Field.DeleteRule): the records that cascade go too, the ones that
// restrict refuse the delete, the ones that clear get their reference emptied through UpdateMany, so their hooks
// run, their stamps move and they appear among the updated records. Every step works on whole batches: the
// statements of a delete grow with the relationships it crosses, never with the number of records.

// Delete removes a record with what its delete rules take along, in its own transaction (or the caller's: see
// InTx).
func (e *Engine) Delete(ctx context.Context, actor *identity.Principal, id string) error {
	return e.DB.InTx(ctx, func(tx *db.Tx) error { return e.DeleteMany(ctx, tx, actor, []string{id}) })
}

// DeleteMany removes records of one object inside tx, all or nothing, following the delete rules of the references
// to them.
func (e *Engine) DeleteMany(ctx context.Context, tx *db.Tx, actor *identity.Principal, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	changes := make([]Change, len(ids))
	for i, id := range ids {
		changes[i].ID = id
	}
	o, full, err := e.resolveAll(ctx, changes)
	if err != nil {
		return err
	}
	if !e.CanRead(actor, o) {
		return ErrNotFound
	}
	recs, err := e.load(ctx, tx, actor, o, full, true)
	if err != nil {
		return err
	}
	if len(recs) != len(distinctIDs(full)) {
		return ErrNotFound
	}
	if !e.CanDelete(actor, o) {
		return insufficientAccess()
	}
	cat, err := e.Catalog(ctx)
	if err != nil {
		return err
	}
	return e.deleteRecords(ctx, tx, cat, actor, o, recs)
}

// deletion is the plan of one delete: the batches it removes, the asked records first and then what cascades from
// them (whatever the actor may see of it: a parent's delete takes its details with it), and every id among them.
type deletion struct {
	batches []*DeleteEvent
	ids     map[string]bool
}

// deleteRecords deletes loaded records: it gathers what cascades, runs the before-delete hooks, refuses when a
// restricting reference points at a record that stays, clears the clearing references, deletes the rows (details
// before their masters) and runs the after-delete hooks.
func (e *Engine) deleteRecords(ctx context.Context, tx *db.Tx, cat *Catalog, actor *identity.Principal, o *Object, recs []*Record) error {
	plan := &deletion{ids: map[string]bool{}}
	if err := e.gather(ctx, tx, cat, actor, plan, o, recs); err != nil {
		return err
	}
	// The objects' own rules speak first (an order "can't be deleted" says more than what points at it); a refusal
	// after a hook has run rolls back with the transaction.
	for _, ev := range plan.batches {
		if err := e.runDelete(ctx, false, ev); err != nil {
			return err
		}
	}
	if err := plan.checkRestricted(ctx, tx, cat); err != nil {
		return err
	}
	if err := e.clearReferences(ctx, tx, cat, actor, plan); err != nil {
		return err
	}
	for i := len(plan.batches) - 1; i >= 0; i-- {
		ev := plan.batches[i]
		ids := recordIDs(ev.Records)
		existingIn(tx).forget(ids)
		keptRows(tx).forget(ids)
		for start := 0; start < len(ids); start += maxInList {
			in, args := db.InList(ids[start:min(len(ids), start+maxInList)])
			if _, err := tx.Exec(ctx, "DELETE FROM "+db.Ident(ev.Object.TableName())+` WHERE "id" IN (`+in+")", args...); err != nil {
				return err
			}
		}
	}
	for i := len(plan.batches) - 1; i >= 0; i-- {
		if err := e.runDelete(ctx, true, plan.batches[i]); err != nil {
			return err
		}
	}
	return nil
}

// gather adds the records to the plan and, through every cascading reference to them, the records that go with
// them (one query per relationship and chunk, then one read of the new ones).
func (e *Engine) gather(ctx context.Context, tx *db.Tx, cat *Catalog, actor *identity.Principal, plan *deletion, o *Object, recs []*Record) error {
	if len(recs) == 0 {
		return nil
	}
	for _, r := range recs {
		plan.ids[r.ID] = true
	}
	plan.batches = append(plan.batches, &DeleteEvent{Tx: tx, Actor: actor, Object: o, Records: recs})
	ids := recordIDs(recs)
	for _, ch := range cat.Children(o.APIName) {
		child, f := childField(cat, ch)
		if f == nil || f.DeleteRule() != DeleteCascade {
			continue
		}
		var fresh []string
		for start := 0; start < len(ids); start += maxInList {
			in, args := db.InList(ids[start:min(len(ids), start+maxInList)])
			got, err := db.Strings(ctx, tx, `SELECT "id" FROM `+db.Ident(child.TableName())+" WHERE "+db.Ident(f.Column())+
				" IN ("+in+")", args...)
			if err != nil {
				return err
			}
			for _, id := range got {
				if !plan.ids[id] {
					plan.ids[id] = true // claimed now: a second path to it (a self reference) does not read it again
					fresh = append(fresh, id)
				}
			}
		}
		kids, err := e.load(ctx, tx, System, child, fresh, true)
		if err != nil {
			return err
		}
		if err := e.gather(ctx, tx, cat, actor, plan, child, kids); err != nil {
			return err
		}
	}
	return nil
}

// maxNamedDependents bounds the dependents a refused delete names.
const maxNamedDependents = 5

// checkRestricted refuses the delete when a restricting reference points at a planned record from a record the
// plan does not remove, naming the record and its dependents as Salesforce does (DELETE_FAILED).
func (plan *deletion) checkRestricted(ctx context.Context, tx *db.Tx, cat *Catalog) error {
	for _, ev := range plan.batches {
		names := make(map[string]string, len(ev.Records))
		for _, r := range ev.Records {
			names[r.ID] = recordName(r)
		}
		ids := recordIDs(ev.Records)
		for _, ch := range cat.Children(ev.Object.APIName) {
			child, f := childField(cat, ch)
			if f == nil || f.DeleteRule() != DeleteRestrict {
				continue
			}
			nameCol := `"id"`
			if n := child.NameFieldName(); n != "" {
				nameCol = db.Ident(strings.ToLower(n))
			}
			for start := 0; start < len(ids); start += maxInList {
				in, args := db.InList(ids[start:min(len(ids), start+maxInList)])
				// At most every planned record plus a few: any row beyond the planned ones is a dependent that stays.
				rows, err := tx.Query(ctx, `SELECT "id", `+db.Ident(f.Column())+", "+nameCol+" FROM "+
					db.Ident(child.TableName())+" WHERE "+db.Ident(f.Column())+" IN ("+in+`) ORDER BY "id" LIMIT ?`,
					append(args, len(plan.ids)+maxNamedDependents)...)
				if err != nil {
					return err
				}
				var target string
				var dependents []string
				for rows.Next() {
					var id, ref string
					var name any
					if err := rows.Scan(&id, &ref, &name); err != nil {
						rows.Close()
						return err
					}
					if plan.ids[id] {
						continue
					}
					if target == "" {
						target = ref
					}
					if ref == target && len(dependents) < maxNamedDependents {
						dependents = append(dependents, nameText(name, id))
					}
				}
				rows.Close()
				if err := rows.Err(); err != nil {
					return err
				}
				if target != "" {
					return writeErr(http.StatusBadRequest, CodeDeleteFailed, "Your attempt to delete %s could not be "+
						"completed because it is associated with the following %s.: %s", names[target],
						strings.ToLower(child.LabelPlural), strings.Join(dependents, ", "))
				}
			}
		}
	}
	return nil
}

// clearReferences empties the clearing references that point at planned records from records that stay, with one
// UpdateMany per relationship: the records' hooks run and their stamps move, as for any other update. The update
// is the system's on behalf of the deleting user, since the user may not see every record that refers to theirs.
func (e *Engine) clearReferences(ctx context.Context, tx *db.Tx, cat *Catalog, actor *identity.Principal, plan *deletion) error {
	system := SystemFor(actor.UserID)
	for _, ev := range plan.batches {
		ids := recordIDs(ev.Records)
		for _, ch := range cat.Children(ev.Object.APIName) {
			child, f := childField(cat, ch)
			if f == nil || f.DeleteRule() != DeleteClear {
				continue
			}
			var changes []Change
			for start := 0; start < len(ids); start += maxInList {
				in, args := db.InList(ids[start:min(len(ids), start+maxInList)])
				got, err := db.Strings(ctx, tx, `SELECT "id" FROM `+db.Ident(child.TableName())+" WHERE "+
					db.Ident(f.Column())+" IN ("+in+")", args...)
				if err != nil {
					return err
				}
				for _, id := range got {
					if !plan.ids[id] {
						changes = append(changes, Change{ID: id, Values: map[string]any{f.APIName: nil}})
					}
				}
			}
			if _, err := e.UpdateMany(ctx, tx, system, changes, UpdateOptions{}); err != nil {
				return err
			}
		}
	}
	return nil
}

// childField is the object and reference field of a child relationship; nil when the metadata lost them.
func childField(cat *Catalog, ch ChildRelationship) (*Object, *Field) {
	child := cat.Object(ch.ChildObject)
	if child == nil {
		return nil, nil
	}
	return child, child.Field(ch.FieldName)
}

func recordIDs(recs []*Record) []string {
	ids := make([]string, len(recs))
	for i, r := range recs {
		ids[i] = r.ID
	}
	return ids
}

// recordName is how an error names a record: its name field, or its id when it has none.
func recordName(r *Record) string {
	if n := r.Object.NameFieldName(); n != "" {
		if s, _ := r.Values[n].(string); s != "" {
			return s
		}
	}
	return r.ID
}

// nameText is a scanned name column as text, or the id when it is empty.
func nameText(v any, id string) string {
	switch s := v.(type) {
	case string:
		if s != "" {
			return s
		}
	case []byte:
		if len(s) > 0 {
			return string(s)
		}
	}
	return id
}
