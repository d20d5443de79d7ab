package storecontext

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"testing"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/records/recordstest"
)

var eachDB = recordstest.Each

func insert(t *testing.T, d *db.DB, table, prefix string, cols map[string]any) string {
	t.Helper()
	id := records.NewID(prefix)
	now := time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	q := "INSERT INTO " + table + " (id, recordtypeid, createddate, lastmodifieddate, systemmodstamp"
	args := []any{id, records.DefaultRecordTypeID, now, now, now}
	vals := "?, ?, ?, ?, ?"
	for k, v := range cols {
		q += ", " + k
		vals += ", ?"
		args = append(args, v)
	}
	if _, err := d.Exec(context.Background(), q+") VALUES ("+vals+")", args...); err != nil {
		t.Fatal(err)
	}
	return id
}

func status(err error) int {
	var e *httpx.Error
	if errors.As(err, &e) {
		return e.Status
	}
	return 0
}

func TestLoadStoreAppliesMetadataDefaults(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		id := insert(t, d, "webstore", "0ZE", map[string]any{"name": "Bare", "guestbrowsingenabled": false})
		s, err := LoadStore(context.Background(), d, id[:15])
		if err != nil {
			t.Fatal(err)
		}
		if s.ID != id || s.DefaultCurrency != "USD" || s.Country != "US" || s.TaxType != "Net" ||
			!reflect.DeepEqual(s.ShippingCountries, []string{"US", "CA"}) || !reflect.DeepEqual(s.SupportedCurrencies, []string{"USD"}) ||
			s.ReservationInSeconds != 14400 || s.ManagedCheckoutVersion != "0.117.0" || s.GuestBrowsingEnabled || !s.GuestCartEnabled {
			t.Fatalf("defaults: %+v", s)
		}
		if err := RequireBrowsing(s, &identity.Principal{Guest: true}); status(err) != http.StatusUnauthorized {
			t.Fatalf("guest in a closed store: %v", err)
		}
		if err := RequireBrowsing(s, &identity.Principal{UserID: "005x", AccountID: "001x"}); err != nil {
			t.Fatalf("buyer in a closed store: %v", err)
		}
		s.GuestBrowsingEnabled = true
		if err := RequireBrowsing(s, &identity.Principal{Guest: true}); err != nil {
			t.Fatalf("guest in an open store: %v", err)
		}
		if _, err := LoadStore(context.Background(), d, records.NewID("0ZE")); status(err) != http.StatusNotFound {
			t.Fatalf("unknown store: %v", err)
		}
	})
}

func TestEffectiveAccountRules(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		own := insert(t, d, "account", "001", map[string]any{"name": "Own"})
		managed := insert(t, d, "account", "001", map[string]any{"name": "Managed"})
		other := insert(t, d, "account", "001", map[string]any{"name": "Other"})
		userID := records.NewID("005")
		insert(t, d, "managedaccount", "0MA", map[string]any{"userid": userID, "accountid": managed})
		buyer := &identity.Principal{SessionID: "s", UserID: userID, AccountID: own}
		staff := &identity.Principal{SessionID: "s", UserID: records.NewID("005"), Staff: true}
		guest := &identity.Principal{Guest: true}
		for _, tc := range []struct {
			name      string
			p         *identity.Principal
			requested string
			want      string
			status    int
		}{
			{"blank is own", buyer, "", own, 0},
			{"all-zero is own", buyer, "000000000000000", own, 0},
			{"own 15", buyer, own[:15], own, 0},
			{"managed", buyer, managed, managed, 0},
			{"unrelated", buyer, other, "", 403},
			{"malformed", buyer, "001abc", "", 400},
			{"wrong object", buyer, userID, "", 400},
			{"guest blank", guest, "", "", 0},
			{"guest with id", guest, own, "", 403},
			{"staff blank", staff, "", "", 0},
			{"staff any account", staff, own, "", 403},
		} {
			got, err := EffectiveAccount(ctx, d, tc.p, tc.requested)
			if got != tc.want || status(err) != tc.status || (tc.status == 0 && err != nil) {
				t.Errorf("%s: %q %v; want %q status %d", tc.name, got, err, tc.want, tc.status)
			}
		}
	})
}
