package relatedlists_test

import (
	"encoding/json"
	"slices"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
	"storefront/internal/demo"
)

// lastNames are the LastName values of a page's records, in order.
func lastNames(page map[string]any) []string {
	var out []string
	recs, _ := page["records"].([]any)
	for _, r := range recs {
		n, _ := apitest.Dig(r, "fields", "LastName", "value").(string)
		out = append(out, n)
	}
	return out
}

func TestRecords(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		f := newFixture(t, s)
		path := "related-list-records/" + f.account + "/Contacts"

		// Without a body: the list's display columns and the always-read fields, 50 a page, in the list's order.
		page := f.admin.call("POST", path, "", 200)
		if page["count"] != 3.0 || page["pageSize"] != 50.0 || page["nextPageToken"] != nil || page["previousPageToken"] != nil ||
			apitest.Dig(page, "listReference", "inContextOfRecordId") != f.account || apitest.Dig(page, "listReference", "relatedListId") != "Contacts" ||
			page["listInfoETag"] == nil || len(page["sortBy"].([]any)) != 0 {
			t.Errorf("default page: %v", page)
		}
		first, _ := apitest.Dig(page, "records", 0).(map[string]any)
		for _, field := range []string{"CreatedDate", "Id", "LastModifiedById", "LastModifiedDate", "SystemModstamp", "Name", "LastName"} {
			if _, ok := apitest.Dig(first, "fields").(map[string]any)[field]; !ok {
				t.Errorf("record lacks %s: %v", field, first["fields"])
			}
		}
		if first["apiName"] != "Contact" || apitest.Dig(first, "fields", "Name", "value") != "FAlpha Alpha" {
			t.Errorf("first record: %v", first)
		}

		// fields (Object-qualified, through references), optionalFields (unknown ones skipped), sortBy, pages.
		body := `{"fields":["Contact.LastName","Contact.Account.Name"],"optionalFields":["Contact.Nope__c"],"sortBy":["-LastName"],"pageSize":2}`
		page = f.admin.call("POST", path, body, 200)
		if got := lastNames(page); !slices.Equal(got, []string{"Gamma", "Beta"}) {
			t.Errorf("first page by -LastName: %v", got)
		}
		if apitest.Dig(page, "records", 0, "fields", "Account", "displayValue") != "Related Co" ||
			apitest.Dig(page, "records", 0, "fields", "Account", "value", "fields", "Name", "value") != "Related Co" ||
			apitest.Dig(page, "records", 0, "fields", "Account", "value", "id") != f.account ||
			apitest.Dig(page, "fields", 1) != "Contact.Account.Name" || apitest.Dig(page, "optionalFields", 0) != "Contact.Nope__c" ||
			apitest.Dig(page, "sortBy", 0) != "-LastName" || page["nextPageToken"] == nil || page["nextPageUrl"] == nil {
			t.Errorf("page with fields: %v", page)
		}
		var next map[string]any
		token, _ := json.Marshal(page["nextPageToken"])
		next = f.admin.call("POST", path, `{"fields":["Contact.LastName"],"sortBy":["-LastName"],"pageSize":2,"pageToken":`+string(token)+`}`, 200)
		if got := lastNames(next); !slices.Equal(got, []string{"Alpha"}) || next["nextPageToken"] != nil || next["previousPageToken"] == nil ||
			next["currentPageToken"] != page["nextPageToken"] {
			t.Errorf("second page: %v", next)
		}

		// where: a SOQL condition over the child, ANDed with the parent.
		page = f.admin.call("POST", path, `{"fields":["Contact.LastName"],"where":"LastName != 'Beta' AND Email LIKE '%x.test'"}`, 200)
		if got := lastNames(page); !slices.Equal(got, []string{"Alpha", "Gamma"}) || page["count"] != 2.0 {
			t.Errorf("where: %v", got)
		}
		f.admin.refused("POST", path, `{"where":"Nope__c = 1"}`, 400, "INVALID_FIELD", "")
		f.admin.refused("POST", path, `{"where":"LastName = "}`, 400, "MALFORMED_QUERY", "")

		// Column labels when asked (a key api.raml does not declare).
		labelled := f.admin.call("POST", path, `{"fields":["Contact.Account.Name"],"includeColumnLabels":true}`, 200, lenient)
		if apitest.Dig(labelled, "columnLabels", "Account.Name") != "Account" || apitest.Dig(labelled, "columnLabels", "Id") == nil {
			t.Errorf("columnLabels: %v", labelled["columnLabels"])
		}

		// Bad input.
		for _, c := range []struct{ body, code string }{
			{`{"fields":["Contact.Nope__c"]}`, "INVALID_FIELD"},
			{`{"sortBy":["Nope__c"]}`, "INVALID_FIELD"},
			{`{"fields":"Contact.Name"}`, "INVALID_INPUT"},
			{`{"fields":[1]}`, "INVALID_INPUT"},
			{`{"pageSize":0}`, "INVALID_INPUT"},
			{`{"pageSize":2001}`, "INVALID_INPUT"},
			{`{"pageSize":"10"}`, "INVALID_INPUT"},
			{`{"pageToken":"nope"}`, "INVALID_INPUT"},
			{`{"where":1}`, "INVALID_INPUT"},
			{`{"includeColumnLabels":"yes"}`, "INVALID_INPUT"},
			{`[]`, "INVALID_INPUT"},
			{`{`, "JSON_PARSER_ERROR"},
		} {
			f.admin.refused("POST", path, c.body, 400, c.code, "")
		}
		f.admin.refused("POST", "related-list-records/"+f.account+"/Nope", "", 404, "NOT_FOUND", "")
		f.admin.refused("POST", "related-list-records/001000000000000AAA/Contacts", "", 404, "NOT_FOUND", "")
		f.buyer.refused("POST", path, "", 404, "NOT_FOUND", "")
		if st, _ := f.admin.do("GET", path, ""); st != 405 {
			t.Errorf("GET related-list-records: %d", st)
		}

		// Field security: a field the caller may not read is refused in fields, sortBy and where, and skipped when
		// optional.
		orders := "related-list-records/" + demo.BuyerAccountID + "/Orders"
		f.admin.call("POST", orders, `{"fields":["Order.GrandTotalAmount"]}`, 200)
		f.support.refused("POST", orders, `{"fields":["Order.GrandTotalAmount"]}`, 400, "INVALID_FIELD", "")
		f.support.refused("POST", orders, `{"sortBy":["GrandTotalAmount"]}`, 400, "INVALID_FIELD", "")
		f.support.refused("POST", orders, `{"where":"GrandTotalAmount > 0"}`, 400, "INVALID_FIELD", "")
		own := f.support.call("POST", orders, `{"optionalFields":["Order.GrandTotalAmount"]}`, 200)
		if recs, _ := own["records"].([]any); len(recs) > 0 {
			if _, leaked := apitest.Dig(recs[0], "fields").(map[string]any)["GrandTotalAmount"]; leaked {
				t.Errorf("support reads a hidden field: %v", recs[0])
			}
		}

		// The batch: a page per list, each with its status; an unknown parent is a 404 of the whole batch.
		b := f.admin.call("POST", "related-list-records/batch/"+f.account,
			`{"relatedListParameters":[{"relatedListId":"Contacts","fields":["Contact.LastName"],"pageSize":1},{"relatedListId":"Cases"}]}`, 200)
		if apitest.Dig(b, "results", 0, "statusCode") != 200.0 || apitest.Dig(b, "results", 0, "result", "count") != 1.0 ||
			apitest.Dig(b, "results", 0, "result", "nextPageToken") == nil || apitest.Dig(b, "results", 1, "result", "count") != 2.0 {
			t.Errorf("records batch: %v", b)
		}
		mixed := f.admin.call("POST", "related-list-records/batch/"+f.account,
			`{"relatedListParameters":[{"relatedListId":"Contacts"},{"relatedListId":"Nope"},{"relatedListId":"Cases","fields":["Case.Nope__c"]}]}`, 200, unchecked)
		if apitest.Dig(mixed, "results", 0, "statusCode") != 200.0 || apitest.Dig(mixed, "results", 1, "statusCode") != 404.0 ||
			apitest.Dig(mixed, "results", 2, "statusCode") != 400.0 || apitest.Dig(mixed, "results", 2, "result", 0, "errorCode") != "INVALID_FIELD" {
			t.Errorf("records batch with failed items: %v", mixed)
		}
		for _, bad := range []string{`{}`, `{"relatedListParameters":[]}`, `{"relatedListParameters":[{"fields":["Contact.Name"]}]}`,
			`{"relatedListParameters":[{"relatedListId":1}]}`, `{"relatedListParameters":[{"relatedListId":"Contacts","pageSize":-1}]}`} {
			f.admin.refused("POST", "related-list-records/batch/"+f.account, bad, 400, "INVALID_INPUT", "")
		}
		f.admin.refused("POST", "related-list-records/batch/001000000000000AAA", `{"relatedListParameters":[{"relatedListId":"Contacts"}]}`, 404, "NOT_FOUND", "")
	})
}
