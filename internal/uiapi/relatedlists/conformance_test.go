package relatedlists_test

import (
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
	"storefront/internal/uiapi/uiapitest"
)

// TestConformance walks every related-list call of spec/data-layer.md section 7 once and checks each response
// strictly against its RAML type: the group's share of the UI API conformance suite.
func TestConformance(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		f := newFixture(t, s)
		cov := uiapitest.NewCoverage()
		// Each call as the admin must answer 200 and its response match its RAML type strictly.
		admin := apitest.Bearer(f.admin.token)
		check := func(t *testing.T, r apitest.Reply) {
			method, path, _ := strings.Cut(r.Request, " ")
			cov.Check(t, method, path, r.Status, []byte(r.Body), true)
		}
		call := func(method, path, body string) apitest.Scenario {
			return apitest.Scenario{Name: method + " " + path, As: admin, Method: method, Path: uiAPI + path, Body: body,
				WantStatus: 200, Then: check}
		}
		apitest.Run(t, s.Target, []apitest.Scenario{
			call("GET", "related-list-count/"+f.account+"/Contacts?maxCount=2", ""),
			call("GET", "related-list-count/batch/"+f.account+"/Contacts,Cases", ""),
			call("GET", "related-list-info/Account", ""),
			call("GET", "related-list-info/Account/Contacts?fields=Contact.Account.Name", ""),
			call("PATCH", "related-list-info/Account/Contacts", `{"orderedByInfo":[{"fieldApiName":"LastName","isAscending":true}]}`),
			call("GET", "related-list-info/batch/Account/Contacts,Cases", ""),
			call("GET", "related-list-preferences/Account.Contacts", ""),
			call("PATCH", "related-list-preferences/Account.Contacts", `{"columnWidths":{"Name":150},"columnWrap":{"Name":true}}`),
			call("GET", "related-list-preferences/batch/Account.Contacts,Account.Cases", ""),
			call("POST", "related-list-records/"+f.account+"/Contacts", `{"fields":["Contact.Account.Name"],"pageSize":2}`),
			call("POST", "related-list-records/batch/"+f.account, `{"relatedListParameters":[{"relatedListId":"Contacts"},{"relatedListId":"Cases"}]}`),
		})
		for _, op := range cov.Missing() {
			if strings.HasPrefix(op.Path, "/ui-api/related-list-") {
				t.Errorf("%s: a related-list call of section 7 the suite does not exercise", op)
			}
		}
	})
}
