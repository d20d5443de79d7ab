package records_test

import (
	"context"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
)

const notFound = `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`

func noSuchColumn(field, object string) string {
	return `[{"errorCode":"INVALID_FIELD","message":"No such column '` + field + `' on entity '` + object + `'. If you are ` +
		`attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference ` +
		`your WSDL or the describe call for the appropriate names."}]`
}

func TestGetRecordFieldPaths(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := signIn(t, s, "admin@example.com")
		parent := admin.create("Account", `{"Name":"Parent Co"}`)
		acct := admin.create("Account", `{"Name":"Child Co","ParentId":"`+parent+`"}`)
		contact := admin.create("Contact", `{"LastName":"Lovelace","AccountId":"`+acct[:15]+`"}`)

		// Paths through three relationships, a 15-character id, optional fields that do not exist left out.
		r := admin.do("GET", "/records/"+contact[:15]+"?fields=Contact.LastName,Contact.Account.Parent.Owner.Name"+
			"&optionalFields=Contact.Nope__c,Contact.Account.Nope,Account.Name")
		wantStatus(t, r, 200)
		rec := r.obj(t)
		sameKeys(t, "record", rec, example(t, "validAccountResponse1.json"))
		if rec["id"] != contact || path(rec, "fields", "LastName", "value") != "Lovelace" {
			t.Fatalf("record: %s", r.body)
		}
		if got := keys(rec["fields"]); strings.Join(got, ",") != "Account,LastName" {
			t.Fatalf("fields %v", got)
		}
		account := path(rec, "fields", "Account", "value")
		sameKeys(t, "nested account", account, example(t, "validAccountResponse1.json"))
		if path(rec, "fields", "Account", "displayValue") != "Child Co" || path(account, "id") != acct ||
			path(account, "fields", "Id", "value") != acct {
			t.Fatalf("account: %s", r.body)
		}
		owner := path(account, "fields", "Parent", "value", "fields", "Owner", "value")
		if path(account, "fields", "Parent", "displayValue") != "Parent Co" || path(owner, "apiName") != "User" ||
			path(owner, "fields", "Name", "value") != "Ada Admin" || path(owner, "id") != demo.AdminUserID {
			t.Fatalf("parent's owner: %s", r.body)
		}

		// A reference without a value reads as a null relationship.
		r = admin.do("GET", "/records/"+parent+"?fields=Account.Parent.Name")
		if f := path(r.json, "fields", "Parent"); f == nil || path(f, "value") != nil || path(f, "displayValue") != nil {
			t.Fatalf("empty parent: %s", r.body)
		}

		// Required fields must exist and be readable; paths are limited to 6 names after the object.
		want(t, admin.do("GET", "/records/"+contact+"?fields=Contact.Nope__c"), 400, noSuchColumn("Nope__c", "Contact"))
		want(t, admin.do("GET", "/records/"+contact+"?fields=Contact.Account.Nope"), 400, noSuchColumn("Nope", "Contact"))
		deep := "Contact.Account.Parent.Parent.Parent.Parent.Parent.Name"
		want(t, admin.do("GET", "/records/"+contact+"?fields="+deep), 400, noSuchColumn("Name", "Contact"))
		wantStatus(t, admin.do("GET", "/records/"+contact+"?fields=Contact.Account.Parent.Parent.Parent.Parent.Name"), 200)
		want(t, admin.do("GET", "/records/"+contact), 400,
			`[{"errorCode":"INVALID_INPUT","message":"Specify at least one of fields, optionalFields or layoutTypes."}]`)
		want(t, admin.do("GET", "/records/"+contact+"?layoutTypes=Wide"), 400,
			`[{"errorCode":"INVALID_INPUT","message":"Invalid layoutType: Wide. Specify Full or Compact."}]`)
		want(t, admin.do("GET", "/records/"+contact+"?layoutTypes=Full&modes=Peek"), 400,
			`[{"errorCode":"INVALID_INPUT","message":"Invalid mode: Peek. Specify View, Edit or Create."}]`)
		want(t, admin.do("GET", "/records/003000000000001AAA?fields=Contact.Name"), 404, notFound)
		want(t, admin.do("PUT", "/records/"+contact, `{}`), 405,
			`[{"errorCode":"METHOD_NOT_ALLOWED","message":"HTTP Method 'PUT' not allowed. Allowed are GET,HEAD,PATCH,DELETE"}]`)

		// Compact is the compact layout's fields (the name and the highlights, package uiapi/metadata); Full the
		// full layout's. A lookup brings the name of the record it points at (OwnerId: Owner, shown by its Name).
		compact := admin.do("GET", "/records/"+acct+"?layoutTypes=Compact")
		if got := strings.Join(keys(path(compact.json, "fields")), ","); got != "Name,Owner,OwnerId,Phone" {
			t.Fatalf("Compact fields: %s", got)
		}
		if owner := path(compact.json, "fields", "Owner"); path(owner, "displayValue") != "Ada Admin" ||
			strings.Join(keys(path(owner, "value", "fields")), ",") != "Id,Name" {
			t.Fatalf("Compact Owner: %s", compact.body)
		}
		if full := admin.do("GET", "/records/"+acct+"?layoutTypes=Full&modes=View,Edit"); len(keys(path(full.json, "fields"))) < 15 {
			t.Fatalf("Full fields: %s", full.body)
		}

		// A buyer sees neither someone else's account nor a relationship to it.
		buyer := signIn(t, s, "buyer@example.com")
		want(t, buyer.do("GET", "/records/"+acct+"?fields=Account.Name"), 404, notFound)
	})
}

func TestChildRelationshipsAndMru(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := signIn(t, s, "admin@example.com")
		acct := admin.create("Account", `{"Name":"Kids Inc"}`)
		var contacts []string
		for _, name := range []string{"One", "Two", "Three"} {
			contacts = append(contacts, admin.create("Contact", `{"LastName":"`+name+`","AccountId":"`+acct+`"}`))
		}
		r := admin.do("GET", "/records/"+acct+"?fields=Account.Name&childRelationships=Account.Contacts.Email&pageSize=2")
		wantStatus(t, r, 200)
		page := path(r.json, "childRelationships", "Contacts")
		sameKeys(t, "child page", page, example(t, "lookup-records-Case-ContactId-Contact.json"))
		next, _ := path(page, "nextPageUrl").(string)
		if path(page, "count") != 2.0 || next == "" || path(page, "previousPageUrl") != nil ||
			!strings.HasPrefix(next, "/services/data/v64.0/ui-api/records/"+acct+"/child-relationships/Contacts?pageSize=2&fields=Contact.Email&pageToken=") {
			t.Fatalf("first page: %s", r.body)
		}
		first := path(page, "records", 0)
		sameKeys(t, "child record", first, example(t, "validAccountResponse1.json"))
		if got := strings.Join(keys(path(first, "fields")), ","); got != "Email,Id,Name" {
			t.Fatalf("child fields %s", got)
		}
		rest := admin.do("GET", next)
		wantStatus(t, rest, 200)
		if path(rest.json, "count") != 1.0 || path(rest.json, "nextPageUrl") != nil || path(rest.json, "nextPageToken") != nil ||
			path(rest.json, "currentPageToken") == nil {
			t.Fatalf("last page: %s", rest.body)
		}
		seen := map[any]bool{path(page, "records", 0, "id"): true, path(page, "records", 1, "id"): true, path(rest.json, "records", 0, "id"): true}
		for _, id := range contacts {
			if !seen[id] {
				t.Fatalf("contact %s missing from the pages", id)
			}
		}
		want(t, admin.do("GET", "/records/"+acct+"?fields=Account.Name&childRelationships=Account.Nope"), 400, noSuchColumn("Nope", "Account"))
		for _, bad := range []string{"0", "201", "x"} {
			want(t, admin.do("GET", "/records/"+acct+"?fields=Account.Name&pageSize="+bad), 400,
				`[{"errorCode":"INVALID_INPUT","message":"pageSize must be a whole number from 1 to 200: `+bad+`"}]`)
		}
		want(t, admin.do("GET", "/records/"+acct+"/child-relationships/Contacts?pageToken=zz"), 400,
			`[{"errorCode":"INVALID_INPUT","message":"Invalid pageToken: zz"}]`)

		// updateMru records the view for this user only, newest first.
		want(t, admin.do("GET", "/records/"+acct+"?fields=Account.Name&updateMru=maybe"), 400,
			`[{"errorCode":"INVALID_INPUT","message":"Invalid value for updateMru: maybe. Specify true or false."}]`)
		wantStatus(t, admin.do("GET", "/records/"+contacts[0]+"?fields=Contact.Name&updateMru=true"), 200)
		wantStatus(t, admin.do("GET", "/records/"+contacts[1]+"?fields=Contact.Name&updateMru=true"), 200)
		wantStatus(t, admin.do("GET", "/records/"+contacts[2]+"?fields=Contact.Name"), 200)
		adminP := s.App.Engine
		ids, err := adminP.RecentlyViewed(context.Background(), systemFor(demo.AdminUserID), "Contact", 10)
		if err != nil || strings.Join(ids, ",") != contacts[1]+","+contacts[0] {
			t.Fatalf("recently viewed %v %v, want %s,%s", ids, err, contacts[1], contacts[0])
		}
		if ids, _ := adminP.RecentlyViewed(context.Background(), systemFor(demo.BuyerUserID), "Contact", 10); len(ids) != 0 {
			t.Fatalf("another user's views: %v", ids)
		}
	})
}

func TestGetRecordsBatch(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := signIn(t, s, "admin@example.com")
		a := admin.create("Account", `{"Name":"A"}`)
		c := admin.create("Contact", `{"LastName":"C","AccountId":"`+a+`"}`)
		r := admin.do("GET", "/records/batch/"+a+","+c[:15]+",001000000000001AAA?fields=Account.Name,Contact.LastName")
		wantStatus(t, r, 200)
		sameKeys(t, "batch", r.json, example(t, "records-multiple-record-Accounts.json"))
		sameKeys(t, "batch item", path(r.json, "results", 0), path(example(t, "records-multiple-record-Accounts.json"), "results", 0))
		if path(r.json, "hasErrors") != true || path(r.json, "results", 0, "statusCode") != 200.0 ||
			path(r.json, "results", 0, "result", "fields", "Name", "value") != "A" ||
			path(r.json, "results", 1, "result", "fields", "LastName", "value") != "C" ||
			path(r.json, "results", 1, "result", "fields", "Name") != nil || path(r.json, "results", 2, "statusCode") != 404.0 {
			t.Fatalf("batch: %s", r.body)
		}
		want(t, reply{status: 404, json: path(r.json, "results", 2, "result")}, 404, notFound)

		// A field one record's object lacks is that item's 400.
		r = admin.do("GET", "/records/batch/"+a+","+c+"?fields=Account.Nope,Contact.LastName")
		if path(r.json, "results", 0, "statusCode") != 400.0 || path(r.json, "results", 1, "statusCode") != 200.0 {
			t.Fatalf("batch with a bad field: %s", r.body)
		}
		ids := strings.TrimSuffix(strings.Repeat(a+",", 201), ",")
		want(t, admin.do("GET", "/records/batch/"+ids+"?fields=Account.Name"), 400,
			`[{"errorCode":"INVALID_INPUT","message":"Too many record ids: 201. Specify at most 200."}]`)
		want(t, admin.do("GET", "/records/batch/"+a), 400,
			`[{"errorCode":"INVALID_INPUT","message":"Specify at least one of fields, optionalFields or layoutTypes."}]`)
	})
}
