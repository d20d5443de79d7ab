package relatedlists

import (
	"context"
	"net/http"
	"strconv"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// DefaultMaxCount is where a count stops when the caller names no maxCount (the wire adapter's default), and
// MaxMaxCount the largest maxCount taken.
const (
	DefaultMaxCount = 20
	MaxMaxCount     = records.MaxPageSize
)

// countRep is RelatedListRecordCountRepresentation.
type countRep struct {
	Count         int64         `json:"count"`
	ETag          string        `json:"eTag"`
	HasMore       bool          `json:"hasMore"`
	ListReference listReference `json:"listReference"`
}

// GetCount answers GET /related-list-count/{parentRecordId}/{relatedListId}?maxCount=.
func (h *Handler) GetCount(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	max, err := maxCount(r)
	if err != nil {
		return err
	}
	cat, parent, err := h.parentRecord(r.Context(), actor, r.PathValue("parentRecordId"))
	if err != nil {
		return err
	}
	rep, err := h.count(r.Context(), cat, actor, parent, r.PathValue("relatedListId"), max)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, rep)
	return nil
}

// GetCountBatch answers GET /related-list-count/batch/{parentRecordId}/{relatedListNames}: one result per name,
// each with its status; an unknown parent is a 404 of the whole batch.
func (h *Handler) GetCountBatch(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	max, err := maxCount(r)
	if err != nil {
		return err
	}
	ids, err := names(r.PathValue("relatedListNames"), "related list name")
	if err != nil {
		return err
	}
	cat, parent, err := h.parentRecord(r.Context(), actor, r.PathValue("parentRecordId"))
	if err != nil {
		return err
	}
	out := batch{Results: []recordsapi.BatchItem{}}
	for _, id := range ids {
		rep, err := h.count(r.Context(), cat, actor, parent, id, max)
		item, err := recordsapi.ItemOf(rep, err)
		if err != nil {
			return err
		}
		out.Results = append(out.Results, item)
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// count counts the parent's records of the list up to max: the count stops there and hasMore tells that more
// exist. The engine counts within the caller's sight.
func (h *Handler) count(ctx context.Context, cat *records.Catalog, actor *identity.Principal, parent *records.Record, id string, max int) (*countRep, error) {
	rl := h.find(cat, actor, parent.Object, id)
	if rl == nil {
		return nil, listNotFound(id)
	}
	res, err := h.Engine.Query(ctx, h.Engine.Querier(ctx), actor, records.Query{Object: rl.Object.APIName,
		Where: rl.ofParent(parent.ID), Limit: max + 1, PageSize: 1, Count: true})
	if err != nil {
		return nil, err
	}
	rep := &countRep{Count: min(res.TotalSize, int64(max)), HasMore: res.TotalSize > int64(max),
		ListReference: rl.reference(parent.ID, "")}
	rep.ETag = eTag(rep)
	return rep, nil
}

// ofParent is the filter of the list's records: their reference to the parent is the parent's id.
func (rl *relatedList) ofParent(parentID string) records.Filter {
	return &records.Cond{Field: rl.Field.APIName, Op: records.OpEq, Value: parentID}
}

// maxCount reads the maxCount parameter: a whole number from 1 to MaxMaxCount.
func maxCount(r *http.Request) (int, error) {
	v := r.URL.Query().Get("maxCount")
	if v == "" {
		return DefaultMaxCount, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > MaxMaxCount {
		return 0, httpx.BadRequest("INVALID_INPUT", "maxCount must be an integer from 1 to %d: %s", MaxMaxCount, v)
	}
	return n, nil
}
