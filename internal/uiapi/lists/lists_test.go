package lists_test

import (
	"net/url"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
)

// TestLists walks the list calls on the demo store as an administrator, a support agent (cases yes, opportunities
// no) and a guest, on each database.
func TestLists(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin, support, guest := newClient(t, s, "admin@example.com"), newClient(t, s, "support@example.com"), newClient(t, s, "")
		var caseIDs []string
		for _, c := range []map[string]any{
			{"Subject": "Alpha broken", "Status": "New", "Priority": "High"},
			{"Subject": "Beta question", "Status": "Working", "Priority": "Low"},
			{"Subject": "Gamma done", "Status": "Closed", "Priority": "High"},
		} {
			rec := admin.must(t, 201, "POST", "records", map[string]any{"apiName": "Case", "fields": c})
			caseIDs = append(caseIDs, rec["id"].(string))
		}

		t.Run("summaries", func(t *testing.T) {
			got := admin.must(t, 200, "GET", "list-ui/Case", nil)
			sameShape(t, "summaries", got, example(t, "list-ui-Opportunity.json"))
			want := []string{"AllCases", "AllOpenCases", "MyCases", "MyOpenCases", "__Recent"}
			if names := apiNames(got); !reflect.DeepEqual(names, want) {
				t.Fatalf("views %v, want %v", names, want)
			}
			if got["pageSize"] != 20.0 || got["count"] != 5.0 || got["nextPageToken"] != nil {
				t.Fatalf("page: %v", got)
			}
			page := admin.must(t, 200, "GET", "list-info/Case?pageSize=2&q=cases", nil)
			if page["count"] != 2.0 || page["nextPageToken"] == nil || page["queryString"] != "cases" {
				t.Fatalf("first page of 2: %v", page)
			}
			next := admin.must(t, 200, "GET", "list-info/Case?pageSize=2&q=cases&pageToken="+page["nextPageToken"].(string), nil)
			if next["count"] != 2.0 || next["previousPageToken"] != "0" || next["nextPageToken"] != nil {
				t.Fatalf("second page: %v", next)
			}
			admin.fails(t, 400, "INVALID_INPUT", "pageSize must be", "GET", "list-ui/Case?pageSize=0", nil)
			admin.fails(t, 400, "INVALID_INPUT", "recentListsOnly must be", "GET", "list-ui/Case?recentListsOnly=maybe", nil)
		})

		t.Run("records", func(t *testing.T) {
			ours := url.QueryEscape("Id IN ('" + strings.Join(caseIDs, "','") + "')")
			got := admin.must(t, 200, "GET", "list-records/Case/AllOpenCases?fields=Case.Subject&sortBy=-Subject&where="+ours, nil)
			recs := got["records"].([]any)
			if subjects := subjectsOf(recs); !reflect.DeepEqual(subjects, []any{"Beta question", "Alpha broken"}) {
				t.Fatalf("open cases by subject descending: %v", subjects)
			}
			if got["pageSize"] != 50.0 || got["sortBy"] != "-Subject" || got["count"] != 2.0 {
				t.Fatalf("collection: %v", got)
			}
			ui := example(t, "mru-list-ui-Lead-pageSize-1.json")
			sameShape(t, "records", got, ui["records"].(map[string]any))
			// A page of one, then the next by its token.
			first := admin.must(t, 200, "GET", "list-records/Case/AllCases?pageSize=1&sortBy=Subject", nil)
			if recordField(first["records"].([]any)[0], "CaseNumber") == nil || first["nextPageToken"] == nil {
				t.Fatalf("first page: %v", first)
			}
			second := admin.must(t, 200, "GET", "list-records/Case/AllCases?pageSize=1&sortBy=Subject&pageToken="+first["nextPageToken"].(string), nil)
			if id := second["records"].([]any)[0].(map[string]any)["id"]; second["previousPageToken"] != "0" || id == first["records"].([]any)[0].(map[string]any)["id"] {
				t.Fatalf("second page: %v", second)
			}
			// POST: search term and where narrow the view; both go through the engine's filters.
			post := admin.must(t, 200, "POST", "list-records/Case/AllCases", map[string]any{"searchTerm": "gamma", "fields": []string{"Case.Subject"}})
			if subjects := subjectsOf(post["records"].([]any)); !reflect.DeepEqual(subjects, []any{"Gamma done"}) {
				t.Fatalf("searchTerm gamma: %v", subjects)
			}
			post = admin.must(t, 200, "POST", "list-records/Case/AllCases", map[string]any{"where": "Priority = 'High' AND Status != 'Closed' AND Subject LIKE 'Alpha%'", "sortBy": "Subject"})
			if recs := post["records"].([]any); len(recs) != 1 || recs[0].(map[string]any)["id"] != caseIDs[0] {
				t.Fatalf("where: %v", subjectsOf(recs))
			}
			admin.fails(t, 400, "INVALID_FIELD", "where:", "POST", "list-records/Case/AllCases", map[string]any{"where": "Nope = 1"})
			admin.fails(t, 400, "MALFORMED_QUERY", "where:", "POST", "list-records/Case/AllCases", map[string]any{"where": "Subject = 'x' LIMIT 1"})
			if empty := admin.must(t, 200, "POST", "list-records/Case/AllCases", nil); empty["pageSize"] != 50.0 {
				t.Fatalf("POST without a body: %v", empty["pageSize"])
			}
			admin.fails(t, 400, "JSON_PARSER_ERROR", "The request body is not valid JSON", "POST", "list-records/Case/AllCases", "{")
			admin.fails(t, 400, "INVALID_INPUT", "pageSize must be a whole number", "POST", "list-records/Case/AllCases", map[string]any{"pageSize": 1.5})
			admin.fails(t, 400, "INVALID_INPUT", "fields must be a list of strings", "POST", "list-records/Case/AllCases", map[string]any{"fields": "Subject"})
			admin.fails(t, 400, "INVALID_INPUT", "Unrecognized field", "POST", "list-records/Case/AllCases", map[string]any{"colour": "red"})
			admin.fails(t, 400, "INVALID_FIELD", "No such column 'Nope'", "GET", "list-records/Case/AllCases?fields=Case.Nope", nil)
			admin.fails(t, 400, "INVALID_FIELD", "No such column 'Nope'", "GET", "list-records/Case/AllCases?sortBy=Nope", nil)
			admin.fails(t, 400, "INVALID_INPUT", "Invalid pageToken", "GET", "list-records/Case/AllCases?pageToken=zz", nil)
			// Relationship columns come as nested records, read once per relationship.
			rel := admin.must(t, 200, "GET", "list-records/Case/AllCases?fields=Case.Owner.Name&pageSize=1", nil)
			owner := rel["records"].([]any)[0].(map[string]any)["fields"].(map[string]any)["Owner"].(map[string]any)
			if owner["displayValue"] != "Ada Admin" || recordField(owner["value"], "Name") != "Ada Admin" {
				t.Fatalf("owner: %v", owner)
			}
		})

		t.Run("list-ui and info", func(t *testing.T) {
			got := admin.must(t, 200, "GET", "list-ui/Case/AllCases?pageSize=2", nil)
			ui := example(t, "mru-list-ui-Lead-pageSize-1.json")
			sameShape(t, "list-ui", got, ui)
			info := got["info"].(map[string]any)
			sameShape(t, "info", info, example(t, "list-info-AllAccounts.json"))
			ref := info["listReference"].(map[string]any)
			if ref["type"] != "listView" || ref["listViewApiName"] != "AllCases" || info["updateable"] != false {
				t.Fatalf("info: %v", info)
			}
			byID := admin.must(t, 200, "GET", "list-ui/"+ref["id"].(string), nil)
			if byID["info"].(map[string]any)["eTag"] != info["eTag"] {
				t.Fatalf("list-ui by id: %v", byID["info"])
			}
			byName := admin.must(t, 200, "GET", "list-records/Case/AllCases", nil)
			if rec := admin.must(t, 200, "GET", "list-records/"+ref["id"].(string), nil); rec["count"] != byName["count"] || rec["listInfoETag"] != info["eTag"] {
				t.Fatalf("list-records by id: count %v, by name %v", rec["count"], byName["count"])
			}
			if one := admin.must(t, 200, "GET", "list-info/"+ref["id"].(string), nil); one["eTag"] != info["eTag"] {
				t.Fatalf("list-info by id: %v", one)
			}
			admin.fails(t, 400, "INVALID_INPUT", "unrecognized config", "GET", "list-records/notAnId", nil)
			admin.fails(t, 404, "NOT_FOUND", "The requested resource does not exist", "GET", "list-records/00B000000000001", nil)
			admin.fails(t, 404, "NOT_FOUND", "The requested resource does not exist", "GET", "list-info/Case/NoSuchView", nil)
			admin.fails(t, 404, "NOT_FOUND", "The requested resource does not exist", "GET", "list-info/NoSuchObject/AllCases", nil)
		})

		t.Run("mru", func(t *testing.T) {
			// The admin views Gamma: it leads their recent list (the cases they created follow, last changed first;
			// two made in the same millisecond would tie on that).
			admin.must(t, 200, "GET", "records/"+caseIDs[2]+"?fields=Case.Subject&updateMru=true", nil)
			info := admin.must(t, 200, "GET", "mru-list-info/Case", nil)
			recs := admin.must(t, 200, "GET", "mru-list-records/Case", nil)
			if recs["listInfoETag"] != info["eTag"] || recordField(recs["records"].([]any)[0], "Subject") != "Gamma done" {
				t.Fatalf("mru records: eTag %v (info eTag %v), %v", recs["listInfoETag"], info["eTag"], subjectsOf(recs["records"].([]any)))
			}
			ref := recs["listReference"].(map[string]any)
			if ref["type"] != "mru" || ref["id"] != nil || ref["listViewApiName"] != nil {
				t.Fatalf("mru reference: %v", ref)
			}
			ui := admin.must(t, 200, "GET", "mru-list-ui/Case?pageSize=1", nil)
			sameShape(t, "mru-list-ui", ui, example(t, "mru-list-ui-Lead-pageSize-1.json"))
			if !strings.Contains(ui["records"].(map[string]any)["nextPageUrl"].(string), "/mru-list-records/Case?") {
				t.Fatalf("mru next page: %v", ui["records"])
			}
			// The support agent changed none of them: their recent list is empty.
			if other := support.must(t, 200, "GET", "mru-list-records/Case", nil); other["count"] != 0.0 {
				t.Fatalf("another user's recent list: %v", other)
			}
			// Opening a record with updateMru=true puts it on the opener's recent list, and only theirs.
			support.must(t, 200, "GET", "records/"+caseIDs[1]+"?fields=Case.Subject&updateMru=true", nil)
			if mine := support.must(t, 200, "GET", "mru-list-records/Case", nil); mine["count"] != 1.0 ||
				mine["records"].([]any)[0].(map[string]any)["id"] != caseIDs[1] {
				t.Fatalf("the support agent's recent list after a view: %v", mine)
			}
			// Views order the list, newest first, whatever was changed last.
			support.must(t, 200, "GET", "records/"+caseIDs[0]+"?fields=Case.Subject&updateMru=true", nil)
			support.must(t, 200, "GET", "records/"+caseIDs[2]+"?fields=Case.Subject&updateMru=true", nil)
			support.must(t, 200, "GET", "records/"+caseIDs[1]+"?fields=Case.Subject&updateMru=true", nil)
			mine := support.must(t, 200, "GET", "mru-list-records/Case", nil)
			var order []any
			for _, r := range mine["records"].([]any) {
				order = append(order, r.(map[string]any)["id"])
			}
			if want := []any{caseIDs[1], caseIDs[2], caseIDs[0]}; !slices.Equal(order, want) {
				t.Fatalf("recent cases in view order: %v, want %v", order, want)
			}
		})

		t.Run("access", func(t *testing.T) {
			guest.must(t, 401, "GET", "list-ui/Case", nil)
			support.fails(t, 404, "NOT_FOUND", "The requested resource does not exist", "GET", "list-ui/Opportunity", nil)
			support.fails(t, 404, "NOT_FOUND", "The requested resource does not exist", "GET", "list-records/Opportunity/AllOpportunities", nil)
			support.fails(t, 404, "NOT_FOUND", "The requested resource does not exist", "GET", "list-object-info/Opportunity", nil)
			admin.must(t, 405, "PUT", "list-info/Case/AllCases", map[string]any{})
			// A field hidden from the support agent is no column of theirs and cannot be asked for.
			if cols := columnNames(support.must(t, 200, "GET", "list-object-info/Account", nil)); cols["AnnualRevenue"] || !cols["Name"] {
				t.Fatalf("support's account columns: %v", cols)
			}
			if cols := columnNames(admin.must(t, 200, "GET", "list-object-info/Account", nil)); !cols["AnnualRevenue"] {
				t.Fatalf("admin's account columns: %v", cols)
			}
			support.fails(t, 400, "INVALID_FIELD", "No such column", "GET", "list-records/Account/AllAccounts?fields=Account.AnnualRevenue", nil)
			// Scope mine: the support agent owns none of the cases they see.
			if all, mine := support.must(t, 200, "GET", "list-records/Case/AllCases", nil), support.must(t, 200, "GET", "list-records/Case/MyCases", nil); all["count"] == 0.0 || mine["count"] != 0.0 {
				t.Fatalf("support's cases: all %v, mine %v", all["count"], mine["count"])
			}
		})

		t.Run("list-object-info", func(t *testing.T) {
			got := admin.must(t, 200, "GET", "list-object-info/Case", nil)
			keys := func(m map[string]any) []string {
				var out []string
				for k := range m {
					out = append(out, k)
				}
				sort.Strings(out)
				return out
			}
			if k := keys(got); !reflect.DeepEqual(k, []string{"availableScopes", "columns", "createable", "objectApiName", "publicOrSharedCreateable", "relatedEntityApiName"}) {
				t.Fatalf("list-object-info keys: %v", k)
			}
			var status map[string]any
			for _, c := range got["columns"].([]any) {
				if c.(map[string]any)["fieldApiName"] == "Status" {
					status = c.(map[string]any)
				}
			}
			want := []string{"alias", "dataType", "defaultFilterOperator", "displayable", "fieldApiName", "filterable", "label",
				"picklistValues", "quickFilterOperator", "quickFilterOverrides", "quickFilterable", "sortable", "supportedFilterOperators"}
			if status == nil || !reflect.DeepEqual(keys(status), want) || status["dataType"] != "Picklist" || len(status["picklistValues"].([]any)) != 4 {
				t.Fatalf("Status column: %v", status)
			}
			var scopes []any
			for _, sc := range got["availableScopes"].([]any) {
				scopes = append(scopes, sc.(map[string]any)["apiName"])
			}
			if !reflect.DeepEqual(scopes, []any{"everything", "mine", "team"}) {
				t.Fatalf("scopes: %v", scopes)
			}
		})
	})
}

func columnNames(m map[string]any) map[string]bool {
	out := map[string]bool{}
	for _, c := range m["columns"].([]any) {
		out[c.(map[string]any)["fieldApiName"].(string)] = true
	}
	return out
}

func subjectsOf(recs []any) []any {
	out := []any{}
	for _, r := range recs {
		out = append(out, recordField(r, "Subject"))
	}
	return out
}
