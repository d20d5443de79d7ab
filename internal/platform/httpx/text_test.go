package httpx

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

// RefuseBadText lets good text through, body intact, and answers 400 with the API's error body for a NUL or bytes
// that are not UTF-8 wherever they are.
func TestRefuseBadText(t *testing.T) {
	var got string
	h := RefuseBadText(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got = string(b)
	}))
	const form = "application/x-www-form-urlencoded"
	for _, c := range []struct {
		name, target, contentType, body string
		refused                         string // "" when the request passes
	}{
		{"plain", "/api/x?q=caf%C3%A9", "", "", ""},
		{"JSON", "/api/x", "application/json", `{"name":"café \u00e9 \\u0000"}`, ""},
		{"form", "/api/x", form, "username=a%40b.c&password=p%C3%A9", ""},
		{"NUL in the path", "/api/x%00y", "", "", "path"},
		{"bad UTF-8 in the path", "/api/%FF", "", "", "path"},
		{"NUL in a query value", "/api/x?q=a%00", "", "", "query string"},
		{"bad UTF-8 in a query name", "/api/x?%C3=1", "", "", "query string"},
		{"NUL escape in JSON", "/api/x", "application/json", `{"name":"a\u0000"}`, "body"},
		{"NUL escape after an escaped backslash", "/api/x", "", `["\\\u0000"]`, "body"},
		{"raw NUL in JSON", "/api/x", "application/json", "{\"name\":\"a\x00\"}", "body"},
		{"bad UTF-8 in JSON", "/api/x", "application/json", "{\"name\":\"\xff\"}", "body"},
		{"NUL in a form field", "/api/x", form, "username=a%00", "body"},
		{"bad UTF-8 in a form field", "/api/x", form + "; charset=UTF-8", "password=%FF", "body"},
	} {
		got = ""
		req := httptest.NewRequest("POST", c.target, strings.NewReader(c.body))
		if c.contentType != "" {
			req.Header.Set("Content-Type", c.contentType)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if c.refused == "" {
			if rec.Code != 200 || got != c.body {
				t.Errorf("%s: %d %s, body seen %q", c.name, rec.Code, rec.Body, got)
			}
			continue
		}
		want := `[{"errorCode":"INVALID_API_INPUT","message":"The request's ` + c.refused +
			` holds a NUL character or bytes that are not UTF-8."}]` + "\n"
		if rec.Code != 400 || rec.Body.String() != want {
			t.Errorf("%s: %d %s", c.name, rec.Code, rec.Body)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/x", strings.NewReader(strings.Repeat("a", MaxBody+1))))
	if rec.Code != 413 {
		t.Errorf("a body over MaxBody: %d", rec.Code)
	}
}

// A database refusing a value is the caller's fault: 400 with the error body, not 500.
func TestWriteErrorAnswersDataExceptionsWith400(t *testing.T) {
	for code, want := range map[string]int{"22003": 400, "22P02": 400, "22001": 400, "22021": 400, "40001": 500} {
		rec := httptest.NewRecorder()
		WriteError(rec, httptest.NewRequest("GET", "/", nil), fmt.Errorf("load: %w", &pgconn.PgError{Code: code}))
		if rec.Code != want || !strings.HasPrefix(rec.Body.String(), `[{"errorCode":"`) {
			t.Errorf("SQLSTATE %s: %d %s, want %d", code, rec.Code, rec.Body, want)
		}
	}
}
