package sobjects

import (
	"errors"
	"net/http"
	"strconv"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// externalIDField is the path's field of an upsert: Id, or a text or number field whose value names a record.
// Other fields cannot name one.
func (h *Handler) externalIDField(o *records.Object, actor *identity.Principal, name string) (*records.Field, error) {
	f := o.Field(name)
	if f == nil || !h.Engine.FieldReadable(actor, o, f) {
		return nil, httpx.NotFound("Provided external ID field does not exist or is not accessible: %s", name)
	}
	switch f.Type {
	case records.TypeID, records.TypeText, records.TypeEmail, records.TypePhone, records.TypeURL, records.TypeInt:
		return f, nil
	}
	return nil, httpx.BadRequest("INVALID_FIELD", "Field %s is not an External ID or indexed field for %s", f.APIName, o.APIName)
}

// matches finds the records whose external id field holds value.
func (h *Handler) matches(r *http.Request, actor *identity.Principal, o *records.Object, f *records.Field, value string) ([]string, error) {
	if f.Type == records.TypeID {
		id, ok := records.NormalizeID(value)
		if !ok || records.KeyPrefix(id) != o.KeyPrefix {
			return nil, malformedID(o, value)
		}
		return h.idsWhere(r.Context(), actor, o, &records.Cond{Field: "Id", Op: records.OpEq, Value: id}, 2)
	}
	ids, err := h.matchesIn(r.Context(), actor, o, f, value)
	if err != nil {
		var he *httpx.Error
		if errors.As(err, &he) {
			return nil, httpx.BadRequest(he.Code, "%s", he.Message)
		}
	}
	return ids, err
}

// Upsert answers PATCH sobjects/{object}/{field}/{value}: 201 {id, success, errors, created: true} when no record
// has the value (a record is created with it), 200 with created false when one has (it is updated), 300 with the
// matches' URLs when several have. Two concurrent upserts of a new value may both create unless the field is unique
// (the engine then refuses the second with DUPLICATE_VALUE), as on Salesforce without an external-id index.
func (h *Handler) Upsert() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		_, o, err := h.object(r, actor)
		if err != nil {
			return err
		}
		f, err := h.externalIDField(o, actor, r.PathValue("field"))
		if err != nil {
			return err
		}
		value := r.PathValue("value")
		fields, err := decodeFields(w, r)
		if err != nil {
			return err
		}
		ids, err := h.matches(r, actor, o, f, value)
		if err != nil {
			return err
		}
		switch len(ids) {
		case 0:
			if f.Type == records.TypeID {
				return recordsapi.NotFound()
			}
			fields[f.APIName] = value
			if f.Type == records.TypeInt {
				n, _ := strconv.ParseInt(value, 10, 64)
				fields[f.APIName] = n
			}
			rec, err := h.Engine.Create(r.Context(), actor, o.APIName, fields)
			if err != nil {
				return err
			}
			h.logWrite(r, actor, "upsert-create", o.APIName, rec.ID)
			res, yes := created(rec.ID), true
			res.Created = &yes
			w.Header().Set("Location", recordURL(r, o.APIName, rec.ID))
			httpx.WriteJSON(w, http.StatusCreated, res)
		case 1:
			if _, err := h.Engine.Update(r.Context(), actor, ids[0], fields, records.UpdateOptions{}); err != nil {
				return err
			}
			h.logWrite(r, actor, "upsert-update", o.APIName, ids[0])
			res, no := created(ids[0]), false
			res.Created = &no
			httpx.WriteJSON(w, http.StatusOK, res)
		default:
			urls := make([]string, len(ids))
			for i, id := range ids {
				urls[i] = recordURL(r, o.APIName, id)
			}
			httpx.WriteJSON(w, http.StatusMultipleChoices, urls)
		}
		return nil
	})
}
