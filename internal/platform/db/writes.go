package db

import "strings"

// A transaction that wrote only untracked tables (InstallVersionTriggers' untracked: the carts' and the orders' rows,
// written on every add to cart and checkout step) moved no version counter, so the refresh after its commit
// (afterWrite), which reads every counter, would find none moved: it is skipped. A statement counts as moving the
// counters unless its text plainly reads (SELECT, a savepoint) or writes an untracked table (INSERT INTO, UPDATE,
// DELETE FROM one): a statement of any other shape (WITH, DDL, SET) counts, so a doubt costs a refresh, never a
// stale cache.

// movesVersions reports whether query may move a version counter.
func (d *DB) movesVersions(query string) bool {
	table, read := statementTarget(query)
	if read {
		return false
	}
	untracked := d.versions.untracked.Load()
	return table == "" || untracked == nil || !(*untracked)[table]
}

// noteWrite records that the transaction ran query (see movesVersions).
func (t *Tx) noteWrite(query string) {
	if !t.moves.Load() && t.db.movesVersions(query) {
		t.moves.Store(true)
	}
}

// statementTarget is the lower-case table an INSERT, UPDATE or DELETE writes (quotes removed), or read for a
// statement that writes no table (SELECT, SAVEPOINT, RELEASE, ROLLBACK); neither for any other statement. The one
// WITH it reads is the records engine's batched update, WITH v (columns) AS (VALUES ...) UPDATE table ...: a
// common table expression of anything but plain values could write a table of its own.
func statementTarget(query string) (table string, read bool) {
	rest := query
	word := func() string {
		rest = strings.TrimLeft(rest, " \t\r\n")
		end := strings.IndexAny(rest, " \t\r\n(")
		if end < 0 {
			end = len(rest)
		}
		w := rest[:end]
		rest = rest[end:]
		return w
	}
	group := func() (string, bool) { // a parenthesised group next, without quotes in it
		rest = strings.TrimLeft(rest, " \t\r\n")
		depth := 0
		for i, r := range rest {
			switch r {
			case '(':
				depth++
			case ')':
				if depth--; depth == 0 {
					g := rest[1:i]
					rest = rest[i+1:]
					return g, !strings.ContainsAny(g, `'`)
				}
			}
			if depth == 0 {
				return "", false
			}
		}
		return "", false
	}
	first := word()
	if strings.EqualFold(first, "WITH") {
		word() // its name
		if _, ok := group(); !ok {
			return "", false
		}
		if !strings.EqualFold(word(), "AS") {
			return "", false
		}
		values, ok := group()
		if !ok || !strings.HasPrefix(strings.ToUpper(strings.TrimLeft(values, " \t\r\n")), "VALUES") {
			return "", false
		}
		if first = word(); !strings.EqualFold(first, "UPDATE") {
			return "", false
		}
	}
	switch {
	case strings.EqualFold(first, "SELECT"), strings.EqualFold(first, "SAVEPOINT"), strings.EqualFold(first, "RELEASE"),
		strings.EqualFold(first, "ROLLBACK"):
		return "", true
	case strings.EqualFold(first, "INSERT"):
		w := word()
		if strings.EqualFold(w, "OR") { // INSERT OR REPLACE/IGNORE INTO
			word()
			w = word()
		}
		if !strings.EqualFold(w, "INTO") {
			return "", false
		}
	case strings.EqualFold(first, "UPDATE"):
	case strings.EqualFold(first, "DELETE"):
		if !strings.EqualFold(word(), "FROM") {
			return "", false
		}
	default:
		return "", false
	}
	table = word()
	if strings.ContainsAny(table, ".;") || table == "" {
		return "", false // a schema-qualified name or something unexpected: counted as moving the counters
	}
	return strings.ToLower(strings.Trim(table, `"`)), false
}
