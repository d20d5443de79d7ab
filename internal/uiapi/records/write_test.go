package records_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
	engine "storefront/internal/records"
)

// named counts the accounts with the name, read through the engine as the admin.
func named(t *testing.T, s *apptest.Server, object, name string) int64 {
	t.Helper()
	res, err := s.App.Engine.Query(context.Background(), s.App.DB, systemFor(demo.AdminUserID), engine.Query{Object: object,
		Where: &engine.Cond{Field: "Name", Op: engine.OpEq, Value: name}, Count: true})
	if err != nil {
		t.Fatal(err)
	}
	return res.TotalSize
}

func TestWriteFlags(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := signIn(t, s, "admin@example.com")

		// includeFieldsInBody=false: 204 without a body; the record is saved all the same.
		r := admin.do("POST", "/records?includeFieldsInBody=false&useDefaultRule=true&triggerUserEmail=false",
			`{"apiName":"Account","fields":{"Name":"Quiet Co"}}`)
		if r.status != http.StatusNoContent || len(r.body) != 0 || named(t, s, "Account", "Quiet Co") != 1 {
			t.Fatalf("create without body: %d %s", r.status, r.body)
		}
		id := admin.create("Account", `{"Name":"Loud Co","NumberOfEmployees":5}`)
		r = admin.do("PATCH", "/records/"+id+"?includeFieldsInBody=false", `{"fields":{"Name":"Louder Co"}}`)
		if r.status != http.StatusNoContent || len(r.body) != 0 || named(t, s, "Account", "Louder Co") != 1 {
			t.Fatalf("update without body: %d %s", r.status, r.body)
		}
		r = admin.do("PATCH", "/records/"+id+"?includeFieldsInBody=true", `{"fields":{"Name":"Loudest Co"}}`)
		if r.status != 200 || path(r.json, "fields", "Name", "value") != "Loudest Co" {
			t.Fatalf("update with body: %d %s", r.status, r.body)
		}
		sameKeys(t, "updated", r.json, example(t, "validAccountResponse1.json"))
		want(t, admin.do("POST", "/records?triggerOtherEmail=yes", `{"apiName":"Account","fields":{"Name":"X"}}`), 400,
			`[{"errorCode":"INVALID_INPUT","message":"Invalid value for triggerOtherEmail: yes. Specify true or false."}]`)
		want(t, admin.do("PATCH", "/records/"+id, `{"fields":{"Name":{"first":"A"}}}`), 400,
			`[{"errorCode":"INVALID_INPUT","message":"Invalid recordInput: the value of Name must be a string, number, boolean or null."}]`)
		want(t, admin.do("PATCH", "/records/"+id, `[]`), 400,
			`[{"errorCode":"INVALID_INPUT","message":"Invalid recordInput: the body must be an object."}]`)
		want(t, admin.do("POST", "/records", `{"fields":{"Name":"X"}}`), 400,
			`[{"errorCode":"INVALID_INPUT","message":"Invalid recordInput: apiName is required."}]`)

		// If-Unmodified-Since: the record's own lastModifiedDate (ISO, fractional seconds) lets the update through;
		// a time before the last change answers 412 and changes nothing.
		last := path(r.json, "lastModifiedDate").(string)
		ok := admin.do("PATCH", "/records/"+id, `{"fields":{"Description":"fresh"}}`, "If-Unmodified-Since", last)
		wantStatus(t, ok, 200)
		stamp := path(ok.json, "lastModifiedDate").(string)
		past := time.Now().Add(-time.Hour).UTC().Format("2006-01-02T15:04:05.000Z")
		want(t, admin.do("PATCH", "/records/"+id, `{"fields":{"Description":"stale"}}`, "If-Unmodified-Since", past), 412,
			`[{"errorCode":"PRECONDITION_FAILED","message":"The requested record was modified after the If-Unmodified-Since date (last modified `+stamp+`)."}]`)
		httpPast := time.Now().Add(-time.Hour).UTC().Format(http.TimeFormat)
		wantStatus(t, admin.do("PATCH", "/records/"+id, `{"fields":{"Description":"stale"}}`, "If-Unmodified-Since", httpPast), 412)
		want(t, admin.do("PATCH", "/records/"+id, `{"fields":{"Description":"x"}}`, "If-Unmodified-Since", "yesterday"), 400,
			`[{"errorCode":"INVALID_INPUT","message":"If-Unmodified-Since must be an HTTP date: yesterday"}]`)
		if got := admin.do("GET", "/records/"+id+"?fields=Account.Description"); path(got.json, "fields", "Description", "value") != "fresh" {
			t.Fatalf("a refused update changed the record: %s", got.body)
		}

		// Delete: 204, then the record is gone (404); what is not an id is a bad request.
		if del := admin.do("DELETE", "/records/"+id); del.status != 204 || len(del.body) != 0 {
			t.Fatalf("delete: %d %s", del.status, del.body)
		}
		want(t, admin.do("GET", "/records/"+id+"?fields=Account.Name"), 404, notFound)
		want(t, admin.do("DELETE", "/records/"+id), 404, notFound)
		want(t, admin.do("DELETE", "/records/not-an-id"), 400,
			`[{"errorCode":"INVALID_INPUT","message":"Invalid config for deleteRecord: not-an-id is not a record id."}]`)
	})
}

func TestBatchOperations(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := signIn(t, s, "admin@example.com")
		keep := admin.create("Account", `{"Name":"Keep"}`)
		gone := admin.create("Account", `{"Name":"Gone"}`)

		// allOrNone: one refused record undoes the whole batch.
		r := admin.do("POST", "/records/batch", `{"allOrNone":true,"operations":[
			{"type":"create","records":[{"apiName":"Account","fields":{"Name":"Batch One"}},{"apiName":"Account","fields":{}}]},
			{"type":"Delete","records":[{"fields":{"Id":"`+gone+`"}}]}]}`)
		wantStatus(t, r, 200)
		if path(r.json, "hasErrors") != true || path(r.json, "results", 0, "statusCode") != 400.0 ||
			path(r.json, "results", 0, "result", 0, "errorCode") != "ALL_OR_NONE_OPERATION_ROLLED_BACK" ||
			path(r.json, "results", 1, "statusCode") != 400.0 ||
			path(r.json, "results", 1, "result", "enhancedErrorType") != "RecordError" ||
			path(r.json, "results", 1, "result", "output", "fieldErrors", "Name", 0, "errorCode") != "REQUIRED_FIELD_MISSING" {
			t.Fatalf("allOrNone batch: %s", r.body)
		}
		if named(t, s, "Account", "Batch One") != 0 || named(t, s, "Account", "Gone") != 1 {
			t.Fatal("a refused allOrNone batch left changes behind")
		}

		// Without allOrNone every record stands alone: created, updated and deleted, the refused one reported.
		r = admin.do("POST", "/records/batch?useDefaultRule=true", `{"allOrNone":false,"operations":[
			{"type":"CREATE","records":[{"apiName":"Account","fields":{"Name":"Batch Two"}},{"apiName":"Account","fields":{"Name":null}}]},
			{"type":"update","records":[{"fields":{"Id":"`+keep[:15]+`","Name":"Kept"}}]},
			{"type":"DELETE","records":[{"fields":{"Id":"`+gone+`"}}]}]}`)
		wantStatus(t, r, 200)
		sameKeys(t, "batch", r.json, example(t, "records-multiple-record-Accounts.json"))
		codes := []any{path(r.json, "results", 0, "statusCode"), path(r.json, "results", 1, "statusCode"),
			path(r.json, "results", 2, "statusCode"), path(r.json, "results", 3, "statusCode")}
		if codes[0] != 201.0 || codes[1] != 400.0 || codes[2] != 200.0 || codes[3] != 204.0 || path(r.json, "hasErrors") != true ||
			path(r.json, "results", 0, "result", "fields", "Name", "value") != "Batch Two" || path(r.json, "results", 3, "result") != nil {
			t.Fatalf("batch: %s", r.body)
		}
		if named(t, s, "Account", "Batch Two") != 1 || named(t, s, "Account", "Kept") != 1 || named(t, s, "Account", "Gone") != 0 {
			t.Fatal("the batch's records were not saved")
		}

		// A committed allOrNone batch.
		r = admin.do("POST", "/records/batch", `{"allOrNone":true,"operations":[{"type":"Create","records":[
			{"apiName":"Account","fields":{"Name":"Batch Three"}},{"apiName":"Contact","fields":{"LastName":"Three"}}]}]}`)
		if path(r.json, "hasErrors") != false || path(r.json, "results", 1, "statusCode") != 201.0 || named(t, s, "Account", "Batch Three") != 1 {
			t.Fatalf("allOrNone batch: %s", r.body)
		}

		config := `Invalid config for \"executeBatchRecordOperations\": `
		for body, msg := range map[string]string{
			`{"operations":[]}`:                   "allOrNone is required and must be a boolean.",
			`{"allOrNone":"yes","operations":[]}`: "allOrNone is required and must be a boolean.",
			`{"allOrNone":true}`:                  "operations must be a non-empty list.",
			`{"allOrNone":true,"operations":[{"type":"Upsert","records":[]}]}`: "each operation needs a type: CREATE, UPDATE or DELETE.",
			`{"allOrNone":true,"operations":[{"type":7,"records":[]}]}`:        "each operation needs a type: CREATE, UPDATE or DELETE.",
			`{"allOrNone":true,"operations":[{"type":"CREATE"}]}`:              "each operation needs a records list.",
			`[1]`: "the body must be an object.",
		} {
			want(t, admin.do("POST", "/records/batch", body), 400, `[{"errorCode":"INVALID_INPUT","message":"`+config+msg+`"}]`)
		}
		for body, msg := range map[string]string{
			`{"allOrNone":true,"operations":[{"type":"CREATE","records":[{"fields":{"Name":"A"}}]}]}`:                                                                              "A CREATE operation needs the apiName of each record and no Id.",
			`{"allOrNone":true,"operations":[{"type":"UPDATE","records":[{"apiName":"Account","fields":{"Id":"` + keep + `"}}]}]}`:                                                 "An UPDATE operation needs the Id field of each record and no apiName.",
			`{"allOrNone":true,"operations":[{"type":"UPDATE","records":[{"fields":{"Id":"` + keep + `"}}]},{"type":"DELETE","records":[{"fields":{"Id":"` + keep[:15] + `"}}]}]}`: "A record can be in only one operation of a batch: " + keep[:15],
		} {
			want(t, admin.do("POST", "/records/batch", body), 400, `[{"errorCode":"INVALID_BATCH_REQUEST","message":"`+msg+`"}]`)
		}
		many := strings.TrimSuffix(strings.Repeat(`{"apiName":"Account","fields":{"Name":"Many"}},`, 201), ",")
		want(t, admin.do("POST", "/records/batch", `{"allOrNone":false,"operations":[{"type":"CREATE","records":[`+many+`]}]}`), 400,
			`[{"errorCode":"INVALID_BATCH_REQUEST","message":"A batch can save at most 200 records."}]`)
		if named(t, s, "Account", "Many") != 0 {
			t.Fatal("a refused batch saved records")
		}
		want(t, admin.do("POST", "/records/batch?useDefaultRule=maybe", `{"allOrNone":true,"operations":[]}`), 400,
			`[{"errorCode":"INVALID_INPUT","message":"Invalid value for useDefaultRule: maybe. Specify true or false."}]`)
		if named(t, s, "Account", "Kept") != 1 {
			t.Fatal("a refused batch changed a record")
		}
	})
}
