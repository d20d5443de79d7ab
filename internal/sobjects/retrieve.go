package sobjects

import (
	"net/http"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// maxRetrieve bounds the ids of one collection read (Salesforce allows 2,000 through POST).
const maxRetrieve = 2000

// RetrieveCollection answers GET composite/sobjects/{object}?ids=&fields= and POST composite/sobjects/{object}
// with {ids, fields} (jsforce reads lists this way): the records in the order of the ids, null for an id that
// names no record the caller may see.
func (h *Handler) RetrieveCollection() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		_, o, err := h.object(r, actor)
		if err != nil {
			return err
		}
		var ids, names []string
		if r.Method == http.MethodPost {
			var body struct {
				IDs    []string `json:"ids"`
				Fields []string `json:"fields"`
			}
			if err := httpx.DecodeJSON(w, r, &body); err != nil {
				return err
			}
			ids, names = body.IDs, body.Fields
		} else {
			ids, names = recordsapi.SplitList(r.URL.Query().Get("ids")), recordsapi.SplitList(r.URL.Query().Get("fields"))
		}
		if len(ids) == 0 || len(ids) > maxRetrieve {
			return httpx.BadRequest("MISSING_ARGUMENT", "ids must name 1 to %d records.", maxRetrieve)
		}
		if len(names) == 0 {
			return httpx.BadRequest("MISSING_ARGUMENT", "fields must name the fields to read.")
		}
		fields := make([]*records.Field, 0, len(names))
		for _, name := range names {
			f := o.Field(name)
			if f == nil || !h.Engine.FieldReadable(actor, o, f) {
				return invalidField(name, o.APIName)
			}
			fields = append(fields, f)
		}
		full := make([]string, 0, len(ids))
		for _, id := range ids {
			if n, ok := records.NormalizeID(id); ok && records.KeyPrefix(n) == o.KeyPrefix {
				full = append(full, n)
			}
		}
		recs, err := h.Engine.GetMany(r.Context(), h.Engine.Querier(r.Context()), actor, o.APIName, full)
		if err != nil {
			return err
		}
		byID := make(map[string]*records.Record, len(recs))
		for _, rec := range recs {
			byID[rec.ID] = rec
		}
		out := make([]any, len(ids))
		for i, id := range ids {
			n, _ := records.NormalizeID(id)
			if rec := byID[n]; rec != nil {
				out[i] = recordsapi.RESTRecord(recordsapi.Version(r), rec, fields)
			}
		}
		httpx.WriteJSON(w, http.StatusOK, out)
		return nil
	})
}
