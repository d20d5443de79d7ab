package db

import (
	"context"
)

// InDurableTx is InTx for the writes that must survive a power loss once answered: orders, payments and the stock
// they take. SQLite runs with synchronous=NORMAL, which in WAL mode may lose the last commits (never corrupts) when
// the machine (not the process) dies; the group this transaction commits in (groupcommit.go) commits with
// synchronous=FULL, so it returns only after the WAL is synced, and the setting goes back to NORMAL afterwards.
// PostgreSQL commits are durable unless the server was told otherwise; synchronous_commit is set on for the
// transaction to be sure.
func (d *DB) InDurableTx(ctx context.Context, fn func(tx *Tx) error) error {
	if tx := TxFrom(ctx); tx != nil { // the outer transaction's commit is the one that counts
		return fn(tx)
	}
	if d.Dialect == Postgres {
		return d.InTx(ctx, func(tx *Tx) error {
			if _, err := tx.Exec(ctx, `SET LOCAL synchronous_commit = on`); err != nil {
				return err
			}
			return fn(tx)
		})
	}
	return d.inGroup(ctx, true, fn) // SQLite: the group commits with synchronous=FULL (groupcommit.go)
}
