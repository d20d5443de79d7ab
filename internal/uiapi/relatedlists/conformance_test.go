package relatedlists_test

import (
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/uiapi/uiapitest"
)

// TestConformance walks every related-list call of spec/data-layer.md section 7 once and checks each response
// strictly against its RAML type: the group's share of the UI API conformance suite.
func TestConformance(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		f := newFixture(t, s)
		cov := uiapitest.NewCoverage()
		for _, c := range []struct{ method, path, body string }{
			{"GET", "related-list-count/" + f.account + "/Contacts?maxCount=2", ""},
			{"GET", "related-list-count/batch/" + f.account + "/Contacts,Cases", ""},
			{"GET", "related-list-info/Account", ""},
			{"GET", "related-list-info/Account/Contacts?fields=Contact.Account.Name", ""},
			{"PATCH", "related-list-info/Account/Contacts", `{"orderedByInfo":[{"fieldApiName":"LastName","isAscending":true}]}`},
			{"GET", "related-list-info/batch/Account/Contacts,Cases", ""},
			{"GET", "related-list-preferences/Account.Contacts", ""},
			{"PATCH", "related-list-preferences/Account.Contacts", `{"columnWidths":{"Name":150},"columnWrap":{"Name":true}}`},
			{"GET", "related-list-preferences/batch/Account.Contacts,Account.Cases", ""},
			{"POST", "related-list-records/" + f.account + "/Contacts", `{"fields":["Contact.Account.Name"],"pageSize":2}`},
			{"POST", "related-list-records/batch/" + f.account, `{"relatedListParameters":[{"relatedListId":"Contacts"},{"relatedListId":"Cases"}]}`},
		} {
			status, body := f.admin.do(c.method, c.path, c.body)
			if status != 200 {
				t.Errorf("%s %s: %d %.300s", c.method, c.path, status, body)
				continue
			}
			cov.Check(t, c.method, uiAPI+c.path, status, body, true)
		}
		for _, op := range cov.Missing() {
			if strings.HasPrefix(op.Path, "/ui-api/related-list-") {
				t.Errorf("%s: a related-list call of section 7 the suite does not exercise", op)
			}
		}
	})
}
