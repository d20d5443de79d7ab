package sobjects

import (
	"net/http"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// recordURL is a record's URL under the version the caller asked for.
func recordURL(r *http.Request, object, id string) string {
	return recordsapi.RecordURL(recordsapi.Version(r), object, id)
}

// selectedFields reads ?fields=a,b: each must be a readable field of the object (INVALID_FIELD otherwise).
func (h *Handler) selectedFields(r *http.Request, actor *identity.Principal, o *records.Object) ([]*records.Field, error) {
	raw := r.URL.Query().Get("fields")
	if strings.TrimSpace(raw) == "" {
		return recordsapi.ReadableFields(h.Engine, actor, o), nil
	}
	var out []*records.Field
	for _, name := range strings.Split(raw, ",") {
		name = strings.TrimSpace(name)
		f := o.Field(name)
		if f == nil || !h.Engine.FieldReadable(actor, o, f) {
			return nil, invalidField(name, o.APIName)
		}
		out = append(out, f)
	}
	return out, nil
}

func invalidField(name, object string) *httpx.Error {
	return httpx.BadRequest("INVALID_FIELD", "%s", recordsapi.NoSuchColumn(name, object))
}

// recordID checks that the path's id is an id of the object. A malformed one is MALFORMED_ID for writes; a read
// treats it as Salesforce does, as an external id nobody has (NOT_FOUND).
func recordID(r *http.Request, o *records.Object, reading bool) (string, error) {
	raw := r.PathValue("id")
	id, ok := records.NormalizeID(raw)
	if ok && records.KeyPrefix(id) == o.KeyPrefix {
		return id, nil
	}
	if reading {
		return "", httpx.NotFound("Provided external ID field does not exist or is not accessible: %s", raw)
	}
	return "", malformedID(o, raw)
}

func malformedID(o *records.Object, raw string) *httpx.Error {
	return recordsapi.RESTError(http.StatusBadRequest, "MALFORMED_ID", o.Label+" ID: id value of incorrect type: "+raw, "Id")
}

// decodeFields reads a record body: a JSON object of field names to values. attributes (which clients copy from
// a read) is not a field and is dropped.
func decodeFields(w http.ResponseWriter, r *http.Request) (map[string]any, error) {
	var body map[string]any
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return nil, err
	}
	if body == nil {
		return nil, httpx.BadRequest("JSON_PARSER_ERROR", "The request body must be a JSON object of field values.")
	}
	delete(body, "attributes")
	return body, nil
}

// Get answers GET sobjects/{object}/{id}?fields=.
func (h *Handler) Get() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		_, o, err := h.object(r, actor)
		if err != nil {
			return err
		}
		id, err := recordID(r, o, true)
		if err != nil {
			return err
		}
		fields, err := h.selectedFields(r, actor, o)
		if err != nil {
			return err
		}
		rec, err := h.Engine.Get(r.Context(), actor, id)
		if err != nil {
			return err
		}
		httpx.WriteJSON(w, http.StatusOK, recordsapi.RESTRecord(recordsapi.Version(r), rec, fields))
		return nil
	})
}

// Create answers POST sobjects/{object}: 201 with {id, success, errors}.
func (h *Handler) Create() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		_, o, err := h.object(r, actor)
		if err != nil {
			return err
		}
		fields, err := decodeFields(w, r)
		if err != nil {
			return err
		}
		rec, err := h.Engine.Create(r.Context(), actor, o.APIName, fields)
		if err != nil {
			return err
		}
		h.logWrite(r, actor, "create", o.APIName, rec.ID)
		w.Header().Set("Location", recordURL(r, o.APIName, rec.ID))
		httpx.WriteJSON(w, http.StatusCreated, created(rec.ID))
		return nil
	})
}

// Update answers PATCH sobjects/{object}/{id} with 204.
func (h *Handler) Update() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		o, id, err := h.writeTarget(r, actor)
		if err != nil {
			return err
		}
		fields, err := decodeFields(w, r)
		if err != nil {
			return err
		}
		if err := h.visible(r, actor, id); err != nil {
			return err
		}
		if _, err := h.Engine.Update(r.Context(), actor, id, fields, records.UpdateOptions{}); err != nil {
			return err
		}
		h.logWrite(r, actor, "update", o.APIName, id)
		w.WriteHeader(http.StatusNoContent)
		return nil
	})
}

// Delete answers DELETE sobjects/{object}/{id} with 204. The engine deletes rows outright, so a record deleted
// before is NOT_FOUND (there is no recycle bin to answer ENTITY_IS_DELETED from).
func (h *Handler) Delete() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		o, id, err := h.writeTarget(r, actor)
		if err != nil {
			return err
		}
		if err := h.visible(r, actor, id); err != nil {
			return err
		}
		if err := h.Engine.Delete(r.Context(), actor, id); err != nil {
			return err
		}
		h.logWrite(r, actor, "delete", o.APIName, id)
		w.WriteHeader(http.StatusNoContent)
		return nil
	})
}

// writeTarget is the object and record id a PATCH or DELETE of sobjects/{object}/{id} names.
func (h *Handler) writeTarget(r *http.Request, actor *identity.Principal) (*records.Object, string, error) {
	_, o, err := h.object(r, actor)
	if err != nil {
		return nil, "", err
	}
	id, err := recordID(r, o, false)
	return o, id, err
}

// visible answers NOT_FOUND for a record out of the caller's sight before any right is checked, so that a write
// refused for lack of rights never tells that the record exists.
func (h *Handler) visible(r *http.Request, actor *identity.Principal, id string) error {
	_, err := h.Engine.Get(r.Context(), actor, id)
	return err
}
