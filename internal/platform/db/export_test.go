package db

// TxStatementsPrepared is how many statements the transactions' cache holds prepared.
func TxStatementsPrepared(d *DB) int {
	d.txStmts.mu.RLock()
	defer d.txStmts.mu.RUnlock()
	return len(d.txStmts.stmts)
}
