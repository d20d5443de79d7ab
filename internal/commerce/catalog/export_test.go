package catalog

import (
	"context"
	"database/sql"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
)

// OverviewStatements answers a products call for skus as accountID ("" for a guest) in the store, through a querier
// that counts the statements run; it returns the number of products found and of statements.
func OverviewStatements(ctx context.Context, d *db.DB, storeID, accountID string, skus []string) (found, statements int, err error) {
	q := &countingQuerier{Querier: d}
	s := &storecontext.Shopper{Store: &storecontext.Store{ID: storeID}, AccountID: accountID}
	out, err := overviews(ctx, q, d.Dialect, s, &overviewRequest{bySKU: true, values: skus}, nil)
	if err != nil {
		return 0, q.n, err
	}
	for _, p := range out.Products {
		if p.Success {
			found++
		}
	}
	return found, q.n, nil
}

type countingQuerier struct {
	db.Querier
	n int
}

func (c *countingQuerier) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	c.n++
	return c.Querier.Query(ctx, q, args...)
}

func (c *countingQuerier) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	c.n++
	return c.Querier.QueryRow(ctx, q, args...)
}
