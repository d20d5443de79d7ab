// Package apitest is the one HTTP scenario harness of the API tests: a Target (a served handler), a Principal (who
// calls), one request helper (Do), JSON matching with wildcards, and table-driven Scenarios that also check database
// rows before and after. It imports nothing of the app, so the packages the app is built from can use it in their
// own tests; apptest serves the whole app as a Target.
package apitest

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"storefront/internal/platform/db"
)

// Target is a served handler and, for row checks, the database under it.
type Target struct {
	URL      string // http://127.0.0.1:PORT, without a trailing slash
	DB       *db.DB // for Rows checks; nil when the scenarios have none
	Password string // the password users sign in with
	// Prefix is put before paths that do not start with "/" (a package's API base, for example).
	Prefix string
	// Auth reads the auth strings of Call and Get; nil is the package's Auth. A package whose tests stand a
	// middleware in for auth sets As, so "staff" names its staff principal.
	Auth   func(string) Principal
	tokens tokens
}

// Request is one HTTP call.
type Request struct {
	As      Principal
	Method  string // GET when empty
	Path    string // absolute ("/services/...") or relative to the target's Prefix
	Body    string // sent as application/json unless Headers give another Content-Type
	Headers map[string]string
}

// Reply is an HTTP answer.
type Reply struct {
	Status  int
	Header  http.Header
	Body    string
	Request string // "METHOD path", for failure messages
}

// Do sends req to the target and reads the whole answer. It is the only place the API tests build a request.
func (tg *Target) Do(t testing.TB, req Request) Reply {
	t.Helper()
	method, path := req.Method, req.Path
	if method == "" {
		method = "GET"
	}
	if !strings.HasPrefix(path, "/") && !strings.Contains(path, "://") {
		path = tg.Prefix + path
	}
	if !strings.Contains(path, "://") {
		path = tg.URL + path
	}
	var body io.Reader
	if req.Body != "" {
		body = strings.NewReader(req.Body)
	}
	hr, err := http.NewRequest(method, path, body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	if req.Body != "" {
		hr.Header.Set("Content-Type", "application/json")
	}
	for k, v := range req.Headers {
		if k == "Host" { // a forged Host header, as a client may send
			hr.Host = v
			continue
		}
		hr.Header.Set(k, v)
	}
	req.As.sign(t, tg, hr)
	client := http.DefaultClient
	if req.As.jar != nil {
		client = noRedirects
	}
	resp, err := client.Do(hr)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	if req.As.jar != nil {
		req.As.jar.keep(resp)
	}
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the answer: %v", method, path, err)
	}
	return Reply{Status: resp.StatusCode, Header: resp.Header, Body: string(raw), Request: method + " " + req.Path}
}

// Call is Do in the short form most tests use: auth as the target's Auth reads it (by default "" is a guest,
// "sid=..." a session cookie, anything else a bearer token), a JSON body or "", and headers as name, value pairs.
func (tg *Target) Call(t testing.TB, method, path, auth, body string, headers ...string) Reply {
	t.Helper()
	read := tg.Auth
	if read == nil {
		read = Auth
	}
	return tg.Do(t, Request{As: read(auth), Method: method, Path: path, Body: body, Headers: pairs(headers)})
}

// Get is Call for a GET without a body.
func (tg *Target) Get(t testing.TB, path, auth string, headers ...string) Reply {
	t.Helper()
	return tg.Call(t, "GET", path, auth, "", headers...)
}

func pairs(kv []string) map[string]string {
	if len(kv) == 0 {
		return nil
	}
	m := make(map[string]string, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}

// named is what a failure message calls the call: the test's words and the request.
func (r Reply) named(what string) string {
	if r.Request == "" || what == r.Request {
		return what
	}
	if what == "" {
		return r.Request
	}
	return what + " (" + r.Request + ")"
}

// Want checks the status and the exact body (JSON bodies compared as JSON, so key order and spacing do not count;
// other bodies compared as text with a trailing newline ignored; "" means no body).
func (r Reply) Want(t testing.TB, what string, status int, body string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("%s: status %d, want %d\n%s", r.named(what), r.Status, status, r.Body)
	}
	if diff := ExactDiff(r.Body, body); diff != "" {
		t.Fatalf("%s: %s\ngot  %s\nwant %s", r.named(what), diff, strings.TrimSpace(r.Body), body)
	}
}

// WantJSON checks the status and that the body matches want as a JSON subset (see Match).
func (r Reply) WantJSON(t testing.TB, what string, status int, want string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("%s: status %d, want %d\n%s", r.named(what), r.Status, status, r.Body)
	}
	if diff := Match(r.Body, want); diff != "" {
		t.Fatalf("%s: %s\ngot %s", r.named(what), diff, r.Body)
	}
}

// WantEqual checks the status and that the body is the same JSON as want (key order and spacing aside, wildcards
// allowed; see Equal); "" wants no body.
func (r Reply) WantEqual(t testing.TB, what string, status int, want string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("%s: status %d, want %d\n%s", r.named(what), r.Status, status, r.Body)
	}
	if want == "" {
		if strings.TrimSpace(r.Body) != "" {
			t.Fatalf("%s: body %s, want none", r.named(what), r.Body)
		}
		return
	}
	if diff := Equal(r.Body, want); diff != "" {
		t.Fatalf("%s: %s\ngot  %s\nwant %s", r.named(what), diff, strings.TrimSpace(r.Body), want)
	}
}

// WantStatus checks the status alone.
func (r Reply) WantStatus(t testing.TB, what string, status int) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("%s: status %d, want %d\n%s", r.named(what), r.Status, status, r.Body)
	}
}

// Decode checks the status and parses the JSON body into v.
func (r Reply) Decode(t testing.TB, what string, status int, v any) {
	t.Helper()
	r.WantStatus(t, what, status)
	if err := json.Unmarshal([]byte(r.Body), v); err != nil {
		t.Fatalf("%s: %v in %s", r.named(what), err, r.Body)
	}
}

// JSON writes v as JSON, HTML characters unescaped (as the app writes them).
func JSON(v any) string {
	var sb strings.Builder
	enc := json.NewEncoder(&sb)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // a test's own value that cannot be JSON is a bug in the test
	}
	return strings.TrimSuffix(sb.String(), "\n")
}

// Object parses the body as a JSON object.
func (r Reply) Object(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(r.Body), &m); err != nil {
		t.Fatalf("body %s: %v", r.Body, err)
	}
	return m
}

// Parts is the answer as the (status, header, body) triple some older tests destructure.
func (r Reply) Parts() (int, http.Header, string) { return r.Status, r.Header, r.Body }
