package apitest

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// Principal is who sends a request. The zero value is a guest.
type Principal struct {
	kind                   principalKind
	name, secret, username string
	jar                    *jar // a browser's cookies
}

type principalKind int

const (
	guest   principalKind = iota
	user                  // signs in with the password grant
	client                // an API client: the password grant with client_id and client_secret
	bearer                // a bearer token already in hand
	session               // a session cookie already in hand
	testAs                // the X-Test-As header that package tests put in place of the auth middleware
	browser               // a cookie jar (see Browser)
)

// Guest sends no credentials.
var Guest Principal

// User is a user (a buyer or staff) signed in with the OAuth password grant; the token is fetched once per target.
func User(username string) Principal { return Principal{kind: user, username: username} }

// Client is a user signed in through an API client's id and secret.
func Client(id, secret, username string) Principal {
	return Principal{kind: client, name: id, secret: secret, username: username}
}

// Bearer sends a token the test already holds.
func Bearer(token string) Principal { return Principal{kind: bearer, secret: token} }

// As names one of the principals a package test's stand-in middleware knows (header X-Test-As).
func As(name string) Principal {
	if name == "" {
		return Guest
	}
	return Principal{kind: testAs, name: name}
}

// Auth reads the short form most app tests pass around: "" is a guest, "sid=VALUE" a session cookie, anything
// else a bearer token.
func Auth(s string) Principal {
	switch {
	case s == "":
		return Guest
	case strings.HasPrefix(s, "sid="):
		return Principal{kind: session, secret: strings.TrimPrefix(s, "sid=")}
	}
	return Bearer(s)
}

// String names the principal in failure messages, never with its secret.
func (p Principal) String() string {
	switch p.kind {
	case user:
		return p.username
	case client:
		return p.username + " via client " + p.name
	case bearer:
		return "a bearer token"
	case session:
		return "a session cookie"
	case testAs:
		return p.name
	case browser:
		return "a browser"
	}
	return "a guest"
}

// sign adds the principal's credentials to req, signing in first when needed.
func (p Principal) sign(t testing.TB, tg *Target, req *http.Request) {
	t.Helper()
	switch p.kind {
	case user, client:
		req.Header.Set("Authorization", "Bearer "+tg.token(t, p))
	case bearer:
		req.Header.Set("Authorization", "Bearer "+p.secret)
	case session:
		req.AddCookie(&http.Cookie{Name: SessionCookie, Value: p.secret})
	case testAs:
		req.Header.Set("X-Test-As", p.name)
	case browser:
		p.jar.sign(req)
	}
}

// SessionCookie is auth.SessionCookie, repeated because auth's own tests use this package (an import of auth here
// would be a cycle); apptest checks that the two agree.
const SessionCookie = "sf_sid"

// tokens caches one access token per signed-in principal of a target.
type tokens struct {
	mu sync.Mutex
	by map[Principal]string
}

// token signs p in through the password grant once and reuses the token.
func (tg *Target) token(t testing.TB, p Principal) string {
	t.Helper()
	tg.tokens.mu.Lock()
	defer tg.tokens.mu.Unlock()
	if tok, ok := tg.tokens.by[p]; ok {
		return tok
	}
	tok := tg.Login(t, p)
	if tg.tokens.by == nil {
		tg.tokens.by = map[Principal]string{}
	}
	tg.tokens.by[p] = tok
	return tok
}

// Token signs a user in with the password grant and returns a fresh access token.
func (tg *Target) Token(t testing.TB, username string) string {
	t.Helper()
	return tg.Login(t, User(username))
}

// Login signs a user (or a user through an API client) in with the password grant and returns a fresh access token.
func (tg *Target) Login(t testing.TB, p Principal) string {
	t.Helper()
	form := url.Values{"grant_type": {"password"}, "username": {p.username}, "password": {tg.Password}}
	if p.kind == client {
		form.Set("client_id", p.name)
		form.Set("client_secret", p.secret)
	}
	r := tg.Do(t, Request{Method: "POST", Path: "/services/oauth2/token", Body: form.Encode(),
		Headers: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}})
	var out struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.Unmarshal([]byte(r.Body), &out); r.Status != 200 || err != nil || out.AccessToken == "" {
		t.Fatalf("sign in as %s: %d %s", p, r.Status, r.Body)
	}
	return out.AccessToken
}
