package records

import (
	"context"
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// The catalogue must be consistent: unique key prefixes (the registry refuses duplicates), references to objects
// that exist, unique groups naming real fields.
func TestStandardObjectsAreConsistent(t *testing.T) {
	objs := StandardObjects()
	byName := map[string]bool{"RecordType": true}
	prefixes := map[string]string{}
	for _, o := range objs {
		byName[o.APIName] = true
		if len(o.KeyPrefix) != 3 {
			t.Errorf("%s: key prefix %q is not 3 characters", o.APIName, o.KeyPrefix)
		}
		if other, dup := prefixes[o.KeyPrefix]; dup {
			t.Errorf("%s and %s share key prefix %s", other, o.APIName, o.KeyPrefix)
		}
		prefixes[o.KeyPrefix] = o.APIName
	}
	for _, o := range objs {
		for _, f := range o.Fields {
			for _, target := range f.ReferenceTo {
				if !byName[target] {
					t.Errorf("%s.%s references unknown object %s", o.APIName, f.APIName, target)
				}
			}
		}
		for _, group := range o.UniqueTogether {
			for _, api := range group {
				if o.Field(api) == nil {
					t.Errorf("%s: unique group names unknown field %s", o.APIName, api)
				}
			}
		}
	}
}

func TestUniqueTogetherIsEnforced(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := SyncSchema(ctx, d, StandardObjects()); err != nil {
			t.Fatal(err)
		}
		insert := func(id, book, product string) error {
			_, err := d.Exec(ctx, `INSERT INTO "pricebookentry" (id, pricebook2id, product2id, unitprice) VALUES (?, ?, ?, ?)`,
				id, book, product, 1000)
			return err
		}
		book, product := StableID("01s", 1), StableID("01t", 1)
		if err := insert(StableID("01u", 1), book, product); err != nil {
			t.Fatal(err)
		}
		if err := insert(StableID("01u", 2), book, StableID("01t", 2)); err != nil {
			t.Fatalf("another product in the same book must be accepted: %v", err)
		}
		if err := insert(StableID("01u", 3), book, product); !db.IsUniqueViolation(err) {
			t.Fatalf("a second entry for the same book and product: got %v, want a unique violation", err)
		}
	})
}
