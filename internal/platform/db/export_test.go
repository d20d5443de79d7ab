package db

import (
	"slices"
	"time"
)

// TxStatementsPrepared is how many statements the transactions' cache holds prepared.
func TxStatementsPrepared(d *DB) int {
	d.txStmts.mu.RLock()
	defer d.txStmts.mu.RUnlock()
	return len(d.txStmts.stmts)
}

// GroupCommits is how many groups SQLite's writer committed (groupcommit.go).
func GroupCommits(d *DB) int64 { return d.queue.commits.Load() }

// WaitingWriters is how many writes wait for SQLite's writer.
func WaitingWriters(d *DB) int {
	d.queue.mu.Lock()
	defer d.queue.mu.Unlock()
	return len(d.queue.pending)
}

// VersionRefreshes is how many times the version counters were read (RefreshVersions).
func VersionRefreshes(d *DB) int64 { return d.versions.refreshes.Load() }

// VersionsSettled waits until no local version moves for two poll intervals (at most 10 s): on PostgreSQL a counter
// seen moving is moved once more at the poller's next tick, and a notice may still be on its way, so an answer
// tracked before then would go stale by itself.
func VersionsSettled(d *DB) bool {
	snapshot := func() []int64 {
		var out []int64
		d.versions.each(func(c *counter) { out = append(out, c.version.Load()) })
		return out
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
		before := snapshot()
		time.Sleep(2 * PollInterval)
		if slices.Equal(before, snapshot()) {
			return true
		}
	}
	return false
}
