package records

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"storefront/internal/platform/db"
)

// systemFields are the fields every object has, ahead of its own. They are maintained by the engine and can be
// neither created nor updated through the API.
func systemFields(o *Object) []Field {
	fs := []Field{{APIName: "Id", Label: o.Label + " ID", Type: TypeID, Length: 18, ReadOnly: true}}
	if o.Owned {
		fs = append(fs, Field{APIName: "OwnerId", Label: "Owner ID", Type: TypeReference, Length: 18,
			ReferenceTo: []string{"User"}, RelationshipName: "Owner"})
	}
	fs = append(fs,
		Field{APIName: "RecordTypeId", Label: "Record Type ID", Type: TypeReference, Length: 18, CreateOnly: true,
			ReferenceTo: []string{"RecordType"}, RelationshipName: "RecordType"},
		Field{APIName: "CreatedDate", Label: "Created Date", Type: TypeDateTime, ReadOnly: true},
		Field{APIName: "CreatedById", Label: "Created By ID", Type: TypeReference, Length: 18, ReadOnly: true,
			ReferenceTo: []string{"User"}, RelationshipName: "CreatedBy"},
		Field{APIName: "LastModifiedDate", Label: "Last Modified Date", Type: TypeDateTime, ReadOnly: true},
		Field{APIName: "LastModifiedById", Label: "Last Modified By ID", Type: TypeReference, Length: 18,
			ReadOnly: true, ReferenceTo: []string{"User"}, RelationshipName: "LastModifiedBy"},
		Field{APIName: "SystemModstamp", Label: "System Modstamp", Type: TypeDateTime, ReadOnly: true},
	)
	return fs
}

// WithSystemFields returns the object with the system fields in front of its own (once).
func WithSystemFields(o Object) Object {
	if o.Field("Id") != nil {
		return o
	}
	o.Fields = append(systemFields(&o), o.Fields...)
	return o
}

// columnType is the SQL type of a field's column on the given database.
func columnType(d *db.DB, f *Field) string {
	switch f.Type {
	case TypeBoolean:
		return "BOOLEAN NOT NULL DEFAULT " + boolLiteral(f.Default == "true")
	case TypeInt, TypeDouble, TypeCurrency, TypePercent: // decimals as scaled whole numbers: see toDB
		return "BIGINT"
	default:
		return "TEXT"
	}
}

func boolLiteral(b bool) string {
	if b {
		return "TRUE"
	}
	return "FALSE"
}

// SyncSchema stores every object's definition and makes its table match it: it creates missing tables and adds
// missing columns and indexes. It never drops anything, so it is safe to run at every start.
func SyncSchema(ctx context.Context, d *db.DB, objects []Object) error {
	return d.InTx(ctx, func(tx *db.Tx) error {
		for i := range objects {
			o := WithSystemFields(objects[i])
			if err := syncObject(ctx, d, tx, &o); err != nil {
				return fmt.Errorf("records: sync %s: %w", o.APIName, err)
			}
		}
		return nil
	})
}

func syncObject(ctx context.Context, d *db.DB, tx *db.Tx, o *Object) error {
	if err := storeDefinition(ctx, tx, o); err != nil {
		return err
	}
	existing, err := tableColumns(ctx, tx, o.TableName())
	if err != nil {
		return err
	}
	if len(existing) == 0 {
		var cols []string
		for i := range o.Fields {
			f := &o.Fields[i]
			if !f.HasColumn() {
				continue
			}
			c := db.Ident(f.Column()) + " " + columnType(d, f)
			if f.APIName == "Id" {
				c += " PRIMARY KEY"
			}
			cols = append(cols, c)
		}
		if _, err := tx.Exec(ctx, "CREATE TABLE "+db.Ident(o.TableName())+" ("+strings.Join(cols, ", ")+")"); err != nil {
			return err
		}
	} else {
		for i := range o.Fields {
			f := &o.Fields[i]
			if !f.HasColumn() {
				continue
			}
			if typ, ok := existing[f.Column()]; ok {
				if err := convertDecimalColumn(ctx, tx, o, f, typ); err != nil {
					return err
				}
				continue
			}
			if _, err := tx.Exec(ctx, "ALTER TABLE "+db.Ident(o.TableName())+" ADD COLUMN "+
				db.Ident(f.Column())+" "+columnType(d, f)); err != nil {
				return err
			}
		}
	}
	return syncIndexes(ctx, tx, o)
}

// storeDefinition writes the object's definition to sf_object. Custom fields added at run time to a standard object
// are kept when the catalogue syncs that object again at start. An unchanged definition is not rewritten, so the
// metadata version (max modstamp) moves only on real changes; a change always moves it forward, even within one
// millisecond, so registries in other instances notice it.
func storeDefinition(ctx context.Context, tx *db.Tx, o *Object) error {
	var stored string
	err := tx.QueryRow(ctx, `SELECT definition FROM sf_object WHERE api_name = ?`, o.APIName).Scan(&stored)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if stored != "" {
		var prev Object
		if err := json.Unmarshal([]byte(stored), &prev); err != nil {
			return fmt.Errorf("stored definition: %w", err)
		}
		for _, f := range prev.Fields {
			if f.Custom && o.Field(f.APIName) == nil {
				o.Fields = append(o.Fields, f)
			}
		}
	}
	def, err := json.Marshal(o)
	if err != nil {
		return err
	}
	if string(def) == stored {
		return nil
	}
	var last int64
	if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(modstamp), 0) FROM sf_object`).Scan(&last); err != nil {
		return err
	}
	stamp := max(time.Now().UnixMilli(), last+1)
	_, err = tx.Exec(ctx, `INSERT INTO sf_object (api_name, key_prefix, definition, modstamp) VALUES (?, ?, ?, ?)
		ON CONFLICT (api_name) DO UPDATE SET key_prefix = excluded.key_prefix, definition = excluded.definition,
		modstamp = excluded.modstamp`, o.APIName, o.KeyPrefix, string(def), stamp)
	return err
}

// syncIndexes indexes reference columns (child lookups, related lists) and enforces unique fields; on PostgreSQL
// it also keeps each auto-number field's sequence.
func syncIndexes(ctx context.Context, tx *db.Tx, o *Object) error {
	for i := range o.Fields {
		f := &o.Fields[i]
		if !f.HasColumn() || f.APIName == "Id" {
			continue
		}
		name := "ix_" + o.TableName() + "_" + f.Column()
		kind := ""
		switch {
		case f.Unique || f.AutoNumber:
			kind = "UNIQUE INDEX"
		case unindexedReference(o, f):
			// An earlier version made it: dropped at the first start after the upgrade, a no-op at the others.
			if _, err := tx.Exec(ctx, "DROP INDEX IF EXISTS "+db.Ident(name)); err != nil {
				return err
			}
			continue
		case f.Type == TypeReference:
			kind = "INDEX"
		default:
			continue
		}
		if f.AutoNumber && tx.Dialect() == db.Postgres {
			if err := syncAutoNumberSequence(ctx, tx, o, f); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, "CREATE "+kind+" IF NOT EXISTS "+db.Ident(name)+" ON "+
			db.Ident(o.TableName())+" ("+db.Ident(f.Column())+")"); err != nil {
			return err
		}
	}
	if err := syncNameSortIndex(ctx, tx, o); err != nil {
		return err
	}
	return syncCompositeIndexes(ctx, tx, o)
}

// unindexedReference reports the references every row has that no read looks rows up by (they make no related
// lists and no deletion check reads them, isAuditField): CreatedById and LastModifiedById, which Salesforce does not
// index either, and RecordTypeId on an object without record types, where every row holds the master one. An index
// of each made every insert into every table, an order's nine rows and a cart's lines among them, write a B-tree
// more. Checkout bench, alternated builds: 292-316 -> 338-360 orders/s without the first two. Nor is a reference
// indexed alone when one of the object's index groups begins with it: that index serves its lookups too.
func unindexedReference(o *Object, f *Field) bool {
	switch f.APIName {
	case "CreatedById", "LastModifiedById":
		return true
	case "RecordTypeId":
		return len(o.RecordTypes) == 0
	}
	for _, group := range slices.Concat(o.Indexes, o.UniqueTogether) {
		if len(group) > 0 && group[0] == f.APIName {
			return true
		}
	}
	return false
}

// syncNameSortIndex indexes the object's name field in the order a read sorts it by (OrderTerm: text without regard
// to case, nulls first ascending), as list views, lookups and search results sort by name by default: a page of a
// large table is then read from the index instead of sorting every row. A name field that sorts as its plain column
// and is unique already has its index: an auto-number's (an order's number, which every order would otherwise
// write into one index more), dropped at the first start after an earlier version made it.
func syncNameSortIndex(ctx context.Context, tx *db.Tx, o *Object) error {
	f := o.Field(o.NameFieldName())
	if f == nil || !f.HasColumn() || !Textual(f) {
		return nil
	}
	if f.AutoNumber {
		_, err := tx.Exec(ctx, "DROP INDEX IF EXISTS "+db.Ident("sx_"+o.TableName()+"_"+f.Column()))
		return err
	}
	col := "LOWER(" + db.Ident(f.Column()) + ")"
	if tx.Dialect() == db.Postgres {
		// PostgreSQL puts nulls last in an ascending index; scanned either way it then serves both sort directions.
		col += " NULLS FIRST"
	}
	_, err := tx.Exec(ctx, "CREATE INDEX IF NOT EXISTS "+db.Ident("sx_"+o.TableName()+"_"+f.Column())+" ON "+
		db.Ident(o.TableName())+" ("+col+")")
	return err
}

// syncCompositeIndexes enforces the object's UniqueTogether groups with one unique index each and creates its
// Indexes.
func syncCompositeIndexes(ctx context.Context, tx *db.Tx, o *Object) error {
	for _, group := range o.UniqueTogether {
		if err := createIndex(ctx, tx, o, "UNIQUE INDEX", "ux_", group); err != nil {
			return err
		}
	}
	for _, group := range o.Indexes {
		if err := createIndex(ctx, tx, o, "INDEX", "ix_", group); err != nil {
			return err
		}
	}
	return nil
}

// createIndex creates an index (kind) over the fields of group, named prefix, the table and the columns.
func createIndex(ctx context.Context, tx *db.Tx, o *Object, kind, prefix string, group []string) error {
	name := prefix + o.TableName()
	cols := make([]string, len(group))
	for i, api := range group {
		f := o.Field(api)
		if f == nil || !f.HasColumn() {
			return fmt.Errorf("index group names unknown field %q", api)
		}
		name += "_" + f.Column()
		cols[i] = db.Ident(f.Column())
	}
	_, err := tx.Exec(ctx, "CREATE "+kind+" IF NOT EXISTS "+db.Ident(name)+" ON "+
		db.Ident(o.TableName())+" ("+strings.Join(cols, ", ")+")")
	return err
}

// tableColumns lists a table's columns (lower case) with their declared types (lower case); an empty map means the
// table does not exist.
func tableColumns(ctx context.Context, tx *db.Tx, table string) (map[string]string, error) {
	q := `SELECT name, type FROM pragma_table_info(?)`
	if tx.Dialect() == db.Postgres {
		q = `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?`
	}
	rows, err := tx.Query(ctx, q, table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols := map[string]string{}
	for rows.Next() {
		var c, typ string
		if err := rows.Scan(&c, &typ); err != nil {
			return nil, err
		}
		cols[strings.ToLower(c)] = strings.ToLower(typ)
	}
	return cols, rows.Err()
}

// convertDecimalColumn brings a decimal column written by an older release (TEXT on SQLite, NUMERIC on
// PostgreSQL) to the scaled BIGINT form of toDB: a new column filled from the old values, exactly, then swapped in.
func convertDecimalColumn(ctx context.Context, tx *db.Tx, o *Object, f *Field, declared string) error {
	switch f.Type {
	case TypeDouble, TypeCurrency, TypePercent:
	default:
		return nil
	}
	if declared == "bigint" || declared == "integer" {
		return nil
	}
	table, col, tmp := db.Ident(o.TableName()), db.Ident(f.Column()), db.Ident(f.Column()+"__scaled")
	if _, err := tx.Exec(ctx, "ALTER TABLE "+table+" ADD COLUMN "+tmp+" BIGINT"); err != nil {
		return err
	}
	rows, err := tx.Query(ctx, `SELECT "id", CAST(`+col+" AS TEXT) FROM "+table+" WHERE "+col+" IS NOT NULL")
	if err != nil {
		return err
	}
	var changes []Change
	for rows.Next() {
		var id, text string
		if err := rows.Scan(&id, &text); err != nil {
			rows.Close()
			return err
		}
		n, ok := ParseScaled(text, f.Scale)
		if !ok {
			rows.Close()
			return fmt.Errorf("%s.%s of %s: %q is not a decimal", o.APIName, f.APIName, id, text)
		}
		changes = append(changes, Change{ID: id, Values: map[string]any{"n": n}})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, c := range changes {
		if _, err := tx.Exec(ctx, "UPDATE "+table+" SET "+tmp+` = ? WHERE "id" = ?`, c.Values["n"], c.ID); err != nil {
			return err
		}
	}
	if _, err := tx.Exec(ctx, "ALTER TABLE "+table+" DROP COLUMN "+col); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, "ALTER TABLE "+table+" RENAME COLUMN "+tmp+" TO "+col)
	return err
}
