package app_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/platform/db"
)

// demoSite is the real handler over a database seeded with the demo store, on each database in use.
type demoSite struct {
	srv *apptest.Server
	d   *db.DB
}

func eachDemo(t *testing.T, fn func(t *testing.T, s *demoSite)) { eachDemoAt(t, "", fn) }

// eachDemoAt serves the demo site under a base path ("" or "shop").
func eachDemoAt(t *testing.T, basePath string, fn func(t *testing.T, s *demoSite)) {
	apptest.Each(t, basePath, func(t *testing.T, srv *apptest.Server) {
		fn(t, &demoSite{srv: srv, d: srv.App.DB})
	})
}

// reply is an HTTP answer.
type reply struct {
	status int
	header http.Header
	body   string
}

// call sends a request; token is a bearer token ("" for a guest); body is sent as JSON when not empty.
func (s *demoSite) call(t *testing.T, method, path, token, body string) reply {
	t.Helper()
	return s.callWith(t, method, path, token, body, nil)
}

// callWith is call with extra request headers.
func (s *demoSite) callWith(t *testing.T, method, path, token, body string, headers map[string]string) reply {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, _ := http.NewRequest(method, s.srv.URL+path, rd)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return reply{resp.StatusCode, resp.Header, string(b)}
}

func (s *demoSite) get(t *testing.T, path, token string) reply {
	return s.call(t, "GET", path, token, "")
}

// login returns a bearer token for a demo user.
func (s *demoSite) login(t *testing.T, email string) string { return s.srv.Token(t, email) }

func (s *demoSite) exec(t *testing.T, query string, args ...any) {
	t.Helper()
	if _, err := s.d.Exec(context.Background(), query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

func (s *demoSite) queryString(t *testing.T, query string, args ...any) string {
	t.Helper()
	var v string
	if err := s.d.QueryRow(context.Background(), query, args...).Scan(&v); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return v
}

// want checks status and exact body (the trailing newline of the JSON encoder aside).
func (r reply) want(t *testing.T, what string, status int, body string) {
	t.Helper()
	if r.status != status || strings.TrimSuffix(r.body, "\n") != body {
		t.Fatalf("%s: %d\n%s\nwant %d\n%s", what, r.status, r.body, status, body)
	}
}

// decode parses the body into v, failing on a wrong status.
func (r reply) decode(t *testing.T, what string, status int, v any) {
	t.Helper()
	if r.status != status {
		t.Fatalf("%s: %d %s, want %d", what, r.status, r.body, status)
	}
	if err := json.Unmarshal([]byte(r.body), v); err != nil {
		t.Fatalf("%s: %v in %s", what, err, r.body)
	}
}

// errorBody is the read-error list with one entry.
func errorBody(code, message string) string {
	return mustJSON([]map[string]string{{"errorCode": code, "message": message}})
}

func mustJSON(v any) string {
	var sb strings.Builder
	enc := json.NewEncoder(&sb)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return strings.TrimSuffix(sb.String(), "\n")
}
