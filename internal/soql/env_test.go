package soql

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"storefront/internal/app/apitest"
	"storefront/internal/domains"
	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// base is where the app's routing table serves the query resource.
const base = "/services/data/v64.0/"

// testNow is the pinned clock: Monday 5 January 2026, noon UTC. Records are created at 10:00 that day.
var testNow = time.Date(2026, 1, 5, 12, 0, 0, 0, time.UTC)

// widget is a custom object for the tests: every field type the compiler treats apart, a hidden field, and an
// account-scoped row rule for buyers.
func widget() records.Object {
	account := records.Ref("Account__c", "Account", "Account")
	account.RelationshipName = "Account__r"
	o := records.StandardObject("Widget__c", "Widget", "Widgets", "a01", false,
		records.NameField("Widget Name", 80),
		account,
		records.Currency("Price__c", "Price"),
		records.Date("Due__c", "Due"),
		records.Bool("Active__c", "Active", false),
		records.Field{APIName: "Colors__c", Label: "Colors", Type: records.TypeMultiPicklist, Length: 255,
			Picklist: []records.PicklistValue{{Value: "Red", Label: "Red"}, {Value: "Blue", Label: "Blue"}, {Value: "Green", Label: "Green"}}},
		records.Hidden(records.Text("Token__c", "Token", 40)),
	)
	o.Custom = true
	for i := range o.Fields {
		o.Fields[i].Custom = o.Fields[i].APIName != "Name"
	}
	return o
}

// env is the query resource over a fresh database with staff, a buyer of Acme and a guest. Acme (the buyer's) and
// Initech have Globex (not the buyer's) as parent.
type env struct {
	t       testing.TB
	srv     *apitest.Target
	engine  *records.Engine
	staff   *identity.Principal
	buyer   *identity.Principal
	acme    *records.Record
	globex  *records.Record
	initech *records.Record
}

func asUser(principals map[string]*identity.Principal, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := principals[r.Header.Get("X-Test-As")]; p != nil {
			r = r.WithContext(identity.WithPrincipal(r.Context(), p))
		}
		next.ServeHTTP(w, r)
	})
}

func newEnv(t testing.TB, d *db.DB) *env {
	t.Helper()
	ctx := context.Background()
	if err := records.SyncSchema(ctx, d, []records.Object{widget()}); err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, engine: fullEngine(d)}
	e.engine.Now = func() time.Time { return time.Date(2026, 1, 5, 10, 0, 0, 0, time.UTC) }
	e.engine.SetVisibility("Widget__c", records.AccountScoped("Account__c"))
	must := func(r *records.Record, err error) *records.Record {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	admin := must(e.engine.Create(ctx, records.System, "User", map[string]any{"Username": "admin@x.io", "Email": "admin@x.io", "FirstName": "Ada", "LastName": "Admin"}))
	e.staff = &identity.Principal{UserID: admin.ID, Staff: true}
	e.globex = must(e.engine.Create(ctx, e.staff, "Account", map[string]any{"Name": "Globex", "AnnualRevenue": "2000", "NumberOfEmployees": 20, "Industry": "Banking"}))
	e.acme = must(e.engine.Create(ctx, e.staff, "Account", map[string]any{"Name": "Acme", "AnnualRevenue": "1000.50", "NumberOfEmployees": 10, "Industry": "Retail", "IsBuyer": true, "ParentId": e.globex.ID}))
	e.initech = must(e.engine.Create(ctx, e.staff, "Account", map[string]any{"Name": "Initech", "ParentId": e.globex.ID}))
	must(e.engine.Create(ctx, e.staff, "Contact", map[string]any{"FirstName": "Ann", "LastName": "Able", "AccountId": e.acme.ID, "Email": "ann@acme.io"}))
	must(e.engine.Create(ctx, e.staff, "Contact", map[string]any{"FirstName": "Bob", "LastName": "O'Brien", "AccountId": e.acme.ID}))
	must(e.engine.Create(ctx, e.staff, "Contact", map[string]any{"FirstName": "Carl", "LastName": "Crane", "AccountId": e.globex.ID}))
	must(e.engine.Create(ctx, records.System, "Widget__c", map[string]any{"Name": "W1", "Account__c": e.acme.ID, "Price__c": "9.99", "Due__c": "2026-01-02", "Colors__c": "Red;Blue", "Token__c": "secret", "Active__c": true}))
	must(e.engine.Create(ctx, records.System, "Widget__c", map[string]any{"Name": "W2", "Account__c": e.acme.ID, "Price__c": "20", "Colors__c": "Green"}))
	must(e.engine.Create(ctx, records.System, "Widget__c", map[string]any{"Name": "W3", "Account__c": e.globex.ID, "Price__c": "5", "Due__c": "2026-02-10", "Colors__c": "Red"}))
	buyerUser := must(e.engine.Create(ctx, e.staff, "User", map[string]any{"Username": "buyer@x.io", "Email": "buyer@x.io", "LastName": "Buyer", "AccountId": e.acme.ID}))
	e.buyer = &identity.Principal{UserID: buyerUser.ID, AccountID: e.acme.ID}

	h := &Handler{Engine: e.engine, Now: func() time.Time { return testNow }}
	mux := http.NewServeMux()
	mux.Handle("GET "+base+"query", h.Query())
	mux.Handle("GET "+base+"queryAll", h.QueryAll())
	mux.Handle("GET "+base+"query/{locator}", h.More())
	srv := httptest.NewServer(asUser(map[string]*identity.Principal{"staff": e.staff, "buyer": e.buyer}, mux))
	t.Cleanup(srv.Close)
	e.srv = &apitest.Target{URL: srv.URL, DB: d, Prefix: base, Auth: apitest.As}
	return e
}

// query runs a SOQL query and returns the response.
func (e *env) query(as, soql string, headers ...string) apitest.Reply {
	e.t.Helper()
	return e.srv.Get(e.t, "query?q="+url.QueryEscape(soql), as, headers...)
}

// result is a decoded successful query.
type result struct {
	TotalSize      int              `json:"totalSize"`
	Done           bool             `json:"done"`
	NextRecordsURL string           `json:"nextRecordsUrl"`
	Records        []map[string]any `json:"records"`
}

func (e *env) ok(as, soql string, headers ...string) result {
	e.t.Helper()
	var r result
	e.query(as, soql, headers...).Decode(e.t, soql, http.StatusOK, &r)
	return r
}

// column lists one key of every record, as text ("<nil>" for null).
func column(r result, key string) string {
	var out []string
	for _, rec := range r.Records {
		out = append(out, fmt.Sprint(dig(rec, key)))
	}
	return strings.Join(out, ",")
}

// dig follows a dotted path through nested objects.
func dig(v any, path string) any {
	for _, k := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// wantError checks a refused query's status and exact body.
func wantError(t testing.TB, got apitest.Reply, status int, code, message string) {
	t.Helper()
	got.WantJSON(t, "refused", status, mustJSON([]map[string]string{{"errorCode": code, "message": message}}))
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// fullEngine is the app's engine over d, with every domain's rules (package domains).
func fullEngine(d *db.DB) *records.Engine {
	engine, _ := domains.Engine(d, nil)
	return engine
}
