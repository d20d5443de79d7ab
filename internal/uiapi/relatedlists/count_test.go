package relatedlists_test

import (
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
	"storefront/internal/demo"
)

// fixture is an account of its own with three contacts and two cases, made by the administrator (the buyer does
// not see it).
type fixture struct {
	admin, support, buyer *client
	account               string
	contacts              []string // Alpha, Beta, Gamma
}

func newFixture(t *testing.T, s *apptest.Server) *fixture {
	t.Helper()
	f := &fixture{admin: newClient(t, s, "admin@example.com"), support: newClient(t, s, "support@example.com"),
		buyer: newClient(t, s, "buyer@example.com")}
	f.account = f.admin.create("Account", map[string]any{"Name": "Related Co"})
	for _, n := range []string{"Alpha", "Beta", "Gamma"} {
		f.contacts = append(f.contacts, f.admin.create("Contact", map[string]any{"LastName": n, "FirstName": "F" + n,
			"AccountId": f.account, "Email": n + "@x.test"}))
	}
	for _, subject := range []string{"One", "Two"} {
		f.admin.create("Case", map[string]any{"Subject": subject, "AccountId": f.account})
	}
	return f
}

func TestCounts(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		f := newFixture(t, s)
		count := "related-list-count/" + f.account + "/"

		got := f.admin.call("GET", count+"Contacts", "", 200)
		if got["count"] != 3.0 || got["hasMore"] != false || apitest.Dig(got, "listReference", "inContextOfRecordId") != f.account ||
			apitest.Dig(got, "listReference", "relatedListId") != "Contacts" || apitest.Dig(got, "listReference", "type") != "relatedList" ||
			apitest.Dig(got, "listReference", "parentObjectApiName") != "Account" || got["eTag"] == "" {
			t.Errorf("count of Contacts: %v", got)
		}
		// maxCount caps the count and hasMore tells that more exist; ids of 15 characters are taken.
		got = f.admin.call("GET", "related-list-count/"+f.account[:15]+"/contacts?maxCount=2", "", 200)
		if got["count"] != 2.0 || got["hasMore"] != true || apitest.Dig(got, "listReference", "inContextOfRecordId") != f.account {
			t.Errorf("count with maxCount=2: %v", got)
		}
		got = f.admin.call("GET", count+"Contacts?maxCount=3", "", 200)
		if got["count"] != 3.0 || got["hasMore"] != false {
			t.Errorf("count with maxCount=3: %v", got)
		}
		for _, bad := range []string{"abc", "0", "2001"} {
			f.admin.refused("GET", count+"Contacts?maxCount="+bad, "", 400, "INVALID_INPUT", "")
		}
		f.admin.refused("GET", count+"Nope", "", 404, "NOT_FOUND", "The related list 'Nope' does not exist")
		f.admin.refused("GET", "related-list-count/001000000000000AAA/Contacts", "", 404, "NOT_FOUND", "")
		// Out of sight: the buyer does not see the account; the support agent may not read opportunities.
		f.buyer.refused("GET", count+"Contacts", "", 404, "NOT_FOUND", "")
		f.support.refused("GET", count+"Opportunities", "", 404, "NOT_FOUND", "")
		got = f.support.call("GET", count+"Cases", "", 200)
		if got["count"] != 2.0 {
			t.Errorf("support's count of Cases: %v", got)
		}

		// The batch: a result per name with its status; an unknown parent is a 404 of the whole batch.
		batch := f.admin.call("GET", "related-list-count/batch/"+f.account+"/Contacts,Cases?maxCount=2", "", 200)
		if apitest.Dig(batch, "results", 0, "statusCode") != 200.0 || apitest.Dig(batch, "results", 0, "result", "count") != 2.0 ||
			apitest.Dig(batch, "results", 0, "result", "hasMore") != true || apitest.Dig(batch, "results", 1, "result", "count") != 2.0 ||
			apitest.Dig(batch, "results", 1, "result", "hasMore") != false || apitest.Dig(batch, "results", 1, "result", "listReference", "relatedListId") != "Cases" {
			t.Errorf("batch count: %v", batch)
		}
		mixed := f.admin.call("GET", "related-list-count/batch/"+f.account+"/Contacts,Nope", "", 200, unchecked)
		if apitest.Dig(mixed, "results", 1, "statusCode") != 404.0 || apitest.Dig(mixed, "results", 1, "result", 0, "errorCode") != "NOT_FOUND" {
			t.Errorf("batch item of an unknown list: %v", mixed)
		}
		f.admin.refused("GET", "related-list-count/batch/001000000000000AAA/Contacts", "", 404, "NOT_FOUND", "")
		f.buyer.refused("GET", "related-list-count/batch/"+f.account+"/Contacts", "", 404, "NOT_FOUND", "")

		// The buyer counts the related lists of their own account, within their sight.
		own := f.buyer.call("GET", "related-list-count/"+demo.BuyerAccountID+"/ContactPointAddresses", "", 200)
		if n, _ := own["count"].(float64); n < 1 {
			t.Errorf("buyer's addresses: %v", own)
		}
		// Guests and wrong methods.
		guest := newClient(t, s, "")
		if st, _ := guest.do("GET", count+"Contacts", ""); st != 401 {
			t.Errorf("guest: %d", st)
		}
		if st, _ := f.admin.do("DELETE", count+"Contacts", ""); st != 405 {
			t.Errorf("DELETE count: %d", st)
		}
	})
}
