package auth

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// mustBuyer creates a buyer (with its Contact) in a new account and returns the user's and the contact's ids.
func mustBuyer(t *testing.T, d *db.DB, email string) (userID, contactID string) {
	t.Helper()
	ctx := context.Background()
	id, err := CreateUser(ctx, records.NewEngine(d), NewUser{Email: email, Password: "demo1234", FirstName: "Bea", LastName: "Buyer",
		AccountID: insertAccount(t, d, "Acme")})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.QueryRow(ctx, `SELECT contactid FROM "user" WHERE id = ?`, id).Scan(&contactID); err != nil {
		t.Fatal(err)
	}
	return id, contactID
}

// send makes a JSON call with the CSRF token a signed-in browser echoes.
func (b *browser) send(method, path, body string) reply {
	b.t.Helper()
	return b.do(method, path, "application/json", body, CSRFHeader, b.cookies[CSRFCookie])
}

func TestProfileReadAndUpdate(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		srv, _ := testServer(t, d)
		ctx := context.Background()
		userID, contactID := mustBuyer(t, d, "buyer@example.com")
		staffID := mustStaff(t, d, "admin@example.com")

		guest := newBrowser(t, srv)
		const expired = `[{"errorCode":"INVALID_SESSION_ID","message":"Session expired or invalid"}]` + "\n"
		if r := guest.do("GET", ProfilePath, "", ""); r.status != 401 || r.body != expired {
			t.Fatalf("guest GET: %d %s", r.status, r.body)
		}
		if r := guest.send("PATCH", ProfilePath, `{"lastName":"X"}`); r.status != 401 || r.body != expired {
			t.Fatalf("guest PATCH: %d %s", r.status, r.body)
		}

		b := newBrowser(t, srv)
		b.login("buyer@example.com", "demo1234")
		r := b.do("GET", ProfilePath, "", "")
		if r.status != 200 || r.body != `{"firstName":"Bea","lastName":"Buyer","email":"buyer@example.com","phone":""}`+"\n" ||
			r.header.Get("Cache-Control") != "no-store" {
			t.Fatalf("GET: %d %s", r.status, r.body)
		}
		if r := b.do("PATCH", ProfilePath, "application/json", `{"lastName":"X"}`); r.status != 403 {
			t.Fatalf("a cookie PATCH without the CSRF header: %d", r.status)
		}

		r = b.send("PATCH", ProfilePath, `{"firstName":"  Ann ","lastName":"Smith","phone":"+1 (303) 555-0100 x12","email":"Buyer@Example.com"}`)
		want := `{"firstName":"Ann","lastName":"Smith","email":"buyer@example.com","phone":"+1 (303) 555-0100 x12"}` + "\n"
		if r.status != 200 || r.body != want {
			t.Fatalf("PATCH: %d %s", r.status, r.body)
		}
		// Both records changed through the records engine: derived names, and the user as the author.
		var uName, uPhone, uBy, cName, cPhone, cBy string
		if err := d.QueryRow(ctx, `SELECT u.name, u.phone, u.lastmodifiedbyid, c.name, c.phone, c.lastmodifiedbyid
			FROM "user" u JOIN contact c ON c.id = u.contactid WHERE u.id = ?`, userID).Scan(&uName, &uPhone, &uBy, &cName, &cPhone, &cBy); err != nil {
			t.Fatal(err)
		}
		if uName != "Ann Smith" || cName != "Ann Smith" || uPhone != "+1 (303) 555-0100 x12" || cPhone != uPhone || uBy != userID || cBy != userID {
			t.Fatalf("records: user %q %q by %s, contact %s %q %q by %s", uName, uPhone, uBy, contactID, cName, cPhone, cBy)
		}

		// Only what is sent changes; a blank phone clears it.
		if r := b.send("PATCH", ProfilePath, `{"phone":" "}`); r.status != 200 ||
			r.body != `{"firstName":"Ann","lastName":"Smith","email":"buyer@example.com","phone":""}`+"\n" {
			t.Fatalf("clear phone: %d %s", r.status, r.body)
		}

		// Every refused field is listed and nothing is written.
		r = b.send("PATCH", ProfilePath, `{"firstName":"`+strings.Repeat("a", 41)+`","lastName":" ","phone":"call me","email":"other@example.com"}`)
		wantErr := `[{"errorCode":"STRING_TOO_LONG","message":"Your first name can have at most 40 characters.","field":"firstName"},` +
			`{"errorCode":"REQUIRED_FIELD_MISSING","message":"Enter your last name.","field":"lastName"},` +
			`{"errorCode":"INVALID_PHONE","message":"Enter a phone number with digits, spaces and + ( ) - . only.","field":"phone"},` +
			`{"errorCode":"READ_ONLY_FIELD","message":"Your email address is your sign-in name and cannot be changed here. Ask the store to change it.","field":"email"}]` + "\n"
		if r.status != 400 || r.body != wantErr {
			t.Fatalf("invalid PATCH: %d\n%s\nwant\n%s", r.status, r.body, wantErr)
		}
		if r := b.send("PATCH", ProfilePath, `{"phone":"303 555 0100","lastName":""}`); r.status != 400 {
			t.Fatalf("one bad field refuses the whole change: %d", r.status)
		}
		if r := b.do("GET", ProfilePath, "", ""); !strings.Contains(r.body, `"lastName":"Smith"`) || !strings.Contains(r.body, `"phone":""`) {
			t.Fatalf("a refused PATCH wrote something: %s", r.body)
		}
		if r := b.send("PATCH", ProfilePath, `{"lastName":1}`); r.status != 400 || !strings.Contains(r.body, "JSON_PARSER_ERROR") {
			t.Fatalf("wrong type: %d %s", r.status, r.body)
		}

		// Staff have no Contact: the User alone is the profile. A bearer token needs no CSRF header.
		form := url.Values{"grant_type": {"password"}, "username": {"admin@example.com"}, "password": {"demo1234"}}
		tok := newBrowser(t, srv).do("POST", TokenPath, "application/x-www-form-urlencoded", form.Encode())
		var out struct {
			AccessToken string `json:"access_token"`
		}
		_ = json.Unmarshal([]byte(tok.body), &out)
		api := newBrowser(t, srv)
		api.header.Set("Authorization", "Bearer "+out.AccessToken)
		if r := api.do("PATCH", ProfilePath, "application/json", `{"firstName":"Ada"}`); r.status != 200 ||
			r.body != `{"firstName":"Ada","lastName":"Staff","email":"admin@example.com","phone":""}`+"\n" {
			t.Fatalf("staff PATCH: %d %s", r.status, r.body)
		}
		var staffFirst string
		if err := d.QueryRow(ctx, `SELECT firstname FROM "user" WHERE id = ?`, staffID).Scan(&staffFirst); err != nil || staffFirst != "Ada" {
			t.Fatalf("staff record: %q %v", staffFirst, err)
		}
	})
}

func TestPasswordChange(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		clk := newClock()
		srv, svc := testServer(t, d)
		svc.Now = clk.Now
		mustBuyer(t, d, "buyer@example.com")

		here, other := newBrowser(t, srv), newBrowser(t, srv)
		here.login("buyer@example.com", "demo1234")
		other.login("buyer@example.com", "demo1234")
		form := url.Values{"grant_type": {"password"}, "username": {"buyer@example.com"}, "password": {"demo1234"}}
		tok := newBrowser(t, srv).do("POST", TokenPath, "application/x-www-form-urlencoded", form.Encode())
		var out struct {
			AccessToken string `json:"access_token"`
		}
		_ = json.Unmarshal([]byte(tok.body), &out)
		api := newBrowser(t, srv)
		api.header.Set("Authorization", "Bearer "+out.AccessToken)

		if r := newBrowser(t, srv).send("POST", PasswordPath, `{"currentPassword":"demo1234","newPassword":"n3w-password"}`); r.status != 401 {
			t.Fatalf("guest: %d %s", r.status, r.body)
		}
		for name, tc := range map[string]struct{ body, want string }{
			"wrong current": {`{"currentPassword":"demo12345","newPassword":"n3w-password"}`,
				`[{"errorCode":"INVALID_PASSWORD","message":"The current password is incorrect.","field":"currentPassword"}]`},
			"too short": {`{"currentPassword":"demo1234","newPassword":"short"}`,
				`[{"errorCode":"INVALID_PASSWORD","message":"The new password must have at least 8 characters (at most 1024).","field":"newPassword"}]`},
			"no current": {`{"newPassword":"n3w-password"}`,
				`[{"errorCode":"REQUIRED_FIELD_MISSING","message":"Enter your current password.","field":"currentPassword"}]`},
			"same": {`{"currentPassword":"demo1234","newPassword":"demo1234"}`,
				`[{"errorCode":"INVALID_PASSWORD","message":"The new password must differ from the current one.","field":"newPassword"}]`},
		} {
			if r := here.send("POST", PasswordPath, tc.body); r.status != 400 || r.body != tc.want+"\n" {
				t.Errorf("%s: %d %s", name, r.status, r.body)
			}
		}

		if r := here.send("POST", PasswordPath, `{"currentPassword":"demo1234","newPassword":"n3w-password"}`); r.status != 204 {
			t.Fatalf("change: %d %s", r.status, r.body)
		}
		if p := here.whoami(); p.Guest {
			t.Fatal("the session that changed the password must stay signed in")
		}
		if p := other.whoami(); !p.Guest {
			t.Fatalf("another browser's session must end: %+v", p)
		}
		if r := api.do("GET", "/whoami", "", ""); r.status != 401 {
			t.Fatalf("the bearer token must be revoked: %d", r.status)
		}
		if r := newBrowser(t, srv).login("buyer@example.com", "demo1234"); r.status != 401 {
			t.Fatalf("old password: %d", r.status)
		}
		if r := newBrowser(t, srv).login("buyer@example.com", "n3w-password"); r.status != 200 {
			t.Fatalf("new password: %d %s", r.status, r.body)
		}
	})
}

// A wrong current password is a failed sign-in: the same counters refuse it, and the login form with them.
func TestPasswordChangeCountsTowardSignInThrottling(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		clk := newClock()
		srv, svc := testServer(t, d)
		svc.Now = clk.Now
		mustBuyer(t, d, "buyer@example.com")
		b := newBrowser(t, srv)
		b.login("buyer@example.com", "demo1234") // the loopback address is now known for the user
		delete(b.cookies, DeviceCookie)          // a browser sends it to the login endpoint only (its cookie path)
		for i := 0; i < svc.KnownLimit.Free; i++ {
			if r := b.send("POST", PasswordPath, `{"currentPassword":"guess`+string(rune('a'+i))+`","newPassword":"n3w-password"}`); r.status != 400 {
				t.Fatalf("guess %d: %d %s", i, r.status, r.body)
			}
		}
		r := b.send("POST", PasswordPath, `{"currentPassword":"demo1234","newPassword":"n3w-password"}`)
		if r.status != 429 || r.header.Get("Retry-After") != "30" ||
			r.body != `[{"errorCode":"REQUEST_LIMIT_EXCEEDED","message":"Too many wrong passwords. Try again later."}]`+"\n" {
			t.Fatalf("past the allowance: %d %q %s", r.status, r.header.Get("Retry-After"), r.body)
		}
		if r := newBrowser(t, srv).login("buyer@example.com", "demo1234"); r.status != 429 {
			t.Fatalf("the login from the same source shares the counter: %d", r.status)
		}
		clk.advance(31 * time.Second)
		if r := b.send("POST", PasswordPath, `{"currentPassword":"demo1234","newPassword":"n3w-password"}`); r.status != 204 {
			t.Fatalf("after the wait: %d %s", r.status, r.body)
		}
	})
}
