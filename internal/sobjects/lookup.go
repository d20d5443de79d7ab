package sobjects

import (
	"context"
	"strings"
	"time"

	"storefront/internal/identity"
	"storefront/internal/records"
	"storefront/internal/soql"
)

// maxIDs bounds the ids a lookup reads (the updated list, the matches of an external id).
const maxIDs = 2000

// idsWhere reads the ids of the object's records matching a SOQL condition, through the SOQL compiler so the
// caller's row visibility applies exactly as it does to a query. cond is built by this package from values it
// quoted itself (soqlString, formatted times), never from raw request text.
func (h *Handler) idsWhere(ctx context.Context, actor *identity.Principal, o *records.Object, cond string, limit int) ([]string, error) {
	q := "SELECT Id FROM " + o.APIName + " WHERE " + cond + " ORDER BY Id LIMIT " + itoa(limit)
	parsed, perr := soql.Parse(q)
	if perr != nil {
		return nil, perr
	}
	cat, err := h.Engine.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	plan, cerr := soql.Compile(parsed, cat, h.Engine, actor, h.Engine.DB.Dialect, time.Now().UTC())
	if cerr != nil {
		return nil, cerr
	}
	rows, err := plan.Rows(ctx, h.Engine.Querier(ctx), "v64.0", 0, int64(limit))
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(rows))
	for _, row := range rows {
		if id, ok := row.Get("Id").(string); ok {
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// soqlString quotes text as a SOQL string literal.
func soqlString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`, "\r", `\r`, "\t", `\t`).Replace(s) + "'"
}

// soqlDateTime is a SOQL datetime literal.
func soqlDateTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05Z") }

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
