package db

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
