package sobjects

import (
	"fmt"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/platform/db"
	"storefront/internal/records/recordstest"
)

func TestCollections(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		type result struct {
			ID      *string
			Success bool
			Errors  []ResultError
		}
		accounts := e.count("account", "")
		res := e.srv.Call(e.t, "POST", "composite/sobjects", "staff", apitest.JSON(map[string]any{"allOrNone": false, "records": []any{
			map[string]any{"attributes": map[string]any{"type": "Account"}, "Name": "One"},
			map[string]any{"attributes": map[string]any{"type": "Contact"}, "LastName": "Two", "AccountId": e.acme.ID},
			map[string]any{"attributes": map[string]any{"type": "Account"}, "Industry": "Retail"},
		}}))
		got := decode[[]result](t, res)
		if res.Status != 200 || len(got) != 3 || !got[0].Success || !got[1].Success || got[2].Success || got[2].ID != nil ||
			got[2].Errors[0].StatusCode != "REQUIRED_FIELD_MISSING" || fmt.Sprint(got[2].Errors[0].Fields) != "[Name]" {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		if e.count("account", "") != accounts+1 || e.count("contact", `"id" = ?`, *got[1].ID) != 1 {
			t.Fatal("rows")
		}
		one := *got[0].ID

		// allOrNone: one bad record rolls every other back.
		res = e.srv.Call(e.t, "POST", "composite/sobjects", "staff", apitest.JSON(map[string]any{"allOrNone": true, "records": []any{
			map[string]any{"attributes": map[string]any{"type": "Account"}, "Name": "Three"},
			map[string]any{"attributes": map[string]any{"type": "Account"}, "Name": "Four", "Bogus": 1},
		}}))
		res.WantEqual(t, "", 200, `[{"success":false,"errors":[{"statusCode":"ALL_OR_NONE_OPERATION_ROLLED_BACK","message":"Record rolled back because not all records were valid and the request was using AllOrNone header","fields":[]}]},`+
			`{"success":false,"errors":[{"statusCode":"INVALID_FIELD","message":"No such column 'Bogus' on sobject of type Account","fields":[]}]}]`)
		if e.count("account", `"name" IN ('Three', 'Four')`) != 0 {
			t.Fatal("allOrNone left a row")
		}

		res = e.srv.Call(e.t, "PATCH", "composite/sobjects", "staff", apitest.JSON(map[string]any{"allOrNone": true, "records": []any{
			map[string]any{"attributes": map[string]any{"type": "Account"}, "id": one, "Industry": "Energy"},
			map[string]any{"attributes": map[string]any{"type": "Account"}, "Id": e.acme.ID, "Industry": "Banking"},
		}}))
		res.WantEqual(t, "", 200, `[{"id":"`+one+`","success":true,"errors":[]},{"id":"`+e.acme.ID+`","success":true,"errors":[]}]`)
		if e.count("account", `"industry" = 'Energy' AND "id" = ?`, one) != 1 || e.count("account", `"industry" = 'Banking'`) != 1 {
			t.Fatal("update rows")
		}
		res = e.srv.Call(e.t, "PATCH", "composite/sobjects", "staff", apitest.JSON(map[string]any{"records": []any{
			map[string]any{"attributes": map[string]any{"type": "Account"}, "Industry": "Energy"},
		}}))
		res.WantEqual(t, "", 200, `[{"success":false,"errors":[{"statusCode":"MISSING_ARGUMENT","message":"Id not specified in an update call","fields":["Id"]}]}]`)

		res = e.srv.Call(e.t, "DELETE", "composite/sobjects?allOrNone=true&ids="+one+",001000000000000AAA", "staff", "")
		res.WantEqual(t, "", 200, `[{"success":false,"errors":[{"statusCode":"ALL_OR_NONE_OPERATION_ROLLED_BACK","message":"Record rolled back because not all records were valid and the request was using AllOrNone header","fields":[]}]},`+
			`{"id":"001000000000000AAA","success":false,"errors":[{"statusCode":"NOT_FOUND","message":"The requested resource does not exist","fields":[]}]}]`)
		if e.count("account", `"id" = ?`, one) != 1 {
			t.Fatal("allOrNone delete removed a row")
		}
		res = e.srv.Call(e.t, "DELETE", "composite/sobjects?ids="+one, "staff", "")
		res.WantEqual(t, "", 200, `[{"id":"`+one+`","success":true,"errors":[]}]`)
		if e.count("account", `"id" = ?`, one) != 0 {
			t.Fatal("delete")
		}

		// A buyer's collection stays within their visibility.
		res = e.srv.Call(e.t, "DELETE", "composite/sobjects?ids="+e.globex.ID, "buyer", "")
		if got := decode[[]result](t, res); got[0].Success || got[0].Errors[0].StatusCode != "NOT_FOUND" || e.count("account", `"id" = ?`, e.globex.ID) != 1 {
			t.Fatalf("%s", res.Body)
		}
		many := make([]any, 201)
		for i := range many {
			many[i] = map[string]any{"attributes": map[string]any{"type": "Account"}, "Name": "x"}
		}
		e.srv.Call(e.t, "POST", "composite/sobjects", "staff", apitest.JSON(map[string]any{"records": many})).WantEqual(t, "", 400, `[{"errorCode":"EXCEEDED_ID_LIMIT","message":"record limit reached. cannot submit more than 200 records into this call"}]`)
	})
}

func TestTree(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		accounts, contacts := e.count("account", ""), e.count("contact", "")
		res := e.srv.Call(e.t, "POST", "composite/tree/Account", "staff", apitest.JSON(map[string]any{"records": []any{
			map[string]any{"attributes": map[string]any{"type": "Account", "referenceId": "ref1"}, "Name": "Tree One",
				"Contacts": map[string]any{"records": []any{
					map[string]any{"attributes": map[string]any{"type": "Contact", "referenceId": "ref2"}, "LastName": "Leaf"},
					map[string]any{"attributes": map[string]any{"type": "Contact", "referenceId": "ref3"}, "LastName": "Twig"},
				}}},
			map[string]any{"attributes": map[string]any{"type": "Account", "referenceId": "ref4"}, "Name": "Tree Two"},
		}}))
		got := decode[struct {
			HasErrors bool
			Results   []struct{ ReferenceID, ID string }
		}](t, res)
		if res.Status != 201 || got.HasErrors || len(got.Results) != 4 || got.Results[1].ReferenceID != "ref2" || got.Results[3].ReferenceID != "ref4" {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		if e.count("contact", `"accountid" = ?`, got.Results[0].ID) != 2 || e.count("account", "") != accounts+2 {
			t.Fatal("tree rows")
		}
		accounts, contacts = e.count("account", ""), e.count("contact", "")
		res = e.srv.Call(e.t, "POST", "composite/tree/Account", "staff", apitest.JSON(map[string]any{"records": []any{
			map[string]any{"attributes": map[string]any{"type": "Account", "referenceId": "ok"}, "Name": "Tree Three",
				"Contacts": map[string]any{"records": []any{
					map[string]any{"attributes": map[string]any{"type": "Contact", "referenceId": "bad"}, "LastName": "X", "Email": "not an email"},
				}}},
		}}))
		got2 := decode[struct {
			HasErrors bool
			Results   []struct {
				ReferenceID string
				Errors      []ResultError
			}
		}](t, res)
		if res.Status != 400 || !got2.HasErrors || got2.Results[0].ReferenceID != "bad" || got2.Results[0].Errors[0].StatusCode != "INVALID_EMAIL_ADDRESS" {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		if e.count("account", "") != accounts || e.count("contact", "") != contacts {
			t.Fatal("a failed tree left rows")
		}
		res = e.srv.Call(e.t, "POST", "composite/tree/Account", "staff", apitest.JSON(map[string]any{"records": []any{
			map[string]any{"attributes": map[string]any{"type": "Contact", "referenceId": "a"}, "LastName": "X"}}}))
		if res.Status != 400 {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
	})
}

func TestUpsertCollection(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		res := e.srv.Call(e.t, "PATCH", "composite/sobjects/Account/AccountNumber", "staff", apitest.JSON(map[string]any{"records": []any{
			map[string]any{"attributes": map[string]any{"type": "Account"}, "AccountNumber": "G-1", "Industry": "Energy"},
			map[string]any{"attributes": map[string]any{"type": "Account"}, "AccountNumber": "N-9", "Name": "Newco"},
			map[string]any{"attributes": map[string]any{"type": "Account"}, "Name": "No number"},
		}}))
		got := decode[[]struct {
			ID      string
			Success bool
			Created *bool
			Errors  []ResultError
		}](t, res)
		if res.Status != 200 || len(got) != 3 || got[0].ID != e.globex.ID || *got[0].Created || !*got[1].Created ||
			got[2].Success || got[2].Errors[0].StatusCode != "MISSING_ARGUMENT" {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		if e.count("account", `"id" = ? AND "industry" = 'Energy'`, e.globex.ID) != 1 || e.count("account", `"accountnumber" = 'N-9' AND "name" = 'Newco'`) != 1 {
			t.Fatal("upsert rows")
		}
	})
}

func TestRetrieveCollection(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		url := func(id string) string { return `/services/data/v64.0/sobjects/Account/` + id }
		e.srv.Call(e.t, "GET", "composite/sobjects/Account?ids="+e.acme.ID+",001000000000000AAA,xyz&fields=Name", "staff", "").WantEqual(t, "", 200, `[{"attributes":{"type":"Account","url":"`+url(e.acme.ID)+`"},"Name":"Acme","Id":"`+e.acme.ID+`"},null,null]`)
		e.srv.Call(e.t, "POST", "composite/sobjects/Account", "buyer", apitest.JSON(map[string]any{"ids": []string{e.globex.ID, e.acme.ID}, "fields": []string{"Id", "Name"}})).WantEqual(t, "", 200, `[null,{"attributes":{"type":"Account","url":"`+url(e.acme.ID)+`"},"Id":"`+e.acme.ID+`","Name":"Acme"}]`)
		if res := e.srv.Call(e.t, "GET", "composite/sobjects/Account?ids="+e.acme.ID, "staff", ""); res.Status != 400 {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
	})
}
