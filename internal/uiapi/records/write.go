package records

import (
	"net/http"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	engine "storefront/internal/records"
	"storefront/internal/recordsapi"
)

// writeFlags are the query flags of a create or an update. Assignment rules and e-mails do not exist here, so
// useDefaultRule, triggerOtherEmail, triggerUserEmail and handleOwnerChange are checked and accepted;
// includeFieldsInBody decides whether the answer carries the record (the default) or is 204 No Content.
type writeFlags struct {
	includeFieldsInBody bool
}

func writeFlagsOf(r *http.Request) (writeFlags, error) {
	for _, name := range []string{"useDefaultRule", "triggerOtherEmail", "triggerUserEmail", "handleOwnerChange"} {
		if _, err := boolParam(r, name); err != nil {
			return writeFlags{}, err
		}
	}
	f := writeFlags{includeFieldsInBody: true}
	if r.URL.Query().Get("includeFieldsInBody") != "" {
		b, err := boolParam(r, "includeFieldsInBody")
		if err != nil {
			return f, err
		}
		f.includeFieldsInBody = b
	}
	return f, nil
}

// answer writes the saved record with every field the caller may read, or 204 when the caller asked for no body.
func (f writeFlags) answer(w http.ResponseWriter, e *engine.Engine, actor *identity.Principal, status int, rec *engine.Record) {
	if !f.includeFieldsInBody {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	httpx.WriteJSON(w, status, recordsapi.UIRecord(e, actor, rec))
}

// recordInput is RecordInputRepresentation, read loosely so that a wrong shape gets a clear message.
type recordInput struct {
	apiName string
	fields  map[string]any
}

func decodeRecordInput(w http.ResponseWriter, r *http.Request) (recordInput, error) {
	var body any
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return recordInput{}, err
	}
	return recordInputOf(body)
}

// recordInputOf checks a decoded RecordInputRepresentation: an object with a fields object whose values are
// strings, numbers, booleans or null, and optional apiName (a string) and allowSaveOnDuplicate (a boolean).
func recordInputOf(v any) (recordInput, error) {
	body, ok := v.(map[string]any)
	if !ok {
		return recordInput{}, invalidInput("the body must be an object")
	}
	fields, ok := body["fields"].(map[string]any)
	if !ok {
		return recordInput{}, invalidInput("fields must be an object of field names to values")
	}
	for name, value := range fields {
		switch value.(type) {
		case nil, string, bool, float64, interface{ String() string }:
		default:
			return recordInput{}, invalidInput("the value of " + name + " must be a string, number, boolean or null")
		}
	}
	in := recordInput{fields: fields}
	if v, present := body["apiName"]; present && v != nil {
		if in.apiName, ok = v.(string); !ok {
			return recordInput{}, invalidInput("apiName must be a string")
		}
	}
	if v, present := body["allowSaveOnDuplicate"]; present && v != nil {
		if _, ok := v.(bool); !ok {
			return recordInput{}, invalidInput("allowSaveOnDuplicate must be a boolean")
		}
	}
	return in, nil
}

func invalidInput(why string) error {
	return httpx.BadRequest("INVALID_INPUT", "Invalid recordInput: %s.", why)
}

// CreateRecord answers POST /records: 201 with the new record, or 204 with includeFieldsInBody=false.
func (h *Handler) CreateRecord(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	flags, err := writeFlagsOf(r)
	if err != nil {
		return err
	}
	in, err := decodeRecordInput(w, r)
	if err != nil {
		return err
	}
	if in.apiName == "" {
		return invalidInput("apiName is required")
	}
	rec, err := h.Engine.Create(r.Context(), actor, in.apiName, in.fields)
	if err != nil {
		return err
	}
	flags.answer(w, h.Engine, actor, http.StatusCreated, rec)
	return nil
}

// UpdateRecord answers PATCH /records/{recordId}: 200 with the record, or 204 with includeFieldsInBody=false.
// If-Unmodified-Since refuses it (412) when the record changed after that time.
func (h *Handler) UpdateRecord(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	flags, err := writeFlagsOf(r)
	if err != nil {
		return err
	}
	var opts engine.UpdateOptions
	if v := r.Header.Get("If-Unmodified-Since"); v != "" {
		if opts.IfUnmodifiedSince, err = unmodifiedSince(v); err != nil {
			return err
		}
	}
	in, err := decodeRecordInput(w, r)
	if err != nil {
		return err
	}
	rec, err := h.Engine.Update(r.Context(), actor, r.PathValue("recordId"), in.fields, opts)
	if err != nil {
		return err
	}
	flags.answer(w, h.Engine, actor, http.StatusOK, rec)
	return nil
}

// unmodifiedSince reads If-Unmodified-Since: an HTTP date, or an ISO timestamp (with fractional seconds, as
// clients send a record's lastModifiedDate) converted to the HTTP date it stands for, whole seconds (the engine
// compares in whole seconds too, so a record's own lastModifiedDate never refuses its update).
func unmodifiedSince(v string) (time.Time, error) {
	if t, err := http.ParseTime(v); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, v); err == nil {
		return t.UTC().Truncate(time.Second), nil
	}
	return time.Time{}, httpx.BadRequest("INVALID_INPUT", "If-Unmodified-Since must be an HTTP date: %s", v)
}

// DeleteRecord answers DELETE /records/{recordId} with 204; what is not an id at all is a bad request, an id of no
// record (or of one out of sight) 404.
func (h *Handler) DeleteRecord(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	if _, ok := engine.NormalizeID(r.PathValue("recordId")); !ok {
		return httpx.BadRequest("INVALID_INPUT", "Invalid config for deleteRecord: %s is not a record id.", r.PathValue("recordId"))
	}
	if err := h.Engine.Delete(r.Context(), actor, r.PathValue("recordId")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
