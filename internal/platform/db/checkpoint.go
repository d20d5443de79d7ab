package db

import (
	"context"
	"database/sql"
	"net/url"
	"strconv"
	"sync/atomic"
	"time"
)

// Checkpoints on SQLite. A commit appends the pages it changed to the WAL; a checkpoint copies them back into the
// database file and syncs it. By default SQLite checkpoints in the commit that takes the WAL past 1,000 pages, on the
// committing connection: with one writer, that is a commit writing 4 MB and waiting for a sync while every write of
// the store waits behind it, several times a second under 32 buyers adding to their carts. So the writer never
// checkpoints (wal_autocheckpoint 0) and a connection of the checkpointer's own does, in the background, every
// checkpointInterval: PASSIVE, so it does not wait for the writer and the writer does not wait for it. Durability is
// unchanged: what a commit wrote is in the WAL, which a restart after a kill -9 replays, checkpointed or not.
//
// A checkpoint copies pages back but does not shorten the WAL: SQLite writes from the WAL's start again only when a
// write transaction begins with every frame checkpointed and no reader still reading from the WAL. Under steady
// writes and reads that moment never comes (a group commits every few milliseconds and the eight readers always
// hold a recent snapshot), so the WAL grew without end: 1.2 GB after 50 s of the checkout bench, for a 32 MB
// database. So once the WAL passes walRestartFrames, the writer restarts it between two groups (restartWAL).

// checkpointInterval is how often the background checkpoint runs: the WAL grows by what the writer commits meanwhile.
const checkpointInterval = 100 * time.Millisecond

// walRestartFrames is the WAL's length (in pages) past which the writer restarts it: SQLite's own checkpoint
// threshold, 4 MB.
const walRestartFrames = 1000

// walSizeLimit is the size (bytes) a WAL file is cut back to when restarted: room for the frames committed between
// two restarts under load, so that it is not cut and grown again each time.
const walSizeLimit = 16 << 20

// walRestartWaitMs bounds how long (ms) a restart waits for the readers still reading from the WAL (a long export, say):
// the writes of the store wait with it, so past it the restart gives up until the next background checkpoint.
const walRestartWaitMs = 5

// checkpointer runs the background checkpoints of a SQLite file until stopped.
type checkpointer struct {
	conn *sql.DB
	stop context.CancelFunc
	done chan struct{}
	// walFrames is the WAL's length at the last background checkpoint, until the writer restarts the WAL.
	walFrames atomic.Int64
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
	Every(ctx, checkpointInterval, func() {
		// An error (the file busy with a checkpoint of another process's) is retried at the next tick.
		var busy, frames, copied int64
		if c.conn.QueryRowContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &frames, &copied) == nil {
			c.walFrames.Store(frames)
		}
	})
}

// restartWAL checkpoints the whole WAL on the writer and has the next commit write from the WAL's start, when the
// last background checkpoint found it past walRestartFrames. The writer's queue waits meanwhile (the group leader
// calls it between groups): what the background checkpoints left to copy, and the readers still on the WAL, which
// it waits at most walRestartWaitMs for. Whatever the outcome it is not tried again before the next background
// checkpoint, so a reader holding the WAL for long costs the writes one short wait per checkpointInterval.
func (d *DB) restartWAL(ctx context.Context) {
	if d.checkpoints == nil || d.checkpoints.walFrames.Load() < walRestartFrames {
		return
	}
	d.checkpoints.walFrames.Store(0)
	conn, err := d.W.Conn(ctx)
	if err != nil {
		return
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `PRAGMA busy_timeout = `+strconv.Itoa(walRestartWaitMs)); err != nil {
		return
	}
	defer conn.ExecContext(ctx, `PRAGMA busy_timeout = `+strconv.Itoa(busyTimeoutMs)) //nolint:errcheck
	// Busy (a reader stayed on the WAL): the next background checkpoint asks again.
	_, _ = conn.ExecContext(ctx, `PRAGMA wal_checkpoint(RESTART)`)
}

// Every calls fn every interval until ctx ends: the one loop of the background work that ticks (the checkpoints,
// the version poll, the server's sweep of expired stock holds).
func Every(ctx context.Context, interval time.Duration, fn func()) {
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
