package sobjects

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/platform/db"
	"storefront/internal/records/recordstest"
)

func TestCompositeWithReferences(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		res := e.srv.Call(e.t, "POST", "/services/data/v61.0/composite", "staff", apitest.JSON(map[string]any{"compositeRequest": []any{
			map[string]any{"method": "POST", "url": "/services/data/v61.0/sobjects/Account", "referenceId": "NewAccount",
				"body": map[string]any{"Name": "Umbrella"}},
			map[string]any{"method": "POST", "url": "/services/data/v61.0/sobjects/Contact", "referenceId": "NewContact",
				"body": map[string]any{"LastName": "Wesker", "AccountId": "@{NewAccount.id}"}},
			map[string]any{"method": "GET", "url": "/services/data/v61.0/sobjects/Account/@{NewAccount.id}?fields=Name", "referenceId": "Read"},
			map[string]any{"method": "PATCH", "url": "/services/data/v61.0/sobjects/Account/@{NewAccount.id}", "referenceId": "Rename",
				"body": map[string]any{"Name": "@{Read.Name} Corp"}},
			map[string]any{"method": "GET", "url": "/services/data/v61.0/query?q=SELECT+Name,+Account.Name+FROM+Contact+WHERE+Id+=+'@{NewContact.id}'", "referenceId": "Q"},
		}}))
		type entry struct {
			Body           any
			HTTPHeaders    map[string]string
			HTTPStatusCode int
			ReferenceID    string
		}
		got := decode[struct{ CompositeResponse []entry }](t, res).CompositeResponse
		if res.Status != 200 || len(got) != 5 {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		accountID := got[0].Body.(map[string]any)["id"].(string)
		contactID := got[1].Body.(map[string]any)["id"].(string)
		if got[0].HTTPStatusCode != 201 || got[0].HTTPHeaders["Location"] != "/services/data/v61.0/sobjects/Account/"+accountID ||
			got[1].HTTPStatusCode != 201 || got[2].HTTPStatusCode != 200 || got[3].HTTPStatusCode != 204 || got[3].Body != nil ||
			got[4].HTTPStatusCode != 200 || got[1].ReferenceID != "NewContact" {
			t.Fatalf("%s", res.Body)
		}
		contact, err := e.engine.Get(context.Background(), e.staff, contactID)
		if err != nil || contact.Values["AccountId"] != accountID {
			t.Fatalf("%v %v", contact, err)
		}
		if e.count("account", `"id" = ? AND "name" = ?`, accountID, "Umbrella Corp") != 1 {
			t.Fatal("the rename did not use the read name")
		}
		q := got[4].Body.(map[string]any)["records"].([]any)[0].(map[string]any)
		if q["Name"] != "Wesker" || q["Account"].(map[string]any)["Name"] != "Umbrella Corp" {
			t.Fatalf("%v", q)
		}

		// A reference to a failed subrequest halts the dependent one; without allOrNone the rest stands.
		res = e.srv.Call(e.t, "POST", "composite", "staff", apitest.JSON(map[string]any{"compositeRequest": []any{
			map[string]any{"method": "POST", "url": "/services/data/v64.0/sobjects/Account", "referenceId": "Good", "body": map[string]any{"Name": "Kept"}},
			map[string]any{"method": "POST", "url": "/services/data/v64.0/sobjects/Account", "referenceId": "Bad", "body": map[string]any{"Industry": "Retail"}},
			map[string]any{"method": "POST", "url": "/services/data/v64.0/sobjects/Contact", "referenceId": "Child", "body": map[string]any{"LastName": "X", "AccountId": "@{Bad.id}"}},
		}}))
		got = decode[struct{ CompositeResponse []entry }](t, res).CompositeResponse
		if got[0].HTTPStatusCode != 201 || got[1].HTTPStatusCode != 400 || got[2].HTTPStatusCode != 400 ||
			got[2].Body.([]any)[0].(map[string]any)["errorCode"] != "PROCESSING_HALTED" ||
			got[1].Body.([]any)[0].(map[string]any)["errorCode"] != "REQUIRED_FIELD_MISSING" {
			t.Fatalf("%s", res.Body)
		}
		if e.count("account", `"name" = ?`, "Kept") != 1 {
			t.Fatal("without allOrNone the good create stays")
		}
	})
}

func TestCompositeAllOrNoneRollsBack(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		accounts, contacts := e.count("account", ""), e.count("contact", "")
		before := e.rows("account")
		res := e.srv.Call(e.t, "POST", "composite", "staff", apitest.JSON(map[string]any{"allOrNone": true, "compositeRequest": []any{
			map[string]any{"method": "POST", "url": "/services/data/v64.0/sobjects/Account", "referenceId": "A", "body": map[string]any{"Name": "Gone"}},
			map[string]any{"method": "POST", "url": "/services/data/v64.0/sobjects/Contact", "referenceId": "C", "body": map[string]any{"LastName": "Gone", "AccountId": "@{A.id}"}},
			map[string]any{"method": "PATCH", "url": "/services/data/v64.0/sobjects/Account/" + e.acme.ID, "referenceId": "U", "body": map[string]any{"Name": "Renamed", "Industry": "Energy"}},
			map[string]any{"method": "DELETE", "url": "/services/data/v64.0/sobjects/Account/" + e.globex.ID, "referenceId": "D"},
			map[string]any{"method": "POST", "url": "/services/data/v64.0/sobjects/Account", "referenceId": "Fail", "body": map[string]any{"Nope": 1}},
			map[string]any{"method": "GET", "url": "/services/data/v64.0/sobjects/Account/" + e.acme.ID, "referenceId": "After"},
		}}))
		got := decode[struct {
			CompositeResponse []struct {
				Body           []ErrorItem
				HTTPStatusCode int
				ReferenceID    string
			}
		}](t, res).CompositeResponse
		if res.Status != 200 || len(got) != 6 {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		for i, g := range got {
			code := "PROCESSING_HALTED"
			if i == 4 {
				code = "INVALID_FIELD"
			}
			if g.HTTPStatusCode != 400 || g.Body[0].ErrorCode != code {
				t.Fatalf("%d: %s", i, res.Body)
			}
		}
		if e.count("account", "") != accounts || e.count("contact", "") != contacts {
			t.Fatalf("accounts %d→%d contacts %d→%d", accounts, e.count("account", ""), contacts, e.count("contact", ""))
		}
		// One transaction rolled back: every row exactly as it was, stamps and creation dates included (a
		// compensating undo would have moved them).
		if after := e.rows("account"); after != before {
			t.Fatalf("the accounts changed:\n%s\n→\n%s", before, after)
		}

		// Inside the transaction a subrequest reads what an earlier one wrote, through sobjects and SOQL alike.
		res = e.srv.Call(e.t, "POST", "composite", "staff", apitest.JSON(map[string]any{"allOrNone": true, "compositeRequest": []any{
			map[string]any{"method": "POST", "url": "/services/data/v64.0/sobjects/Account", "referenceId": "A", "body": map[string]any{"Name": "Fresh"}},
			map[string]any{"method": "GET", "url": "/services/data/v64.0/sobjects/Account/@{A.id}?fields=Name", "referenceId": "Read"},
			map[string]any{"method": "GET", "url": "/services/data/v64.0/query?q=SELECT+Name+FROM+Account+WHERE+Id+=+'@{A.id}'", "referenceId": "Q"},
			map[string]any{"method": "PATCH", "url": "/services/data/v64.0/sobjects/Account/@{A.id}", "referenceId": "U", "body": map[string]any{"Description": "@{Read.Name} @{Q.totalSize}"}},
		}}))
		if res.Status != 200 || e.count("account", `"name" = 'Fresh' AND "description" = 'Fresh 1'`) != 1 {
			t.Fatalf("%d %s", res.Status, res.Body)
		}

		// allOrNone covers record writes only: other writes are refused before anything runs.
		res = e.srv.Call(e.t, "POST", "composite", "staff", apitest.JSON(map[string]any{"allOrNone": true, "compositeRequest": []any{
			map[string]any{"method": "POST", "url": "/services/data/v64.0/sobjects/Account", "referenceId": "A", "body": map[string]any{"Name": "No"}},
			map[string]any{"method": "POST", "url": "/services/data/v64.0/ui-api/records", "referenceId": "B", "body": map[string]any{}},
		}}))
		if items := decode[[]ErrorItem](t, res); res.Status != 400 || items[0].ErrorCode != "INVALID_INPUT" || e.count("account", `"name" = 'No'`) != 0 {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		res = e.srv.Call(e.t, "POST", "composite", "staff", apitest.JSON(map[string]any{"compositeRequest": []any{
			map[string]any{"method": "GET", "url": "/services/data/v64.0/composite", "referenceId": "A"}}}))
		if res.Status != 400 {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
	})
}

func TestBatch(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		res := e.srv.Call(e.t, "POST", "composite/batch", "staff", apitest.JSON(map[string]any{"batchRequests": []any{
			map[string]any{"method": "PATCH", "url": "v61.0/sobjects/Account/" + e.acme.ID, "richInput": map[string]any{"Industry": "Energy"}},
			map[string]any{"method": "GET", "url": "v61.0/sobjects/Account/" + e.acme.ID + "?fields=Industry"},
		}}))
		res.WantEqual(t, "", 200, `{"hasErrors":false,"results":[{"statusCode":204,"result":null},{"statusCode":200,"result":`+
			`{"attributes":{"type":"Account","url":"/services/data/v61.0/sobjects/Account/`+e.acme.ID+`"},"Industry":"Energy","Id":"`+e.acme.ID+`"}}]}`)
		res = e.srv.Call(e.t, "POST", "composite/batch", "staff", apitest.JSON(map[string]any{"haltOnError": true, "batchRequests": []any{
			map[string]any{"method": "GET", "url": "v64.0/sobjects/Account/001000000000000AAA"},
			map[string]any{"method": "PATCH", "url": "v64.0/sobjects/Account/" + e.acme.ID, "richInput": map[string]any{"Industry": "Banking"}},
		}}))
		res.WantEqual(t, "", 200, `{"hasErrors":true,"results":[{"statusCode":404,"result":[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]},`+
			`{"statusCode":412,"result":[{"errorCode":"BATCH_PROCESSING_HALTED","message":"Batch processing halted per request"}]}]}`)
		if e.count("account", `"industry" = 'Energy'`) != 1 {
			t.Fatal("the halted subrequest ran")
		}
	})
}

// rows is every row of a table, every column, in id order, as text.
func (e *env) rows(table string) string {
	e.t.Helper()
	rows, err := e.engine.DB.Query(context.Background(), `SELECT * FROM `+db.Ident(table)+` ORDER BY "id"`)
	if err != nil {
		e.t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out strings.Builder
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			e.t.Fatal(err)
		}
		fmt.Fprintln(&out, vals...)
	}
	return out.String()
}
