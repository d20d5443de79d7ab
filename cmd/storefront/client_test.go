package main

import (
	"bytes"
	"context"
	"log/slog"
	"regexp"
	"strings"
	"testing"

	"storefront/internal/auth"
	"storefront/internal/platform/db/dbtest"
)

// TestClientCommands runs "storefront client create / list / delete" on each database: the secret is printed once
// and stored only as its hash; list shows the client; delete removes it and says so when there is nothing to delete.
func TestClientCommands(t *testing.T) {
	for kind, u := range dbtest.URLs(t) {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			log := slog.New(slog.DiscardHandler)
			a := openTestApp(t, u, log)
			run := func(args ...string) (string, error) {
				var out bytes.Buffer
				err := clientTo(ctx, log, &out, append(args, "--db", u))
				return out.String(), err
			}
			out, err := run("create", "--name", "ERP sync")
			m := regexp.MustCompile(`^client_id: (3MVG9\S+)\nclient_secret: ([0-9A-F]{64})\n$`).FindStringSubmatch(out)
			if err != nil || m == nil {
				t.Fatalf("create: %v %q", err, out)
			}
			var name, hash string
			if err := a.DB.QueryRow(ctx, `SELECT name, secret_hash FROM sf_api_client WHERE id = ?`, m[1]).Scan(&name, &hash); err != nil ||
				name != "ERP sync" || hash != auth.HashToken(m[2]) || strings.Contains(hash, m[2]) {
				t.Fatalf("stored %q %q: %v", name, hash, err)
			}
			if out, err = run("list"); err != nil || !strings.Contains(out, m[1]+"  ERP sync  ") {
				t.Fatalf("list: %v %q", err, out)
			}
			if _, err = run("create", "--name", "  "); err == nil || !strings.Contains(err.Error(), "name") {
				t.Fatalf("create without a name: %v", err)
			}
			if out, err = run("delete", "--id", m[1]); err != nil || out != "deleted "+m[1]+"\n" {
				t.Fatalf("delete: %v %q", err, out)
			}
			if _, err = run("delete", "--id", m[1]); err == nil || !strings.Contains(err.Error(), "no client has the id") {
				t.Fatalf("delete twice: %v", err)
			}
			if out, err = run("list"); err != nil || strings.Contains(out, m[1]) {
				t.Fatalf("list after delete: %v %q", err, out)
			}
		})
	}
}
