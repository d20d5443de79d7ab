package cart

import (
	"context"
	"math/big"
	"strings"
	"testing"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
	"storefront/internal/records"
)

func TestFormatCount(t *testing.T) {
	for in, want := range map[string]string{"0": "0", "0.00": "0", "2": "2.0", "150.00": "150.0", "2.5": "2.5",
		"152.50": "152.5", "0.25": "0.25", "1000000": "1000000.0"} {
		r, _ := new(big.Rat).SetString(in)
		if got := FormatCount(r); got != want {
			t.Errorf("FormatCount(%s) = %q, want %q", in, got, want)
		}
	}
}

func TestOwnerOf(t *testing.T) {
	guest := OwnerOf(&identity.Principal{Guest: true, SessionID: "s1"}, "")
	if !guest.IsGuest() || guest.GuestSessionID != "s1" {
		t.Fatalf("guest: %+v", guest)
	}
	buyer := OwnerOf(&identity.Principal{UserID: "005x", AccountID: "001a", SessionID: "s2"}, "001b")
	if buyer.IsGuest() || buyer.UserID != "005x" || buyer.AccountID != "001b" || buyer.GuestSessionID != "" {
		t.Fatalf("buyer acting for a managed account: %+v", buyer)
	}
}

// insertCart writes a WebCart row with the system columns the records layer keeps.
func insertCart(t *testing.T, d *db.DB, store string, cols map[string]any) string {
	t.Helper()
	id := records.NewID("0a6")
	now := time.Now().UTC().Format(records.DateTimeLayout)
	names := []string{"id", "recordtypeid", "createddate", "lastmodifieddate", "systemmodstamp", "name", "webstoreid",
		"type", "currencyisocode"}
	args := []any{id, records.DefaultRecordTypeID, now, now, now, "Cart", store, "Cart", "USD"}
	for k, v := range cols {
		names, args = append(names, k), append(args, v)
	}
	q := `INSERT INTO webcart (` + strings.Join(names, ", ") + `) VALUES (?` + strings.Repeat(", ?", len(names)-1) + `)`
	if _, err := d.Exec(context.Background(), q, args...); err != nil {
		t.Fatal(err)
	}
	return id
}

// Guest carts belong to the guest's session: found by it, never by another session or a signed-in user.
func TestFindGuestCarts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := records.SyncSchema(ctx, d, records.StandardObjects()); err != nil {
			t.Fatal(err)
		}
		store := records.StableID("0ZE", 1)
		mine := insertCart(t, d, store, map[string]any{"guestsessionid": "session-a", "status": "Active"})
		insertCart(t, d, store, map[string]any{"guestsessionid": "session-b", "status": "Active"})
		insertCart(t, d, store, map[string]any{"guestsessionid": "session-a", "status": "Closed"})

		a := Owner{GuestSessionID: "session-a"}
		c, err := Find(ctx, d, store, a, Current)
		if err != nil || c == nil || c.ID != mine {
			t.Fatalf("guest a's current cart: %+v %v, want %s", c, err, mine)
		}
		if c, err := Find(ctx, d, store, a, mine[:15]); err != nil || c == nil || c.ID != mine {
			t.Fatalf("guest a's cart by id: %+v %v", c, err)
		}
		for what, o := range map[string]Owner{"another session": {GuestSessionID: "session-b"},
			"a buyer": {UserID: records.StableID("005", 2), AccountID: records.StableID("001", 1)}} {
			if _, err := Find(ctx, d, store, o, mine); err == nil {
				t.Fatalf("%s found guest a's cart", what)
			}
		}
		if c, err := Find(ctx, d, store, Owner{}, Current); err != nil || c != nil {
			t.Fatalf("no session: %+v %v, want no cart", c, err)
		}
		if _, err := Find(ctx, d, store, a, Active); err == nil {
			t.Fatal("active for a guest must be refused")
		}
		if c, err := Find(ctx, d, records.StableID("0ZE", 2), a, Current); err != nil || c != nil {
			t.Fatalf("another store: %+v %v", c, err)
		}
	})
}
