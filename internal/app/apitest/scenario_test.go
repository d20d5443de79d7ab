package apitest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"storefront/internal/platform/db"
)

// A fake API over a SQLite file: POST /notes adds a row when X-Test-As names someone, and answers with the count.
func notesTarget(t *testing.T) *Target {
	d, err := db.Open(context.Background(), "sqlite://"+filepath.Join(t.TempDir(), "n.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if _, err := d.Exec(context.Background(), `CREATE TABLE note (body TEXT, author TEXT)`); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		who := r.Header.Get("X-Test-As")
		if who == "" {
			w.WriteHeader(401)
			_, _ = w.Write([]byte(`[{"errorCode":"INVALID_SESSION_ID"}]`))
			return
		}
		if _, err := d.Exec(r.Context(), `INSERT INTO note (body, author) VALUES (?, ?)`, r.URL.Query().Get("body"), who); err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(201)
		_, _ = w.Write([]byte(`{"author":"` + who + `","ok":true,"count":1}` + "\n"))
	}))
	t.Cleanup(srv.Close)
	return &Target{URL: srv.URL, DB: d, Prefix: "/api/", Auth: As}
}

func TestRunChecksTheAnswerAndTheRows(t *testing.T) {
	tg := notesTarget(t)
	const notes = `SELECT body, author FROM note ORDER BY body`
	var then string // the body Then was given
	Run(t, tg, []Scenario{
		{Name: "a guest is refused and writes nothing", Method: "POST", Path: "notes?body=a", WantStatus: 401,
			WantBody: `[{"errorCode":"INVALID_SESSION_ID"}]`, RowsBefore: map[string]string{notes: ""}, RowsAfter: map[string]string{notes: ""}},
		{Name: "staff write a note", As: As("staff"), Method: "POST", Path: "notes?body=b", WantStatus: 201,
			WantJSON: `{"author":"staff","ok":"<bool>","id":"<absent>"}`, WantContains: `"count":1`,
			RowsAfter: map[string]string{notes: "b|staff"}, Then: func(t *testing.T, r Reply) { then = r.Body }},
	})
	if then != `{"author":"staff","ok":true,"count":1}`+"\n" {
		t.Errorf("Then saw %q", then)
	}
	r := tg.Call(t, "POST", "/api/notes?body=c", "buyer", "")
	r.WantEqual(t, "another note", 201, `{"author":"buyer","ok":true,"count":"<number>"}`)
	if r.Request != "POST /api/notes?body=c" {
		t.Errorf("the reply names %q", r.Request)
	}
	if got := tg.Rows(t, notes); got != "b|staff\nc|buyer" {
		t.Errorf("rows %q", got)
	}
}

func TestAuthReadsTheShortForms(t *testing.T) {
	for in, want := range map[string]Principal{"": Guest, "sid=abc": {kind: session, secret: "abc"}, "tok": Bearer("tok")} {
		if got := Auth(in); got != want {
			t.Errorf("Auth(%q) = %+v, want %+v", in, got, want)
		}
	}
	if As("") != Guest {
		t.Error(`As("") is not a guest`)
	}
}
