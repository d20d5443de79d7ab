package auth

import (
	"encoding/json"
	"net/url"
	"testing"

	"storefront/internal/platform/db"
)

// apiClient is a registered client signing its user in with the password grant and refreshing.
type apiClient struct {
	t          *testing.T
	b          *browser
	id, secret string
}

func newAPIClient(t *testing.T, d *db.DB, b *browser) *apiClient {
	c, secret, err := CreateClient(t.Context(), d, "ERP sync")
	if err != nil {
		t.Fatal(err)
	}
	return &apiClient{t: t, b: b, id: c.ID, secret: secret}
}

// grant asks the token endpoint and returns the access and refresh tokens; it fails the test unless answered 200.
func (c *apiClient) grant(form url.Values) (access, refresh string) {
	c.t.Helper()
	form.Set("client_id", c.id)
	form.Set("client_secret", c.secret)
	r := c.b.do("POST", TokenPath, "application/x-www-form-urlencoded", form.Encode())
	var tok struct {
		AccessToken  string `json:"access_token"`
		RefreshToken string `json:"refresh_token"`
	}
	if r.status != 200 || json.Unmarshal([]byte(r.body), &tok) != nil {
		c.t.Fatalf("token %v: %d %s", form.Get("grant_type"), r.status, r.body)
	}
	return tok.AccessToken, tok.RefreshToken
}

func (c *apiClient) signIn(password string) (access, refresh string) {
	c.t.Helper()
	return c.grant(url.Values{"grant_type": {"password"}, "username": {"buyer@example.com"}, "password": {password}})
}

func (c *apiClient) refresh(refresh string) reply {
	c.t.Helper()
	form := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refresh}, "client_id": {c.id}}
	return c.b.do("POST", TokenPath, "application/x-www-form-urlencoded", form.Encode())
}

// works reports whether an access token still opens the API.
func (c *apiClient) works(access string) bool {
	c.t.Helper()
	r := c.b.do("GET", "/whoami", "", "", "Authorization", "Bearer "+access)
	if r.status != 200 && r.status != 401 {
		c.t.Fatalf("whoami: %d %s", r.status, r.body)
	}
	return r.status == 200
}

const expiredGrant = `{"error":"invalid_grant","error_description":"expired access/refresh token"}` + "\n"

// Revoking a refresh token ends the access tokens issued with it and refreshed from it, and only those; revoking an
// access token leaves its refresh token working.
func TestRevokingARefreshTokenEndsItsAccessTokens(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		srv, _ := testServer(t, d)
		mustBuyer(t, d, "buyer@example.com")
		c := newAPIClient(t, d, newBrowser(t, srv))
		issued, refresh := c.signIn("demo1234")
		r := c.refresh(refresh)
		var tok struct {
			AccessToken string `json:"access_token"`
		}
		if r.status != 200 || json.Unmarshal([]byte(r.body), &tok) != nil {
			t.Fatalf("refresh: %d %s", r.status, r.body)
		}
		refreshed := tok.AccessToken
		other, otherRefresh := c.signIn("demo1234") // a second grant: its own refresh token
		for _, a := range []string{issued, refreshed, other} {
			if !c.works(a) {
				t.Fatal("a fresh access token does not work")
			}
		}

		// Revoking an access token leaves its refresh token alone.
		if r := c.b.do("POST", RevokePath, "application/x-www-form-urlencoded", url.Values{"token": {other}}.Encode()); r.status != 200 {
			t.Fatalf("revoke access: %d %s", r.status, r.body)
		}
		if r := c.refresh(otherRefresh); r.status != 200 {
			t.Fatalf("the refresh token of a revoked access token: %d %s", r.status, r.body)
		}

		if r := c.b.do("POST", RevokePath, "application/x-www-form-urlencoded", url.Values{"token": {refresh}}.Encode()); r.status != 200 || r.body != "" {
			t.Fatalf("revoke refresh: %d %s", r.status, r.body)
		}
		if c.works(issued) || c.works(refreshed) {
			t.Fatal("an access token of a revoked refresh token still works")
		}
		var left int
		if err := d.QueryRow(t.Context(), `SELECT COUNT(*) FROM sf_session WHERE refresh_id = ?`, HashToken(refresh)).Scan(&left); err != nil || left != 0 {
			t.Fatalf("sessions of the revoked refresh token left: %d %v", left, err)
		}
		if r := c.refresh(refresh); r.status != 400 || r.body != expiredGrant {
			t.Fatalf("a revoked refresh token: %d %s", r.status, r.body)
		}
		// The other grant's tokens live on.
		if r := c.refresh(otherRefresh); r.status != 200 {
			t.Fatalf("another refresh token: %d %s", r.status, r.body)
		}
	})
}

// A password change and a password reset end every refresh token of the user (and the access tokens), so a stolen
// refresh token does not outlive the victim's new password; the session making the change stays signed in.
func TestPasswordChangeAndResetEndRefreshTokens(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		log := &logBuffer{}
		srv, _ := testServerLogging(t, d, log)
		mustBuyer(t, d, "buyer@example.com")
		c := newAPIClient(t, d, newBrowser(t, srv))

		access, refresh := c.signIn("demo1234")
		here := newBrowser(t, srv)
		here.login("buyer@example.com", "demo1234")
		if r := here.send("POST", PasswordPath, `{"currentPassword":"demo1234","newPassword":"n3w-password"}`); r.status != 204 {
			t.Fatalf("change: %d %s", r.status, r.body)
		}
		if r := c.refresh(refresh); r.status != 400 || r.body != expiredGrant {
			t.Fatalf("a refresh token after a password change: %d %s", r.status, r.body)
		}
		if c.works(access) {
			t.Fatal("an access token after a password change still works")
		}
		if p := here.whoami(); p.Guest {
			t.Fatal("the session that changed the password was signed out")
		}

		access, refresh = c.signIn("n3w-password")
		b := newBrowser(t, srv)
		b.askReset("buyer@example.com")
		if r := b.confirm(tokenOf(t, log.link(t, 1)), "th1rd-password"); r.status != 204 {
			t.Fatalf("reset: %d %s", r.status, r.body)
		}
		if r := c.refresh(refresh); r.status != 400 || r.body != expiredGrant {
			t.Fatalf("a refresh token after a password reset: %d %s", r.status, r.body)
		}
		if c.works(access) {
			t.Fatal("an access token after a password reset still works")
		}
		var left int
		if err := d.QueryRow(t.Context(), `SELECT COUNT(*) FROM sf_refresh_token`).Scan(&left); err != nil || left != 0 {
			t.Fatalf("refresh tokens left: %d %v", left, err)
		}
		c.signIn("th1rd-password")
	})
}
