package sobjects

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/records"
)

// An allOrNone composite request runs its subrequests through the server's handlers, each in its own transaction,
// so rolling back is compensation: before each record write the package notes how to undo it, and when a later
// subrequest fails the notes are played backwards (a created record is deleted, an updated one gets its previous
// values back, a deleted one is inserted again with its id and values, and the lookups its delete cleared point at
// it again). Limits, said plainly: other callers may see the intermediate state for the duration of the request; a
// re-inserted record gets a new auto-number and a new CreatedDate, and the children its delete cascaded to (master-
// detail) are not brought back.

// undoStep undoes one subrequest's write.
type undoStep func(ctx context.Context) error

// recordWrite is a subrequest that writes one record through sobjects/..., the writes compensation knows.
type recordWrite struct {
	method, object string
	segments       []string // after sobjects/{object}
}

// parseRecordWrite recognises POST sobjects/{object}, PATCH and DELETE sobjects/{object}/{id} and PATCH
// sobjects/{object}/{field}/{value}. ok false for anything else.
func parseRecordWrite(method, rawURL string) (recordWrite, bool) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return recordWrite{}, false
	}
	parts := strings.Split(strings.Trim(u.Path, "/"), "/") // services data vXX.X sobjects ...
	if len(parts) < 5 || parts[3] != "sobjects" {
		return recordWrite{}, false
	}
	w := recordWrite{method: strings.ToUpper(method), object: parts[4], segments: parts[5:]}
	switch {
	case w.method == http.MethodPost && len(w.segments) == 0,
		w.method == http.MethodPatch && (len(w.segments) == 1 || len(w.segments) == 2),
		w.method == http.MethodDelete && len(w.segments) == 1:
		return w, true
	}
	return recordWrite{}, false
}

// isWrite reports whether a method changes data.
func isWrite(method string) bool {
	switch strings.ToUpper(method) {
	case http.MethodGet, http.MethodHead:
		return false
	}
	return true
}

// prepareUndo reads what undoing the write will need, before it runs; finish turns the write's answer into the
// undo step (nil when there is nothing to undo).
func (h *Handler) prepareUndo(ctx context.Context, actor *identity.Principal, w recordWrite, body any) (finish func(res subResult) undoStep) {
	system := records.SystemFor(actor.UserID)
	cat, err := h.Engine.Catalog(ctx)
	if err != nil {
		return nil
	}
	o := cat.Object(w.object)
	if o == nil {
		return nil
	}
	var before *records.Record
	var pointing []lookupLink // the lookups a delete will clear
	switch {
	case len(w.segments) == 1: // PATCH or DELETE by id
		before, _ = h.Engine.Get(ctx, system, w.segments[0])
		if before != nil && w.method == http.MethodDelete {
			pointing = h.lookupsTo(ctx, system, cat, before)
		}
	case len(w.segments) == 2: // upsert: the record the value names now, if exactly one
		f, ferr := h.externalIDField(o, system, w.segments[0])
		if ferr == nil {
			req := (&http.Request{}).WithContext(ctx)
			if ids, merr := h.matches(req, system, o, f, w.segments[1]); merr == nil && len(ids) == 1 {
				before, _ = h.Engine.Get(ctx, system, ids[0])
			}
		}
	}
	return func(res subResult) undoStep {
		if !res.ok() {
			return nil
		}
		switch {
		case w.method == http.MethodDelete && before != nil:
			return func(ctx context.Context) error {
				if _, err := h.Engine.Create(ctx, system, o.APIName, createValues(system, h.Engine, before)); err != nil {
					return err
				}
				for _, l := range pointing {
					if _, err := h.Engine.Update(ctx, system, l.id, map[string]any{l.field: before.ID}, records.UpdateOptions{}); err != nil {
						return err
					}
				}
				return nil
			}
		case w.method == http.MethodPatch && before != nil:
			fields, _ := body.(map[string]any)
			return func(ctx context.Context) error {
				old := map[string]any{}
				for k := range fields {
					if f := o.Field(k); f != nil && f.HasColumn() {
						old[f.APIName] = before.Values[f.APIName]
					}
				}
				_, err := h.Engine.Update(ctx, system, before.ID, old, records.UpdateOptions{})
				return err
			}
		}
		// A create (POST, or an upsert that created): its answer names the new record.
		if m, ok := res.Body.(map[string]any); ok && res.Status == http.StatusCreated {
			if id, ok := m["id"].(string); ok {
				return func(ctx context.Context) error { return h.Engine.Delete(ctx, system, id) }
			}
		}
		return nil
	}
}

// createValues is a deleted record's input for inserting it again: its id and every field that can be set.
func createValues(system *identity.Principal, e *records.Engine, rec *records.Record) map[string]any {
	out := map[string]any{"Id": rec.ID}
	for i := range rec.Object.Fields {
		f := &rec.Object.Fields[i]
		if e.FieldCreateable(system, rec.Object, f) && rec.Values[f.APIName] != nil {
			out[f.APIName] = rec.Values[f.APIName]
		}
	}
	return out
}

// lookupLink is a record whose lookup field points at a record about to be deleted.
type lookupLink struct{ id, field string }

// lookupsTo lists the records whose lookup (not master-detail) fields point at rec: deleting rec clears them.
func (h *Handler) lookupsTo(ctx context.Context, system *identity.Principal, cat *records.Catalog, rec *records.Record) []lookupLink {
	var out []lookupLink
	for _, ch := range cat.Children(rec.Object.APIName) {
		child := cat.Object(ch.ChildObject)
		if child == nil || child.Field(ch.FieldName) == nil || child.Field(ch.FieldName).CascadeDelete {
			continue
		}
		ids, err := h.idsWhere(ctx, system, child, ch.FieldName+" = "+soqlString(rec.ID), maxIDs)
		if err != nil {
			continue
		}
		for _, id := range ids {
			out = append(out, lookupLink{id, ch.FieldName})
		}
	}
	return out
}
