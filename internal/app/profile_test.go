package app_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"storefront/internal/app"
	"storefront/internal/app/apptest"
	"storefront/internal/platform/config"
)

// The profile calls are routed, and a change is what staff see in the records API: the buyer's User and Contact.
func TestProfileThroughTheApp(t *testing.T) {
	apptest.Each(t, "/shop", func(t *testing.T, s *apptest.Server) {
		buyer := s.Token(t, "buyer@example.com")
		if status, _, body := s.Call(t, "GET", "/api/profile", "", "").Parts(); status != 401 {
			t.Fatalf("guest: %d %s", status, body)
		}
		status, _, body := s.Call(t, "PATCH", "/shop/api/profile", buyer, `{"firstName":"Bonnie","lastName":"Byers","phone":"303 555 0100"}`).Parts()
		if status != 200 || body != `{"firstName":"Bonnie","lastName":"Byers","email":"buyer@example.com","phone":"303 555 0100"}`+"\n" {
			t.Fatalf("PATCH: %d %s", status, body)
		}
		var userID, contactID string
		if err := s.App.DB.QueryRow(context.Background(), `SELECT id, contactid FROM "user" WHERE username = ?`,
			"buyer@example.com").Scan(&userID, &contactID); err != nil {
			t.Fatal(err)
		}
		admin := s.Token(t, "admin@example.com")
		for object, id := range map[string]string{"User": userID, "Contact": contactID} {
			status, _, body := s.Call(t, "GET", "/services/data/v64.0/ui-api/records/"+id+"?fields="+object+".Name,"+object+".Phone", admin, "").Parts()
			if status != 200 || !strings.Contains(body, `"Name":{"displayValue":null,"value":"Bonnie Byers"}`) ||
				!strings.Contains(body, `"value":"303 555 0100"`) {
				t.Fatalf("staff read %s: %d %s", id, status, body)
			}
		}
		if status, _, body := s.Call(t, "POST", "/api/password-reset", "", `{"email":"nobody@example.com"}`).Parts(); status != 202 {
			t.Fatalf("reset request: %d %s", status, body)
		}
		if status, _, body := s.Call(t, "POST", "/api/password-reset/confirm", "", `{"token":"x","newPassword":"n3w-password"}`).Parts(); status != 400 ||
			!strings.Contains(body, "INVALID_RESET_TOKEN") {
			t.Fatalf("reset confirm: %d %s", status, body)
		}
		if status, _, _ := s.Call(t, "POST", "/api/profile/password", buyer, `{"currentPassword":"demo1234","newPassword":"n3w-password"}`).Parts(); status != 204 {
			t.Fatalf("password change: %d", status)
		}
	})
}

func TestMailedLinksNeedThePublicURL(t *testing.T) {
	cfg := config.Config{DB: "sqlite://" + t.TempDir() + "/x.db", SMTPURL: "smtp://127.0.0.1:2525", MailFrom: "store@example.com"}
	_, err := app.Open(context.Background(), cfg, slog.New(slog.DiscardHandler))
	if err == nil || !strings.Contains(err.Error(), "--smtp-url needs --public-url") {
		t.Fatalf("no public URL: %v", err)
	}
	cfg.PublicURL, cfg.MailFrom = "https://shop.example.com", ""
	if _, err := app.Open(context.Background(), cfg, slog.New(slog.DiscardHandler)); err == nil || !strings.Contains(err.Error(), "--mail-from") {
		t.Fatalf("no From address: %v", err)
	}
}
