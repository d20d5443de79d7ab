package records

import (
	"context"
	"strings"
	"testing"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// Views are per user and object, newest first, a second view moves a record to the front, and each user keeps
// only the newest MaxViewsPerObject views of an object.
func TestRecordViews(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		e := newEngine(t, d)
		clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		e.Now = func() time.Time { clock = clock.Add(time.Second); return clock }
		cat, err := e.Catalog(ctx)
		if err != nil {
			t.Fatal(err)
		}
		ann, bob := &identity.Principal{UserID: StableID("005", 1)}, &identity.Principal{UserID: StableID("005", 2)}
		view := func(p *identity.Principal, object string, n int64) string {
			id := StableID(cat.Object(object).KeyPrefix, n)
			if err := e.RecordViewed(ctx, p, &Record{Object: cat.Object(object), ID: id}); err != nil {
				t.Fatal(err)
			}
			return id
		}
		a1, a2 := view(ann, "Account", 1), view(ann, "Account", 2)
		view(ann, "Contact", 1)
		view(bob, "Account", 3)
		view(ann, "Account", 1) // again: to the front
		ids, err := e.RecentlyViewed(ctx, ann, "Account", 10)
		if err != nil || strings.Join(ids, ",") != a1+","+a2 {
			t.Fatalf("ann's accounts %v %v, want %s,%s", ids, err, a1, a2)
		}
		if ids, _ := e.RecentlyViewed(ctx, ann, "Account", 1); len(ids) != 1 || ids[0] != a1 {
			t.Fatalf("limit 1: %v", ids)
		}
		for n := int64(10); n < 10+MaxViewsPerObject; n++ {
			view(bob, "Account", n)
		}
		ids, _ = e.RecentlyViewed(ctx, bob, "Account", 1000)
		if len(ids) != MaxViewsPerObject || ids[0] != StableID(cat.Object("Account").KeyPrefix, 9+MaxViewsPerObject) {
			t.Fatalf("bob keeps %d views, newest %s", len(ids), ids[0])
		}
	})
}
