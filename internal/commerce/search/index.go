package search

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"storefront/internal/platform/db"
)

// The search index lives beside the records tables and follows Product2 and ProductCategoryProduct through
// database triggers, so every writer (the records engine behind the console and the UI API, the demo seed,
// `seed --products`, a script with plain SQL) keeps it current without knowing it exists, inside its own
// transaction.
//
// search_doc has one row per product with what search needs of every match: name, SKU, family, brand, unit of
// measure, creation date, active flag, the product's category ids and the entitlement policies listing it. Every
// change to it, to a product's description or another column a result card shows (cards.go), and to a product's
// media, also moves search_state.version, which is how the in-memory copy of search_doc (see snapshot.go) knows it
// must reload. The full-text index is built in memory from that copy and the descriptions (see postings.go): the
// database keeps no full-text index, so writes and the seed pay nothing for one, and the index reads the same on
// both databases. On SQLite search_doc's docid is a small integer key; PostgreSQL keeps an identity docid; PL/pgSQL
// trigger functions keep its copy current.

// indexVersion changes whenever the index's definition changes; Install rebuilds an index of another version.
const indexVersion = 7

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

// search_doc's attribute columns, and their values from a product2 row (NEW in a trigger, p in a backfill).
const docColumns = `id, name, sku, family, brand, uom, createddate, isactive, categories, policies`

func docValues(row, agg string) string {
	return row + `.id, COALESCE(` + row + `.name, ''), COALESCE(` + row + `.stockkeepingunit, ''), COALESCE(` + row +
		`.family, ''), COALESCE(` + row + `.brand, ''), COALESCE(` + row + `.quantityunitofmeasure, ''), COALESCE(` +
		row + `.createddate, ''), COALESCE(` + row + `.isactive, FALSE), ` + categoriesOf(agg, row+`.id`) + `, ` +
		policiesOf(agg, row+`.id`)
}

func docUpdate(row string) string {
	return `name = COALESCE(` + row + `.name, ''), sku = COALESCE(` + row + `.stockkeepingunit, ''), family = COALESCE(` +
		row + `.family, ''), brand = COALESCE(` + row + `.brand, ''), uom = COALESCE(` + row +
		`.quantityunitofmeasure, ''), isactive = COALESCE(` + row + `.isactive, FALSE)`
}

// The list aggregate of each database: comma-joined ids.
const (
	sqliteAgg   = `group_concat(%s, ',')`
	postgresAgg = `string_agg(%s, ',')`
)

func categoriesOf(agg, productID string) string {
	return `(SELECT ` + strings.Replace(agg, "%s", "productcategoryid", 1) +
		` FROM productcategoryproduct WHERE productid = ` + productID + `)`
}

func policiesOf(agg, productID string) string {
	return `(SELECT ` + strings.Replace(agg, "%s", "policyid", 1) +
		` FROM commerceentitlementproduct WHERE productid = ` + productID + `)`
}

// bump tells every app server's snapshot that search_doc, or a store's category tree (productcategory and
// webstorecatalog, which the snapshot keeps a copy of per store), changed.
const bump = `UPDATE search_state SET version = version + 1`

// The columns of the category tree loadCategories reads, and of the products' default images the snapshot's cards
// keep (catalog.EachListImage): a change to one moves the version.
const (
	treeColumns         = `id, name, parentcategoryid, sortorder, catalogid`
	storeCatalogColumns = `salesstoreid, productcatalogid`
	mediaColumns        = `productid, electronicmediaid, usagetype, sortorder`
	contentColumns      = `title, url, alttext, ispublished`
)

// productColumns are the product2 columns search reads: search_doc's, the description the full text holds, and
// the ones a result card shows (cards.go). A change to one moves the version.
const productColumns = `name, stockkeepingunit, description, family, brand, quantityunitofmeasure, isactive,
	productcode, productclass, urlname, purchasequantityminimum, purchasequantitymaximum, purchasequantityincrement`

func refreshCategories(agg, productID string) string {
	return `UPDATE search_doc SET categories = ` + categoriesOf(agg, productID) + ` WHERE id = ` + productID
}

func refreshPolicies(agg, productID string) string {
	return `UPDATE search_doc SET policies = ` + policiesOf(agg, productID) + ` WHERE id = ` + productID
}

// sqliteIndex drops any older index and builds the current one, filling it from product2.
var sqliteIndex = []string{
	`DROP TRIGGER IF EXISTS search_product_insert`,
	`DROP TRIGGER IF EXISTS search_product_update`,
	`DROP TRIGGER IF EXISTS search_product_text`,
	`DROP TRIGGER IF EXISTS search_product_attributes`,
	`DROP TRIGGER IF EXISTS search_product_delete`,
	`DROP TRIGGER IF EXISTS search_category_insert`,
	`DROP TRIGGER IF EXISTS search_category_update`,
	`DROP TRIGGER IF EXISTS search_category_delete`,
	`DROP TRIGGER IF EXISTS search_entitlement_insert`,
	`DROP TRIGGER IF EXISTS search_entitlement_update`,
	`DROP TRIGGER IF EXISTS search_entitlement_delete`,
	`DROP TRIGGER IF EXISTS search_tree_insert`,
	`DROP TRIGGER IF EXISTS search_tree_update`,
	`DROP TRIGGER IF EXISTS search_tree_delete`,
	`DROP TRIGGER IF EXISTS search_store_catalog_insert`,
	`DROP TRIGGER IF EXISTS search_store_catalog_update`,
	`DROP TRIGGER IF EXISTS search_store_catalog_delete`,
	`DROP TRIGGER IF EXISTS search_media_insert`,
	`DROP TRIGGER IF EXISTS search_media_update`,
	`DROP TRIGGER IF EXISTS search_media_delete`,
	`DROP TRIGGER IF EXISTS search_content_insert`,
	`DROP TRIGGER IF EXISTS search_content_update`,
	`DROP TRIGGER IF EXISTS search_content_delete`,
	`DROP TABLE IF EXISTS search_fts`,
	`DROP TABLE IF EXISTS search_doc`,
	`DROP TABLE IF EXISTS search_state`,
	`CREATE TABLE search_state (version BIGINT NOT NULL)`,
	`INSERT INTO search_state (version) VALUES (1)`,
	`CREATE TABLE search_doc (docid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL, sku TEXT NOT NULL,
		family TEXT NOT NULL, brand TEXT NOT NULL, uom TEXT NOT NULL, createddate TEXT NOT NULL,
		isactive BOOLEAN NOT NULL, categories TEXT, policies TEXT)`,
	`CREATE TRIGGER search_product_insert AFTER INSERT ON product2 BEGIN
		INSERT INTO search_doc (` + docColumns + `) SELECT ` + docValues("new", sqliteAgg) + `;
		` + bump + `;
	END`,
	`CREATE TRIGGER search_product_attributes AFTER UPDATE OF ` + productColumns + ` ON product2 BEGIN
		UPDATE search_doc SET ` + docUpdate("new") + ` WHERE id = new.id;
		` + bump + `;
	END`,
	`CREATE TRIGGER search_product_delete AFTER DELETE ON product2 BEGIN
		DELETE FROM search_doc WHERE id = old.id;
		` + bump + `;
	END`,
	`CREATE TRIGGER search_category_insert AFTER INSERT ON productcategoryproduct BEGIN
		` + refreshCategories(sqliteAgg, "new.productid") + `;
		` + bump + `;
	END`,
	`CREATE TRIGGER search_category_update AFTER UPDATE OF productid, productcategoryid ON productcategoryproduct BEGIN
		` + refreshCategories(sqliteAgg, "old.productid") + `;
		` + refreshCategories(sqliteAgg, "new.productid") + `;
		` + bump + `;
	END`,
	`CREATE TRIGGER search_category_delete AFTER DELETE ON productcategoryproduct BEGIN
		` + refreshCategories(sqliteAgg, "old.productid") + `;
		` + bump + `;
	END`,
	`CREATE TRIGGER search_entitlement_insert AFTER INSERT ON commerceentitlementproduct BEGIN
		` + refreshPolicies(sqliteAgg, "new.productid") + `;
		` + bump + `;
	END`,
	`CREATE TRIGGER search_entitlement_update AFTER UPDATE OF productid, policyid ON commerceentitlementproduct BEGIN
		` + refreshPolicies(sqliteAgg, "old.productid") + `;
		` + refreshPolicies(sqliteAgg, "new.productid") + `;
		` + bump + `;
	END`,
	`CREATE TRIGGER search_entitlement_delete AFTER DELETE ON commerceentitlementproduct BEGIN
		` + refreshPolicies(sqliteAgg, "old.productid") + `;
		` + bump + `;
	END`,
	`CREATE TRIGGER search_tree_insert AFTER INSERT ON productcategory BEGIN ` + bump + `; END`,
	`CREATE TRIGGER search_tree_update AFTER UPDATE OF ` + treeColumns + ` ON productcategory BEGIN ` + bump + `; END`,
	`CREATE TRIGGER search_tree_delete AFTER DELETE ON productcategory BEGIN ` + bump + `; END`,
	`CREATE TRIGGER search_store_catalog_insert AFTER INSERT ON webstorecatalog BEGIN ` + bump + `; END`,
	`CREATE TRIGGER search_store_catalog_update AFTER UPDATE OF ` + storeCatalogColumns + ` ON webstorecatalog BEGIN
		` + bump + `;
	END`,
	`CREATE TRIGGER search_store_catalog_delete AFTER DELETE ON webstorecatalog BEGIN ` + bump + `; END`,
	`CREATE TRIGGER search_media_insert AFTER INSERT ON productmedia BEGIN ` + bump + `; END`,
	`CREATE TRIGGER search_media_update AFTER UPDATE OF ` + mediaColumns + ` ON productmedia BEGIN ` + bump + `; END`,
	`CREATE TRIGGER search_media_delete AFTER DELETE ON productmedia BEGIN ` + bump + `; END`,
	`CREATE TRIGGER search_content_insert AFTER INSERT ON managedcontent BEGIN ` + bump + `; END`,
	`CREATE TRIGGER search_content_update AFTER UPDATE OF ` + contentColumns + ` ON managedcontent BEGIN ` + bump + `; END`,
	`CREATE TRIGGER search_content_delete AFTER DELETE ON managedcontent BEGIN ` + bump + `; END`,
	`INSERT INTO search_doc (` + docColumns + `) SELECT ` + docValues("p", sqliteAgg) + ` FROM product2 p`,
}

// postgresIndex drops any older index and builds the current one, filling it from product2.
var postgresIndex = []string{
	`DROP TRIGGER IF EXISTS search_product_sync ON product2`,
	`DROP TRIGGER IF EXISTS search_category_sync ON productcategoryproduct`,
	`DROP TRIGGER IF EXISTS search_entitlement_sync ON commerceentitlementproduct`,
	`DROP FUNCTION IF EXISTS search_product_sync()`,
	`DROP FUNCTION IF EXISTS search_category_sync()`,
	`DROP FUNCTION IF EXISTS search_entitlement_sync()`,
	`DROP TRIGGER IF EXISTS search_product_bump ON product2`,
	`DROP TRIGGER IF EXISTS search_category_bump ON productcategoryproduct`,
	`DROP TRIGGER IF EXISTS search_entitlement_bump ON commerceentitlementproduct`,
	`DROP TRIGGER IF EXISTS search_tree_bump ON productcategory`,
	`DROP TRIGGER IF EXISTS search_store_catalog_bump ON webstorecatalog`,
	`DROP TRIGGER IF EXISTS search_media_bump ON productmedia`,
	`DROP TRIGGER IF EXISTS search_content_bump ON managedcontent`,
	`DROP FUNCTION IF EXISTS search_bump()`,
	`DROP TABLE IF EXISTS search_doc`,
	`DROP TABLE IF EXISTS search_state`,
	`DROP FUNCTION IF EXISTS search_vector(text, text, text)`,
	`DROP FUNCTION IF EXISTS search_words(text)`,
	`CREATE TABLE search_state (version BIGINT NOT NULL)`,
	`INSERT INTO search_state (version) VALUES (1)`,
	`CREATE TABLE search_doc (docid BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE, id TEXT PRIMARY KEY, name TEXT NOT NULL, sku TEXT NOT NULL, family TEXT NOT NULL, brand TEXT NOT NULL,
		uom TEXT NOT NULL, createddate TEXT NOT NULL, isactive BOOLEAN NOT NULL, categories TEXT, policies TEXT)`,
	`CREATE FUNCTION search_product_sync() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP = 'DELETE' THEN
			DELETE FROM search_doc WHERE id = OLD.id;
		ELSE
			INSERT INTO search_doc (` + docColumns + `) SELECT ` + docValues("NEW", postgresAgg) + `
				ON CONFLICT (id) DO UPDATE SET name = excluded.name, sku = excluded.sku,
					family = excluded.family, brand = excluded.brand, uom = excluded.uom, isactive = excluded.isactive;
		END IF;
		RETURN NULL;
	END $$`,
	`CREATE TRIGGER search_product_sync AFTER INSERT OR DELETE OR UPDATE OF name, stockkeepingunit, family, brand, quantityunitofmeasure, isactive ON product2 FOR EACH ROW EXECUTE FUNCTION search_product_sync()`,
	`CREATE FUNCTION search_category_sync() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP IN ('UPDATE', 'DELETE') THEN
			` + refreshCategories(postgresAgg, "OLD.productid") + `;
		END IF;
		IF TG_OP IN ('INSERT', 'UPDATE') THEN
			` + refreshCategories(postgresAgg, "NEW.productid") + `;
		END IF;
		RETURN NULL;
	END $$`,
	`CREATE TRIGGER search_category_sync AFTER INSERT OR DELETE OR UPDATE OF productid, productcategoryid
		ON productcategoryproduct FOR EACH ROW EXECUTE FUNCTION search_category_sync()`,
	`CREATE FUNCTION search_entitlement_sync() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		IF TG_OP IN ('UPDATE', 'DELETE') THEN
			` + refreshPolicies(postgresAgg, "OLD.productid") + `;
		END IF;
		IF TG_OP IN ('INSERT', 'UPDATE') THEN
			` + refreshPolicies(postgresAgg, "NEW.productid") + `;
		END IF;
		RETURN NULL;
	END $$`,
	`CREATE TRIGGER search_entitlement_sync AFTER INSERT OR DELETE OR UPDATE OF productid, policyid
		ON commerceentitlementproduct FOR EACH ROW EXECUTE FUNCTION search_entitlement_sync()`,
	// The version moves once per statement, not once per row: a 500-row INSERT of the seed is one update of
	// search_state rather than 500 versions of its one row.
	`CREATE FUNCTION search_bump() RETURNS trigger LANGUAGE plpgsql AS $$
	BEGIN
		` + bump + `;
		RETURN NULL;
	END $$`,
	`CREATE TRIGGER search_product_bump AFTER INSERT OR DELETE OR UPDATE OF ` + productColumns + `
		ON product2 FOR EACH STATEMENT EXECUTE FUNCTION search_bump()`,
	`CREATE TRIGGER search_category_bump AFTER INSERT OR DELETE OR UPDATE OF productid, productcategoryid
		ON productcategoryproduct FOR EACH STATEMENT EXECUTE FUNCTION search_bump()`,
	`CREATE TRIGGER search_entitlement_bump AFTER INSERT OR DELETE OR UPDATE OF productid, policyid
		ON commerceentitlementproduct FOR EACH STATEMENT EXECUTE FUNCTION search_bump()`,
	`CREATE TRIGGER search_tree_bump AFTER INSERT OR DELETE OR UPDATE OF ` + treeColumns + `
		ON productcategory FOR EACH STATEMENT EXECUTE FUNCTION search_bump()`,
	`CREATE TRIGGER search_store_catalog_bump AFTER INSERT OR DELETE OR UPDATE OF ` + storeCatalogColumns + `
		ON webstorecatalog FOR EACH STATEMENT EXECUTE FUNCTION search_bump()`,
	`CREATE TRIGGER search_media_bump AFTER INSERT OR DELETE OR UPDATE OF ` + mediaColumns + `
		ON productmedia FOR EACH STATEMENT EXECUTE FUNCTION search_bump()`,
	`CREATE TRIGGER search_content_bump AFTER INSERT OR DELETE OR UPDATE OF ` + contentColumns + `
		ON managedcontent FOR EACH STATEMENT EXECUTE FUNCTION search_bump()`,
	`INSERT INTO search_doc (` + docColumns + `) SELECT ` + docValues("p", postgresAgg) + ` FROM product2 p`,
}
