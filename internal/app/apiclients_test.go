package app_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
)

// Staff register, list and remove API clients over HTTP: the secret is in the creating answer only and works at
// the token endpoint; removing the client ends its access and refresh tokens at once. Buyers get 403, guests 401.
func TestStaffManageAPIClients(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin, buyer := s.Token(t, "admin@example.com"), s.Token(t, "buyer@example.com")
		const clients = "/api/admin/api-clients"

		for _, c := range []struct {
			who, bearer string
			want        int
		}{{"a guest", "", 401}, {"a buyer", buyer, 403}} {
			for _, m := range []string{"GET", "POST"} {
				if status, _, _ := s.Call(t, m, clients, c.bearer, `{"name":"x"}`).Parts(); status != c.want {
					t.Errorf("%s %s by %s: %d, want %d", m, clients, c.who, status, c.want)
				}
			}
		}
		for _, bad := range []string{`{"name":"  "}`, `{"name":"` + strings.Repeat("n", 256) + `"}`, `{"name":3}`, `nope`} {
			if status, _, body := s.Call(t, "POST", clients, admin, bad).Parts(); status != 400 {
				t.Errorf("POST %s: %d %s, want 400", bad, status, body)
			}
		}

		status, _, body := s.Call(t, "POST", clients, admin, `{"name":"ERP sync"}`).Parts()
		var made struct{ ID, Name, Secret, CreatedDate string }
		if err := json.Unmarshal([]byte(body), &made); status != 201 || err != nil || !strings.HasPrefix(made.ID, "3MVG9") ||
			made.Name != "ERP sync" || len(made.Secret) != 64 || made.CreatedDate == "" {
			t.Fatalf("create: %d %s", status, body)
		}
		status, _, body = s.Call(t, "GET", clients, admin, "").Parts()
		if status != 200 || !strings.Contains(body, `"id":"`+made.ID+`"`) || strings.Contains(body, made.Secret) || strings.Contains(body, `"secret"`) {
			t.Fatalf("list: %d %s", status, body)
		}

		form := url.Values{"grant_type": {"password"}, "username": {"admin@example.com"}, "password": {demo.DemoPassword},
			"client_id": {made.ID}, "client_secret": {made.Secret}}
		resp, err := http.PostForm(s.URL+"/services/oauth2/token", form)
		if err != nil {
			t.Fatal(err)
		}
		var tok struct {
			AccessToken  string `json:"access_token"`
			RefreshToken string `json:"refresh_token"`
		}
		_ = json.NewDecoder(resp.Body).Decode(&tok)
		resp.Body.Close()
		if resp.StatusCode != 200 || tok.AccessToken == "" || tok.RefreshToken == "" {
			t.Fatalf("token with the new client: %d", resp.StatusCode)
		}
		if status, _, _ := s.Call(t, "GET", "/services/data/v64.0/ui-api/object-info", tok.AccessToken, "").Parts(); status != 200 {
			t.Fatalf("the client's token: %d", status)
		}

		if status, _, _ := s.Call(t, "DELETE", clients+"/"+made.ID, buyer, "").Parts(); status != 403 {
			t.Errorf("a buyer deletes a client: %d, want 403", status)
		}
		if status, _, body := s.Call(t, "DELETE", clients+"/"+made.ID, admin, "").Parts(); status != 204 || body != "" {
			t.Fatalf("delete: %d %s", status, body)
		}
		if status, _, _ := s.Call(t, "DELETE", clients+"/"+made.ID, admin, "").Parts(); status != 404 {
			t.Errorf("delete again: %d, want 404", status)
		}
		if status, _, _ := s.Call(t, "GET", "/services/data/v64.0/ui-api/object-info", tok.AccessToken, "").Parts(); status != 401 {
			t.Errorf("the removed client's access token: %d, want 401", status)
		}
		resp, err = http.PostForm(s.URL+"/services/oauth2/token", url.Values{"grant_type": {"refresh_token"},
			"refresh_token": {tok.RefreshToken}, "client_id": {made.ID}})
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 400 {
			t.Errorf("the removed client's refresh token: %d, want 400", resp.StatusCode)
		}
	})
}
