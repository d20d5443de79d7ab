package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"storefront/internal/platform/metrics"
)

// Group commit on SQLite. SQLite has one writer, so write transactions queue for it; committing each on its own
// costs a commit per transaction (the WAL frames of every page it touched, and a sync for a durable one) while the
// others wait. Instead the transactions waiting for the writer run back to back inside one SQLite transaction, each
// within its own SAVEPOINT: a failing one rolls back to its savepoint only and gets its own error, the group commits
// once, and every member returns only after that commit succeeded (a failed commit fails them all). The first member
// runs without a savepoint: if it fails, the transaction is rolled back whole and the others run in the next group.
// A lone writer commits at once: the group is whatever is waiting when the writer frees up, never a wait for company.
//
// A durable member (InDurableTx) makes its whole group commit with synchronous=FULL: the group's one sync covers
// every member, so orders placed together share it, and an ordinary write grouped with them is merely more durable
// than it asked. Keeping durable members alone would give each order a sync of its own while the buyers behind it
// wait.
//
// Members run in the order they asked for the writer (first come, first served), in a goroutine of the group's
// (lead). A member whose context ends while it waits leaves the queue; one whose context ends while it runs fails at
// its next statement, never midway through one (see Tx.statementContext). PostgreSQL has a pool of writers and row
// locks: it does not group.

// groupMaxMembers and groupMaxWork cap a group: its members wait for its commit, so a group stops taking members
// after this many or once it has run this long, and the rest go to the next group. Under the checkout bench the
// writer is busy all the time (storefront_db_writer_busy_seconds_total) and a member waits for the groups ahead of
// it anyway; each commit writes the pages its group changed, so fewer, larger groups write a page the members share
// once: 20 ms instead of 5 gave 12-25% more orders per second and a lower p99 (three runs each), and changed nothing
// for adds to cart, whose groups fill to 32 members first.
const (
	groupMaxMembers = 32
	groupMaxWork    = 20 * time.Millisecond
)

// member is one transaction waiting for, or running in, a group.
type member struct {
	fn      func(tx *Tx) error
	durable bool
	state   atomic.Int32 // memberQueued, then memberTaken by the group or memberLeft by its caller
	err     error        // the member's outcome, set before done is closed
	moves   bool         // its statements may have moved a version counter (writes.go)
	panic   any          // a panic of fn, raised again in the caller's goroutine
	done    chan struct{}
}

const (
	memberQueued int32 = iota
	memberTaken
	memberLeft
)

// writeQueue is the SQLite writer's queue of members and whether a group is running.
type writeQueue struct {
	mu      sync.Mutex
	pending []*member
	leading bool
	commits atomic.Int64 // groups committed, for tests to see that waiting writes commit together
}

// inGroup runs fn as a member of a group on SQLite's writer and returns once the group committed (or fn failed).
func (d *DB) inGroup(ctx context.Context, durable bool, fn func(tx *Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m := &member{fn: fn, durable: durable, done: make(chan struct{})}
	q := d.queue
	q.mu.Lock()
	q.pending = append(q.pending, m)
	lead := !q.leading
	q.leading = true
	q.mu.Unlock()
	if lead {
		go d.lead()
	}
	select {
	case <-m.done:
	case <-ctx.Done():
		if m.state.CompareAndSwap(memberQueued, memberLeft) {
			return ctx.Err() // the group skips it
		}
		<-m.done // running: it fails at its next statement (Tx.statementContext)
	}
	if m.panic != nil {
		panic(m.panic)
	}
	return m.err
}

// lead runs groups until no member waits.
func (d *DB) lead() {
	q := d.queue
	for {
		q.mu.Lock()
		n := min(len(q.pending), groupMaxMembers)
		batch := q.pending[:n:n]
		q.pending = q.pending[n:]
		if n == 0 {
			q.leading = false
			q.pending = nil
		}
		q.mu.Unlock()
		if n == 0 {
			return
		}
		var taken []*member
		for _, m := range batch {
			if m.state.CompareAndSwap(memberQueued, memberTaken) {
				taken = append(taken, m)
			}
		}
		if len(taken) == 0 {
			continue
		}
		rest := d.runGroup(taken)
		d.restartWAL(context.Background())
		if len(rest) > 0 { // back to the front of the queue, in their order, free to leave again
			for _, m := range rest {
				m.state.Store(memberQueued)
			}
			q.mu.Lock()
			q.pending = append(rest, q.pending...)
			q.mu.Unlock()
		}
	}
}

// runGroup runs the members in one transaction and finishes those it ran; it returns the members it did not get to
// (the group's work cap, or a transaction SQLite abandoned).
func (d *DB) runGroup(members []*member) (rest []*member) {
	ctx := context.Background() // the group outlives any one member's context
	durable := false
	for _, m := range members {
		durable = durable || m.durable
	}
	start := time.Now()
	ran, rest, err := d.groupTx(ctx, durable, members)
	metrics.ObserveWriterBusy(start)
	if errors.Is(err, errFirstFailed) {
		err = nil // it has its own error, and nothing was committed
	} else if err == nil {
		d.queue.commits.Add(1)
		metrics.ObserveGroupCommit(len(ran))
		moves := false
		for _, m := range ran {
			moves = moves || m.moves
		}
		if moves {
			d.afterWrite(ctx) // before the members return: their callers' next reads must not see what caches kept
		}
	}
	d.txStmts.PrepareWanted(ctx) // the writer's connection is free again
	for _, r := range ran {
		if r.err == nil {
			r.err = err // a failed commit fails every member that succeeded
		}
		close(r.done)
	}
	return rest
}

// errFirstFailed: the group's first member failed, so its transaction was rolled back and the rest did not run.
var errFirstFailed = errors.New("db: the group's first member failed")

// groupTx begins the group's transaction on the writer connection, runs the members in it until the cap, and
// commits. ran are the members that ran (each with its own outcome in err); err fails them all.
func (d *DB) groupTx(ctx context.Context, durable bool, members []*member) (ran, rest []*member, err error) {
	conn, err := d.W.Conn(ctx)
	if err != nil {
		return members, nil, err
	}
	defer conn.Close()
	if durable {
		if _, err := conn.ExecContext(ctx, `PRAGMA synchronous = FULL`); err != nil {
			return members, nil, err
		}
		defer conn.ExecContext(ctx, `PRAGMA synchronous = NORMAL`) //nolint:errcheck
	}
	sqlTx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return members, nil, err
	}
	start := time.Now()
	for i, m := range members {
		if i > 0 && time.Since(start) > groupMaxWork {
			rest = members[i:]
			break
		}
		ran = append(ran, m)
		if i == 0 {
			// No savepoint: it journals every page its member touches (past 64 KB into a temporary file), which
			// cost a lone checkout about a seventh of its CPU.
			if m.err, m.panic = d.runFn(sqlTx, m); m.err != nil || m.panic != nil {
				_ = sqlTx.Rollback()
				return ran, members[1:], errFirstFailed
			}
			continue
		}
		if err := d.runMember(ctx, sqlTx, m); err != nil {
			// SQLite abandoned the transaction (a full disk, an I/O error): what ran fails, the rest waits.
			_ = sqlTx.Rollback()
			return ran, members[i+1:], err
		}
	}
	if err := sqlTx.Commit(); err != nil {
		return ran, rest, err
	}
	return ran, rest, nil
}

// runMember runs one member within its savepoint: released when fn succeeds, rolled back to when it fails (its
// error is the member's). The error returned is the transaction's own failure, which ends the group.
func (d *DB) runMember(ctx context.Context, sqlTx *sql.Tx, m *member) error {
	if _, err := sqlTx.ExecContext(ctx, `SAVEPOINT member`); err != nil {
		m.err = err
		return err
	}
	m.err, m.panic = d.runFn(sqlTx, m)
	if m.err == nil && m.panic == nil {
		_, err := sqlTx.ExecContext(ctx, `RELEASE member`)
		if err != nil {
			m.err = err
		}
		return err
	}
	if _, err := sqlTx.ExecContext(ctx, `ROLLBACK TO member`); err != nil {
		return fmt.Errorf("db: rolling back a failed write: %w", err)
	}
	_, err := sqlTx.ExecContext(ctx, `RELEASE member`)
	return err
}

// runFn runs the member's fn with a Tx of its own (its locals go with its savepoint), catching a panic.
func (d *DB) runFn(sqlTx *sql.Tx, m *member) (err error, panicked any) {
	tx := &Tx{Tx: sqlTx, db: d, grouped: true}
	defer tx.done.Store(true)
	defer func() { m.moves = tx.moves.Load() }()
	defer func() {
		if p := recover(); p != nil {
			panicked = p
		}
	}()
	return m.fn(tx), nil
}
