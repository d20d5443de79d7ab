package metadata_test

import (
	"context"
	"slices"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
)

// storedLayouts counts the administrator's layouts of an object in the database.
func storedLayouts(t *testing.T, s *apptest.Server, object string) int {
	t.Helper()
	var n int
	if err := s.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM sf_layout WHERE object_api_name = ?`,
		object).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func checkLayoutEdits(t *testing.T, s *apptest.Server) {
	admin := as(t, s, "admin@example.com")
	edit := `{"sections":[{"heading":"Deal","columns":2,"useHeading":true,"layoutRows":[
		{"layoutItems":[{"layoutComponents":[{"apiName":"name","componentType":"Field"}]},
			{"layoutComponents":[{"apiName":null,"componentType":"EmptySpace"}]}]},
		{"layoutItems":[{"layoutComponents":[{"apiName":"StageName","componentType":"Field"}]}]}]},
		{"heading":"More","columns":1,"layoutRows":[{"layoutItems":[{"layoutComponents":[{"apiName":"Amount","componentType":"Field"}]}]}]}]}`

	// Only an administrator (Modify All Data) edits layouts; every refusal leaves the generated layout (no row).
	stored := map[string]string{`SELECT object_api_name, layout_type, record_type_id FROM sf_layout ORDER BY 1`: ""}
	refusal := func(name, body, code, message string) apitest.Scenario {
		return apitest.Scenario{Name: name, As: apitest.User("admin@example.com"), Method: "PATCH",
			Path: ui + "/layout/Opportunity", Body: body, WantStatus: 400,
			WantJSON: `[{"errorCode":"` + code + `"}]`, WantContains: message, RowsBefore: stored, RowsAfter: stored}
	}
	field := func(apiName, componentType string) string {
		return `{"sections":[{"columns":1,"layoutRows":[{"layoutItems":[{"layoutComponents":[{"apiName":"` + apiName +
			`","componentType":"` + componentType + `"}]}]}]}]}`
	}
	apitest.Run(t, s.Target, []apitest.Scenario{
		{Name: "not an administrator", As: apitest.User("merchandiser@example.com"), Method: "PATCH",
			Path: ui + "/layout/Account", Body: edit, WantStatus: 403, RowsBefore: stored, RowsAfter: stored,
			WantJSON: `[{"errorCode":"INSUFFICIENT_ACCESS","message":"You do not have the permission to customize layouts."}]`},
		refusal("no section", `{"sections":[]}`, "INVALID_INPUT", "A layout needs at least one section."),
		refusal("no columns", `{"sections":[{"columns":0,"layoutRows":[]}]}`, "INVALID_INPUT", "Section 1: columns must be from 1 to 3."),
		refusal("a row wider than its section", `{"sections":[{"columns":1,"layoutRows":[{"layoutItems":[{"layoutComponents":[]},{"layoutComponents":[]}]}]}]}`,
			"INVALID_INPUT", "Section 1, row 1: a row has from 1 to 1 items."),
		refusal("an unknown field", field("Nope", "Field"), "INVALID_FIELD", "No such field Nope on Opportunity."),
		refusal("a component not served", field("x", "Canvas"), "INVALID_INPUT", "Invalid componentType: Canvas. Specify Field or EmptySpace."),
		refusal("a field without a name", `{"sections":[{"columns":1,"layoutRows":[{"layoutItems":[{"layoutComponents":[{"componentType":"Field"}]}]}]}]}`,
			"INVALID_INPUT", "A Field component needs an apiName."),
		refusal("not JSON", `{"sections":`, "JSON_PARSER_ERROR", "not valid JSON"),
		{Name: "a layout type not served", As: apitest.User("admin@example.com"), Method: "PATCH",
			Path: ui + "/layout/Opportunity?layoutType=Search", Body: edit, WantStatus: 400, RowsBefore: stored, RowsAfter: stored,
			WantJSON: `[{"errorCode":"INVALID_INPUT"}]`, WantContains: "Invalid layoutType: Search"},
		{Name: "an administrator", As: apitest.User("admin@example.com"), Method: "PATCH", Path: ui + "/layout/Opportunity",
			Body: edit, WantStatus: 200, WantJSON: `{"objectApiName":"Opportunity","layoutType":"Full","sections":[{"heading":"Deal"},{"heading":"More"}]}`,
			RowsBefore: stored, RowsAfter: map[string]string{`SELECT object_api_name, layout_type, record_type_id FROM sf_layout ORDER BY 1`: "Opportunity|Full|" + master}},
	})

	// The stored layout wins over the generated one for its type, in every mode; labels and rights are still the
	// metadata's; the Compact layout is untouched.
	for _, mode := range []string{"View", "Edit"} {
		got := admin.get("/layout/Opportunity?mode=" + mode)
		if !slices.Equal(fieldNames(got), []string{"Name", "StageName", "Amount"}) || apitest.Dig(itemOf(got, "Name"), "label") != "Opportunity Name" ||
			apitest.Dig(got, "sections", 0, "layoutRows", 0, "layoutItems", 1, "layoutComponents", 0, "componentType") != "EmptySpace" {
			t.Fatalf("%s after the edit: %v", mode, fieldNames(got))
		}
	}
	if got := fieldNames(admin.get("/layout/Opportunity?layoutType=Compact")); got[0] != "Name" || len(got) < 3 {
		t.Fatalf("compact changed: %v", got)
	}

	// DELETE goes back to the generated layout.
	if status, _, raw := admin.call("DELETE", "/layout/Opportunity", ""); status != 204 {
		t.Fatalf("DELETE: %d %s", status, raw)
	}
	if n := storedLayouts(t, s, "Opportunity"); n != 0 || !slices.Contains(headings(admin.get("/layout/Opportunity")), "Opportunity Information") {
		t.Fatalf("after DELETE: %d stored", n)
	}
}
