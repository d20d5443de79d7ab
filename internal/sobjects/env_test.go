package sobjects

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"storefront/internal/apiversion"
	"storefront/internal/app/apitest"
	"storefront/internal/domains"
	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/records"
	"storefront/internal/soql"
)

// env is the sObject API over a fresh database, routed as the app routes it (behind the version rewrite), with
// staff and a buyer of Acme. Globex is another account, out of the buyer's sight.
type env struct {
	t      testing.TB
	srv    *apitest.Target
	engine *records.Engine
	staff  *identity.Principal
	buyer  *identity.Principal
	acme   *records.Record
	globex *records.Record
}

// routes mirrors the app's routing table for this package.
func routes(h *Handler) *http.ServeMux {
	mux := http.NewServeMux()
	for pattern, handler := range map[string]http.Handler{
		"GET sobjects":                              h.Global(),
		"GET sobjects/{object}":                     h.Basic(),
		"POST sobjects/{object}":                    h.Create(),
		"GET sobjects/{object}/describe":            h.Describe(),
		"GET sobjects/{object}/updated":             h.Updated(),
		"GET sobjects/{object}/deleted":             h.Deleted(),
		"GET sobjects/{object}/{id}":                h.Get(),
		"PATCH sobjects/{object}/{id}":              h.Update(),
		"DELETE sobjects/{object}/{id}":             h.Delete(),
		"PATCH sobjects/{object}/{field}/{value}":   h.Upsert(),
		"POST composite":                            h.Composite(),
		"POST composite/batch":                      h.Batch(),
		"POST composite/sobjects":                   h.CreateCollection(),
		"PATCH composite/sobjects":                  h.UpdateCollection(),
		"DELETE composite/sobjects":                 h.DeleteCollection(),
		"POST composite/tree/{object}":              h.Tree(),
		"PATCH composite/sobjects/{object}/{field}": h.UpsertCollection(),
		"GET composite/sobjects/{object}":           h.RetrieveCollection(),
		"POST composite/sobjects/{object}":          h.RetrieveCollection(),
		"GET query":                                 (&soql.Handler{Engine: h.Engine}).Query(),
	} {
		method, path, _ := strings.Cut(pattern, " ")
		mux.Handle(method+" "+Base+path, handler)
	}
	return mux
}

func newEnv(t testing.TB, d *db.DB) *env {
	t.Helper()
	ctx := context.Background()
	e := &env{t: t, engine: fullEngine(d)}
	must := func(r *records.Record, err error) *records.Record {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	admin := must(e.engine.Create(ctx, records.System, "User", map[string]any{"Username": "admin@x.io", "Email": "admin@x.io", "LastName": "Admin"}))
	e.staff = &identity.Principal{UserID: admin.ID, Staff: true}
	e.globex = must(e.engine.Create(ctx, e.staff, "Account", map[string]any{"Name": "Globex", "AccountNumber": "G-1"}))
	e.acme = must(e.engine.Create(ctx, e.staff, "Account", map[string]any{"Name": "Acme", "Industry": "Retail", "ParentId": e.globex.ID}))
	buyerUser := must(e.engine.Create(ctx, e.staff, "User", map[string]any{"Username": "buyer@x.io", "Email": "buyer@x.io", "LastName": "Buyer", "AccountId": e.acme.ID}))
	e.buyer = &identity.Principal{UserID: buyerUser.ID, AccountID: e.acme.ID}

	h := &Handler{Engine: e.engine, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	h.Dispatch = apiversion.Rewrite(routes(h))
	principals := map[string]*identity.Principal{"staff": e.staff, "buyer": e.buyer}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := principals[r.Header.Get("X-Test-As")]; p != nil {
			r = r.WithContext(identity.WithPrincipal(r.Context(), p))
		}
		h.Dispatch.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	e.srv = &apitest.Target{URL: srv.URL, DB: d, Prefix: Base, Auth: apitest.As}
	return e
}

// decode reads a JSON answer.
func decode[T any](t testing.TB, got apitest.Reply) T {
	t.Helper()
	var v T
	got.Decode(t, "", got.Status, &v)
	return v
}

// count is the number of rows of a table, read straight from the database.
func (e *env) count(table, where string, args ...any) int {
	e.t.Helper()
	var n int
	q := `SELECT COUNT(*) FROM ` + db.Ident(table)
	if where != "" {
		q += " WHERE " + where
	}
	if err := e.engine.DB.QueryRow(context.Background(), q, args...).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// fullEngine is the app's engine over d, with every domain's rules (package domains).
func fullEngine(d *db.DB) *records.Engine {
	engine, _ := domains.Engine(d, nil)
	return engine
}
