package sobjects

import (
	"context"

	"storefront/internal/identity"
	"storefront/internal/records"
)

// maxIDs bounds the ids a lookup reads (the updated list, the matches of an external id).
const maxIDs = 2000

// idsWhere reads the ids of the object's records matching a filter, in id order, through the engine's query API,
// so the caller's row visibility and field permissions apply exactly as they do to a query.
func (h *Handler) idsWhere(ctx context.Context, actor *identity.Principal, o *records.Object, where records.Filter, limit int) ([]string, error) {
	res, err := h.Engine.Query(ctx, h.Engine.Querier(ctx), actor, records.Query{Object: o.APIName, Where: where,
		Limit: limit, PageSize: limit})
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(res.Rows))
	for i, row := range res.Rows {
		ids[i] = row.ID
	}
	return ids, nil
}
