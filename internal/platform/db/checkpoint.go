package db

import (
	"context"
	"database/sql"
	"net/url"
	"time"
)

// Checkpoints on SQLite. A commit appends the pages it changed to the WAL; a checkpoint copies them back into the
// database file and syncs it. By default SQLite checkpoints in the commit that takes the WAL past 1,000 pages, on the
// committing connection: with one writer, that is a commit writing 4 MB and waiting for a sync while every write of
// the store waits behind it, several times a second under 32 buyers adding to their carts. So the writer never
// checkpoints (wal_autocheckpoint 0) and a connection of the checkpointer's own does, in the background, every
// checkpointInterval: PASSIVE, so it does not wait for the writer and the writer does not wait for it. Durability is
// unchanged: what a commit wrote is in the WAL, which a restart after a kill -9 replays, checkpointed or not.

// checkpointInterval is how often the background checkpoint runs: the WAL grows by what the writer commits meanwhile.
const checkpointInterval = 100 * time.Millisecond

// checkpointer runs the background checkpoints of a SQLite file until stopped.
type checkpointer struct {
	conn *sql.DB
	stop context.CancelFunc
	done chan struct{}
}

// startCheckpoints opens the checkpointer's connection to the file (with the readers' pragmas, q) and starts it.
func startCheckpoints(path string, q url.Values) (*checkpointer, error) {
	conn, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	conn.SetMaxOpenConns(1)
	ctx, stop := context.WithCancel(context.Background())
	c := &checkpointer{conn: conn, stop: stop, done: make(chan struct{})}
	go c.run(ctx)
	return c, nil
}

func (c *checkpointer) run(ctx context.Context) {
	defer close(c.done)
	every(ctx, checkpointInterval, func() {
		// An error (the file busy with a checkpoint of another process's) is retried at the next tick.
		_, _ = c.conn.ExecContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`)
	})
}

// every calls fn every interval until ctx ends.
func every(ctx context.Context, interval time.Duration, fn func()) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			fn()
		}
	}
}

// close stops the checkpoints and closes the connection; the last connection to the file to close checkpoints the
// rest, as SQLite does.
func (c *checkpointer) close() error {
	c.stop()
	<-c.done
	return c.conn.Close()
}
