package auth

// Where the sign-in counters live: the database by default, Redis when the server is given one (--redis). The policy
// (ratelimit.go) is the same code for both; a CounterStore only keeps the numbers, atomically.

import (
	"context"
	"errors"
	"strings"

	"storefront/internal/platform/db"
)

// counter is one throttle counter as stored: consecutive failures and the last one's time (Unix ms); zero when the
// counter does not exist.
type counter struct{ failures, lastAt int64 }

// CounterStore keeps the sign-in counters. Service.Counters nil: the database's (sf_login_attempt).
type CounterStore interface {
	// update reads the counters of keys (sorted) and passes them to decide; when decide answers true, the counters
	// become next. All of it is atomic with respect to any other update of those keys on any instance. decide may
	// run more than once (a store may retry after a concurrent write), so it only computes: its last run counts.
	update(ctx context.Context, keys []string, decide func(stored []counter) (next []counter, ok bool)) error
	// giveBack takes one failure off key's counter, if it has any, and sets its last failure back to prevAt when it
	// is still at (no later attempt moved it).
	giveBack(ctx context.Context, key string, at, prevAt int64) error
	// forget deletes the counters of keys.
	forget(ctx context.Context, keys ...string) error
	// sweep deletes the counters whose last failure is at or before before (Unix ms).
	sweep(ctx context.Context, before int64) error
}

// counters is the service's store.
func (s *Service) counters() CounterStore {
	if s.Counters != nil {
		return s.Counters
	}
	return dbCounters{s.DB}
}

// dbCounters keeps the counters in sf_login_attempt, one row per key.
type dbCounters struct{ db *db.DB }

// errDeclined rolls back an update its decide function declined.
var errDeclined = errors.New("auth: counter update declined")

// update in one transaction: the upsert locks each row (PostgreSQL; SQLite has one writer anyway) until the count
// is written, so concurrent attempts are counted one after another. Rows are locked in key order so two attempts
// sharing counters cannot deadlock.
func (c dbCounters) update(ctx context.Context, keys []string, decide func([]counter) ([]counter, bool)) error {
	err := c.db.InTx(ctx, func(tx *db.Tx) error {
		stored := make([]counter, len(keys))
		for i, key := range keys {
			if err := tx.QueryRow(ctx, `INSERT INTO sf_login_attempt (bucket, failures, last_failure_at) VALUES (?, 0, 0)
				ON CONFLICT (bucket) DO UPDATE SET failures = sf_login_attempt.failures
				RETURNING failures, last_failure_at`, key).Scan(&stored[i].failures, &stored[i].lastAt); err != nil {
				return err
			}
		}
		next, ok := decide(stored)
		if !ok {
			return errDeclined
		}
		for i, key := range keys {
			if _, err := tx.Exec(ctx, `UPDATE sf_login_attempt SET failures = ?, last_failure_at = ? WHERE bucket = ?`,
				next[i].failures, next[i].lastAt, key); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, errDeclined) {
		return nil
	}
	return err
}

func (c dbCounters) giveBack(ctx context.Context, key string, at, prevAt int64) error {
	_, err := c.db.Exec(ctx, `UPDATE sf_login_attempt SET failures = failures - 1,
		last_failure_at = CASE WHEN last_failure_at = ? THEN ? ELSE last_failure_at END
		WHERE bucket = ? AND failures > 0`, at, prevAt, key)
	return err
}

func (c dbCounters) forget(ctx context.Context, keys ...string) error {
	if len(keys) == 0 {
		return nil
	}
	args := make([]any, len(keys))
	for i, k := range keys {
		args[i] = k
	}
	_, err := c.db.Exec(ctx, `DELETE FROM sf_login_attempt WHERE bucket IN (?`+strings.Repeat(", ?", len(keys)-1)+`)`, args...)
	return err
}

func (c dbCounters) sweep(ctx context.Context, before int64) error {
	_, err := c.db.Exec(ctx, `DELETE FROM sf_login_attempt WHERE last_failure_at <= ?`, before)
	return err
}
