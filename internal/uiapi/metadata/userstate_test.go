package metadata_test

import (
	"context"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
)

func userStates(t *testing.T, s *apptest.Server) int {
	t.Helper()
	var n int
	if err := s.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM sf_layout_user_state`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func checkUserState(t *testing.T, s *apptest.Server) {
	admin, support := as(t, s, "admin@example.com"), as(t, s, "support@example.com")
	layout := admin.get("/layout/Case")
	first, second := apitest.Dig(layout, "sections", 0, "id").(string), apitest.Dig(layout, "sections", 1, "id").(string)

	// Every section of the layout, expanded, under the layout's id (defaults: Full, View).
	state := admin.get("/layout/Case/user-state")
	if state["id"] != layout["id"] || len(state["sectionUserStates"].(map[string]any)) != len(layout["sections"].([]any)) ||
		apitest.Dig(state, "sectionUserStates", first, "collapsed") != false || apitest.Dig(state, "sectionUserStates", first, "id") != first {
		t.Fatalf("state %v", state)
	}

	// Bad bodies are 400 and write nothing, not even the good part of a body.
	path := "/layout/Case/user-state?layoutType=Full&mode=View"
	none := map[string]string{`SELECT user_id, section_id, collapsed FROM sf_layout_user_state`: ""}
	var refusals []apitest.Scenario
	for name, body := range map[string]string{
		"no sectionUserStates": `{}`, "not an object": `[]`, "sectionUserStates a list": `{"sectionUserStates":[]}`,
		"a state that is no object":  `{"sectionUserStates":{"` + first + `":true}}`,
		"no collapsed":               `{"sectionUserStates":{"` + first + `":{}}}`,
		"collapsed not a boolean":    `{"sectionUserStates":{"` + first + `":{"collapsed":"yes"}}}`,
		"a section the layout lacks": `{"sectionUserStates":{"` + first + `":{"collapsed":true},"01B000000000000AAA":{"collapsed":true}}}`,
	} {
		refusals = append(refusals, apitest.Scenario{Name: name, As: apitest.User("admin@example.com"), Method: "PATCH",
			Path: ui + path, Body: body, WantStatus: 400, WantJSON: `[{"errorCode":"INVALID_INPUT"}]`,
			WantContains: "@wire(updateLayoutUserState) invalid configuration: ", RowsBefore: none, RowsAfter: none})
	}
	refusals = append(refusals, apitest.Scenario{Name: "a mode not served", As: apitest.User("admin@example.com"),
		Method: "PATCH", Path: ui + "/layout/Case/user-state?mode=Nope", Body: `{"sectionUserStates":{}}`, WantStatus: 400,
		WantJSON: `[{"errorCode":"INVALID_INPUT"}]`, WantContains: "Invalid mode: Nope", RowsBefore: none, RowsAfter: none})
	apitest.Run(t, s.Target, refusals)

	// A collapse is the caller's alone, for that mode only.
	body := `{"sectionUserStates":{"` + second + `":{"collapsed":true}}}`
	status, out, raw := admin.call("PATCH", path, body)
	if status != 200 || apitest.Dig(out, "sectionUserStates", second, "collapsed") != true || apitest.Dig(out, "sectionUserStates", first, "collapsed") != false {
		t.Fatalf("PATCH: %d %s", status, raw)
	}
	if apitest.Dig(admin.get("/layout/Case/user-state"), "sectionUserStates", second, "collapsed") != true ||
		apitest.Dig(admin.get("/layout/Case/user-state?mode=Edit"), "sectionUserStates", second, "collapsed") != false ||
		apitest.Dig(support.get("/layout/Case/user-state"), "sectionUserStates", second, "collapsed") != false {
		t.Fatal("the collapse leaked to another mode or user")
	}
	if n := userStates(t, s); n != 1 {
		t.Fatalf("%d states stored", n)
	}
	// Expanding again updates the one row.
	admin.call("PATCH", path, `{"sectionUserStates":{"`+second+`":{"collapsed":false}}}`)
	if n := userStates(t, s); n != 1 || apitest.Dig(admin.get("/layout/Case/user-state"), "sectionUserStates", second, "collapsed") != false {
		t.Fatalf("after expanding: %d rows", n)
	}
}
