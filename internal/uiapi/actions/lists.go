package actions

import (
	"context"
	"net/http"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// GetGlobalActions answers GET /actions/global: the global quick actions the caller may use.
func (h *Handler) GetGlobalActions(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	f, err := filtersFromQuery(r.URL.Query())
	if err != nil {
		return err
	}
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return err
	}
	rep := newActionsRep(r)
	rep.add("Global", rep.URL, f.place(quickActionsOf(h.Engine, actor, cat, "Global"), placement{context: "Global", source: "Global"}))
	rep.write(w, http.StatusOK)
	return nil
}

// GetRecordActions answers GET /actions/record/{recordIds}: each record's standard buttons (Edit, Delete,
// Clone) and its object's quick actions. The call needs sections or apiNames to say which actions are wanted.
func (h *Handler) GetRecordActions(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	f, err := filtersFromQuery(r.URL.Query())
	if err != nil {
		return err
	}
	if len(f.sections) == 0 && len(f.apiNames) == 0 {
		return httpx.BadRequest("INVALID_INPUT", "Record actions need recordIds plus either sections or apiNames.")
	}
	return h.perRecord(w, r, actor, func(cat *records.Catalog, rec *records.Record) []PlatformAction {
		list := standardActions(h.Engine, actor, rec.Object, nil, editButton, deleteButton, cloneButton)
		list = append(list, quickActionsOf(h.Engine, actor, cat, rec.Object.APIName)...)
		return f.place(list, placement{context: "Record", source: rec.ID})
	})
}

// GetRecordEditActions answers GET /actions/record/{recordIds}/record-edit: the buttons of the record's edit
// form, when the caller may edit it.
func (h *Handler) GetRecordEditActions(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	f, err := filtersFromQuery(r.URL.Query())
	if err != nil {
		return err
	}
	return h.perRecord(w, r, actor, func(_ *records.Catalog, rec *records.Record) []PlatformAction {
		list := standardActions(h.Engine, actor, rec.Object, canUpdate, saveButton, saveAndNewButton, cancelButton)
		return f.place(list, placement{context: "RecordEdit", source: rec.ID})
	})
}

// GetRelatedListRecordActions answers GET /actions/record/{recordIds}/related-list-record/{relatedListRecordIds}:
// the Edit and Delete buttons of each related record, under each parent record.
func (h *Handler) GetRelatedListRecordActions(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	f, err := filtersFromQuery(r.URL.Query())
	if err != nil {
		return err
	}
	related, err := h.readRecords(r.Context(), actor, r.PathValue("relatedListRecordIds"))
	if err != nil {
		return err
	}
	return h.perRecord(w, r, actor, func(cat *records.Catalog, parent *records.Record) []PlatformAction {
		out := []PlatformAction{}
		for _, rec := range related {
			p := placement{context: "RelatedListRecord", source: parent.ID, relatedRecID: rec.ID,
				relatedList: relationshipBetween(cat, parent.Object, rec.Object)}
			out = append(out, f.place(standardActions(h.Engine, actor, rec.Object, nil, editButton, deleteButton), p)...)
		}
		return out
	})
}

// relationshipBetween names the child relationship of parent whose records are of child's object ("" if none).
func relationshipBetween(cat *records.Catalog, parent, child *records.Object) string {
	for _, ch := range cat.Children(parent.APIName) {
		if strings.EqualFold(ch.ChildObject, child.APIName) {
			return ch.RelationshipName
		}
	}
	return ""
}

// GetLookupActions answers GET /actions/lookup/{objectApiNames}: the New button of each object a lookup may
// create a record of.
func (h *Handler) GetLookupActions(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	return h.perObject(w, r, actor, r.PathValue("objectApiNames"), "Lookup", newButton)
}

// GetObjectCreateActions answers GET /actions/object/{objectApiName}/record-create: the buttons of the create form.
func (h *Handler) GetObjectCreateActions(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	return h.perObject(w, r, actor, r.PathValue("objectApiName"), "ObjectCreate", saveButton, saveAndNewButton, cancelButton)
}

// perObject answers the actions of each named object, keyed by its API name; the buttons are those of a create
// form or a lookup, so each needs create permission. Unknown or unreadable objects are 404.
func (h *Handler) perObject(w http.ResponseWriter, r *http.Request, actor *identity.Principal, names, context string, buttons ...standardButton) error {
	f, err := filtersFromQuery(r.URL.Query())
	if err != nil {
		return err
	}
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return err
	}
	rep := newActionsRep(r)
	list := recordsapi.SplitList(names)
	if len(list) == 0 {
		return recordsapi.NotFound()
	}
	for _, name := range list {
		o := cat.Object(name)
		if o == nil || !h.Engine.CanRead(actor, o) {
			return recordsapi.NotFound()
		}
		acts := standardActions(h.Engine, actor, o, canCreate, buttons...)
		rep.add(o.APIName, rep.URL, f.place(acts, placement{context: context, source: o.APIName}))
	}
	rep.write(w, http.StatusOK)
	return nil
}

// perRecord answers the actions list gives each record of the {recordIds} path parameter, keyed by its id.
func (h *Handler) perRecord(w http.ResponseWriter, r *http.Request, actor *identity.Principal, list func(*records.Catalog, *records.Record) []PlatformAction) error {
	recs, cat, err := h.recordsAndCatalog(r, actor)
	if err != nil {
		return err
	}
	rep := newActionsRep(r)
	for _, rec := range recs {
		rep.add(rec.ID, rep.URL, list(cat, rec))
	}
	rep.write(w, http.StatusOK)
	return nil
}

// readRecords reads the records of a comma-separated id list through the engine: an unknown, malformed or
// invisible id is 404, as a single record's would be.
func (h *Handler) readRecords(ctx context.Context, actor *identity.Principal, ids string) ([]*records.Record, error) {
	list := recordsapi.SplitList(ids)
	if len(list) == 0 {
		return nil, recordsapi.NotFound()
	}
	out := make([]*records.Record, 0, len(list))
	for _, id := range list {
		rec, err := h.Engine.Get(ctx, actor, id)
		if err != nil {
			return nil, err
		}
		out = append(out, rec)
	}
	return out, nil
}
