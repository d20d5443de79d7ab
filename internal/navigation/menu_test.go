package navigation

import (
	"database/sql"
	"testing"
)

func TestBuildTree(t *testing.T) {
	cat := func(ok bool, nav bool) (sql.NullString, sql.NullString, sql.NullBool) {
		return sql.NullString{String: "c1", Valid: ok}, sql.NullString{String: "pens", Valid: ok}, sql.NullBool{Bool: nav, Valid: ok}
	}
	id, urlName, navig := cat(true, true)
	_, _, hidden := cat(true, false)
	rows := []row{
		{id: "1", label: "Home", kind: "InternalLink", target: "/"},
		{id: "2", label: "Pens", kind: "ProductCategory", target: "0ZG000000000001", categoryID: id, categoryURLName: urlName, categoryNavigational: navig},
		{id: "3", parent: "2", label: "Blog", kind: "ExternalLink", target: "https://example.com", prefs: "NewWindow"},
		{id: "4", label: "Gone", kind: "ProductCategory", target: "0ZG000000000009"},
		{id: "5", parent: "4", label: "Under gone", kind: "InternalLink", target: "/x"},
		{id: "6", label: "Hidden", kind: "ProductCategory", target: "0ZG000000000002", categoryID: id, categoryNavigational: hidden},
		{id: "7", label: "Heading", kind: "MenuLabel"},
		{id: "8", parent: "9", label: "Cycle a", kind: "InternalLink", target: "/a"},
		{id: "9", parent: "8", label: "Cycle b", kind: "InternalLink", target: "/b"},
	}
	items := withHome(buildTree(rows, Request{IncludeImageURLs: true}), false)
	if len(items) != 2 || items[0].Label != "Pens" || items[1].Label != "Heading" {
		t.Fatalf("top level: %+v", items)
	}
	if v := *items[0].ActionValue; v != "/category/pens/0ZG000000000001" {
		t.Fatalf("category link %q", v)
	}
	sub := items[0].SubMenu
	if len(sub) != 1 || sub[0].ActionType != ExternalLink || sub[0].Target != NewWindow || *sub[0].ActionValue != "https://example.com" {
		t.Fatalf("submenu: %+v", sub)
	}
	if items[1].ActionValue != nil || items[1].ActionType != InternalLink || items[1].SubMenu == nil {
		t.Fatalf("menu label: %+v", items[1])
	}
	skipped := buildTree(rows, Request{SkipTypes: map[string]bool{"SalesforceObject": true}})
	if len(skipped) != 2 || skipped[0].Label != "Home" {
		t.Fatalf("categories skipped: %+v", skipped)
	}
	if got := withHome([]Item{{Label: "A", ActionType: InternalLink}}, true); len(got) != 2 || got[0].Label != HomeLabel ||
		*got[0].ActionValue != "/" || got[0].SubMenu == nil {
		t.Fatalf("added home: %+v", got)
	}
}
