package answers_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
	"storefront/internal/demo"
	"storefront/internal/platform/db"
)

const ui = "/services/data/v64.0/ui-api"

// caller sends one user's reads and checks what they cost.
type caller struct {
	t  *testing.T
	s  *apptest.Server
	as apitest.Principal
}

// read answers a 200's decoded body and the statements the request ran.
func (c caller) read(method, path, body string) (map[string]any, int64) {
	c.t.Helper()
	before := c.s.App.DB.Statements()
	r := c.s.Do(c.t, apitest.Request{As: c.as, Method: method, Path: path, Body: body})
	ran := c.s.App.DB.Statements() - before
	if r.Status != 200 {
		c.t.Fatalf("%s %s: %d %s", method, path, r.Status, r.Body)
	}
	var out map[string]any
	if err := json.Unmarshal([]byte(r.Body), &out); err != nil {
		c.t.Fatal(err)
	}
	return out, ran
}

// kept reads until an answer is served with no statement and is the answer before it. On PostgreSQL a version
// seen moving is moved once more at the poller's next tick (the writer may not have committed yet), so an answer
// built just after a write is built once more.
func (c caller) kept(method, path, body string) map[string]any {
	c.t.Helper()
	last, _ := c.read(method, path, body)
	for range 20 {
		again, ran := c.read(method, path, body)
		if ran == 0 {
			if fmt.Sprint(last) != fmt.Sprint(again) {
				c.t.Fatalf("%s %s: the kept answer is not the one built", method, path)
			}
			return again
		}
		last = again
		time.Sleep(db.PollInterval / 4)
	}
	c.t.Fatalf("%s %s: never answered from memory", method, path)
	return nil
}

func (c caller) write(method, path, body string, status int) {
	c.t.Helper()
	c.s.Do(c.t, apitest.Request{As: c.as, Method: method, Path: path, Body: body}).WantStatus(c.t, method+" "+path, status)
}

func exec(t *testing.T, d *db.DB, query string, args ...any) {
	t.Helper()
	if _, err := d.Exec(context.Background(), query, args...); err != nil {
		t.Fatal(err)
	}
}

// TestKeptAnswersFollowEveryWrite: each cached read is served from memory while nothing it shows changed, and
// answers afresh after a write of each kind of thing it shows, by the engine, raw SQL, or another instance.
func TestKeptAnswersFollowEveryWrite(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := caller{t, s, apitest.User("admin@example.com")}
		merch := caller{t, s, apitest.User("merchandiser@example.com")}
		d := s.App.DB
		account := demo.BuyerAccountID
		recordUI := ui + "/record-ui/" + account + "?layoutTypes=Full&modes=View"
		name := func(page map[string]any) any { return apitest.Dig(page, "records", account, "fields", "Name", "value") }

		// record-ui: the record through the engine, then by raw SQL.
		admin.kept("GET", recordUI, "")
		admin.write("PATCH", ui+"/records/"+account, `{"fields":{"Name":"Kept One"}}`, 200)
		if got := name(admin.kept("GET", recordUI, "")); got != "Kept One" {
			t.Fatalf("record-ui after the engine's update: %v", got)
		}
		exec(t, d, `UPDATE "account" SET "name" = 'Kept Two' WHERE "id" = ?`, account)
		if got := name(admin.kept("GET", recordUI, "")); got != "Kept Two" {
			t.Fatalf("record-ui after raw SQL: %v", got)
		}
		// A section collapsed in the caller's layout state.
		page := admin.kept("GET", recordUI, "")
		layoutID := apitest.Dig(page, "layouts", "Account", "012000000000000AAA", "Full", "View", "id").(string)
		section := apitest.Dig(page, "layouts", "Account", "012000000000000AAA", "Full", "View", "sections", 0, "id").(string)
		admin.write("PATCH", ui+"/layout/Account/user-state?layoutType=Full&mode=View",
			`{"sectionUserStates":{"`+section+`":{"collapsed":true}}}`, 200)
		if got := apitest.Dig(admin.kept("GET", recordUI, ""), "layoutUserStates", layoutID, "sectionUserStates", section, "collapsed"); got != true {
			t.Fatalf("record-ui after a section collapsed: %v", got)
		}
		// Field-level security: the merchandiser loses Phone.
		if apitest.Dig(merch.kept("GET", recordUI, ""), "records", account, "fields", "Phone") == nil {
			t.Fatal("the merchandiser's record-ui has no Phone to begin with")
		}
		exec(t, d, `UPDATE fieldpermissions SET permissionsread = ?, permissionsedit = ? WHERE field = 'Account.Phone'`, false, false)
		if got := apitest.Dig(merch.kept("GET", recordUI, ""), "records", account, "fields", "Phone"); got != nil {
			t.Fatalf("merchandiser's record-ui after Phone's read permission was taken: %v", got)
		}

		// Related list records: the parent's name shown on each row, and a new child row.
		related := ui + "/related-list-records/" + account + "/Cases"
		body := `{"fields":["Case.Subject","Case.Account.Name"],"pageSize":50}`
		rows := func(page map[string]any) []any { return apitest.Dig(page, "records").([]any) }
		count := len(rows(admin.kept("POST", related, body)))
		admin.write("PATCH", ui+"/records/"+account, `{"fields":{"Name":"Kept Three"}}`, 200)
		if got := apitest.Dig(admin.kept("POST", related, body), "records", 0, "fields", "Account", "value", "fields", "Name", "value"); got != "Kept Three" {
			t.Fatalf("related list after the parent's rename: %v", got)
		}
		admin.write("POST", ui+"/records", `{"apiName":"Case","fields":{"Subject":"Kept case","AccountId":"`+account+`"}}`, 201)
		if got := len(rows(admin.kept("POST", related, body))); got != count+1 {
			t.Fatalf("related list after a new case: %d rows, want %d", got, count+1)
		}
		batch := ui + "/related-list-records/batch/" + account
		admin.kept("POST", batch, `{"relatedListParameters":[{"relatedListId":"Cases","fields":["Case.Subject"]}]}`)

		// list-ui: a product renamed by raw SQL, and the caller's column widths.
		listUI := ui + "/list-ui/Product2/AllProducts?pageSize=50"
		first := apitest.Dig(admin.kept("GET", listUI, ""), "records", "records", 0, "id").(string)
		exec(t, d, `UPDATE product2 SET name = 'AAA Kept product' WHERE id = ?`, first)
		if got := apitest.Dig(admin.kept("GET", listUI, ""), "records", "records", 0, "fields", "Name", "value"); got != "AAA Kept product" {
			t.Fatalf("list-ui after a product's rename: %v", got)
		}
		listRecords := ui + "/list-records/Product2/AllProducts?pageSize=5&fields=Product2.Name"
		admin.kept("GET", listRecords, "")
		exec(t, d, `UPDATE product2 SET name = 'AAA Kept again' WHERE id = ?`, first)
		if got := apitest.Dig(admin.kept("GET", listRecords, ""), "records", 0, "fields", "Name", "value"); got != "AAA Kept again" {
			t.Fatalf("list-records after a product's rename: %v", got)
		}
		admin.write("PATCH", ui+"/list-preferences/Product2/AllProducts", `{"columnWidths":{"Name":123}}`, 200)
		if got := apitest.Dig(admin.kept("GET", listUI, ""), "info", "userPreferences", "columnWidths", "Name"); got != 123.0 {
			t.Fatalf("list-ui after a column width changed: %v", got)
		}

		// GraphQL: a read is kept; a mutation never is.
		query := `{"query":"{ uiapi { query { Account(where: {Id: {eq: \"` + account + `\"}}) { edges { node { Name { value } } } } } } }"}`
		admin.kept("POST", "/services/data/v64.0/graphql", query)
		exec(t, d, `UPDATE "account" SET "name" = 'Kept Four' WHERE "id" = ?`, account)
		if got := apitest.Dig(admin.kept("POST", "/services/data/v64.0/graphql", query), "data", "uiapi", "query", "Account", "edges", 0, "node", "Name", "value"); got != "Kept Four" {
			t.Fatalf("graphql after raw SQL: %v", got)
		}
		// A 200 reporting errors beside its data (a field that failed) may report a passing failure: not kept.
		partial := `{"query":"{ uiapi { query { ok: Account(first: 1) { edges { node { Name { value } } } } ` +
			`bad: Account(where: {CreatedDate: {gt: {value: \"not-a-date\"}}}) { edges { node { Id } } } } } }"}`
		for range 2 {
			out, ran := admin.read("POST", "/services/data/v64.0/graphql", partial)
			if out["errors"] == nil || apitest.Dig(out, "data", "uiapi", "query", "ok", "edges", 0) == nil {
				t.Fatalf("the partial query answers data and errors: %v", out)
			}
			if ran == 0 {
				t.Fatal("an answer reporting errors was answered from memory")
			}
		}
		mutation := `{"query":"mutation { uiapi { AccountUpdate(input: {Id: \"` + account + `\", Account: {Description: \"kept\"}}) { success } } }"}`
		for range 2 {
			if _, ran := admin.read("POST", "/services/data/v64.0/graphql", mutation); ran == 0 {
				t.Fatal("a mutation was answered from memory")
			}
		}

		// Records GET: kept, but not when it marks the record viewed (updateMru=true writes).
		admin.kept("GET", ui+"/records/"+account+"?fields=Account.Name", "")
		admin.kept("GET", ui+"/records/batch/"+account+"?fields=Account.Name", "")
		for range 2 {
			if _, ran := admin.read("GET", ui+"/records/"+account+"?fields=Account.Name&updateMru=true", ""); ran == 0 {
				t.Fatal("a read that writes was answered from memory")
			}
		}

		// Another instance's write, on PostgreSQL: seen through its notice (or the poll).
		if d.Dialect != db.Postgres {
			return
		}
		other, err := db.Open(context.Background(), s.App.Config.DB)
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		exec(t, other, `UPDATE "account" SET "name" = 'Kept Five' WHERE "id" = ?`, account)
		for range 500 {
			if page, _ := admin.read("GET", recordUI, ""); name(page) == "Kept Five" {
				return
			}
		}
		t.Fatal("record-ui never showed another instance's update")
	})
}
