package metadata_test

import (
	"slices"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
)

func checkLayouts(t *testing.T, s *apptest.Server) {
	admin, merch := as(t, s, "admin@example.com"), as(t, s, "merchandiser@example.com")

	// Full, View (the defaults): sections with headings and rows of items.
	full := admin.get("/layout/Opportunity")
	if full["layoutType"] != "Full" || full["mode"] != "View" || full["recordTypeId"] != master ||
		full["objectApiName"] != "Opportunity" || len(full["id"].(string)) != 18 || full["id"].(string)[:3] != "00h" {
		t.Fatalf("layout head: %v", full)
	}
	if got := headings(full); !slices.Equal(got, []string{"Opportunity Information", "System Information", "Description Information"}) {
		t.Fatalf("sections %v", got)
	}
	name, account := itemOf(full, "Name"), itemOf(full, "AccountId")
	if apitest.Dig(name, "label") != "Opportunity Name" || apitest.Dig(name, "lookupIdApiName") != "Id" || apitest.Dig(name, "required") != true ||
		apitest.Dig(name, "editableForNew") != true || apitest.Dig(name, "layoutComponents", 0, "componentType") != "Field" {
		t.Fatalf("Name item %v", name)
	}
	if apitest.Dig(account, "label") != "Account Name" || apitest.Dig(account, "lookupIdApiName") != "AccountId" ||
		apitest.Dig(account, "layoutComponents", 0, "label") != "Account ID" {
		t.Fatalf("AccountId item %v", account)
	}
	created := itemOf(full, "CreatedById")
	if apitest.Dig(created, "label") != "Created By" || apitest.Dig(created, "editableForUpdate") != false ||
		apitest.Dig(created, "layoutComponents", 1, "apiName") != "CreatedDate" {
		t.Fatalf("Created By item %v", created)
	}
	if apitest.Dig(full, "sections", 0, "rows") != jsonNumber(len(apitest.Dig(full, "sections", 0, "layoutRows").([]any))) {
		t.Fatal("rows does not count layoutRows")
	}

	// Create has no system information; an address is one item of its components; Compact is the name and the
	// highlights, in one section.
	if got := headings(admin.get("/layout/Opportunity?mode=Create")); slices.Contains(got, "System Information") {
		t.Fatalf("Create sections %v", got)
	}
	billing := itemOf(admin.get("/layout/Account"), "BillingStreet")
	if apitest.Dig(billing, "label") != "Billing Address" || len(apitest.Dig(billing, "layoutComponents").([]any)) != 5 {
		t.Fatalf("address item %v", billing)
	}
	compact := admin.get("/layout/Opportunity?layoutType=Compact&formFactor=Small")
	if got := fieldNames(compact); !slices.Equal(got, []string{"Name", "StageName", "Amount", "CloseDate", "AccountId", "OwnerId"}) ||
		compact["layoutType"] != "Compact" {
		t.Fatalf("compact fields %v", got)
	}

	// Field-level security: the merchandiser may not read Account.AnnualRevenue nor update AccountNumber.
	mine := merch.get("/layout/Account?mode=Edit")
	if slices.Contains(fieldNames(mine), "AnnualRevenue") || !slices.Contains(fieldNames(admin.get("/layout/Account")), "AnnualRevenue") {
		t.Fatal("AnnualRevenue shown to the merchandiser, or not to the admin")
	}
	if number := itemOf(mine, "AccountNumber"); apitest.Dig(number, "editableForUpdate") != false || apitest.Dig(number, "editableForNew") != false {
		t.Fatalf("AccountNumber for the merchandiser: %v", number)
	}
	if phone := itemOf(mine, "Phone"); apitest.Dig(phone, "editableForUpdate") != true {
		t.Fatalf("Phone for the merchandiser: %v", phone)
	}

	// Bad parameters are 400 with the allowed values; unknown objects and record types NOT_FOUND.
	admin.refused("GET", "/layout/Opportunity?layoutType=Mdp", "", 400, "INVALID_INPUT", "Invalid layoutType: Mdp. Specify one of Full, Compact.")
	admin.refused("GET", "/layout/Opportunity?mode=Clone", "", 400, "INVALID_INPUT", "Invalid mode: Clone. Specify one of View, Edit, Create.")
	admin.refused("GET", "/layout/Opportunity?formFactor=Huge", "", 400, "INVALID_INPUT", "Invalid formFactor: Huge.")
	admin.refused("GET", "/layout/Opportunity?recordTypeId=012000000000001AAA", "", 404, "NOT_FOUND", "does not exist")
	admin.refused("GET", "/layout/Nope__c", "", 404, "NOT_FOUND", "does not exist")
	merch.refused("GET", "/layout/Lead", "", 404, "NOT_FOUND", "does not exist")
	if status, _, _ := admin.call("PUT", "/layout/Opportunity", "{}"); status != 405 {
		t.Fatalf("PUT layout: %d, want 405", status)
	}
}

// headings are a layout's section headings in order.
func headings(layout any) []string {
	var out []string
	for _, s := range apitest.Dig(layout, "sections").([]any) {
		h, _ := apitest.Dig(s, "heading").(string)
		out = append(out, h)
	}
	return out
}

// eachItem calls fn with every item of a layout.
func eachItem(layout any, fn func(item any)) {
	for _, s := range apitest.Dig(layout, "sections").([]any) {
		for _, row := range apitest.Dig(s, "layoutRows").([]any) {
			for _, item := range apitest.Dig(row, "layoutItems").([]any) {
				fn(item)
			}
		}
	}
}

// itemOf is the item whose first component is the field, or nil.
func itemOf(layout any, field string) any {
	var found any
	eachItem(layout, func(item any) {
		if apitest.Dig(item, "layoutComponents", 0, "apiName") == field {
			found = item
		}
	})
	return found
}

// fieldNames are the fields of a layout's components in order.
func fieldNames(layout any) []string {
	var out []string
	eachItem(layout, func(item any) {
		for _, c := range apitest.Dig(item, "layoutComponents").([]any) {
			if name, ok := apitest.Dig(c, "apiName").(string); ok {
				out = append(out, name)
			}
		}
	})
	return out
}
