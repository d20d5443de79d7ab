package records

import (
	"context"

	"storefront/internal/platform/db"
)

// InTx runs fn in one database transaction that every engine call made with the context fn gets joins: Create,
// Update and Delete write in it instead of committing on their own, Get reads what it wrote, and so does any
// handler the context reaches (db.WithTx). Either everything fn did is committed, or, when fn returns an error
// (or the process dies), nothing. Called within such a transaction, InTx joins it.
func (e *Engine) InTx(ctx context.Context, fn func(ctx context.Context, tx *db.Tx) error) error {
	return e.DB.InTx(ctx, func(tx *db.Tx) error { return fn(db.WithTx(ctx, tx), tx) })
}

// Querier is where a read made with ctx goes: the transaction of InTx when ctx runs in one, else the database.
func (e *Engine) Querier(ctx context.Context) db.Querier { return e.DB.Querier(ctx) }
