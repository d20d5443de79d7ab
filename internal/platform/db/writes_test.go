package db

import "testing"

func TestStatementTarget(t *testing.T) {
	for _, c := range []struct {
		query, table string
		read         bool
	}{
		{"SELECT id FROM cartitem", "", true},
		{"  select 1", "", true},
		{"SAVEPOINT member", "", true},
		{"RELEASE member", "", true},
		{"ROLLBACK TO member", "", true},
		{"INSERT INTO cartitem (id) VALUES (?)", "cartitem", false},
		{"INSERT INTO \"order\"(id) VALUES ($1) RETURNING id", "order", false},
		{"insert or replace into sf_record_view (id) values (?)", "sf_record_view", false},
		{"INSERT OR IGNORE INTO WebCart (id) VALUES (?)", "webcart", false},
		{"UPDATE webcart SET revision = revision + 1", "webcart", false},
		{"\n\tUPDATE \"cartitem\"\n SET quantity = ?", "cartitem", false},
		{"DELETE FROM cartdeliverygroup WHERE id = ?", "cartdeliverygroup", false},
		{"DELETE cartitem", "", false},
		{"INSERT cartitem VALUES (1)", "", false},
		{"UPDATE public.webcart SET x = 1", "", false},
		{"WITH x AS (SELECT 1) INSERT INTO cartitem SELECT * FROM x", "", false},
		{`WITH v ("id", "quantity") AS (VALUES (?, ?), (?, ?)) UPDATE "cartitem" SET "quantity" = v."quantity" FROM v`,
			"cartitem", false},
		{`WITH v (id) AS (VALUES ('a)')) UPDATE cartitem SET x = 1`, "", false},
		{`WITH v (id) AS (UPDATE product2 SET name = 'x' RETURNING id) UPDATE cartitem SET x = 1`, "", false},
		{`WITH v (id) AS (VALUES (?)) DELETE FROM cartitem`, "", false},
		{`WITH v (id) AS (VALUES (?) UPDATE cartitem SET x = 1`, "", false},
		{"CREATE TABLE t (id TEXT)", "", false},
		{"SET LOCAL lock_timeout = '5s'", "", false},
		{"PRAGMA synchronous = FULL", "", false},
		{"", "", false},
	} {
		table, read := statementTarget(c.query)
		if table != c.table || read != c.read {
			t.Errorf("%q: table %q read %v, want %q %v", c.query, table, read, c.table, c.read)
		}
	}
}
