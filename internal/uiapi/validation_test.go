package uiapi_test

// TABLE

import (
	"net/http"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
	"storefront/internal/demo"
	"storefront/internal/records"
)

const ui = "/services/data/v64.0/ui-api/"

// errorBody is the UI API's read error: a top-level array of one {errorCode, message}.
func errorBody(code, msg string) string {
	return apitest.JSON([]map[string]string{{"errorCode": code, "message": msg}})
}

// The rules of spec/data-layer.md section 5 and messages of section 8 that no package test asserted word for word:
// each refusal is a 400 with the spec's wording and writes nothing.
func TestSpecValidationRulesWordForWord(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := apitest.User("admin@example.com")
		accounts := map[string]string{`SELECT COUNT(*) FROM account WHERE name = 'Audit Batch'`: "0"}
		userStates := map[string]string{`SELECT COUNT(*) FROM sf_layout_user_state`: "0"}
		caseID := records.StableID("500", 1)
		batch := ui + "related-list-records/batch/" + demo.BuyerAccountID
		apitest.Run(t, s.Target, []apitest.Scenario{
			// Batch record operations: useDefaultRule is optional and boolean (in the body as in the query).
			{Name: "batch useDefaultRule not a boolean", As: admin, Method: "POST", Path: ui + "records/batch",
				Body:       `{"allOrNone":true,"useDefaultRule":"yes","operations":[{"type":"CREATE","records":[{"apiName":"Account","fields":{"Name":"Audit Batch"}}]}]}`,
				WantStatus: 400, WantBody: errorBody("INVALID_INPUT", `Invalid config for "executeBatchRecordOperations": useDefaultRule must be a boolean.`),
				RowsBefore: accounts, RowsAfter: accounts},
			{Name: "batch useDefaultRule boolean", As: admin, Method: "POST", Path: ui + "records/batch",
				Body:       `{"allOrNone":true,"useDefaultRule":false,"operations":[{"type":"CREATE","records":[{"apiName":"Account","fields":{"Name":"Audit Batch"}}]}]}`,
				WantStatus: 200, WantJSON: `{"hasErrors":false,"results":[{"statusCode":201}]}`,
				RowsBefore: accounts, RowsAfter: map[string]string{`SELECT COUNT(*) FROM account WHERE name = 'Audit Batch'`: "1"}},
			// Record UI: form factor, child relationships, page size and update-recent are unsupported there.
			{Name: "record-ui pageSize", As: admin, Path: ui + "record-ui/" + caseID + "?layoutTypes=Full&pageSize=5",
				WantStatus: 400, WantBody: errorBody("INVALID_INPUT", "record-ui does not support the pageSize parameter.")},
			{Name: "record-ui updateMru", As: admin, Path: ui + "record-ui/" + caseID + "?layoutTypes=Full&updateMru=true",
				WantStatus: 400, WantBody: errorBody("INVALID_INPUT", "record-ui does not support the updateMru parameter.")},
			{Name: "record-ui formFactor", As: admin, Path: ui + "record-ui/" + caseID + "?layoutTypes=Full&formFactor=Large",
				WantStatus: 400, WantBody: errorBody("INVALID_INPUT", "record-ui does not support the formFactor parameter.")},
			// Layout user state: sectionUserStates is an object of objects; the message is the spec's.
			{Name: "layout user state not an object of objects", As: admin, Method: "PATCH", Path: ui + "layout/Case/user-state",
				Body: `{"sectionUserStates":[]}`, WantStatus: 400, WantBody: errorBody("INVALID_INPUT",
					"@wire(updateLayoutUserState) invalid configuration: sectionUserStates must be an object of section states keyed by section ID."),
				RowsBefore: userStates, RowsAfter: userStates},
			// A related-list record batch item: a string relatedListId; fields, optionalFields and sortBy arrays of
			// strings; pageSize an integer; where a string.
			{Name: "related-list batch item without relatedListId", As: admin, Method: "POST", Path: batch,
				Body: `{"relatedListParameters":[{"fields":["Contact.Name"]}]}`, WantStatus: 400,
				WantBody: errorBody("INVALID_INPUT", "Each related list parameter needs a string relatedListId")},
			{Name: "related-list batch item fields not an array", As: admin, Method: "POST", Path: batch,
				Body: `{"relatedListParameters":[{"relatedListId":"Contacts","fields":"Contact.Name"}]}`, WantStatus: 400,
				WantBody: errorBody("INVALID_INPUT", "fields must be an array of strings")},
			{Name: "related-list batch item optionalFields not strings", As: admin, Method: "POST", Path: batch,
				Body: `{"relatedListParameters":[{"relatedListId":"Contacts","optionalFields":[1]}]}`, WantStatus: 400,
				WantBody: errorBody("INVALID_INPUT", "optionalFields must be an array of strings")},
			{Name: "related-list batch item sortBy not strings", As: admin, Method: "POST", Path: batch,
				Body: `{"relatedListParameters":[{"relatedListId":"Contacts","sortBy":[true]}]}`, WantStatus: 400,
				WantBody: errorBody("INVALID_INPUT", "sortBy must be an array of strings")},
			{Name: "related-list batch item pageSize not an integer", As: admin, Method: "POST", Path: batch,
				Body: `{"relatedListParameters":[{"relatedListId":"Contacts","pageSize":2.5}]}`, WantStatus: 400,
				WantBody: errorBody("INVALID_INPUT", "pageSize must be an integer from 1 to 2000: 2.5")},
			{Name: "related-list batch item where not a string", As: admin, Method: "POST", Path: batch,
				Body: `{"relatedListParameters":[{"relatedListId":"Contacts","where":5}]}`, WantStatus: 400,
				WantBody: errorBody("INVALID_INPUT", "where must be a string")},
		})
	})
}

// Under /ui-api/, a wrong method on a path of each endpoint group is 405 METHOD_NOT_ALLOWED with Allow naming the
// methods the path takes, and a path no group claims is 404 NOT_FOUND; both in the API's error body.
func TestUIAPIWrongMethodsAndUnknownPaths(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := apitest.User("admin@example.com")
		notFound := errorBody("NOT_FOUND", "The requested resource does not exist")
		wrong := func(method, allow string) string {
			return errorBody("METHOD_NOT_ALLOWED", "HTTP Method '"+method+"' not allowed. Allowed are "+allow)
		}
		var scenarios []apitest.Scenario
		for _, c := range []struct{ group, method, path, allow, allowed string }{
			{"records", "PUT", "records/" + demo.BuyerAccountID, "GET, HEAD, PATCH, DELETE", "GET,HEAD,PATCH,DELETE"},
			{"lists", "PUT", "list-info/Case/AllCases", "GET, HEAD, PATCH, DELETE", "GET,HEAD,PATCH,DELETE"},
			{"list preferences", "POST", "list-preferences/Case/AllCases", "GET, HEAD, PATCH", "GET,HEAD,PATCH"},
			{"related lists", "DELETE", "related-list-records/" + demo.BuyerAccountID + "/Contacts", "POST", "POST"},
			{"actions", "DELETE", "actions/perform-quick-action/NewCase", "POST, PATCH", "POST,PATCH"},
			{"lookups", "DELETE", "lookups/Case/ContactId", "GET, HEAD, POST", "GET,HEAD,POST"},
			{"layouts", "POST", "layout/Case", "GET, HEAD, PATCH, DELETE", "GET,HEAD,PATCH,DELETE"},
		} {
			method := c.method
			scenarios = append(scenarios, apitest.Scenario{Name: c.group + " wrong method", As: admin, Method: method,
				Path: ui + c.path, Body: `{}`, WantStatus: http.StatusMethodNotAllowed, WantBody: wrong(method, c.allowed),
				Then: func(t *testing.T, r apitest.Reply) {
					if got := r.Header.Get("Allow"); got != c.allow {
						t.Errorf("Allow %q, want %q", got, c.allow)
					}
				}})
		}
		for _, path := range []string{"nope", "records/" + demo.BuyerAccountID + "/nope/x", "list-info/Case/AllCases/x/y",
			"related-list-records/a/b/c/d", "actions/nope", "lookups/Case/ContactId/Contact/x", "layout/Case/x/y"} {
			scenarios = append(scenarios, apitest.Scenario{Name: "unknown " + path, As: admin, Path: ui + path,
				WantStatus: http.StatusNotFound, WantBody: notFound})
		}
		apitest.Run(t, s.Target, scenarios)
	})
}
