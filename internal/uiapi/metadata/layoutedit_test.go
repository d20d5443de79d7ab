package metadata_test

import (
	"context"
	"slices"
	"testing"

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
	admin, merch := as(t, s, "admin@example.com"), as(t, s, "merchandiser@example.com")
	edit := `{"sections":[{"heading":"Deal","columns":2,"useHeading":true,"layoutRows":[
		{"layoutItems":[{"layoutComponents":[{"apiName":"name","componentType":"Field"}]},
			{"layoutComponents":[{"apiName":null,"componentType":"EmptySpace"}]}]},
		{"layoutItems":[{"layoutComponents":[{"apiName":"StageName","componentType":"Field"}]}]}]},
		{"heading":"More","columns":1,"layoutRows":[{"layoutItems":[{"layoutComponents":[{"apiName":"Amount","componentType":"Field"}]}]}]}]}`

	// Only an administrator (Modify All Data) edits layouts; every refusal leaves the generated layout.
	merch.refused("PATCH", "/layout/Account", edit, 403, "INSUFFICIENT_ACCESS", "customize layouts")
	for _, c := range []struct{ body, code, message string }{
		{`{"sections":[]}`, "INVALID_INPUT", "at least one section"},
		{`{"sections":[{"columns":0,"layoutRows":[]}]}`, "INVALID_INPUT", "columns must be from 1 to 3"},
		{`{"sections":[{"columns":1,"layoutRows":[{"layoutItems":[{"layoutComponents":[]},{"layoutComponents":[]}]}]}]}`,
			"INVALID_INPUT", "a row has from 1 to 1 items"},
		{`{"sections":[{"columns":1,"layoutRows":[{"layoutItems":[{"layoutComponents":[{"apiName":"Nope","componentType":"Field"}]}]}]}]}`,
			"INVALID_FIELD", "No such field Nope on Opportunity."},
		{`{"sections":[{"columns":1,"layoutRows":[{"layoutItems":[{"layoutComponents":[{"apiName":"x","componentType":"Canvas"}]}]}]}]}`,
			"INVALID_INPUT", "Invalid componentType: Canvas"},
		{`{"sections":`, "JSON_PARSER_ERROR", "not valid JSON"},
	} {
		admin.refused("PATCH", "/layout/Opportunity", c.body, 400, c.code, c.message)
	}
	if n := storedLayouts(t, s, "Opportunity"); n != 0 {
		t.Fatalf("%d layouts stored after refusals", n)
	}

	// The stored layout wins over the generated one for its type, in every mode; labels and rights are still the
	// metadata's; the Compact layout is untouched.
	status, out, raw := admin.call("PATCH", "/layout/Opportunity", edit)
	if status != 200 || !slices.Equal(headings(out), []string{"Deal", "More"}) {
		t.Fatalf("PATCH: %d %s", status, raw)
	}
	if n := storedLayouts(t, s, "Opportunity"); n != 1 {
		t.Fatalf("%d layouts stored", n)
	}
	for _, mode := range []string{"View", "Edit"} {
		got := admin.get("/layout/Opportunity?mode=" + mode)
		if !slices.Equal(fieldNames(got), []string{"Name", "StageName", "Amount"}) || dig(itemOf(got, "Name"), "label") != "Opportunity Name" ||
			dig(got, "sections", 0, "layoutRows", 0, "layoutItems", 1, "layoutComponents", 0, "componentType") != "EmptySpace" {
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
