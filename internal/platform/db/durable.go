package db

import (
	"context"
)

// InDurableTx is InTx for the writes that must survive a power loss once answered: orders, payments and the stock
// they take. SQLite runs with synchronous=NORMAL, which in WAL mode may lose the last commits (never corrupts) when
// the machine (not the process) dies; this transaction runs on the writer connection with synchronous=FULL, so its
// commit returns only after the WAL is synced, and the setting goes back to NORMAL afterwards. The connection is
// held for the whole transaction, so no other write runs with the changed setting. PostgreSQL commits are durable
// unless the server was told otherwise; synchronous_commit is set on for the transaction to be sure.
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
	release, err := d.admitWriter(ctx)
	if err != nil {
		return err
	}
	conn, err := d.W.Conn(ctx)
	if err != nil {
		release()
		return err
	}
	defer d.txStmts.PrepareWanted(ctx) // deferred first, so it runs after conn.Close frees the writer's connection
	defer release()
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `PRAGMA synchronous = FULL`); err != nil {
		return err
	}
	// Back to NORMAL even when ctx is cancelled: the connection returns to the pool either way.
	defer conn.ExecContext(context.WithoutCancel(ctx), `PRAGMA synchronous = NORMAL`) //nolint:errcheck
	sqlTx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	return d.run(ctx, sqlTx, fn)
}
