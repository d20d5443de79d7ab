package db

import "context"

// A transaction can travel in a context (WithTx): InTx and InDurableTx called with that context join it instead of
// beginning their own, and Exec runs in it. That is how one request made of several (a composite request with
// allOrNone) runs in one real transaction whatever handlers its parts meet, and how a part that writes outside
// the records engine still cannot deadlock on SQLite's single writer connection, which the transaction holds.
// Reads (Query, QueryRow) keep to the pool: callers that must read what the transaction wrote ask for it (the
// records engine's Querier). A finished transaction is ignored, so work that outlives the request with its context
// (a log line, a background recalculation) starts its own.

type txKey struct{}

// WithTx returns ctx carrying tx.
func WithTx(ctx context.Context, tx *Tx) context.Context { return context.WithValue(ctx, txKey{}, tx) }

// TxFrom is the unfinished transaction ctx carries, or nil.
func TxFrom(ctx context.Context) *Tx {
	tx, _ := ctx.Value(txKey{}).(*Tx)
	if tx == nil || tx.done.Load() {
		return nil
	}
	return tx
}

// Querier is where a read made with ctx goes: the transaction ctx carries, else the database.
func (d *DB) Querier(ctx context.Context) Querier {
	if tx := TxFrom(ctx); tx != nil {
		return tx
	}
	return d
}

// TxLocal is the value kept under key for the life of the transaction, made by init on first use: what a package
// learnt inside the transaction and need not ask the database again before it ends (the records engine's ids known
// to exist, say). It goes with the transaction, so a rollback forgets it too.
func TxLocal[V any](t *Tx, key any, init func() V) V {
	if v, ok := t.locals.Load(key); ok {
		return v.(V)
	}
	v, _ := t.locals.LoadOrStore(key, init())
	return v.(V)
}

// TxLocalIfAny is the value kept under key for the transaction, or V's zero value when none was made.
func TxLocalIfAny[V any](t *Tx, key any) V {
	v, _ := t.locals.Load(key)
	out, _ := v.(V)
	return out
}
