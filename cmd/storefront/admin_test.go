package main

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"storefront/internal/app"
	"storefront/internal/platform/config"
	"storefront/internal/platform/db/dbtest"
	"storefront/internal/records"
)

// TestUserCreate runs "storefront user create" on each database: a buyer in an existing account, then the clear
// refusals for an unknown account and a taken email.
func TestUserCreate(t *testing.T) {
	for kind, u := range dbtest.URLs(t) {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			log := slog.New(slog.DiscardHandler)
			a := openTestApp(t, u, log)
			acct := records.NewID("001")
			now := time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
			if _, err := a.DB.Exec(ctx, `INSERT INTO account (id, recordtypeid, createddate, lastmodifieddate, systemmodstamp, name)
				VALUES (?, ?, ?, ?, ?, ?)`, acct, records.DefaultRecordTypeID, now, now, now, "Acme"); err != nil {
				t.Fatal(err)
			}
			run := func(extra ...string) error {
				return user(ctx, log, append([]string{"create", "--db", u, "--password", "demo1234", "--last", "Buyer"}, extra...))
			}
			if err := run("--email", "buyer@example.com", "--first", "Bea", "--account", acct[:15]); err != nil {
				t.Fatal(err)
			}
			var userType, accountID string
			if err := a.DB.QueryRow(ctx, `SELECT usertype, accountid FROM "user" WHERE username = ?`, "buyer@example.com").Scan(&userType, &accountID); err != nil {
				t.Fatal(err)
			}
			if userType != "PowerCustomerSuccess" || accountID != acct {
				t.Fatalf("created %s in %s", userType, accountID)
			}
			if err := run("--email", "staff@example.com", "--staff"); err != nil {
				t.Fatal(err)
			}
			for want, args := range map[string][]string{
				"no account has this id":                {"--email", "x@example.com", "--account", records.NewID("001")},
				"a user with this email already exists": {"--email", "BUYER@example.com", "--account", acct},
			} {
				if err := run(args...); err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("%v: err = %v, want %q", args, err, want)
				}
			}
		})
	}
}

// openTestApp opens (and migrates) the database at u as a command would find it, closed when the test ends.
func openTestApp(t *testing.T, u string, log *slog.Logger) *app.App {
	t.Helper()
	a, err := app.Open(context.Background(), config.Config{DB: u}, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}
