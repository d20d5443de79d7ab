package relatedlists_test

import (
	"slices"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
)

// listIDs are the relatedListIds of a summary collection.
func listIDs(summaries map[string]any) []string {
	var out []string
	lists, _ := summaries["relatedLists"].([]any)
	for _, l := range lists {
		id, _ := apitest.Dig(l, "relatedListId").(string)
		out = append(out, id)
	}
	return out
}

// columns are the fieldApiNames of an info's display columns.
func columns(info map[string]any) []string {
	var out []string
	cols, _ := info["displayColumns"].([]any)
	for _, c := range cols {
		name, _ := apitest.Dig(c, "fieldApiName").(string)
		out = append(out, name)
	}
	return out
}

func TestInfo(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		f := newFixture(t, s)

		// Summaries: every child relationship the caller sees.
		sum := f.admin.call("GET", "related-list-info/Account", "", 200)
		ids := listIDs(sum)
		for _, want := range []string{"Contacts", "Cases", "Opportunities", "Orders", "ChildAccounts"} {
			if !slices.Contains(ids, want) {
				t.Errorf("admin's summaries lack %s: %v", want, ids)
			}
		}
		if sum["parentObjectApiName"] != "Account" || sum["parentRecordTypeId"] != "012000000000000AAA" {
			t.Errorf("summaries: %v", sum)
		}
		for _, l := range sum["relatedLists"].([]any) {
			if apitest.Dig(l, "relatedListId") == "Contacts" && (apitest.Dig(l, "objectApiName") != "Contact" || apitest.Dig(l, "fieldApiName") != "AccountId" ||
				apitest.Dig(l, "keyPrefix") != "003" || apitest.Dig(l, "entityPluralLabel") != "Contacts" || apitest.Dig(l, "parentFieldApiName") != "Id" ||
				apitest.Dig(l, "relatedListInfoUrl") != "/services/data/v64.0/ui-api/related-list-info/Account/Contacts") {
				t.Errorf("Contacts summary: %v", l)
			}
		}
		// The support agent may not read opportunities: no such related list for them.
		if ids := listIDs(f.support.call("GET", "related-list-info/Account", "", 200)); slices.Contains(ids, "Opportunities") || !slices.Contains(ids, "Cases") {
			t.Errorf("support's summaries: %v", ids)
		}
		f.admin.refused("GET", "related-list-info/NoSuchObject__c", "", 404, "NOT_FOUND", "")
		f.admin.refused("GET", "related-list-info/Account?recordTypeId=nope", "", 400, "INVALID_INPUT", "")

		// One list's info: the name first (linked by Id), then a few fields; the parent reference is left out.
		info := f.admin.call("GET", "related-list-info/Account/Contacts", "", 200)
		cols := columns(info)
		if len(cols) < 2 || cols[0] != "Name" || apitest.Dig(info, "displayColumns", 0, "lookupId") != "Id" || slices.Contains(cols, "AccountId") ||
			info["fieldApiName"] != "AccountId" || info["label"] != "Contacts" || apitest.Dig(info, "objectApiNames", 0) != "Contact" ||
			info["createable"] != true || info["updateable"] != true || info["deletable"] != true || info["visibility"] != "Public" ||
			apitest.Dig(info, "orderedByInfo", 0, "fieldApiName") != "Name" || apitest.Dig(info, "orderedByInfo", 0, "isAscending") != true ||
			apitest.Dig(info, "userPreferences", "columnWidths", "Name") != -1.0 || apitest.Dig(info, "userPreferences", "columnWrap", "Name") != false ||
			apitest.Dig(info, "listReference", "inContextOfRecordId") != nil {
			t.Errorf("Contacts info: %v", info)
		}
		// fields add columns (through references too); an unknown one is refused, an unknown optional one skipped;
		// restrictColumnsToLayout keeps the list's own.
		more := f.admin.call("GET", "related-list-info/Account/contacts?fields=Contact.Account.Name,Email&optionalFields=Contact.Nope__c", "", 200)
		mc := columns(more)
		if !slices.Contains(mc, "Account.Name") || !slices.Contains(mc, "Email") || slices.Contains(mc, "Nope__c") ||
			!slices.Contains(more["objectApiNames"].([]any), "Account") {
			t.Errorf("info with fields: %v", more)
		}
		for _, c := range more["displayColumns"].([]any) {
			if apitest.Dig(c, "fieldApiName") == "Account.Name" && (apitest.Dig(c, "lookupId") != "AccountId" || apitest.Dig(c, "label") != "Account") {
				t.Errorf("Account.Name column: %v", c)
			}
		}
		restricted := f.admin.call("GET", "related-list-info/Account/Contacts?fields=Contact.Email&restrictColumnsToLayout=true", "", 200)
		if !slices.Equal(columns(restricted), cols) {
			t.Errorf("restricted columns %v, want %v", columns(restricted), cols)
		}
		f.admin.refused("GET", "related-list-info/Account/Contacts?fields=Contact.Nope__c", "", 400, "INVALID_FIELD", "")
		f.admin.refused("GET", "related-list-info/Account/Contacts?restrictColumnsToLayout=maybe", "", 400, "INVALID_INPUT", "")
		f.admin.refused("GET", "related-list-info/Account/Nope", "", 404, "NOT_FOUND", "The related list 'Nope' does not exist")
		f.support.refused("GET", "related-list-info/Account/Opportunities", "", 404, "NOT_FOUND", "")
		// What the caller may do with the records is what the engine allows: orders are read-only for support.
		orders := f.support.call("GET", "related-list-info/Account/Orders", "", 200)
		if orders["createable"] != false || orders["updateable"] != false || orders["deletable"] != false {
			t.Errorf("support's Orders info: %v", orders)
		}
		// Field security: a field the caller may not read is no column for them.
		f.support.refused("GET", "related-list-info/Account/Orders?fields=Order.GrandTotalAmount", "", 400, "INVALID_FIELD", "")
		f.admin.call("GET", "related-list-info/Account/Orders?fields=Order.GrandTotalAmount", "", 200)

		// The batch: a result per name; an unknown parent object is a 404 of the whole batch.
		b := f.admin.call("GET", "related-list-info/batch/Account/Contacts,Cases", "", 200)
		if apitest.Dig(b, "results", 0, "statusCode") != 200.0 || apitest.Dig(b, "results", 0, "result", "label") != "Contacts" ||
			apitest.Dig(b, "results", 1, "result", "listReference", "relatedListId") != "Cases" {
			t.Errorf("info batch: %v", b)
		}
		mixed := f.admin.call("GET", "related-list-info/batch/Account/Contacts,Nope", "", 200, unchecked)
		if apitest.Dig(mixed, "results", 0, "statusCode") != 200.0 || apitest.Dig(mixed, "results", 1, "statusCode") != 404.0 ||
			apitest.Dig(mixed, "results", 1, "result", 0, "errorCode") != "NOT_FOUND" {
			t.Errorf("info batch with an unknown list: %v", mixed)
		}
		f.admin.refused("GET", "related-list-info/batch/NoSuchObject__c/Contacts", "", 404, "NOT_FOUND", "")
		f.admin.refused("GET", "related-list-info/batch/Account/,", "", 400, "INVALID_INPUT", "")
	})
}

// TestCommerceColumns: the related lists staff work the store through lead with what tells rows apart: a product's
// price book entries by their book (no id column), a promotion's coupons by their code; lists of one child object
// are told apart by their reference.
func TestCommerceColumns(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		f := newFixture(t, s)
		for path, want := range map[string][]string{
			"related-list-info/Product2/PriceBookEntries":    {"Pricebook2.Name", "UnitPrice", "IsActive", "PriceAdjustmentSchedule.Name"},
			"related-list-info/Promotion/Coupons":            {"CouponCode", "Status", "UsageLimit", "UsageCount"},
			"related-list-info/BuyerGroup/BuyerGroupMembers": {"Buyer.Name"},
		} {
			if got := columns(f.admin.call("GET", path, "", 200)); !slices.Equal(got, want) {
				t.Errorf("%s: %v, want %v", path, got, want)
			}
		}
		// A price book's two lists of stores (the stores' guest and standard books) each say which they are.
		var labels []string
		for _, l := range f.admin.call("GET", "related-list-info/Pricebook2", "", 200)["relatedLists"].([]any) {
			labels = append(labels, apitest.Dig(l, "label").(string))
		}
		if !slices.Contains(labels, "Stores (Guest Price Book)") || !slices.Contains(labels, "Stores (Standard Price Book)") ||
			!slices.Contains(labels, "Price Book Entries") {
			t.Errorf("price book lists: %v", labels)
		}
		if got := f.admin.call("GET", "related-list-info/Pricebook2/StandardPricebookStores", "", 200)["label"]; got != "Stores (Standard Price Book)" {
			t.Errorf("one list's label: %v", got)
		}
	})
}
