package lookups_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
	"storefront/internal/records"
	"storefront/internal/uiapi/uiapitest"
)

// northwind are the demo's Northwind accounts in name order.
var northwind = []string{"Northwind - Harbor Office Park", "Northwind - Riverside Campus", "Northwind Property Management"}

type lookupValues struct {
	LookupResults map[string]struct {
		Count                                              int
		CurrentPageToken, NextPageToken, PreviousPageToken *string
		Records                                            []record
	}
}

func TestLookups(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin, buyer := s.Token(t, "admin@example.com"), s.Token(t, "buyer@example.com")
		lookup := func(token, path, body string) lookupValues {
			t.Helper()
			status, out := s.Send(t, token, "POST", ui+"lookups/"+path, body)
			if status != 200 {
				t.Fatalf("%s: %d %s", path, status, out)
			}
			uiapitest.CheckResponseStrict(t, "POST", ui+"lookups/"+path, status, out)
			var v lookupValues
			decode(t, out, &v)
			return v
		}

		t.Run("search, type-ahead, paging and order", func(t *testing.T) {
			v := lookup(admin, "Contact/AccountId?q=Northwind&searchType=Search", "")
			if got := names(v.LookupResults["Account"].Records); !reflect.DeepEqual(got, northwind) {
				t.Errorf("search: %v", got)
			}
			v = lookup(admin, "Contact/AccountId?q=Northwind", `{"orderBy":{"fieldApiName":"Name","isAscending":false}}`)
			if got := names(v.LookupResults["Account"].Records); !reflect.DeepEqual(got, []string{northwind[2], northwind[1], northwind[0]}) {
				t.Errorf("descending: %v", got)
			}
			v = lookup(admin, "Contact/AccountId?q=Northwind&pageSize=2", "")
			first := v.LookupResults["Account"]
			if first.Count != 2 || *first.CurrentPageToken != "1" || first.NextPageToken == nil || *first.NextPageToken != "2" || first.PreviousPageToken != nil {
				t.Errorf("first page: %+v", first)
			}
			v = lookup(admin, "Contact/AccountId?q=Northwind&pageSize=2&page=2", "")
			second := v.LookupResults["Account"]
			if got := names(second.Records); !reflect.DeepEqual(got, northwind[2:]) || second.NextPageToken != nil || *second.PreviousPageToken != "1" {
				t.Errorf("second page: %v %+v", got, second)
			}
			v = lookup(admin, "Contact/AccountId?q=riv&searchType=TypeAhead", "")
			if got := names(v.LookupResults["Account"].Records); !reflect.DeepEqual(got, []string{"Northwind - Riverside Campus"}) {
				t.Errorf("type-ahead on a later word: %v", got)
			}
			v = lookup(admin, "Contact/AccountId?q=a&searchType=TypeAhead", "")
			if got := names(v.LookupResults["Account"].Records); !reflect.DeepEqual(got, []string{"Acme Facilities Group"}) {
				t.Errorf("type-ahead of one letter: %v", got)
			}
			// One target: RecordCollectionRepresentation.
			status, body := s.Send(t, admin, "POST", ui+"lookups/Contact/AccountId/Account?q=Acme", "")
			checkType(t, "RecordCollectionRepresentation", body)
			var c struct {
				Count   int
				Records []record
			}
			decode(t, body, &c)
			if status != 200 || c.Count != 1 || c.Records[0].ID != demo.BuyerAccountID || c.Records[0].Fields["Name"].Value != "Acme Facilities Group" {
				t.Errorf("target: %d %s", status, body)
			}
			// GET takes the same query.
			if status, body := s.Send(t, admin, "GET", ui+"lookups/Contact/AccountId?q=Acme", ""); status != 200 ||
				!strings.Contains(string(body), demo.BuyerAccountID) {
				t.Errorf("GET: %d %s", status, body)
			}
		})

		t.Run("recent", func(t *testing.T) {
			status, body := s.Send(t, admin, "POST", ui+"records", `{"apiName":"Account","fields":{"Name":"Zeta Recent Co"}}`)
			if status != 201 {
				t.Fatalf("create: %d %s", status, body)
			}
			v := lookup(admin, "Contact/AccountId?searchType=Recent", "")
			if got := names(v.LookupResults["Account"].Records); len(got) == 0 || got[0] != "Zeta Recent Co" {
				t.Errorf("recent: %v", got)
			}
			v = lookup(buyer, "Contact/AccountId", "") // no q: Recent; the buyer changed no account
			if got := v.LookupResults["Account"].Records; len(got) != 0 {
				t.Errorf("buyer's recent: %v", names(got))
			}
			// A record the buyer opened (updateMru) is one of their recent ones, as on the recent lists.
			if status, body := s.Send(t, buyer, "GET", ui+"records/"+demo.BuyerAccountID+"?fields=Account.Name&updateMru=true", ""); status != 200 {
				t.Fatalf("open: %d %s", status, body)
			}
			v = lookup(buyer, "Contact/AccountId?searchType=Recent", "")
			if got := ids(v.LookupResults["Account"].Records); len(got) != 1 || got[0] != demo.BuyerAccountID {
				t.Errorf("buyer's recent after opening their account: %v", got)
			}
		})

		t.Run("visibility is the query's", func(t *testing.T) {
			v := lookup(buyer, "Contact/AccountId?q=Northwind", "")
			want := soqlIDs(t, s, buyer, "SELECT+Id+FROM+Account+WHERE+Name+LIKE+'%25Northwind%25'")
			if got := ids(v.LookupResults["Account"].Records); !reflect.DeepEqual(got, want) {
				t.Errorf("buyer sees %v, SOQL %v", got, want)
			}
			if len(want) == 3 {
				t.Errorf("the buyer sees every account")
			}
		})

		t.Run("dependent field bindings", func(t *testing.T) {
			ctx := context.Background()
			for _, acc := range []string{demo.BuyerAccountID, demo.ManagerAccountID} {
				if _, err := s.App.Engine.Create(ctx, records.System, "Contact",
					map[string]any{"LastName": "Lookuptester", "AccountId": acc}); err != nil {
					t.Fatal(err)
				}
			}
			v := lookup(admin, "Case/ContactId?q=Lookuptester", "")
			if n := len(v.LookupResults["Contact"].Records); n != 2 {
				t.Errorf("unbound: %d", n)
			}
			v = lookup(admin, "Case/ContactId?q=Lookuptester&dependentFieldBindings=AccountId",
				`{"sourceRecord":{"fields":{"AccountId":"`+demo.ManagerAccountID[:15]+`","Subject":"x","IsClosed":false,"Priority":null}}}`)
			if recs := v.LookupResults["Contact"].Records; len(recs) != 1 {
				t.Errorf("bound by the body: %v", recs)
			}
			// The demo's first case is the buyer account's.
			v = lookup(admin, "Case/ContactId?q=Lookuptester&dependentFieldBindings=AccountId&sourceRecordId="+records.StableID("500", 1), "")
			status, body := s.Send(t, admin, "GET", "/services/data/v64.0/sobjects/Contact/"+v.LookupResults["Contact"].Records[0].ID, "")
			if len(v.LookupResults["Contact"].Records) != 1 || status != 200 || !strings.Contains(string(body), demo.BuyerAccountID) {
				t.Errorf("bound by the source record: %v %s", v.LookupResults["Contact"].Records, body)
			}
		})

		t.Run("errors", func(t *testing.T) {
			for _, c := range []struct {
				path, body string
				status     int
				msg        string
			}{
				{"Contact/AccountId?searchType=Bogus", "", 400, "Invalid searchType: Bogus. Use Recent, Search or TypeAhead."},
				{"Contact/AccountId?searchType=Search", "", 400, "q is required when searchType is Search."},
				{"Contact/AccountId?searchType=TypeAhead", "", 400, "q is required when searchType is TypeAhead."},
				{"Contact/AccountId?q=a", "", 400, "search term must be longer than one character: a"},
				{"Contact/AccountId?pageSize=0", "", 400, "pageSize must be a whole number from 1 to 50: 0"},
				{"Contact/AccountId?pageSize=51", "", 400, "pageSize must be a whole number from 1 to 50: 51"},
				{"Contact/AccountId?page=x", "", 400, "page must be a whole number from 1 to 100: x"},
				{"Contact/LastName", "", 400, "Contact.LastName is not a lookup field."},
				{"Contact/Nope", "", 400, "No such field 'Nope' on Contact."},
				{"NoSuchObject__c/AccountId", "", 404, "The requested resource does not exist"},
				{"Contact/AccountId/Lead", "", 400, "Contact.AccountId does not look up Lead."},
				{"Case/ContactId", `{"sourceRecord":{"fields":{"AccountId":{"id":"x"}}}}`, 400,
					"sourceRecord field AccountId must be a string, a number, a boolean or null."},
				{"Case/ContactId", `{"sourceRecord":{"fields":{"AccountId":["x"]}}}`, 400,
					"sourceRecord field AccountId must be a string, a number, a boolean or null."},
				{"Case/ContactId", `{"sourceRecord":"x"}`, 400, "sourceRecord must be an object with a fields object."},
				{"Case/ContactId", `{"sourceRecord":{"fields":{"Nope":"x"}}}`, 400, "No such field 'Nope' on Case."},
				{"Case/ContactId?dependentFieldBindings=Nope", "", 400, "dependentFieldBindings: no field Nope on Case."},
				{"Case/ContactId?sourceRecordId=" + demo.BuyerAccountID, "", 400, "sourceRecordId " + demo.BuyerAccountID + " is not a record of Case."},
				{"Contact/AccountId", `{"orderBy":{"fieldApiName":1}}`, 400, "orderBy fieldApiName must be a non-empty string."},
				{"Contact/AccountId", `{"orderBy":{"fieldApiName":"Name","isAscending":"yes"}}`, 400, "orderBy isAscending must be a boolean."},
				{"Contact/AccountId", `{"orderBy":"Name"}`, 400, "orderBy must be an object with fieldApiName and isAscending, or a list of them."},
			} {
				expectError(t, s, admin, "POST", ui+"lookups/"+c.path, c.body, c.status, c.msg)
			}
			status, body := s.Send(t, admin, "POST", ui+"lookups/Contact/AccountId", `{"orderBy":{"fieldApiName":"Nope"}}`)
			if status != 400 || !strings.Contains(string(body), "INVALID_FIELD") {
				t.Errorf("order by an unknown field: %d %s", status, body)
			}
			if status, _ := s.Send(t, "", "POST", ui+"lookups/Contact/AccountId", ""); status != 401 {
				t.Errorf("guest: %d", status)
			}
			if status, _ := s.Send(t, admin, "DELETE", ui+"lookups/Contact/AccountId", ""); status != 405 {
				t.Errorf("DELETE: %d", status)
			}
		})
	})
}
