package duplicates

import (
	"context"
	"reflect"
	"strings"

	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// ObjectsWithRules are the objects whose saves duplicate rules check: the standard set's (rules of other objects
// are stored and served, and enforced once their object is listed here at start).
var ObjectsWithRules = []string{"Account", "Contact", "Lead"}

// Register makes the engine refuse, for every writer, a save that an active Block rule of the object matches,
// unless the write's context allows duplicates (records.AllowDuplicates). Allow rules cost nothing on save: their
// matches are reported by predupe. An edit is checked only when it changes a field its matching rules compare, so
// domain code touching other fields of an existing duplicate is never refused.
func Register(e *records.Engine) {
	for _, name := range ObjectsWithRules {
		e.OnRecords(name, records.Hooks{BeforeSave: func(ctx context.Context, ev *records.SaveEvent) error {
			return beforeSave(ctx, e, ev)
		}})
	}
}

func beforeSave(ctx context.Context, e *records.Engine, ev *records.SaveEvent) error {
	if records.DuplicatesAllowed(ctx) {
		return nil
	}
	rules, err := activeRules(ctx, e, ev.Object.APIName)
	if err != nil {
		return err
	}
	var blocking []*Rule
	for _, r := range rules {
		if r.Active && strings.EqualFold(r.action(ev.Created), ActionBlock) {
			blocking = append(blocking, r)
		}
	}
	if len(blocking) == 0 {
		return nil
	}
	for i, rec := range ev.Records {
		var found []*records.DuplicateResult
		for _, r := range blocking {
			if !ev.Created && !changesMatchFields(r, ev.Old[i], rec) {
				continue
			}
			selfID := ""
			if !ev.Created {
				selfID = rec.ID
			}
			m, err := find(ctx, e, ev.Tx, ev.Actor, ev.Object, r, rec.Values, selfID)
			if err != nil {
				return err
			}
			if m != nil {
				found = append(found, m.result(ev.Object, false))
			}
		}
		if len(found) > 0 {
			we := records.RefuseDuplicates(found)
			we.Index = i
			return we
		}
	}
	return nil
}

// rulesKey names the per-database cache of each object's rules.
var rulesKey int

// activeRules are the object's rules as committed, kept in memory while the metadata version holds (a rule saved on
// any instance moves it: sf_duplicate_rule is a table of that version), so a save costs no statement for them.
func activeRules(ctx context.Context, e *records.Engine, object string) ([]*Rule, error) {
	return db.PerScope(ctx, e.DB, &rulesKey, "duplicate_rules", db.Metadata, 256, object,
		func(ctx context.Context) ([]*Rule, error) { return Rules(ctx, e.DB, object) })
}

// changesMatchFields reports whether an edit changes a field one of the rule's matching rules compares.
func changesMatchFields(r *Rule, old, rec *records.Record) bool {
	for _, mr := range r.MatchRules {
		for _, mf := range mr.Fields {
			f := rec.Object.Field(mf.Field)
			if f != nil && !reflect.DeepEqual(old.Values[f.APIName], rec.Values[f.APIName]) {
				return true
			}
		}
	}
	return false
}
