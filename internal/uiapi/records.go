package uiapi

import (
	"context"
	"net/http"
	"strings"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// fieldRequest is one requested field: a field of the record, or (Relation set) a field of the record a
// reference of it points at (Contact.Account.Name).
type fieldRequest struct {
	Field    *records.Field
	Relation *records.Field
	Target   *records.Field
}

// GetRecord answers GET /records/{recordId}?fields=&optionalFields=&layoutTypes=&modes=.
func (h *Handler) GetRecord(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	q := r.URL.Query()
	fields, optional := recordsapi.SplitList(q["fields"]...), recordsapi.SplitList(q["optionalFields"]...)
	layouts := recordsapi.SplitList(q["layoutTypes"]...)
	if len(fields) == 0 && len(optional) == 0 && len(layouts) == 0 {
		return httpx.BadRequest("INVALID_INPUT", "Specify at least one of fields, optionalFields or layoutTypes.")
	}
	rec, err := h.Engine.Get(r.Context(), actor, r.PathValue("recordId"))
	if err != nil {
		return err
	}
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return err
	}
	var wanted []fieldRequest
	for _, path := range fields {
		req, ok, err := h.resolveField(cat, actor, rec.Object, path)
		if err != nil {
			return err
		}
		if ok {
			wanted = append(wanted, req)
		}
	}
	for _, path := range optional {
		if req, ok, err := h.resolveField(cat, actor, rec.Object, path); err == nil && ok {
			wanted = append(wanted, req)
		}
	}
	wanted = append(wanted, h.layoutFields(rec.Object, actor, layouts)...)
	rep, err := h.represent(r.Context(), actor, rec, wanted)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, rep)
	return nil
}

// resolveField maps "Object.Field" or "Object.Relationship.Field" to fields of the record's object. Paths for
// another object are not for this record and are skipped (ok false). Unknown or unreadable fields are the
// INVALID_FIELD error a `fields` entry gets; the caller drops them for optionalFields.
func (h *Handler) resolveField(cat *records.Catalog, actor *identity.Principal, o *records.Object, path string) (fieldRequest, bool, error) {
	parts := strings.Split(path, ".")
	if len(parts) < 2 {
		return fieldRequest{}, false, invalidField(path)
	}
	if !strings.EqualFold(parts[0], o.APIName) {
		return fieldRequest{}, false, nil
	}
	if len(parts) == 2 {
		f := o.Field(parts[1])
		if f == nil || !f.HasColumn() || !h.Engine.FieldReadable(actor, o, f) {
			return fieldRequest{}, false, invalidField(path)
		}
		return fieldRequest{Field: f}, true, nil
	}
	if len(parts) == 3 {
		rel := relationshipField(o, parts[1])
		if rel == nil || !h.Engine.FieldReadable(actor, o, rel) {
			return fieldRequest{}, false, invalidField(path)
		}
		target := cat.Object(rel.ReferenceTo[0])
		if target == nil || !h.Engine.CanRead(actor, target) {
			return fieldRequest{}, false, invalidField(path)
		}
		tf := target.Field(parts[2])
		if tf == nil || !tf.HasColumn() || !h.Engine.FieldReadable(actor, target, tf) {
			return fieldRequest{}, false, invalidField(path)
		}
		return fieldRequest{Relation: rel, Target: tf}, true, nil
	}
	return fieldRequest{}, false, invalidField(path)
}

func relationshipField(o *records.Object, name string) *records.Field {
	for i := range o.Fields {
		f := &o.Fields[i]
		if f.Type == records.TypeReference && len(f.ReferenceTo) > 0 && strings.EqualFold(f.RelationshipName, name) {
			return f
		}
	}
	return nil
}

func invalidField(path string) error {
	name := path
	if i := strings.LastIndex(path, "."); i >= 0 {
		name = path[i+1:]
	}
	return httpx.BadRequest("INVALID_FIELD", "No such column '%s' on entity. If you are attempting to use a custom "+
		"field, be sure to append the '__c' after the custom field name. Requested: %s", name, path)
}

// layoutFields: without layouts, Full means every readable field and Compact the name fields.
func (h *Handler) layoutFields(o *records.Object, actor *identity.Principal, layouts []string) []fieldRequest {
	var out []fieldRequest
	for _, l := range layouts {
		for _, f := range recordsapi.ReadableFields(h.Engine, actor, o) {
			compact := strings.EqualFold(l, "Compact") && (f.NameField || f.APIName == "Id")
			if f.HasColumn() && (strings.EqualFold(l, "Full") || compact) {
				out = append(out, fieldRequest{Field: f})
			}
		}
	}
	return out
}

// represent builds the representation with the requested fields: one query per followed relationship, none per
// plain field.
func (h *Handler) represent(ctx context.Context, actor *identity.Principal, rec *records.Record, wanted []fieldRequest) (*recordsapi.RecordRep, error) {
	rep := recordsapi.NewRecordRep(rec)
	related := map[string]*recordsapi.RecordRep{}
	relatedRec := map[string]*records.Record{}
	for _, req := range wanted {
		if req.Relation == nil {
			rep.Fields[req.Field.APIName] = recordsapi.FieldValueOf(rec, req.Field)
			continue
		}
		name := req.Relation.RelationshipName
		if _, seen := relatedRec[name]; !seen {
			target, err := h.Engine.GetRelated(ctx, actor, rec, req.Relation)
			if err != nil {
				return nil, err
			}
			relatedRec[name] = target
			if target != nil {
				related[name] = recordsapi.NewRecordRep(target)
			}
		}
		target := relatedRec[name]
		if target == nil {
			rep.Fields[name] = recordsapi.FieldValue{}
			continue
		}
		tf := target.Object.Field(req.Target.APIName)
		if tf == nil {
			continue // the reference pointed at another object than its first target
		}
		related[name].Fields[tf.APIName] = recordsapi.FieldValueOf(target, tf)
		display := any(nil)
		if nf := target.Object.NameFieldName(); nf != "" {
			display = target.Values[nf]
		}
		rep.Fields[name] = recordsapi.FieldValue{DisplayValue: display, Value: related[name]}
	}
	return rep, nil
}

// recordInput is RecordInputRepresentation, read loosely so that a wrong shape gets a clear message.
// A true allowSaveOnDuplicate marks r's context so that duplicate rules let the write save.
func decodeRecordInput(w http.ResponseWriter, r *http.Request) (apiName string, fields map[string]any, err error) {
	var body map[string]any
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return "", nil, err
	}
	if body == nil {
		return "", nil, invalidInput("the body must be an object")
	}
	fields, ok := body["fields"].(map[string]any)
	if !ok {
		return "", nil, invalidInput("fields must be an object of field names to values")
	}
	if v, present := body["apiName"]; present && v != nil {
		if apiName, ok = v.(string); !ok {
			return "", nil, invalidInput("apiName must be a string")
		}
	}
	if v, present := body["allowSaveOnDuplicate"]; present && v != nil {
		allow, ok := v.(bool)
		if !ok {
			return "", nil, invalidInput("allowSaveOnDuplicate must be a boolean")
		}
		*r = *r.WithContext(recordsapi.AllowSaveOnDuplicate(r.Context(), allow))
	}
	return apiName, fields, nil
}

func invalidInput(why string) error {
	return httpx.BadRequest("INVALID_INPUT", "Invalid recordInput: %s.", why)
}

// CreateRecord answers POST /records with 201 and the new record's readable fields.
func (h *Handler) CreateRecord(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	apiName, fields, err := decodeRecordInput(w, r)
	if err != nil {
		return err
	}
	if apiName == "" {
		return invalidInput("apiName is required")
	}
	rec, err := h.Engine.Create(r.Context(), actor, apiName, fields)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, recordsapi.UIRecord(h.Engine, actor, rec))
	return nil
}

// UpdateRecord answers PATCH /records/{recordId} with 200 and the record; If-Unmodified-Since may refuse it (412).
func (h *Handler) UpdateRecord(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	var opts records.UpdateOptions
	if v := r.Header.Get("If-Unmodified-Since"); v != "" {
		t, err := http.ParseTime(v)
		if err != nil {
			if t, err = time.Parse(time.RFC3339Nano, v); err != nil {
				return httpx.BadRequest("INVALID_INPUT", "If-Unmodified-Since must be an HTTP date.")
			}
		}
		opts.IfUnmodifiedSince = t
	}
	_, fields, err := decodeRecordInput(w, r)
	if err != nil {
		return err
	}
	rec, err := h.Engine.Update(r.Context(), actor, r.PathValue("recordId"), fields, opts)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, recordsapi.UIRecord(h.Engine, actor, rec))
	return nil
}

// DeleteRecord answers DELETE /records/{recordId} with 204.
func (h *Handler) DeleteRecord(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	if err := h.Engine.Delete(r.Context(), actor, r.PathValue("recordId")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
