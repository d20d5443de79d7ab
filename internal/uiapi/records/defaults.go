package records

import (
	"net/http"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	engine "storefront/internal/records"
	"storefront/internal/recordsapi"
)

// Record defaults and templates: what a create or a clone form starts with. Only fields the caller may create
// appear (field-level security), with the values a new record would get (the metadata's defaults, the caller as
// owner) or, for a clone, the source record's values minus those a copy may not take (ids, stamps, unique and
// auto-numbered fields).

// newRecordRep is RecordRepresentation of a record that does not exist yet: no id, stamps or eTag history.
type newRecordRep struct {
	recordsapi.RecordRep
	ID               *string `json:"id"`
	LastModifiedByID any     `json:"lastModifiedById"`
	LastModifiedDate any     `json:"lastModifiedDate"`
	SystemModstamp   any     `json:"systemModstamp"`
}

// template is RecordTemplateCreateRepresentation and, with CloneSourceID, RecordTemplateCloneRepresentation.
type template struct {
	APIName       string                           `json:"apiName"`
	CloneSourceID string                           `json:"cloneSourceId,omitempty"`
	Fields        map[string]recordsapi.FieldValue `json:"fields"`
	RecordTypeID  *string                          `json:"recordTypeId"`
}

// defaultsFor reads the object (404 when unknown or out of sight: it must be createable too) and the record type
// (the recordTypeId parameter, one of the object's, else its default).
func (h *Handler) defaultsFor(r *http.Request, actor *identity.Principal, apiName string) (*engine.Catalog, *engine.Object, string, error) {
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return nil, nil, "", err
	}
	o := cat.Object(apiName)
	if o == nil || !h.Engine.CanRead(actor, o) || !h.Engine.CanCreate(actor, o) {
		return nil, nil, "", recordsapi.NotFound()
	}
	rt, err := recordTypeParam(r, o)
	return cat, o, rt, err
}

func recordTypeParam(r *http.Request, o *engine.Object) (string, error) {
	v := r.URL.Query().Get("recordTypeId")
	if v == "" {
		return engine.DefaultRecordType(o), nil
	}
	full, _ := engine.NormalizeID(v)
	for _, rt := range recordsapi.RecordTypes(o) {
		if strings.EqualFold(rt.ID, full) {
			return rt.ID, nil
		}
	}
	return "", httpx.BadRequest("INVALID_INPUT", "Invalid recordTypeId for %s: %s", o.APIName, v)
}

// createableOptional resolves optionalFields to fields of o the caller may create (others are left out).
func (h *Handler) createableOptional(r *http.Request, actor *identity.Principal, o *engine.Object) []*engine.Field {
	var out []*engine.Field
	for _, p := range list(r, "optionalFields") {
		obj, name, ok := strings.Cut(p, ".")
		if f := o.Field(name); ok && strings.EqualFold(obj, o.APIName) && f != nil && f.HasColumn() && h.Engine.FieldCreateable(actor, o, f) {
			out = append(out, f)
		}
	}
	return out
}

// initial is the value a field of a new record shows: the caller as owner, else the metadata's default.
func initial(o *engine.Object, f *engine.Field, actor *identity.Principal) any {
	if f.APIName == "OwnerId" && o.Owned {
		return actor.UserID
	}
	return engine.DefaultValue(f)
}

func (h *Handler) objectInfos(cat *engine.Catalog, actor *identity.Principal, objs ...*engine.Object) map[string]any {
	out := map[string]any{}
	for _, o := range objs {
		if h.ObjectInfo != nil && o != nil {
			out[o.APIName] = h.ObjectInfo(cat, actor, o)
		}
	}
	return out
}

// GetRecordDefaultsCreate answers GET /record-defaults/create/{objectApiName}: RecordDefaultsRepresentation with the
// create form's fields (the Full layout's, in Create mode) and optionalFields, each with its initial value; the
// owner as a nested user record, as the form shows it.
func (h *Handler) GetRecordDefaultsCreate(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, o, rt, err := h.defaultsFor(r, actor, r.PathValue("objectApiName"))
	if err != nil {
		return err
	}
	values := map[string]any{"RecordTypeId": rt}
	fields := h.layoutFields()(h.Engine, actor, o, "Full", "Create")
	fields = append(fields, h.createableOptional(r, actor, o)...)
	rec := &engine.Record{Object: o, Values: values}
	rep := recordsapi.NewRecordRep(rec)
	infos := []*engine.Object{o}
	for _, f := range fields {
		if !h.Engine.FieldCreateable(actor, o, f) || recordsapi.IsSystemField(f.APIName) {
			continue
		}
		values[f.APIName] = initial(o, f, actor)
		rep.Fields[f.APIName] = recordsapi.FieldValueOf(rec, f)
		if f.APIName == "OwnerId" && values[f.APIName] != nil {
			owner, err := h.Engine.Get(r.Context(), actor, actor.UserID)
			if err != nil {
				continue // a caller who may not read users sees the id alone
			}
			orep := recordsapi.NewRecordRep(owner)
			nf := owner.Object.NameFieldName()
			orep.Fields["Id"] = recordsapi.FieldValue{Value: owner.ID}
			if nf != "" {
				orep.Fields[nf] = recordsapi.FieldValueOf(owner, owner.Object.Field(nf))
			}
			rep.Fields[f.RelationshipName] = recordsapi.FieldValue{DisplayValue: owner.Values[nf], Value: orep}
			infos = append(infos, owner.Object)
		}
	}
	rep.ETag = rec.ETag()
	out := struct {
		Layout      any            `json:"layout"`
		ObjectInfos map[string]any `json:"objectInfos"`
		Record      newRecordRep   `json:"record"`
	}{nil, h.objectInfos(cat, actor, infos...), newRecordRep{RecordRep: *rep}}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// GetCreateTemplate answers GET /record-defaults/template/create/{objectApiName}: the createable fields that have an
// initial value, and optionalFields (createable ones) with theirs.
func (h *Handler) GetCreateTemplate(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, o, rt, err := h.defaultsFor(r, actor, r.PathValue("objectApiName"))
	if err != nil {
		return err
	}
	tpl := template{APIName: o.APIName, Fields: map[string]recordsapi.FieldValue{}, RecordTypeID: &rt}
	rec := &engine.Record{Object: o, Values: map[string]any{}}
	for _, f := range recordsapi.ReadableFields(h.Engine, actor, o) {
		if f.HasColumn() && h.Engine.FieldCreateable(actor, o, f) && !recordsapi.IsSystemField(f.APIName) {
			if v := initial(o, f, actor); v != nil && v != false { // a checkbox is false unless its default says true
				rec.Values[f.APIName] = v
				tpl.Fields[f.APIName] = recordsapi.FieldValueOf(rec, f)
			}
		}
	}
	for _, f := range h.createableOptional(r, actor, o) {
		rec.Values[f.APIName] = initial(o, f, actor)
		tpl.Fields[f.APIName] = recordsapi.FieldValueOf(rec, f)
	}
	writeTemplate(w, tpl, h.objectInfos(cat, actor, o))
	return nil
}

func writeTemplate(w http.ResponseWriter, tpl template, infos map[string]any) {
	httpx.WriteJSON(w, http.StatusOK, struct {
		ObjectInfos map[string]any `json:"objectInfos"`
		Record      template       `json:"record"`
	}{infos, tpl})
}

// cloneable reports a field a copy of a record may take: createable, and neither an id, a stamp, unique nor
// auto-numbered.
func (h *Handler) cloneable(actor *identity.Principal, o *engine.Object, f *engine.Field) bool {
	return f.HasColumn() && h.Engine.FieldCreateable(actor, o, f) && !recordsapi.IsSystemField(f.APIName) &&
		!f.Unique && !f.AutoNumber
}

// GetCloneTemplate answers GET /record-defaults/template/clone/{recordId}: CloneSourceId and the requested
// optionalFields a copy may take, with the source's values.
func (h *Handler) GetCloneTemplate(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	src, err := h.Engine.Get(r.Context(), actor, r.PathValue("recordId"))
	if err != nil {
		return err
	}
	cat, o, _, err := h.defaultsFor(r, actor, src.Object.APIName)
	if err != nil {
		return err
	}
	rt := src.RecordTypeID()
	if r.URL.Query().Get("recordTypeId") != "" {
		if rt, err = recordTypeParam(r, o); err != nil {
			return err
		}
	}
	tpl := template{APIName: o.APIName, CloneSourceID: src.ID, RecordTypeID: &rt,
		Fields: map[string]recordsapi.FieldValue{"CloneSourceId": {Value: src.ID}}}
	for _, p := range list(r, "optionalFields") {
		obj, name, ok := strings.Cut(p, ".")
		if f := o.Field(name); ok && strings.EqualFold(obj, o.APIName) && f != nil && h.cloneable(actor, o, f) {
			tpl.Fields[f.APIName] = recordsapi.FieldValueOf(src, f)
		}
	}
	writeTemplate(w, tpl, h.objectInfos(cat, actor, o))
	return nil
}
