package records

import (
	"context"
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
