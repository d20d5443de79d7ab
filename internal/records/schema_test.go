package records

import (
	"context"
	"strings"
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

func TestSyncSchemaCreatesAndExtendsTables(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		widget := Object{APIName: "Widget__c", Label: "Widget", LabelPlural: "Widgets", KeyPrefix: "a01", Custom: true,
			Fields: []Field{{APIName: "Name", Label: "Name", Type: TypeText, Length: 80, NameField: true, Required: true},
				{APIName: "Price__c", Label: "Price", Type: TypeCurrency, Precision: 18, Scale: 2, Custom: true}}}
		if err := SyncSchema(ctx, d, []Object{widget}); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(ctx, `INSERT INTO "widget__c" (id, name, price__c) VALUES (?, ?, ?)`,
			"a01000000000001AAA", "Sprocket", 1250); err != nil {
			t.Fatal(err)
		}
		// Adding a field at run time adds its column and keeps the rows; running again changes nothing.
		widget.Fields = append(widget.Fields, Field{APIName: "InStock__c", Label: "In stock", Type: TypeBoolean, Custom: true})
		for i := 0; i < 2; i++ {
			if err := SyncSchema(ctx, d, []Object{widget}); err != nil {
				t.Fatal(err)
			}
		}
		var name string
		var price int64
		var inStock bool
		if err := d.QueryRow(ctx, `SELECT name, price__c, instock__c FROM "widget__c"`).Scan(&name, &price, &inStock); err != nil {
			t.Fatal(err)
		}
		if name != "Sprocket" || price != 1250 || inStock {
			t.Fatalf("got %q %d %v; want Sprocket, an exact 1250 cents and the false default", name, price, inStock)
		}
	})
}

// A page of a large table sorted by name (the default of list views, lookups and search results) is read from the
// name field's index, in both directions, rather than by sorting every row.
func TestNameFieldSortsFromItsIndex(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		gadget := Object{APIName: "Gadget__c", Label: "Gadget", LabelPlural: "Gadgets", KeyPrefix: "a02", Custom: true,
			Fields: []Field{{APIName: "Name", Label: "Name", Type: TypeText, Length: 80, NameField: true}}}
		if err := SyncSchema(ctx, d, []Object{gadget}); err != nil {
			t.Fatal(err)
		}
		name := &Column{Field: &gadget.Fields[0], SQL: `g."name"`}
		for _, desc := range []bool{false, true} {
			query := `SELECT g."id" FROM "gadget__c" g ORDER BY ` + OrderTerm(name, desc, nil) + `, g."id" LIMIT 26`
			if plan := dbtest.QueryPlan(t, d, query); !strings.Contains(plan, "sx_gadget__c_name") {
				t.Fatalf("descending %v: the plan does not read the name index:\n%s", desc, plan)
			}
		}
	})
}

// An auto-numbered name (an order's number) sorts as stored, from the field's unique index, and has no index of its
// own for the sort: every insert would write one index more. One an earlier version made is dropped by the next sync.
func TestAnAutoNumberSortsFromItsUniqueIndex(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		ticket := Object{APIName: "Ticket__c", Label: "Ticket", LabelPlural: "Tickets", KeyPrefix: "a04", Custom: true,
			Fields: []Field{{APIName: "Name", Label: "Ticket Number", Type: TypeText, Length: 8, NameField: true,
				AutoNumber: true, AutoNumberStart: 1}}}
		if err := SyncSchema(ctx, d, []Object{ticket}); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(ctx, `CREATE INDEX "sx_ticket__c_name" ON "ticket__c" (LOWER("name"))`); err != nil {
			t.Fatal(err)
		}
		if err := SyncSchema(ctx, d, []Object{ticket}); err != nil {
			t.Fatal(err)
		}
		if indexes := tableIndexes(t, d, "ticket__c"); indexes["sx_ticket__c_name"] {
			t.Fatalf("the auto-number's sort index was kept: %v", indexes)
		}
		number := &Column{Field: &ticket.Fields[0], SQL: `t."name"`}
		for _, desc := range []bool{false, true} {
			query := `SELECT t."id" FROM "ticket__c" t ORDER BY ` + OrderTerm(number, desc, nil) + ` LIMIT 26`
			if plan := dbtest.QueryPlan(t, d, query); !strings.Contains(plan, "ix_ticket__c_name") {
				t.Fatalf("descending %v: the plan does not read the number's unique index:\n%s", desc, plan)
			}
		}
	})
}

// A reference is indexed (child lookups, related lists, deletion checks read rows by it) but for the audit
// references every row has, which nothing looks rows up by: their indexes only made every insert slower. The record
// type is indexed on an object that has record types. An index an earlier version made of one is dropped by the
// next sync.
func TestAuditReferencesAreNotIndexed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		part := Object{APIName: "Part__c", Label: "Part", LabelPlural: "Parts", KeyPrefix: "a03", Custom: true, Owned: true,
			Fields: []Field{{APIName: "Name", Label: "Name", Type: TypeText, Length: 80, NameField: true},
				{APIName: "Account__c", Label: "Account", Type: TypeReference, Length: 18, ReferenceTo: []string{"Account"},
					RelationshipName: "Account__r", Custom: true}}}
		if err := SyncSchema(ctx, d, []Object{part}); err != nil {
			t.Fatal(err)
		}
		indexes := func(table string) map[string]bool { return tableIndexes(t, d, table) }
		want := map[string]bool{"ix_part__c_account__c": true, "ix_part__c_ownerid": true, "ix_part__c_recordtypeid": false,
			"ix_part__c_createdbyid": false, "ix_part__c_lastmodifiedbyid": false}
		check := func(step string) {
			t.Helper()
			got := indexes("part__c")
			for name, indexed := range want {
				if got[name] != indexed {
					t.Errorf("%s: index %s exists: %v, want %v (indexes %v)", step, name, got[name], indexed, got)
				}
			}
		}
		check("first sync")
		if _, err := d.Exec(ctx, `CREATE INDEX "ix_part__c_createdbyid" ON "part__c" ("createdbyid")`); err != nil {
			t.Fatal(err)
		}
		if err := SyncSchema(ctx, d, []Object{part}); err != nil {
			t.Fatal(err)
		}
		check("the sync after an earlier version's index")
		kit := Object{APIName: "Kit__c", Label: "Kit", LabelPlural: "Kits", KeyPrefix: "a04", Custom: true,
			Fields:      []Field{{APIName: "Name", Label: "Name", Type: TypeText, Length: 80, NameField: true}},
			RecordTypes: []RecordType{{ID: "012000000000009AAA", DeveloperName: "Bundle", Name: "Bundle"}}}
		if err := SyncSchema(ctx, d, []Object{kit}); err != nil {
			t.Fatal(err)
		}
		if got := indexes("kit__c"); !got["ix_kit__c_recordtypeid"] || got["ix_kit__c_createdbyid"] {
			t.Errorf("an object with record types: indexes %v, want its record type's and not its creator's", got)
		}
		// A reference an index group begins with is looked up by that index: not indexed alone, and an earlier
		// version's index of it dropped.
		bin := part
		bin.APIName, bin.KeyPrefix, bin.Indexes = "Bin__c", "a05", [][]string{{"Account__c", "Name"}}
		for step := range 2 {
			if err := SyncSchema(ctx, d, []Object{bin}); err != nil {
				t.Fatal(err)
			}
			if got := indexes("bin__c"); got["ix_bin__c_account__c"] || !got["ix_bin__c_account__c_name"] || !got["ix_bin__c_ownerid"] {
				t.Errorf("sync %d of an index group led by a reference: indexes %v, want the group's and the owner's only", step, got)
			}
			if _, err := d.Exec(ctx, `CREATE INDEX "ix_bin__c_account__c" ON "bin__c" ("account__c")`); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// tableIndexes are the names of the indexes of table.
func tableIndexes(t *testing.T, d *db.DB, table string) map[string]bool {
	t.Helper()
	query := `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?`
	if d.Dialect == db.Postgres {
		query = `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ?`
	}
	names, err := db.Strings(context.Background(), d, query, table)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, n := range names {
		out[n] = true
	}
	return out
}
