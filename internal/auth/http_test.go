package auth

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"storefront/internal/identity"
	"storefront/internal/records/recordstest"
	"strconv"
	"strings"
	"testing"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// testServer serves the auth endpoints behind the real middleware, plus probes that show the resolved principal:
// GET /whoami, POST /change (a state-changing call) and POST /cart (which needs a session, guest or not).
func testServer(t *testing.T, d *db.DB) (*httptest.Server, *Service) {
	return testServerLogging(t, d, io.Discard)
}

// testServerLogging is testServer with the server log written to log; it also serves the profile, password and
// password reset calls.
func testServerLogging(t *testing.T, d *db.DB, log io.Writer) (*httptest.Server, *Service) {
	svc := NewService(records.NewEngine(d), "/shop")
	mux := http.NewServeMux()
	mux.Handle("GET "+ProfilePath, svc.ProfileHandler())
	mux.Handle("PATCH "+ProfilePath, svc.UpdateProfileHandler())
	mux.Handle("POST "+PasswordPath, svc.PasswordHandler())
	mux.Handle("POST "+ResetPath, svc.ResetHandler())
	mux.Handle("POST "+ResetConfirmPath, svc.ResetConfirmHandler())
	mux.Handle("POST "+LoginPath, svc.LoginHandler())
	mux.Handle("GET "+svc.LogoutPath(), svc.LogoutHandler())
	mux.Handle("POST "+svc.LogoutPath(), svc.LogoutHandler())
	mux.Handle("POST "+TokenPath, svc.TokenHandler())
	mux.Handle("POST "+RevokePath, svc.RevokeHandler())
	echo := func(w http.ResponseWriter, r *http.Request) {
		httpx.WriteJSON(w, 200, identity.FromContext(r.Context()))
	}
	mux.HandleFunc("GET /whoami", echo)
	mux.HandleFunc("POST /change", echo)
	mux.Handle("POST /cart", httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		p, err := EnsureSession(w, r)
		if err != nil {
			return err
		}
		httpx.WriteJSON(w, 200, p)
		return nil
	}))
	srv := httptest.NewServer(httpx.Observe(slog.New(slog.NewJSONHandler(log, nil)), httpx.AccessLog{}, Middleware(svc)(mux)))
	t.Cleanup(srv.Close)
	svc.PublicURL = srv.URL
	return srv, svc
}

// browser keeps cookies the way a browser does (by name, dropped on Max-Age<0) and never follows redirects.
type browser struct {
	t       *testing.T
	base    string
	cookies map[string]string
	header  http.Header // sent with every request
}

func newBrowser(t *testing.T, srv *httptest.Server) *browser {
	return &browser{t: t, base: srv.URL, cookies: map[string]string{}, header: http.Header{}}
}

type reply struct {
	status  int
	header  http.Header
	body    string
	cookies map[string]*http.Cookie
}

func (b *browser) do(method, path, contentType, body string, extra ...string) reply {
	b.t.Helper()
	req, err := http.NewRequest(method, b.base+path, strings.NewReader(body))
	if err != nil {
		b.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range b.header {
		req.Header[k] = v
	}
	for i := 0; i+1 < len(extra); i += 2 {
		req.Header.Set(extra[i], extra[i+1])
	}
	for name, value := range b.cookies {
		req.AddCookie(&http.Cookie{Name: name, Value: value})
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	out := reply{status: resp.StatusCode, header: resp.Header, body: string(raw), cookies: map[string]*http.Cookie{}}
	for _, c := range resp.Cookies() {
		out.cookies[c.Name] = c
		if c.MaxAge < 0 {
			delete(b.cookies, c.Name)
		} else {
			b.cookies[c.Name] = c.Value
		}
	}
	return out
}

func (b *browser) login(username, password string) reply {
	b.t.Helper()
	body, _ := json.Marshal(map[string]string{"username": username, "password": password})
	return b.do("POST", LoginPath, "application/json", string(body))
}

func (b *browser) whoami() identity.Principal {
	b.t.Helper()
	r := b.do("GET", "/whoami", "", "")
	var p identity.Principal
	if r.status != 200 || json.Unmarshal([]byte(r.body), &p) != nil {
		b.t.Fatalf("whoami: %d %s", r.status, r.body)
	}
	return p
}

func mustStaff(t *testing.T, d *db.DB, email string) string {
	t.Helper()
	id, err := CreateUser(context.Background(), records.NewEngine(d), NewUser{Email: email, Password: "demo1234", LastName: "Staff", Staff: true})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

const invalidLogin = `[{"errorCode":"INVALID_LOGIN","message":"Invalid username or password."}]` + "\n"

func TestLoginSetsCookiesAndRotatesTheSession(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		srv, _ := testServer(t, d)
		userID := mustStaff(t, d, "admin@example.com")
		b := newBrowser(t, srv)

		if p := b.whoami(); !p.Guest || p.SessionID != "" || len(b.cookies) != 0 {
			t.Fatalf("a first visit must be a guest without a session row or cookie: %+v %v", p, b.cookies)
		}
		guest := b.do("POST", "/cart", "", "")
		guestToken := b.cookies[SessionCookie]
		var gp identity.Principal
		_ = json.Unmarshal([]byte(guest.body), &gp)
		if guest.status != 200 || !gp.Guest || gp.SessionID != HashToken(guestToken) {
			t.Fatalf("EnsureSession: %d %s (cookie %q)", guest.status, guest.body, guestToken)
		}
		if p := b.whoami(); p.SessionID != gp.SessionID || !p.Guest {
			t.Fatalf("the guest cookie must resolve to its session: %+v", p)
		}

		r := b.login("Admin@Example.com", "demo1234")
		if r.status != 200 || r.body != `{"userId":"`+userID+`"}`+"\n" {
			t.Fatalf("login: %d %s", r.status, r.body)
		}
		sid, csrf := r.cookies[SessionCookie], r.cookies[CSRFCookie]
		if sid == nil || !sid.HttpOnly || sid.SameSite != http.SameSiteLaxMode || sid.Path != "/" || sid.Secure || sid.MaxAge <= 0 {
			t.Fatalf("session cookie: %+v", sid)
		}
		if csrf == nil || csrf.HttpOnly || csrf.SameSite != http.SameSiteLaxMode || csrf.Path != "/" || len(csrf.Value) != 43 {
			t.Fatalf("csrf cookie: %+v", csrf)
		}
		if sid.Value == guestToken {
			t.Fatal("login kept the guest's session id: session fixation")
		}
		p := b.whoami()
		if p.Guest || p.UserID != userID || !p.Staff || p.SessionID != HashToken(sid.Value) || p.PriorGuestSessionID != gp.SessionID {
			t.Fatalf("signed-in principal: %+v", p)
		}

		stale := newBrowser(t, srv)
		stale.cookies[SessionCookie] = guestToken
		cleared := stale.do("GET", "/whoami", "", "")
		if c := cleared.cookies[SessionCookie]; c == nil || c.MaxAge >= 0 || !strings.Contains(cleared.body, `"Guest":true`) {
			t.Fatalf("the replaced guest token must be dead and its cookie cleared: %s %+v", cleared.body, c)
		}

		secure := newBrowser(t, srv)
		r = secure.do("POST", LoginPath, "application/json", `{"username":"admin@example.com","password":"demo1234"}`,
			"X-Forwarded-Proto", "https")
		if !r.cookies[SessionCookie].Secure || !r.cookies[CSRFCookie].Secure {
			t.Fatal("cookies set over https must be Secure")
		}
	})
}

func TestLoginRefusals(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		srv, _ := testServer(t, d)
		userID := mustStaff(t, d, "admin@example.com")
		mustStaff(t, d, "gone@example.com")
		if _, err := d.Exec(context.Background(), `UPDATE "user" SET isactive = ? WHERE username = ?`, false, "gone@example.com"); err != nil {
			t.Fatal(err)
		}
		b := newBrowser(t, srv)
		for name, creds := range map[string][2]string{
			"wrong password": {"admin@example.com", "demo12345"},
			"unknown user":   {"nobody@example.com", "demo1234"},
			"inactive user":  {"gone@example.com", "demo1234"},
		} {
			if r := b.login(creds[0], creds[1]); r.status != 401 || r.body != invalidLogin || len(r.cookies) != 0 {
				t.Errorf("%s: %d %q cookies %v", name, r.status, r.body, r.cookies)
			}
		}
		for name, tc := range map[string]struct {
			contentType, body string
			status            int
			code              string
		}{
			"form body":      {"application/x-www-form-urlencoded", "username=a&password=b", 415, "UNSUPPORTED_MEDIA_TYPE"},
			"malformed json": {"application/json", `{"username":`, 400, "JSON_PARSER_ERROR"},
			"wrong types":    {"application/json", `{"username":1,"password":2}`, 400, "JSON_PARSER_ERROR"},
			"missing fields": {"application/json", `{"username":"admin@example.com"}`, 400, "REQUIRED_FIELD_MISSING"},
		} {
			r := b.do("POST", LoginPath, tc.contentType, tc.body)
			if r.status != tc.status || !strings.Contains(r.body, `"errorCode":"`+tc.code+`"`) {
				t.Errorf("%s: %d %s", name, r.status, r.body)
			}
		}
		if r := b.login("admin@example.com", "demo1234"); r.status != 200 || !strings.Contains(r.body, userID) {
			t.Fatalf("refusals must not lock out the right password: %d %s", r.status, r.body)
		}
	})
}

func TestSuccessfulLoginsDoNotCountAgainstTheLimits(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		srv, _ := testServer(t, d)
		mustStaff(t, d, "admin@example.com")
		b := newBrowser(t, srv)
		for i := 0; i < 25; i++ { // successes do not use up the address's 20 attempts
			if r := b.login("admin@example.com", "demo1234"); r.status != 200 {
				t.Fatalf("success %d: %d %s", i, r.status, r.body)
			}
		}
		for round := 0; round < 2; round++ {
			for i := 0; i < 4; i++ {
				b.login("admin@example.com", "wrong-password")
			}
			if r := b.login("admin@example.com", "demo1234"); r.status != 200 {
				t.Fatalf("round %d: %d %s", round, r.status, r.body)
			}
		}
	})
}

func TestCSRF(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		srv, _ := testServer(t, d)
		mustStaff(t, d, "admin@example.com")
		b := newBrowser(t, srv)
		if r := b.do("POST", "/change", "", ""); r.status != 200 {
			t.Fatalf("a request without a session carries no authority to forge: %d %s", r.status, r.body)
		}
		b.login("admin@example.com", "demo1234")
		token := b.cookies[CSRFCookie]
		const refused = `[{"errorCode":"INVALID_CSRF_TOKEN","message":"The X-CSRF-Token header is missing or does not match the sf_csrf cookie."}]` + "\n"
		if r := b.do("POST", "/change", "", ""); r.status != 403 || r.body != refused {
			t.Fatalf("cookie POST without the header: %d %q", r.status, r.body)
		}
		if r := b.do("POST", "/change", "", "", CSRFHeader, newToken()); r.status != 403 {
			t.Fatalf("cookie POST with a wrong token: %d", r.status)
		}
		if r := b.do("POST", "/change", "", "", CSRFHeader, token); r.status != 200 || !strings.Contains(r.body, `"Guest":false`) {
			t.Fatalf("cookie POST with the token: %d %s", r.status, r.body)
		}
		if r := b.do("GET", "/whoami", "", ""); r.status != 200 {
			t.Fatalf("GET needs no token: %d", r.status)
		}
		delete(b.cookies, CSRFCookie) // the SPA lost its cookie: the next response gives the same token back
		if r := b.do("GET", "/whoami", "", ""); r.cookies[CSRFCookie] == nil || r.cookies[CSRFCookie].Value != token {
			t.Fatalf("csrf cookie not restored: %+v", r.cookies)
		}
	})
}

// Signing out is not a cross-site request: GET /logout only asks to confirm, and a POST without the session's CSRF
// token (another site's form or fetch) is refused. The confirmation page's form (token in a field) and the web
// app's fetch (token in the header) sign out.
func TestLogout(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		srv, _ := testServer(t, d)
		mustStaff(t, d, "admin@example.com")
		b := newBrowser(t, srv)
		b.login("admin@example.com", "demo1234")
		token, csrf := b.cookies[SessionCookie], b.cookies[CSRFCookie]
		signedIn := func(what string) {
			t.Helper()
			if p := b.whoami(); p.Guest {
				t.Fatalf("%s signed the user out", what)
			}
		}

		// GET: a page that confirms (the app maps /shop/logout here), and nothing ends.
		r := b.do("GET", "/logout", "", "")
		if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") || len(r.cookies) != 0 ||
			r.header.Get("Cache-Control") != "no-store" || r.header.Get("X-Frame-Options") != "DENY" ||
			!strings.Contains(r.header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Fatalf("GET /logout: %d %v", r.status, r.header)
		}
		for _, want := range []string{"<h1>Log out</h1>", `<form method="post" action="/shop/logout">`,
			`<input type="hidden" name="csrf_token" value="` + csrf + `">`, `<button type="submit">Log out</button>`} {
			if !strings.Contains(r.body, want) {
				t.Fatalf("the confirmation page lacks %s:\n%s", want, r.body)
			}
		}
		signedIn("GET /logout")

		// POSTs another site can make: a form without the token or with a wrong one, a fetch without the header.
		refused := `[{"errorCode":"INVALID_CSRF_TOKEN","message":"Signing out needs the session's CSRF token, in the X-CSRF-Token header or the csrf_token field."}]` + "\n"
		for name, req := range map[string][2]string{
			"a form without the token": {"application/x-www-form-urlencoded", ""},
			"a form with a wrong one":  {"application/x-www-form-urlencoded", "csrf_token=" + newToken()},
			"a token in another type":  {"text/plain", "csrf_token=" + csrf},
			"a bodiless POST":          {"", ""},
		} {
			if r := b.do("POST", "/logout", req[0], req[1], "Origin", "https://evil.example"); r.status != 403 || r.body != refused || len(r.cookies) != 0 {
				t.Fatalf("%s: %d %s %v", name, r.status, r.body, r.cookies)
			}
			signedIn(name)
		}
		if r := b.do("POST", "/logout?csrf_token="+csrf, "", ""); r.status != 403 {
			t.Fatalf("a token in the query string: %d", r.status)
		}
		signedIn("a token in the query string")

		// The confirmation page's form.
		r = b.do("POST", "/logout", "application/x-www-form-urlencoded", "csrf_token="+url.QueryEscape(csrf))
		if r.status != 303 || r.header.Get("Location") != "/shop/" {
			t.Fatalf("logout: %d Location %q %s", r.status, r.header.Get("Location"), r.body)
		}
		for _, name := range []string{SessionCookie, CSRFCookie} {
			if c := r.cookies[name]; c == nil || c.MaxAge >= 0 || c.Value != "" {
				t.Fatalf("cookie %s not cleared: %+v", name, c)
			}
		}
		if p := b.whoami(); !p.Guest {
			t.Fatalf("after logout: %+v", p)
		}
		api := newBrowser(t, srv)
		if r := api.do("GET", "/whoami", "", "", "Authorization", "Bearer "+token); r.status != 401 {
			t.Fatalf("the logged-out token still works: %d", r.status)
		}
		// Signed out, /logout has nothing to confirm.
		if r := b.do("GET", "/logout", "", ""); r.status != 303 || r.header.Get("Location") != "/shop/" {
			t.Fatalf("GET /logout signed out: %d %q", r.status, r.header.Get("Location"))
		}

		// The web app's fetch: the token in the header, 204, and it navigates itself.
		b.login("admin@example.com", "demo1234")
		r = b.do("POST", "/logout", "", "", CSRFHeader, b.cookies[CSRFCookie], "Accept", "application/json")
		if r.status != 204 || r.cookies[SessionCookie] == nil || r.cookies[SessionCookie].MaxAge >= 0 {
			t.Fatalf("logout by fetch: %d %s %v", r.status, r.body, r.cookies)
		}
		if p := b.whoami(); !p.Guest {
			t.Fatalf("after logout by fetch: %+v", p)
		}
	})
}

func TestOAuthTokenAndBearer(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		srv, _ := testServer(t, d)
		userID := mustStaff(t, d, "admin@example.com")
		b := newBrowser(t, srv)
		form := url.Values{"grant_type": {"password"}, "username": {"admin@example.com"}, "password": {"demo1234"},
			"client_id": {"any"}, "client_secret": {"any"}}
		r := b.do("POST", TokenPath, "application/x-www-form-urlencoded", form.Encode())
		var tok map[string]any
		if r.status != 200 || json.Unmarshal([]byte(r.body), &tok) != nil || len(r.cookies) != 0 {
			t.Fatalf("token: %d %s cookies %v", r.status, r.body, r.cookies)
		}
		issued, _ := tok["issued_at"].(string)
		if _, err := strconv.ParseInt(issued, 10, 64); err != nil || tok["token_type"] != "Bearer" ||
			tok["instance_url"] != srv.URL || !strings.HasSuffix(tok["id"].(string), "/"+userID) ||
			!strings.HasPrefix(tok["id"].(string), srv.URL+"/id/00D") || tok["signature"] == "" || len(tok) != 6 {
			t.Fatalf("token fields: %v", tok)
		}
		access := tok["access_token"].(string)
		r = b.do("POST", "/change", "", "", "Authorization", "Bearer "+access) // bearer: no CSRF token needed
		var p identity.Principal
		_ = json.Unmarshal([]byte(r.body), &p)
		if r.status != 200 || p.UserID != userID || !p.ViaBearer || p.Guest {
			t.Fatalf("bearer: %d %s", r.status, r.body)
		}
		const expired = `[{"errorCode":"INVALID_SESSION_ID","message":"Session expired or invalid"}]` + "\n"
		for _, bad := range []string{"Bearer " + newToken(), "Bearer nonsense", "OAuth " + newToken()} {
			if r := b.do("GET", "/whoami", "", "", "Authorization", bad); r.status != 401 || r.body != expired {
				t.Errorf("%q: %d %q", bad, r.status, r.body)
			}
		}
		for name, tc := range map[string]struct {
			form url.Values
			want string
		}{
			"grant":       {url.Values{"grant_type": {"client_credentials"}}, `{"error":"unsupported_grant_type","error_description":"grant type not supported"}`},
			"no grant":    {url.Values{}, `{"error":"unsupported_grant_type","error_description":"grant type not supported"}`},
			"credentials": {url.Values{"grant_type": {"password"}, "username": {"admin@example.com"}, "password": {"nope"}}, `{"error":"invalid_grant","error_description":"authentication failure"}`},
		} {
			if r := b.do("POST", TokenPath, "application/x-www-form-urlencoded", tc.form.Encode()); r.status != 400 || r.body != tc.want+"\n" {
				t.Errorf("%s: %d %s", name, r.status, r.body)
			}
		}
	})
}

func TestSessionExpiryAndRefresh(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		srv, _ := testServer(t, d)
		mustStaff(t, d, "admin@example.com")
		ctx := context.Background()
		b := newBrowser(t, srv)
		b.login("admin@example.com", "demo1234")
		id := HashToken(b.cookies[SessionCookie])
		lastSeen := func() int64 {
			var v int64
			if err := d.QueryRow(ctx, `SELECT last_seen_at FROM sf_session WHERE id = ?`, id).Scan(&v); err != nil {
				t.Fatal(err)
			}
			return v
		}
		set := func(column string, v int64) {
			if _, err := d.Exec(ctx, `UPDATE sf_session SET `+column+` = ? WHERE id = ?`, v, id); err != nil {
				t.Fatal(err)
			}
		}
		now := time.Now().UnixMilli()

		recent := now - 10_000 // seen 10 s ago: no write
		set("last_seen_at", recent)
		b.whoami()
		if lastSeen() != recent {
			t.Fatal("last_seen_at written although it was refreshed less than a minute ago")
		}
		old := now - 5*60_000 // seen 5 min ago: slides forward
		set("last_seen_at", old)
		if b.whoami().Guest {
			t.Fatal("session lost")
		}
		if lastSeen() <= old {
			t.Fatal("last_seen_at not refreshed")
		}

		set("last_seen_at", now-DefaultIdleTimeout.Milliseconds()-1000)
		if p := b.whoami(); !p.Guest {
			t.Fatalf("idle-expired session still valid: %+v", p)
		}
		b.login("admin@example.com", "demo1234")
		id = HashToken(b.cookies[SessionCookie])
		set("expires_at", now-1000)
		if p := b.whoami(); !p.Guest {
			t.Fatalf("session past its absolute expiry still valid: %+v", p)
		}
		b.login("admin@example.com", "demo1234")
		if _, err := d.Exec(ctx, `UPDATE "user" SET isactive = ?`, false); err != nil {
			t.Fatal(err)
		}
		if p := b.whoami(); !p.Guest {
			t.Fatalf("a deactivated user's session still valid: %+v", p)
		}
	})
}

// BenchmarkResolveCookieSession measures the middleware's cost for a signed-in cookie request (one indexed query)
// on SQLite.
func BenchmarkResolveCookieSession(b *testing.B) {
	ctx := context.Background()
	d := recordstest.Open(b, "sqlite")
	svc := NewService(records.NewEngine(d), "")
	uid, err := CreateUser(ctx, records.NewEngine(d), NewUser{Email: "a@example.com", Password: "demo1234", LastName: "A", Staff: true})
	if err != nil {
		b.Fatal(err)
	}
	is, err := svc.create(ctx, uid, "", "")
	if err != nil {
		b.Fatal(err)
	}
	h := Middleware(svc)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if identity.FromContext(r.Context()).UserID != uid {
			b.Error("session not resolved")
		}
	}))
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		req := httptest.NewRequest("GET", "/x", nil)
		req.AddCookie(&http.Cookie{Name: SessionCookie, Value: is.token})
		for pb.Next() {
			h.ServeHTTP(httptest.NewRecorder(), req)
		}
	})
}
