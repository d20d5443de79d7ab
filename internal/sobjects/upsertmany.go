package sobjects

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// UpsertCollection answers PATCH composite/sobjects/{object}/{field}: up to 200 records of the object, each
// created or updated by the value of its external id field, as jsforce's upsert of a list calls it. Each result
// says whether its record was created.
func (h *Handler) UpsertCollection() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		_, o, err := h.object(r, actor)
		if err != nil {
			return err
		}
		f, err := h.externalIDField(o, actor, r.PathValue("field"))
		if err != nil {
			return err
		}
		if f.Type == records.TypeID {
			return httpx.BadRequest("INVALID_FIELD", "Upsert a collection by an external id field; update records by Id with PATCH composite/sobjects.")
		}
		body, err := decodeCollection(w, r)
		if err != nil {
			return err
		}
		createdFlags := make([]bool, len(body.Records))
		ops := make([]recordOp, len(body.Records))
		for i, rec := range body.Records {
			values := fieldsOf(rec)
			var value string
			for k, v := range values {
				if strings.EqualFold(k, f.APIName) {
					value = text(v)
				}
			}
			ops[i] = func(ctx context.Context, tx *db.Tx) (string, error) {
				if value == "" || value == "null" {
					return "", itemError("MISSING_ARGUMENT", f.APIName+" not specified", f.APIName)
				}
				ids, err := h.matchesIn(ctx, actor, o, f, value)
				if err != nil {
					return "", err
				}
				switch len(ids) {
				case 0:
					recs, err := h.Engine.Insert(ctx, tx, actor, o.APIName, []map[string]any{values})
					if err != nil {
						return "", err
					}
					createdFlags[i] = true
					return recs[0].ID, nil
				case 1:
					_, err := h.Engine.UpdateMany(ctx, tx, actor, []records.Change{{ID: ids[0], Values: values}}, records.UpdateOptions{})
					return ids[0], err
				}
				return "", itemError("DUPLICATE_EXTERNAL_ID", "The external ID field "+f.APIName+" has the value "+value+" on several records.", f.APIName)
			}
		}
		results, err := h.runCollection(r.Context(), ops, body.AllOrNone)
		if err != nil {
			return err
		}
		var written []string
		for i := range results {
			if results[i].Success {
				c := createdFlags[i]
				results[i].Created = &c
				written = append(written, *results[i].ID)
			}
		}
		if len(written) > 0 {
			h.logWrite(r, actor, "upsert-collection", o.APIName, written...)
		}
		httpx.WriteJSON(w, http.StatusOK, results)
		return nil
	})
}

// matchesIn finds the records whose external id field holds value (a number for an Int field).
func (h *Handler) matchesIn(ctx context.Context, actor *identity.Principal, o *records.Object, f *records.Field, value string) ([]string, error) {
	var v any = value
	if f.Type == records.TypeInt {
		n, err := strconv.ParseInt(value, 10, 64)
		if err != nil {
			return nil, itemError("INVALID_FIELD", "The value "+value+" is not a valid "+f.APIName, f.APIName)
		}
		v = n
	}
	return h.idsWhere(ctx, actor, o, &records.Cond{Field: f.APIName, Op: records.OpEq, Value: v}, 2)
}
