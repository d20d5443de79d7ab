package lists_test

import (
	"reflect"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
)

// TestListViewWrites creates, reads, shares, changes and deletes a user's list view, with every validation rule of
// the list-info input and the owner-only rule, and checks the stored rows before and after.
func TestListViewWrites(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin, support := newClient(t, s, "admin@example.com"), newClient(t, s, "support@example.com")
		rows := func() int {
			var n int
			if err := s.App.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM sf_list_view`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		for _, c := range []map[string]any{
			{"Subject": "Printer jam", "Status": "New", "Priority": "High"},
			{"Subject": "Printer toner", "Status": "Working", "Priority": "Low"},
			{"Subject": "Desk broken", "Status": "New", "Priority": "High"},
		} {
			admin.must(t, 201, "POST", "records", map[string]any{"apiName": "Case", "fields": c})
		}
		body := map[string]any{
			"label":           "Hot printers",
			"listViewApiName": "Hot_Printers",
			"displayColumns":  []string{"CaseNumber", "Subject", "Priority", "Owner.Name"},
			"filteredByInfo": []map[string]any{
				{"fieldApiName": "Subject", "operandLabels": []string{"Printer"}, "operator": "StartsWith"},
				{"fieldApiName": "Priority", "operandLabels": []string{"High"}, "operator": "Equals"},
				{"fieldApiName": "Status", "operandLabels": []string{"Closed"}, "operator": "NotEqual"},
			},
			"filterLogicString": "1 AND (2 OR 3)",
			"scope":             map[string]any{"apiName": "everything", "entityId": nil, "relatedEntityId": nil},
			"visibility":        "Private",
		}

		t.Run("validation", func(t *testing.T) {
			before := rows()
			bad := func(change map[string]any, why string) {
				t.Helper()
				b := map[string]any{}
				for k, v := range body {
					b[k] = v
				}
				for k, v := range change {
					b[k] = v
				}
				admin.fails(t, 400, "INVALID_INPUT", `Invalid config for "createListInfo": `+why, "POST", "list-info/Case", b)
			}
			bad(map[string]any{"filteredByInfo": []map[string]any{{"fieldApiName": "Subject", "operandLabels": []string{"x"}}}},
				"filteredByInfo[0] needs a string fieldApiName, a string-array operandLabels and a string operator")
			bad(map[string]any{"filteredByInfo": []map[string]any{{"fieldApiName": 3, "operandLabels": []string{"x"}, "operator": "Equals"}}},
				"filteredByInfo[0] needs a string fieldApiName")
			bad(map[string]any{"filteredByInfo": []map[string]any{{"fieldApiName": "Subject", "operandLabels": []any{1}, "operator": "Equals"}}},
				"filteredByInfo[0] needs a string fieldApiName, a string-array operandLabels")
			bad(map[string]any{"filteredByInfo": []map[string]any{{"fieldApiName": "Subject", "operandLabels": []string{"x"}, "operator": "Resembles"}}},
				"filteredByInfo[0]: unknown operator Resembles")
			bad(map[string]any{"filteredByInfo": []map[string]any{{"fieldApiName": "Nope", "operandLabels": []string{"x"}, "operator": "Equals"}}},
				"filteredByInfo[0]: no such filterable field Nope")
			bad(map[string]any{"scope": map[string]any{"entityId": nil}}, "scope needs a string apiName")
			bad(map[string]any{"scope": map[string]any{"apiName": "everything", "entityId": 5}}, "scope entityId must be a string or null")
			bad(map[string]any{"scope": map[string]any{"apiName": "galaxy"}}, "scope apiName must be everything, mine or team")
			bad(map[string]any{"filterLogicString": "1 AND 4"}, "filterLogicString: 4 is not a filter number from 1 to 3")
			bad(map[string]any{"filterLogicString": "(1 OR 2"}, "filterLogicString: missing )")
			bad(map[string]any{"visibility": "Everyone"}, "visibility must be Private or Public")
			bad(map[string]any{"displayColumns": []string{"Subject", "Nope"}}, "displayColumns: no such field Nope")
			bad(map[string]any{"label": ""}, "label must be a non-empty string")
			bad(map[string]any{"listViewApiName": "9lives"}, "listViewApiName must be a developer name")
			bad(map[string]any{"listShares": []string{"not-an-id"}}, "listShares: not-an-id is not a user id")
			bad(map[string]any{"colour": "red"}, "unrecognized property colour")
			admin.fails(t, 400, "INVALID_INPUT", `Invalid config for "createListInfo": the body must be an object`, "POST", "list-info/Case", []string{"x"})
			admin.fails(t, 400, "JSON_PARSER_ERROR", "", "POST", "list-info/Case", "{")
			if after := rows(); after != before {
				t.Fatalf("refused creates wrote %d rows", after-before)
			}
		})

		var id string
		t.Run("create and read", func(t *testing.T) {
			info := admin.must(t, 201, "POST", "list-info/Case", body)
			sameShape(t, "created", info, example(t, "list-info-AllAccounts.json"))
			ref := info["listReference"].(map[string]any)
			id = ref["id"].(string)
			if ref["listViewApiName"] != "Hot_Printers" || info["updateable"] != true || info["deletable"] != true ||
				info["visibility"] != "Private" || *str(info["filterLogicString"]) != "1 AND (2 OR 3)" {
				t.Fatalf("created info: %v", info)
			}
			if n := len(info["filteredByInfo"].([]any)); n != 3 {
				t.Fatalf("filters: %v", info["filteredByInfo"])
			}
			// Printer jam (High) and Printer toner (Low, not Closed) match; Desk broken does not start with Printer.
			recs := admin.must(t, 200, "GET", "list-records/Case/Hot_Printers?sortBy=Subject", nil)
			if got := subjectsOf(recs["records"].([]any)); !reflect.DeepEqual(got, []any{"Printer jam", "Printer toner"}) {
				t.Fatalf("view records: %v", got)
			}
			admin.fails(t, 400, "DUPLICATE_DEVELOPER_NAME", "A list view named Hot_Printers already exists", "POST", "list-info/Case", body)
			admin.fails(t, 400, "DUPLICATE_DEVELOPER_NAME", "A list view named allcases already exists", "POST", "list-info/Case",
				map[string]any{"label": "All of them", "listViewApiName": "allcases"})
			// A name made from the label when none is given.
			made := admin.must(t, 201, "POST", "list-info/Case", map[string]any{"label": "My printers, 2026!", "visibility": "Public"})
			if made["listReference"].(map[string]any)["listViewApiName"] != "My_printers_2026" {
				t.Fatalf("made name: %v", made["listReference"])
			}
			// The private view is the owner's alone: others get 404, also in batches and summaries.
			support.fails(t, 404, "NOT_FOUND", "The requested resource does not exist", "GET", "list-info/Case/Hot_Printers", nil)
			support.fails(t, 404, "NOT_FOUND", "The requested resource does not exist", "GET", "list-records/"+id, nil)
			if names := apiNames(support.must(t, 200, "GET", "list-ui/Case", nil)); strings.Contains(strings.Join(names, ","), "Hot_Printers") {
				t.Fatalf("support sees the private view: %v", names)
			}
			batch := admin.must(t, 200, "GET", "list-info/batch?ids="+id+"&names=Case.AllCases,Case.Nope,nodot", nil)
			sameShape(t, "batch", batch, example(t, "list-infos.json"))
			var statuses []any
			for _, r := range batch["results"].([]any) {
				statuses = append(statuses, r.(map[string]any)["statusCode"])
			}
			if !reflect.DeepEqual(statuses, []any{200.0, 200.0, 404.0, 400.0}) {
				t.Fatalf("batch statuses: %v", statuses)
			}
			admin.fails(t, 400, "INVALID_INPUT", "unrecognized config", "GET", "list-info/batch", nil)
		})

		t.Run("share, update, delete", func(t *testing.T) {
			// Only the owner changes it: a user who sees it (shared) gets 403, and nobody changes a standard view.
			admin.must(t, 200, "PATCH", "list-info/Case/Hot_Printers", map[string]any{"listShares": []string{demo.SupportUserID}})
			shared := support.must(t, 200, "GET", "list-info/Case/Hot_Printers", nil)
			if shared["updateable"] != false || shared["deletable"] != false {
				t.Fatalf("shared view flags: %v", shared)
			}
			support.fails(t, 403, "INSUFFICIENT_ACCESS", "You don't have permission to change the list view Hot_Printers", "PATCH", "list-info/Case/Hot_Printers", map[string]any{"label": "Mine now"})
			support.fails(t, 403, "INSUFFICIENT_ACCESS", "", "DELETE", "list-info/"+id, nil)
			admin.fails(t, 403, "INSUFFICIENT_ACCESS", "", "PATCH", "list-info/Case/AllCases", map[string]any{"label": "Everything"})
			before := admin.must(t, 200, "GET", "list-info/Case/Hot_Printers", nil)
			admin.fails(t, 400, "INVALID_INPUT", `Invalid config for "updateListInfoByName": listViewApiName cannot be changed`, "PATCH", "list-info/Case/Hot_Printers", map[string]any{"listViewApiName": "Other"})
			admin.fails(t, 400, "INVALID_INPUT", `Invalid config for "updateListInfoByName": filterLogicString must be a string or null`, "PATCH", "list-info/Case/Hot_Printers", map[string]any{"filterLogicString": 12})
			after := admin.must(t, 200, "PATCH", "list-info/"+id, map[string]any{"label": "Printers", "filterLogicString": nil,
				"scope": map[string]any{"apiName": "mine"}})
			if *str(after["label"]) != "Printers" || after["filterLogicString"] != nil || after["eTag"] == before["eTag"] ||
				after["scope"].(map[string]any)["apiName"] != "mine" {
				t.Fatalf("updated: %v", after)
			}
			// Without logic every filter holds: Printer jam only.
			recs := admin.must(t, 200, "GET", "list-records/"+id, nil)
			if got := subjectsOf(recs["records"].([]any)); !reflect.DeepEqual(got, []any{"Printer jam"}) {
				t.Fatalf("records after update: %v", got)
			}
			admin.must(t, 200, "PATCH", "list-preferences/Case/Hot_Printers", map[string]any{"columnWidths": map[string]any{"Subject": 120}})
			admin.fails(t, 400, "INVALID_INPUT", `Invalid config for "deleteListInfoByName"`, "DELETE", "list-info/Case/Hot_Printers", map[string]any{"x": 1})
			n := rows()
			admin.must(t, 204, "DELETE", "list-info/Case/Hot_Printers", nil)
			if rows() != n-1 {
				t.Fatal("the view's row is still there")
			}
			var prefs int
			if err := s.App.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM sf_list_preference WHERE list_name = 'Hot_Printers'`).Scan(&prefs); err != nil || prefs != 0 {
				t.Fatalf("preferences of a deleted view: %d %v", prefs, err)
			}
			admin.fails(t, 404, "NOT_FOUND", "The requested resource does not exist", "GET", "list-info/"+id, nil)
			admin.fails(t, 404, "NOT_FOUND", "The requested resource does not exist", "DELETE", "list-info/Case/Hot_Printers", nil)
		})
	})
}

// TestListPreferences sets one user's column widths, wrap and order and checks another user never sees them.
func TestListPreferences(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin, support := newClient(t, s, "admin@example.com"), newClient(t, s, "support@example.com")
		path := "list-preferences/Case/AllCases"
		empty := admin.must(t, 200, "GET", path, nil)
		if len(empty["columnWidths"].(map[string]any)) != 0 || len(empty["orderedBy"].([]any)) != 0 ||
			empty["listReference"].(map[string]any)["listViewApiName"] != "AllCases" {
			t.Fatalf("no preferences yet: %v", empty)
		}
		bad := func(body any, why string) {
			t.Helper()
			admin.fails(t, 400, "INVALID_INPUT", `Invalid config for "updateListPreferences": `+why, "PATCH", path, body)
		}
		bad(map[string]any{"columnWidths": map[string]any{"Subject": 12.5}}, "columnWidths.Subject must be a whole number")
		bad(map[string]any{"columnWidths": map[string]any{"Subject": "wide"}}, "columnWidths.Subject must be a whole number")
		bad(map[string]any{"columnWidths": []int{1}}, "columnWidths must be an object of whole numbers")
		bad(map[string]any{"columnWrap": map[string]any{"Subject": "yes"}}, "columnWrap.Subject must be a boolean")
		bad(map[string]any{"orderedBy": []map[string]any{{"fieldApiName": "Subject", "isAscending": "up"}}}, "orderedBy[0] needs a string fieldApiName and a boolean isAscending")
		bad(map[string]any{"orderedBy": []map[string]any{{"isAscending": true}}}, "orderedBy[0] needs a string fieldApiName")
		bad(map[string]any{"orderedBy": []map[string]any{{"fieldApiName": "Nope", "isAscending": true}}}, "orderedBy[0]: no such field Nope")
		bad(map[string]any{"pinned": true}, "unrecognized property pinned")
		bad([]int{1}, "the body must be an object")

		got := admin.must(t, 200, "PATCH", path, map[string]any{"columnWidths": map[string]any{"Subject": 240},
			"columnWrap": map[string]any{"Subject": true}, "orderedBy": []map[string]any{{"fieldApiName": "Subject", "isAscending": false}}})
		order := got["orderedBy"].([]any)[0].(map[string]any)
		if got["columnWidths"].(map[string]any)["Subject"] != 240.0 || got["columnWrap"].(map[string]any)["Subject"] != true ||
			order["fieldApiName"] != "Subject" || order["isAscending"] != false || order["label"] != "Subject" {
			t.Fatalf("saved: %v", got)
		}
		// The info and the records follow the caller's preferences; the other user's are untouched.
		info := admin.must(t, 200, "GET", "list-info/Case/AllCases", nil)
		prefs := info["userPreferences"].(map[string]any)
		if prefs["columnWidths"].(map[string]any)["Subject"] != 240.0 || prefs["columnWidths"].(map[string]any)["CaseNumber"] != -1.0 ||
			prefs["columnWrap"].(map[string]any)["Subject"] != true || info["orderedByInfo"].([]any)[0].(map[string]any)["isAscending"] != false {
			t.Fatalf("info with preferences: %v", info)
		}
		recs := subjectsOf(admin.must(t, 200, "GET", "list-records/Case/AllCases", nil)["records"].([]any))
		for i := 1; i < len(recs); i++ {
			if recs[i-1].(string) < recs[i].(string) {
				t.Fatalf("records not by subject descending: %v", recs)
			}
		}
		theirs := support.must(t, 200, "GET", path, nil)
		if len(theirs["columnWidths"].(map[string]any)) != 0 {
			t.Fatalf("another user's preferences: %v", theirs)
		}
		if recent := admin.must(t, 200, "GET", "list-ui/Case?recentListsOnly=true", nil); !reflect.DeepEqual(apiNames(recent), []string{"AllCases"}) {
			t.Fatalf("recent lists: %v", apiNames(recent))
		}
	})
}

func str(v any) *string {
	s, _ := v.(string)
	return &s
}
