package search

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"storefront/internal/platform/db"
)

// The full-text index lives beside the records tables and follows Product2 through database triggers, so every
// writer (the records engine behind the console and the UI API, the demo seed, `seed --products`, a script with
// plain SQL) keeps it current without knowing it exists, inside its own transaction.
//
//   - SQLite: search_doc maps each product id to a small integer (docid), and search_fts is a contentless FTS5
//     table keyed by that docid over the name, SKU and description. Contentless because the text is in product2
//     already; keyed by our own integer because product2's implicit rowid may change on VACUUM.
//   - PostgreSQL: search_doc holds each product's weighted tsvector (name A, SKU B, description D) with a GIN
//     index; one PL/pgSQL trigger function keeps it current.
//
// Both tokenise the same way: lower case, split on anything that is not a letter or digit (FTS5's unicode61; on
// PostgreSQL the text is rewritten that way before to_tsvector with the 'simple' configuration), no stemming and no
// stop words, so a query finds the same products on both databases.

// indexVersion changes whenever the index's definition changes; Install rebuilds an index of another version.
const indexVersion = 1

// Install creates the search index and its triggers when they are missing or of an older version, filling the index
// from the products already stored. It runs after the records schema exists (it needs the product2 table) and is
// cheap when the index is current, so it runs at every start.
func Install(ctx context.Context, d *db.DB) error {
	return d.InTx(ctx, func(tx *db.Tx) error {
		if d.Dialect == db.Postgres {
			// Two instances starting at once: the second waits for the first's index.
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(7165200501)`); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS search_index_version (version INTEGER NOT NULL)`); err != nil {
			return err
		}
		var have int
		err := tx.QueryRow(ctx, `SELECT version FROM search_index_version`).Scan(&have)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if err == nil && have == indexVersion {
			return nil
		}
		statements := sqliteIndex
		if d.Dialect == db.Postgres {
			statements = postgresIndex
		}
		for _, s := range statements {
			if _, err := tx.Exec(ctx, s); err != nil {
				return fmt.Errorf("search: install index: %w\n%s", err, s)
			}
		}
		if _, err := tx.Exec(ctx, `DELETE FROM search_index_version`); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO search_index_version (version) VALUES (?)`, indexVersion)
		return err
	})
}

// sqliteIndex drops any older index and builds the current one, filling it from product2.
var sqliteIndex = []string{
	`DROP TRIGGER IF EXISTS search_product_insert`,
	`DROP TRIGGER IF EXISTS search_product_update`,
	`DROP TRIGGER IF EXISTS search_product_delete`,
	`DROP TABLE IF EXISTS search_fts`,
	`DROP TABLE IF EXISTS search_doc`,
	`CREATE TABLE search_doc (docid INTEGER PRIMARY KEY, product_id TEXT NOT NULL UNIQUE)`,
	// prefix indexes make the 2- and 3-letter prefix queries of suggestions cheap.
	`CREATE VIRTUAL TABLE search_fts USING fts5(name, sku, description, content='', contentless_delete=1,
		prefix='2 3', tokenize='unicode61 remove_diacritics 2')`,
	`CREATE TRIGGER search_product_insert AFTER INSERT ON product2 BEGIN
		INSERT INTO search_doc (product_id) VALUES (new.id);
		INSERT INTO search_fts (rowid, name, sku, description)
			SELECT docid, COALESCE(new.name, ''), COALESCE(new.stockkeepingunit, ''), COALESCE(new.description, '')
			FROM search_doc WHERE product_id = new.id;
	END`,
	`CREATE TRIGGER search_product_update AFTER UPDATE OF name, stockkeepingunit, description ON product2 BEGIN
		DELETE FROM search_fts WHERE rowid = (SELECT docid FROM search_doc WHERE product_id = old.id);
		INSERT INTO search_fts (rowid, name, sku, description)
			SELECT docid, COALESCE(new.name, ''), COALESCE(new.stockkeepingunit, ''), COALESCE(new.description, '')
			FROM search_doc WHERE product_id = new.id;
	END`,
	`CREATE TRIGGER search_product_delete AFTER DELETE ON product2 BEGIN
		DELETE FROM search_fts WHERE rowid = (SELECT docid FROM search_doc WHERE product_id = old.id);
		DELETE FROM search_doc WHERE product_id = old.id;
	END`,
	`INSERT INTO search_doc (product_id) SELECT id FROM product2`,
	`INSERT INTO search_fts (rowid, name, sku, description)
		SELECT d.docid, COALESCE(p.name, ''), COALESCE(p.stockkeepingunit, ''), COALESCE(p.description, '')
		FROM search_doc d JOIN product2 p ON p.id = d.product_id`,
}

// postgresIndex drops any older index and builds the current one, filling it from product2.
var postgresIndex = []string{
	`DROP TRIGGER IF EXISTS search_product_sync ON product2`,
	`DROP FUNCTION IF EXISTS search_product_sync()`,
	`DROP TABLE IF EXISTS search_doc`,
	`DROP FUNCTION IF EXISTS search_vector(text, text, text)`,
	`DROP FUNCTION IF EXISTS search_words(text)`,
	// search_words splits like FTS5's unicode61: every run of non-alphanumerics is a separator.
	`CREATE FUNCTION search_words(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
		$$ SELECT regexp_replace(lower(COALESCE(t, '')), '[^[:alnum:]]+', ' ', 'g') $$`,
	`CREATE FUNCTION search_vector(name text, sku text, description text) RETURNS tsvector
		LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
		$$ SELECT setweight(to_tsvector('simple', search_words(name)), 'A')
			|| setweight(to_tsvector('simple', search_words(sku)), 'B')
			|| setweight(to_tsvector('simple', search_words(description)), 'D') $$`,
	`CREATE TABLE search_doc (product_id TEXT PRIMARY KEY, document tsvector NOT NULL)`,
	`CREATE INDEX search_doc_document ON search_doc USING GIN (document)`,
	`CREATE FUNCTION search_product_sync() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP = 'DELETE' THEN
			DELETE FROM search_doc WHERE product_id = OLD.id;
			RETURN NULL;
		END IF;
		INSERT INTO search_doc (product_id, document)
			VALUES (NEW.id, search_vector(NEW.name, NEW.stockkeepingunit, NEW.description))
			ON CONFLICT (product_id) DO UPDATE SET document = excluded.document;
		RETURN NULL;
	END $$`,
	`CREATE TRIGGER search_product_sync AFTER INSERT OR DELETE OR UPDATE OF name, stockkeepingunit, description
		ON product2 FOR EACH ROW EXECUTE FUNCTION search_product_sync()`,
	`INSERT INTO search_doc (product_id, document)
		SELECT id, search_vector(name, stockkeepingunit, description) FROM product2`,
}
