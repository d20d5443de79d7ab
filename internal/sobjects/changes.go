package sobjects

import (
	"net/http"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/platform/wire"
	"storefront/internal/records"
)

// window reads ?start=&end= (ISO 8601 date-times), which must be in order.
func window(r *http.Request) (time.Time, time.Time, error) {
	parse := func(name string) (time.Time, error) {
		v := r.URL.Query().Get(name)
		for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.000-0700", "2006-01-02T15:04:05-0700"} {
			if t, err := time.Parse(layout, v); err == nil {
				return t.UTC(), nil
			}
		}
		return time.Time{}, httpx.BadRequest("INVALID_INPUT", "%s must be an ISO 8601 date and time, such as 2026-01-05T10:00:00+00:00.", name)
	}
	start, err := parse("start")
	if err != nil {
		return start, start, err
	}
	end, err := parse("end")
	if err != nil {
		return start, end, err
	}
	if end.Before(start) {
		return start, end, httpx.BadRequest("INVALID_REPLICATION_DATE", "The end date must be after the start date.")
	}
	return start, end, nil
}

// Updated answers GET sobjects/{object}/updated?start=&end=: the ids of the records the caller may see that changed
// within the window (by SystemModstamp), at most 2,000.
func (h *Handler) Updated() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		_, o, err := h.object(r, actor)
		if err != nil {
			return err
		}
		start, end, err := window(r)
		if err != nil {
			return err
		}
		ids, err := h.idsWhere(r.Context(), actor, o, records.And{
			&records.Cond{Field: "SystemModstamp", Op: records.OpGe, Value: start.Truncate(time.Second)},
			&records.Cond{Field: "SystemModstamp", Op: records.OpLt, Value: end.Truncate(time.Second).Add(time.Second)},
		}, maxIDs)
		if err != nil {
			return err
		}
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"ids": ids, "latestDateCovered": wire.RESTDateTime(end)})
		return nil
	})
}

// Deleted answers GET sobjects/{object}/deleted?start=&end=. The records engine deletes rows outright (there is no
// recycle bin), so the list is always empty; the window is echoed as the dates covered.
func (h *Handler) Deleted() http.Handler {
	return signedIn(func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		if _, _, err := h.object(r, actor); err != nil {
			return err
		}
		start, end, err := window(r)
		if err != nil {
			return err
		}
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"deletedRecords": []any{},
			"earliestDateAvailable": wire.RESTDateTime(start), "latestDateCovered": wire.RESTDateTime(end)})
		return nil
	})
}
