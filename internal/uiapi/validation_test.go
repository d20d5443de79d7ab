package uiapi_test

// Where each validation rule of spec/data-layer.md section 5 and each message of section 8 is produced and which
// integration test asserts it (status + errorCode + message; every test runs on SQLite and PostgreSQL). Paths are
// under internal/ unless they start with web/. "client" marks what the web data layer does itself (config checks
// before any request, its cache, snapshots), not the server; "here" is a test of this file.
//
// Section 5                                     | produced at                                   | asserted by
// ----------------------------------------------+-----------------------------------------------+------------------------------------------
// 15-char ids become 18 chars                   | records/ids.go:49 (To18), NormalizeID :69     | uiapi/uiapi_test.go:130 (GET, PATCH by 15)
// record fetch needs fields/optional/layoutTypes| uiapi/records/get.go:26  400 INVALID_INPUT    | uiapi/records/get_test.go:64
// record UI needs recordIds, layoutTypes, modes | uiapi/metadata/recordui.go:50,54              | uiapi/metadata/recordui_test.go:65-66
// record UI: formFactor, childRelationships,    | uiapi/metadata/recordui.go:29 (list), :42     | recordui_test.go:67-68; here (pageSize,
//   pageSize, updateMru unsupported             |                                               |   updateMru, formFactor, exact bodies)
// updateRecord "Invalid recordInput", values    | uiapi/records/write.go:70-101                 | uiapi/records/write_test.go:49-53
//   string/number/boolean/null                  |                                               |
// If-Unmodified-Since ISO -> HTTP date          | uiapi/records/write.go:153                    | uiapi/records/write_test.go:55 (412/200)
// deleteRecord "Invalid config for deleteRecord"| uiapi/records/write.go:167                    | uiapi/records/write_test.go:79
// field paths at most 6 levels                  | recordsapi/paths.go:23 (ResolvePath)          | uiapi/records/get_test.go:60-62
// batch ops: type CREATE/UPDATE/DELETE, records,| uiapi/records/batch.go:22,48-72               | uiapi/records/write_test.go:129-160;
//   allOrNone required, useDefaultRule boolean  |   (useDefaultRule in the body: added here)    |   here (useDefaultRule in the body)
// batch read entries: recordIds, fields lists;  | client (drops entries); server batch GET:     | uiapi/records/get_test.go:148-163
//   bad entries dropped                         |   uiapi/records/get.go:80                     |
// layout needs objectApiName, layoutType, mode  | uiapi/metadata/layouts.go:24 (defaults Full/  | uiapi/metadata/layouts_test.go:69-70
//                                               |   View as the spec's section 9 says)          |
// layout user state: defaults, sectionUserStates| uiapi/metadata/userstate.go:95 (message now   | uiapi/metadata/userstate_test.go:37-49;
//   object of objects, '@wire(updateLayout...   |   the spec's '@wire(...) invalid config...')  |   here (exact body)
// list config or "unrecognized config"          | uiapi/lists/info.go:155                       | uiapi/lists/lists_test.go:121, write_test.go:127
// list filter items, scope, ordering types      | uiapi/lists/write.go:35,173; preferences.go:45| uiapi/lists/write_test.go:59-69,189-191
// column widths whole numbers                   | uiapi/lists/preferences.go:66                 | uiapi/lists/write_test.go:185-187
// 'Invalid config for "{operation}"' (list view | uiapi/lists/write.go:27 (create/update/delete | uiapi/lists/write_test.go:56,141-155,183
//   create/update/delete, list preferences)     |   ListInfo(ByName), updateListPreferences)    |
// CMS list query types                          | connectapi/params.go:24 ("The type entered...")| app/cms_test.go:174-194
// record actions: recordIds + sections/apiNames | uiapi/actions/lists.go:38                     | uiapi/actions/actions_test.go:153
// related-list action batch: relatedListId str  | uiapi/actions/relatedlist.go:133-175          | uiapi/actions/actions_test.go:234-235
// updateRelatedListInfo config, orderedByInfo,  | uiapi/relatedlists/input.go:18,51,123-139     | uiapi/relatedlists/preferences_test.go:27-40
//   'Expected "integer" but received ...'       |                                               |
// updateRelatedListPreferences types            | uiapi/relatedlists/input.go:19,154-171        | uiapi/relatedlists/preferences_test.go:93-95
// related-list record batch item types          | uiapi/relatedlists/records.go:119; input.go:  | relatedlists/records_test.go:133 (status
//                                               |   177,200,211                                 |   only); here (each message exact)
// lookup sourceRecord / duplicate field types   | uiapi/lookups/input.go:59; duplicates/        | uiapi/lookups/lookups_test.go:163;
//                                               |   handlers.go:326                             |   uiapi/duplicates/duplicates_test.go:157
// files: fileData object, 'Invalid config for   | uiapi/files/upload.go:18                      | uiapi/files/files_test.go:113-114
//   createContentDocumentAndVersion/Version'    |                                               |
// CMS: channelOrSiteId/contentKeyOrId required, | cms/handlers.go:51,109 (section 8 wording     | app/cms_test.go:77-82,183-186
//   0DM/0ap prefix                              |   "Enter a value for X."; section 5's wording |
//                                               |   is the client's), prefix :112               |
// SEO {!Record.f}/{!Content.f}, quotes escaped  | client (the SEO component substitutes)        | -
// 'updateRecordAvatar invalid configuration'    | uiapi/avatars/association.go:22               | uiapi/avatars/avatars_test.go:117
//
// Section 8                                     | produced at                                   | asserted by
// ----------------------------------------------+-----------------------------------------------+------------------------------------------
// statuses 200 201 204 304 400 401 403 404 500  | platform/httpx (304: conditional.go:20)       | app/conditional_test.go:49 (304), the
//   (504 is the client's, below)                |                                               |   package tests (others)
// "data is not fetchable" 400, cache-only 504   | client                                        | -
//   "Gateway Timeout", record-UI 404 snapshot,  |                                               |
//   'RecordUi adapter resolved with ...', error |                                               |
//   lifetimes, freezing rethrown errors         |                                               |
// batch: per-item 404, other items' status and  | recordsapi/batch.go                           | uiapi/records/get_test.go:160-163
//   body passed through                         |                                               |
// 404 on the batch itself                       | relatedlists count batch, records batch       | uiapi/relatedlists/count_test.go:67
// avatar batch 400/404 items with errorCode and | uiapi/avatars/avatars.go                      | uiapi/avatars/avatars_test.go:19-27
//   message                                     |                                               |
// related-list count batch: 404, failed items   | uiapi/relatedlists/count.go                   | uiapi/relatedlists/count_test.go:57-70
// clone template errors                         | uiapi/records/defaults.go                     | uiapi/records/defaults_test.go:63
// messages: Invalid recordInput; Invalid config | see section 5 rows above; 'Invalid config for | as above; executeBatchRecordOperations:
//   for deleteRecord / createContentDocument... |   "executeBatchRecordOperations"' at          |   uiapi/records/write_test.go:129; Invalid
//   / updateRelatedListInfo / ...Preferences /  |   uiapi/records/batch.go:22; 'Invalid         |   discriminatorValue: avatars_test.go:119
//   executeBatchRecordOperations; updateRecord- |   discriminatorValue' at                      |
//   Avatar invalid configuration; Invalid       |   uiapi/avatars/association.go:56             |
//   discriminatorValue                          |                                               |
// CMS parameter errors (Enter a value for ...,  | cms/handlers.go:51,109,112,231; connectapi/  | app/cms_test.go:174-194
//   Enter input parameters..., The type entered |   params.go:24                                |
//   for X isn't valid..., Enter a valid prefix) |                                               |
// failed CMS/SEO fetch, session context, image  | client                                        | -
//   preload warnings, image URL fallback        |                                               |

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
