package soql

import (
	"context"
	"net/http"
	"sort"
	"strconv"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/recordsapi"
)

// maxRecent is the most records GET recent answers (its limit parameter's ceiling, as in Salesforce).
const maxRecent = 200

// Recent answers GET recent?limit=n: the caller's recent records, newest first, as [{attributes, Id, Name}].
// "Recent" here is what Salesforce also counts as referenced: the records the caller last changed (created or
// updated), over every object with a name field they may query, each read within their visibility by the same
// compiler as a query.
func (h *Handler) Recent() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		limit := int64(maxRecent)
		if v := r.URL.Query().Get("limit"); v != "" {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 1 {
				return httpx.BadRequest("INVALID_QUERY_PARAMETER_VALUE", "limit must be a positive whole number: %s", v)
			}
			limit = min(n, maxRecent)
		}
		ctx, cancel := context.WithTimeout(r.Context(), h.timeout())
		defer cancel()
		cat, err := h.Engine.Catalog(ctx)
		if err != nil {
			return queryError(ctx, err)
		}
		type found struct {
			rec *recordsapi.Object
			at  string
		}
		var all []found
		for _, o := range cat.Objects() {
			if !o.Queryable || o.Field("Name") == nil || o.Field("LastModifiedById") == nil || !h.Engine.CanRead(actor, o) {
				continue
			}
			q := &Query{From: Name{Text: o.APIName}, Limit: &Int{N: limit},
				Select:  []SelectItem{{Field: field("Id")}, {Field: field("Name")}, {Field: field("LastModifiedDate")}},
				Where:   &Cond{Field: *field("LastModifiedById"), Op: "=", Value: &Value{Kind: ValString, Text: actor.UserID}},
				OrderBy: []OrderItem{{Path: *field("LastModifiedDate"), Desc: true}}}
			plan, cerr := Compile(q, cat, h.Engine, actor, h.Engine.DB.Dialect, h.now())
			if cerr != nil {
				continue // a name field the caller may not read: nothing of this object to list
			}
			recs, err := plan.Rows(ctx, h.Engine.DB, recordsapi.Version(r), 0, limit)
			if err != nil {
				return queryError(ctx, err)
			}
			for _, rec := range recs {
				var at string
				switch v := rec.Get("LastModifiedDate").(type) {
				case string:
					at = v
				case time.Time:
					at = v.UTC().Format("2006-01-02T15:04:05.000000000")
				}
				rec.Delete("LastModifiedDate")
				all = append(all, found{rec, at})
			}
		}
		sort.SliceStable(all, func(i, j int) bool { return all[i].at > all[j].at })
		out := make([]*recordsapi.Object, 0, min(int64(len(all)), limit))
		for _, f := range all[:min(int64(len(all)), limit)] {
			out = append(out, f.rec)
		}
		httpx.WriteJSON(w, http.StatusOK, out)
		return nil
	})
}

func field(name string) *Path { return &Path{Parts: []Name{{Text: name}}} }
