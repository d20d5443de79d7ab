package relatedlists_test

import (
	"context"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
	"storefront/internal/demo"
)

// storedPreferences counts the rows of sf_related_list_preference of a user.
func storedPreferences(t *testing.T, s *apptest.Server, userID string) int {
	t.Helper()
	var n int
	if err := s.App.DB.QueryRow(context.Background(), `SELECT COUNT(*) FROM sf_related_list_preference WHERE user_id = ?`,
		userID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestUpdateInfo(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		f := newFixture(t, s)
		path := "related-list-info/Account/Contacts"
		const config = `Invalid config for "updateRelatedListInfo"`
		// Refusals write nothing.
		for _, body := range []string{`[]`, `{}`, `{"orderedByInfo":"Name"}`, `{"orderedByInfo":[{"fieldApiName":"Name"}]}`,
			`{"userPreferences":{"columnWidths":{"Name":10}}}`, `{"userPreferences":[]}`} {
			f.admin.refused("PATCH", path, body, 400, "INVALID_INPUT", config)
		}
		f.admin.refused("PATCH", path, `{"userPreferences":{"columnWidths":{"Name":"wide"},"columnWrap":{}}}`, 400, "INVALID_INPUT",
			`Expected "integer" but received "string" (at "userPreferences.columnWidths.Name")`)
		f.admin.refused("PATCH", path, `{"userPreferences":{"columnWidths":{"Name":1.5},"columnWrap":{}}}`, 400, "INVALID_INPUT",
			`Expected "integer" but received "number" (at "userPreferences.columnWidths.Name")`)
		f.admin.refused("PATCH", path, `{"userPreferences":{"columnWidths":{},"columnWrap":{"Name":"yes"}}}`, 400, "INVALID_INPUT",
			`Expected "boolean" but received "string" (at "userPreferences.columnWrap.Name")`)
		f.admin.refused("PATCH", path, `{"orderedByInfo":[{"fieldApiName":"Nope__c","isAscending":true}]}`, 400, "INVALID_FIELD", "")
		f.admin.refused("PATCH", path, `{"orderedByInfo":[{"fieldApiName":"Description","isAscending":true}]}`, 400, "INVALID_FIELD", "")
		f.admin.refused("PATCH", path, `not json`, 400, "JSON_PARSER_ERROR", "")
		f.admin.refused("PATCH", "related-list-info/Account/Nope", `{"orderedByInfo":[]}`, 404, "NOT_FOUND", "")
		if n := storedPreferences(t, s, demo.AdminUserID); n != 0 {
			t.Fatalf("refused changes stored %d rows", n)
		}

		info := f.admin.call("PATCH", path, `{"orderedByInfo":[{"fieldApiName":"Contact.LastName","isAscending":false}],
			"userPreferences":{"columnWidths":{"Name":120},"columnWrap":{"Name":true}}}`, 200)
		if apitest.Dig(info, "orderedByInfo", 0, "fieldApiName") != "LastName" || apitest.Dig(info, "orderedByInfo", 0, "isAscending") != false ||
			apitest.Dig(info, "orderedByInfo", 0, "label") != "Last Name" || apitest.Dig(info, "userPreferences", "columnWidths", "Name") != 120.0 ||
			apitest.Dig(info, "userPreferences", "columnWrap", "Name") != true || apitest.Dig(info, "userPreferences", "columnWidths", "FirstName") != -1.0 {
			t.Errorf("patched info: %v", info)
		}
		// The change is the caller's own: a GET shows it, another user still has the defaults.
		again := f.admin.call("GET", path, "", 200)
		if apitest.Dig(again, "orderedByInfo", 0, "fieldApiName") != "LastName" || apitest.Dig(again, "userPreferences", "columnWidths", "Name") != 120.0 {
			t.Errorf("info after the change: %v", again)
		}
		other := f.support.call("GET", path, "", 200)
		if apitest.Dig(other, "orderedByInfo", 0, "fieldApiName") != "Name" || apitest.Dig(other, "userPreferences", "columnWidths", "Name") != -1.0 {
			t.Errorf("another user's info: %v", other)
		}
		if a, o := storedPreferences(t, s, demo.AdminUserID), storedPreferences(t, s, demo.SupportUserID); a != 1 || o != 0 {
			t.Errorf("stored rows: admin %d, support %d", a, o)
		}
		// An order alone keeps the column preferences.
		info = f.admin.call("PATCH", path, `{"orderedByInfo":[{"fieldApiName":"Email","isAscending":true}]}`, 200)
		if apitest.Dig(info, "orderedByInfo", 0, "fieldApiName") != "Email" || apitest.Dig(info, "userPreferences", "columnWidths", "Name") != 120.0 {
			t.Errorf("order-only change: %v", info)
		}
		// The list's records follow the caller's order.
		page := f.admin.call("POST", "related-list-records/"+f.account+"/Contacts", `{"fields":["Contact.Email"]}`, 200)
		if apitest.Dig(page, "records", 0, "fields", "Email", "value") != "Alpha@x.test" || apitest.Dig(page, "records", 2, "fields", "Email", "value") != "Gamma@x.test" {
			t.Errorf("page in the caller's order: %v", page["records"])
		}
	})
}

func TestPreferences(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		f := newFixture(t, s)
		path := "related-list-preferences/Account.Contacts"
		const config = `Invalid config for "updateRelatedListPreferences"`

		got := f.admin.call("GET", path, "", 200)
		if got["preferencesId"] != "Account.Contacts" || apitest.Dig(got, "columnWidths", "Name") != -1.0 || apitest.Dig(got, "orderedBy", 0, "fieldApiName") != "Name" {
			t.Errorf("default preferences: %v", got)
		}
		for _, body := range []string{`[]`, `{}`, `{"columnWidths":[]}`, `{"orderedBy":{}}`, `{"orderedBy":[{"isAscending":true}]}`} {
			f.admin.refused("PATCH", path, body, 400, "INVALID_INPUT", config)
		}
		f.admin.refused("PATCH", path, `{"columnWidths":{"Name":true}}`, 400, "INVALID_INPUT",
			`Expected "integer" but received "boolean" (at "columnWidths.Name")`)
		f.admin.refused("PATCH", path, `{"columnWrap":{"Name":1}}`, 400, "INVALID_INPUT",
			`Expected "boolean" but received "number" (at "columnWrap.Name")`)
		f.admin.refused("PATCH", path, `{"orderedBy":[{"fieldApiName":"Nope__c","isAscending":true}]}`, 400, "INVALID_FIELD", "")
		if n := storedPreferences(t, s, demo.AdminUserID); n != 0 {
			t.Fatalf("refused changes stored %d rows", n)
		}

		got = f.admin.call("PATCH", path, `{"columnWidths":{"Name":200,"Title":80},"orderedBy":[{"fieldApiName":"LastName","isAscending":false}]}`, 200)
		if apitest.Dig(got, "columnWidths", "Name") != 200.0 || apitest.Dig(got, "columnWidths", "Title") != 80.0 || apitest.Dig(got, "columnWrap", "Name") != false ||
			apitest.Dig(got, "orderedBy", 0, "fieldApiName") != "LastName" || apitest.Dig(got, "orderedBy", 0, "isAscending") != false {
			t.Errorf("patched preferences: %v", got)
		}
		got = f.admin.call("PATCH", path, `{"columnWrap":{"Title":true}}`, 200)
		if apitest.Dig(got, "columnWidths", "Name") != 200.0 || apitest.Dig(got, "columnWrap", "Title") != true || apitest.Dig(got, "orderedBy", 0, "fieldApiName") != "LastName" {
			t.Errorf("second change keeps the first: %v", got)
		}
		// The related list's info shows the same preferences; another user has none of them.
		info := f.admin.call("GET", "related-list-info/Account/Contacts", "", 200)
		if apitest.Dig(info, "userPreferences", "columnWidths", "Name") != 200.0 || apitest.Dig(info, "orderedByInfo", 0, "fieldApiName") != "LastName" {
			t.Errorf("info after preferences: %v", info)
		}
		if other := f.support.call("GET", path, "", 200); apitest.Dig(other, "columnWidths", "Name") != -1.0 {
			t.Errorf("another user's preferences: %v", other)
		}
		// Records in the preferred order: Gamma, Beta, Alpha.
		page := f.admin.call("POST", "related-list-records/"+f.account+"/Contacts", `{"fields":["Contact.LastName"]}`, 200)
		if apitest.Dig(page, "records", 0, "fields", "LastName", "value") != "Gamma" || apitest.Dig(page, "records", 2, "fields", "LastName", "value") != "Alpha" {
			t.Errorf("page in the preferred order: %v", page["records"])
		}

		b := f.admin.call("GET", "related-list-preferences/batch/Account.Contacts,Account.Cases", "", 200)
		if apitest.Dig(b, "results", 0, "result", "columnWidths", "Name") != 200.0 || apitest.Dig(b, "results", 1, "result", "preferencesId") != "Account.Cases" ||
			apitest.Dig(b, "results", 1, "statusCode") != 200.0 {
			t.Errorf("preferences batch: %v", b)
		}
		mixed := f.admin.call("GET", "related-list-preferences/batch/Account.Contacts,Account.Nope,Bogus", "", 200, unchecked)
		if apitest.Dig(mixed, "results", 0, "statusCode") != 200.0 || apitest.Dig(mixed, "results", 1, "statusCode") != 404.0 ||
			apitest.Dig(mixed, "results", 2, "statusCode") != 404.0 {
			t.Errorf("preferences batch with unknown ids: %v", mixed)
		}
		f.admin.refused("GET", "related-list-preferences/Bogus", "", 404, "NOT_FOUND", "")
		f.admin.refused("GET", "related-list-preferences/NoSuchObject__c.Contacts", "", 404, "NOT_FOUND", "")
		f.support.refused("PATCH", "related-list-preferences/Account.Opportunities", `{"columnWidths":{}}`, 404, "NOT_FOUND", "")
	})
}
