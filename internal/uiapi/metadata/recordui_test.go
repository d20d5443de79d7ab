package metadata_test

import (
	"slices"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
	"storefront/internal/demo"
	"storefront/internal/records"
	"storefront/internal/uiapi/metadata"
)

func checkRecordUI(t *testing.T, s *apptest.Server) {
	admin, merch := as(t, s, "admin@example.com"), as(t, s, "merchandiser@example.com")
	case1, case2 := records.StableID("500", 1), records.StableID("500", 2)
	account := demo.BuyerAccountID

	// Two cases (one by its 15-character id) and an account: each object's layouts by record type, layout type and
	// mode, its object info, each record with its layouts' fields, the caller's state of each of the 4 layouts.
	ui := admin.get("/record-ui/" + case1[:15] + "," + case2 + "," + account + "?layoutTypes=Full,Compact&modes=View&optionalFields=Case.Origin,Case.Nope")
	if !slices.Equal(keys(ui), []string{"eTag", "layoutUserStates", "layouts", "objectInfos", "records"}) {
		t.Fatalf("record-ui keys %v", keys(ui))
	}
	if !slices.Equal(keys(ui["records"]), []string{account, case1, case2}) || !slices.Equal(keys(ui["objectInfos"]), []string{"Account", "Case"}) {
		t.Fatalf("records %v, object infos %v", keys(ui["records"]), keys(ui["objectInfos"]))
	}
	full := apitest.Dig(ui, "layouts", "Case", master, "Full", "View")
	if full == nil || apitest.Dig(ui, "layouts", "Case", master, "Compact", "View") == nil || apitest.Dig(ui, "layouts", "Account", master, "Full", "View") == nil {
		t.Fatalf("layouts %v", keys(apitest.Dig(ui, "layouts", "Case", master)))
	}
	if !slices.Equal(keys(full), keys(admin.get("/layout/Case"))) || apitest.Dig(full, "id") != apitest.Dig(admin.get("/layout/Case"), "id") {
		t.Fatal("record-ui's layout is not GET layout's")
	}
	if apitest.Dig(ui, "layoutUserStates", apitest.Dig(full, "id").(string), "id") != apitest.Dig(full, "id") || len(keys(ui["layoutUserStates"])) != 4 {
		t.Fatalf("layout user states %v", keys(ui["layoutUserStates"]))
	}
	rec := apitest.Dig(ui, "records", case1)
	if !slices.Equal(keys(rec), []string{"apiName", "childRelationships", "eTag", "fields", "id", "lastModifiedById",
		"lastModifiedDate", "recordTypeId", "recordTypeInfo", "systemModstamp", "weakEtag"}) || apitest.Dig(rec, "apiName") != "Case" {
		t.Fatalf("record %v", rec)
	}
	for _, name := range append(fieldNames(full), "Origin") {
		if f := apitest.Dig(rec, "fields", name); f == nil || !slices.Equal(keys(f), []string{"displayValue", "value"}) {
			t.Errorf("record field %s: %v", name, f)
		}
	}
	if apitest.Dig(rec, "fields", "Subject", "value") != "Damaged cartons in last delivery" || apitest.Dig(rec, "fields", "Nope") != nil {
		t.Fatalf("record fields %v", keys(apitest.Dig(rec, "fields")))
	}
	// A lookup of the layout brings the name of the record it points at, so a page shows the account, not its id.
	if apitest.Dig(rec, "fields", "Account", "displayValue") == nil ||
		apitest.Dig(rec, "fields", "Account", "displayValue") != apitest.Dig(rec, "fields", "Account", "value", "fields", "Name", "value") ||
		apitest.Dig(rec, "fields", "Account", "value", "id") != apitest.Dig(rec, "fields", "AccountId", "value") {
		t.Fatalf("the case's Account: %v", apitest.Dig(rec, "fields", "Account"))
	}

	// Field-level security holds in the records: the merchandiser's account has no AnnualRevenue.
	mine := merch.get("/record-ui/" + account + "?layoutTypes=Full&modes=View,Edit")
	if apitest.Dig(mine, "records", account, "fields", "AnnualRevenue") != nil || apitest.Dig(mine, "records", account, "fields", "Name") == nil ||
		apitest.Dig(mine, "layouts", "Account", master, "Full", "Edit") == nil {
		t.Fatalf("merchandiser's account: %v", keys(apitest.Dig(mine, "records", account, "fields")))
	}

	// A record that is unknown, malformed or out of sight makes the answer NOT_FOUND; the parameters are checked.
	admin.refused("GET", "/record-ui/"+case1+",500000000000000AAA?layoutTypes=Full", "", 404, "NOT_FOUND", "does not exist")
	admin.refused("GET", "/record-ui/nope?layoutTypes=Full", "", 404, "NOT_FOUND", "does not exist")
	merch.refused("GET", "/record-ui/"+case1+"?layoutTypes=Full", "", 404, "NOT_FOUND", "does not exist")
	admin.refused("GET", "/record-ui/"+case1, "", 400, "INVALID_INPUT", "Specify layoutTypes")
	admin.refused("GET", "/record-ui/"+case1+"?layoutTypes=Search", "", 400, "INVALID_INPUT", "Invalid layoutTypes: Search")
	admin.refused("GET", "/record-ui/"+case1+"?layoutTypes=Full&modes=Clone", "", 400, "INVALID_INPUT", "Invalid modes: Clone")
	admin.refused("GET", "/record-ui/"+case1+"?layoutTypes=Full&formFactor=Large", "", 400, "INVALID_INPUT", "formFactor")
	admin.refused("GET", "/record-ui/"+case1+"?layoutTypes=Full&childRelationships=Case.Comments", "", 400, "INVALID_INPUT", "childRelationships")
	admin.refused("GET", "/record-ui/,?layoutTypes=Full", "", 400, "INVALID_INPUT", "Specify at least one record ID.")
	many := strings.Repeat(case1+",", metadata.MaxRecordUIIDs) + case2
	admin.refused("GET", "/record-ui/"+many+"?layoutTypes=Full", "", 400, "INVALID_INPUT", "Specify at most 200 record IDs.")
}
