package duplicates_test

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
	"storefront/internal/records"
	"storefront/internal/uiapi/uiapitest"
)

const ui = "/services/data/v64.0/ui-api/"

// jordan is the demo lead the tests duplicate: Jordan Reyes of Cascade Hospitality.
var jordan = records.StableID("00Q", 1)

func decode(t *testing.T, body []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(body, v); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
}

// leadCount is the leads the admin sees, through SOQL.
func leadCount(t *testing.T, s *apptest.Server, token string) int {
	t.Helper()
	status, body := s.Send(t, token, "GET", "/services/data/v64.0/query?q=SELECT+COUNT()+FROM+Lead", "")
	var out struct{ TotalSize int }
	decode(t, body, &out)
	if status != 200 {
		t.Fatalf("count: %d %s", status, body)
	}
	return out.TotalSize
}

func TestDuplicates(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin, support := s.Token(t, "admin@example.com"), s.Token(t, "support@example.com")
		manager := s.Token(t, "merchandiser@example.com")

		t.Run("configuration", func(t *testing.T) {
			status, body := s.Send(t, admin, "GET", ui+"duplicates/Lead", "")
			if status != 200 {
				t.Fatalf("status %d: %s", status, body)
			}
			uiapitest.CheckResponseStrict(t, "GET", ui+"duplicates/Lead", status, body)
			var c struct {
				APIName        string
				DedupeEnabled  bool
				DedupeFields   []string
				PredupeEnabled bool
				DuplicateRules []struct {
					Name, ActionOnInsert, ActionOnUpdate string
					Active                               bool
					MatchRules                           []struct {
						Name, MatchEngine, ObjectAPIName string
						MatchFields                      []string
					}
				}
			}
			decode(t, body, &c)
			if c.APIName != "Lead" || !c.DedupeEnabled || !c.PredupeEnabled || !reflect.DeepEqual(c.DedupeFields, []string{"Company", "Email"}) {
				t.Errorf("configuration: %s", body)
			}
			if len(c.DuplicateRules) != 1 || c.DuplicateRules[0].Name != "Standard_Lead_Duplicate_Rule" ||
				c.DuplicateRules[0].ActionOnInsert != "Allow" || len(c.DuplicateRules[0].MatchRules) != 1 ||
				c.DuplicateRules[0].MatchRules[0].MatchEngine != "FuzzyMatchEngine" ||
				c.DuplicateRules[0].MatchRules[0].Name != "Standard_Lead_Match_Rule_v1_0" {
				t.Errorf("rules: %s", body)
			}
			if status, _ := s.Send(t, admin, "GET", ui+"duplicates/NoSuchObject__c", ""); status != 404 {
				t.Errorf("unknown object: %d", status)
			}
			// A rule's field the caller may not read is left out of what they are told (the Store Manager does not
			// see Account.AnnualRevenue).
			status, body = s.Send(t, admin, "PUT", ui+"duplicates/Account/rules/Revenue_Rule",
				`{"active":false,"matchRules":[{"name":"Revenue","fields":[{"field":"Name","fuzzy":true},{"field":"AnnualRevenue"}]}]}`)
			if status != 200 {
				t.Fatalf("add a rule: %d %s", status, body)
			}
			status, body = s.Send(t, manager, "GET", ui+"duplicates/Account", "")
			uiapitest.CheckResponseStrict(t, "GET", ui+"duplicates/Account", status, body)
			if status != 200 || strings.Contains(string(body), "AnnualRevenue") || !strings.Contains(string(body), `"Revenue_Rule"`) ||
				!strings.Contains(string(body), `"dedupeFields":["BillingCity","Name"]`) {
				t.Errorf("manager's configuration: %d %s", status, body)
			}
			if status, _ := s.Send(t, "", "GET", ui+"duplicates/Lead", ""); status != 401 {
				t.Errorf("guest: %d", status)
			}
		})

		t.Run("predupe", func(t *testing.T) {
			call := func(body string) (int, []byte) {
				t.Helper()
				status, out := s.Send(t, admin, "POST", ui+"predupe", body)
				uiapitest.CheckResponseStrict(t, "POST", ui+"predupe", status, out)
				return status, out
			}
			var d struct {
				AllowSave, DuplicateError bool
				DuplicateRules            []string
				Matches                   []struct {
					ObjectAPIName        string
					RecordIDs            []string
					DuplicateResultInfos map[string]struct {
						AllowSave       bool
						Rule            string
						MatchResultInfo struct {
							RecordIDs []string
							Rule      string
						}
					}
				}
			}
			// Email exactly (case aside), Company fuzzily: "Cascade Hospitality, Inc." is Cascade Hospitality.
			status, body := call(`{"apiName":"Lead","fields":{"LastName":"Other","Email":"JORDAN.REYES@example.com","Company":"Cascade Hospitality, Inc."}}`)
			decode(t, body, &d)
			if status != 200 || !d.DuplicateError || !d.AllowSave || len(d.Matches) != 1 ||
				!reflect.DeepEqual(d.Matches[0].RecordIDs, []string{jordan}) ||
				d.Matches[0].DuplicateResultInfos["Standard_Lead_Duplicate_Rule"].MatchResultInfo.Rule != "Standard_Lead_Match_Rule_v1_0" {
				t.Errorf("match: %d %s", status, body)
			}
			// The same email at another company is not a duplicate of this rule.
			status, body = call(`{"apiName":"Lead","fields":{"Email":"jordan.reyes@example.com","Company":"Globex"}}`)
			d.Matches = nil
			decode(t, body, &d)
			if status != 200 || d.DuplicateError || len(d.Matches) != 0 || len(d.DuplicateRules) != 0 {
				t.Errorf("no match: %d %s", status, body)
			}
			// An edit of the record itself is no duplicate of itself.
			status, body = call(`{"apiName":"Lead","fields":{"Id":"` + jordan[:15] + `","Email":"jordan.reyes@example.com","Company":"Cascade Hospitality"}}`)
			d.Matches = nil
			decode(t, body, &d)
			if status != 200 || d.DuplicateError {
				t.Errorf("self: %d %s", status, body)
			}
			// Accounts: fuzzy name and exact billing city.
			status, body = call(`{"apiName":"Account","fields":{"Name":"ACME Facilities Group LLC","BillingCity":"Denver"}}`)
			d.Matches = nil
			decode(t, body, &d)
			if status != 200 || len(d.Matches) != 1 || !reflect.DeepEqual(d.Matches[0].RecordIDs, []string{demo.BuyerAccountID}) {
				t.Errorf("account: %d %s", status, body)
			}
			for _, c := range []struct {
				body   string
				status int
				msg    string
			}{
				{`{"apiName":"Lead"}`, 400, "Invalid recordInput: fields must be an object of field names to values."},
				{`{"apiName":"Lead","fields":[1]}`, 400, "Invalid recordInput: fields must be an object of field names to values."},
				{`{"fields":{"Email":"a@b.co"}}`, 400, "Invalid recordInput: apiName must be a non-empty string."},
				{`{"apiName":"Lead","fields":{"Email":{"x":1}}}`, 400, "Invalid recordInput: the value of Email must be a string, a number, a boolean or null."},
				{`{"apiName":"Lead","fields":{"Email":["a"]}}`, 400, "Invalid recordInput: the value of Email must be a string, a number, a boolean or null."},
				{`{"apiName":"Lead","allowSaveOnDuplicate":"yes","fields":{}}`, 400, "Invalid recordInput: allowSaveOnDuplicate must be a boolean."},
				{`{"apiName":"Lead","fields":{"NoSuch__c":"x"}}`, 400, "No such column 'NoSuch__c' on entity 'Lead'."},
				{`{"apiName":"NoSuchObject__c","fields":{}}`, 404, "The requested resource does not exist"},
			} {
				status, body := s.Send(t, admin, "POST", ui+"predupe", c.body)
				var errs []struct{ ErrorCode, Message string }
				if status != c.status || json.Unmarshal(body, &errs) != nil || len(errs) != 1 || errs[0].Message != c.msg {
					t.Errorf("%s: %d %s, want %d %q", c.body, status, body, c.status, c.msg)
				}
			}
		})

		t.Run("block", func(t *testing.T) {
			rule := `{"actionOnInsert":"Block","actionOnUpdate":"Block","operationsOnInsert":["Alert"],
				"matchRules":[{"name":"Standard_Lead_Match_Rule_v1_0","fields":[{"field":"Email"},{"field":"Company","fuzzy":true}]}]}`
			path := ui + "duplicates/Lead/rules/Standard_Lead_Duplicate_Rule"
			// Only an administrator edits rules; a caller who may not read the object does not learn of it.
			if status, body := s.Send(t, support, "PUT", ui+"duplicates/Contact/rules/Standard_Contact_Duplicate_Rule", rule); status != 403 ||
				!strings.Contains(string(body), "You don't have permission to edit duplicate rules.") {
				t.Fatalf("support edits a rule: %d %s", status, body)
			}
			if status, _ := s.Send(t, support, "PUT", path, rule); status != 404 {
				t.Fatalf("support edits a rule of an object it may not read: %d", status)
			}
			for _, bad := range []struct{ body, msg string }{
				{`{"actionOnInsert":"Stop","matchRules":[{"fields":[{"field":"Email"}]}]}`, "Invalid action 'Stop': use Allow or Block."},
				{`{"operationsOnInsert":["Email"],"matchRules":[{"fields":[{"field":"Email"}]}]}`, "Invalid operation 'Email': use Alert or Report."},
				{`{"matchRules":[]}`, "The duplicate rule needs at least one matching rule."},
				{`{"matchRules":[{"name":"M","fields":[]}]}`, "The matching rule M needs at least one field."},
				{`{"matchRules":[{"fields":[{"field":"Nope"}]}]}`, "No such field 'Nope' on Lead."},
			} {
				status, body := s.Send(t, admin, "PUT", path, bad.body)
				if status != 400 || !strings.Contains(string(body), bad.msg) {
					t.Errorf("%s: %d %s, want %q", bad.body, status, body, bad.msg)
				}
			}
			status, body := s.Send(t, admin, "PUT", path, rule)
			if status != 200 || !strings.Contains(string(body), `"actionOnInsert":"Block"`) {
				t.Fatalf("admin edits a rule: %d %s", status, body)
			}
			uiapitest.CheckResponseStrict(t, "GET", ui+"duplicates/Lead", status, body)

			before := leadCount(t, s, admin)
			dup := `"LastName":"Reyes","Email":"jordan.reyes@example.com","Company":"The Cascade Hospitality"`
			// UI API: refused with the RecordError shape and the matches.
			status, body = s.Send(t, admin, "POST", ui+"records", `{"apiName":"Lead","fields":{`+dup+`}}`)
			if status != 400 {
				t.Fatalf("ui-api duplicate: %d %s", status, body)
			}
			uiapitest.CheckResponseStrict(t, "POST", ui+"records", status, body)
			var uiErr struct {
				EnhancedErrorType, Message string
				Output                     struct {
					Errors []struct {
						ErrorCode, Message   string
						DuplicateRecordError struct {
							MatchResults []struct {
								APIName, MatchRule, ObjectLabel string
								IsAllowSave                     bool
								MatchRecordIDs                  []string
							}
						}
					}
				}
			}
			decode(t, body, &uiErr)
			if uiErr.EnhancedErrorType != "RecordError" || uiErr.Message != "Use one of these records?" ||
				len(uiErr.Output.Errors) != 1 || uiErr.Output.Errors[0].ErrorCode != "DUPLICATES_DETECTED" ||
				len(uiErr.Output.Errors[0].DuplicateRecordError.MatchResults) != 1 {
				t.Fatalf("ui-api error: %s", body)
			}
			mr := uiErr.Output.Errors[0].DuplicateRecordError.MatchResults[0]
			if mr.APIName != "Lead" || mr.IsAllowSave || mr.MatchRule != "Standard_Lead_Match_Rule_v1_0" ||
				!reflect.DeepEqual(mr.MatchRecordIDs, []string{jordan}) {
				t.Errorf("match result: %s", body)
			}
			// sObject REST: the REST error list with its duplicateResult.
			status, body = s.Send(t, admin, "POST", "/services/data/v64.0/sobjects/Lead", `{`+dup+`}`)
			var restErr []struct {
				ErrorCode       string
				DuplicateResult struct {
					AllowSave     bool
					DuplicateRule string
					MatchResults  []struct {
						EntityType   string
						MatchRecords []struct{ Record map[string]any }
					}
				}
			}
			decode(t, body, &restErr)
			if status != 400 || len(restErr) != 1 || restErr[0].ErrorCode != "DUPLICATES_DETECTED" ||
				restErr[0].DuplicateResult.DuplicateRule != "Standard_Lead_Duplicate_Rule" ||
				len(restErr[0].DuplicateResult.MatchResults) != 1 ||
				restErr[0].DuplicateResult.MatchResults[0].MatchRecords[0].Record["Id"] != jordan {
				t.Errorf("rest duplicate: %d %s", status, body)
			}
			// Code writing through the engine (the console, composite, domain code) is refused alike.
			_, err := s.App.Engine.Create(context.Background(), records.System, "Lead",
				map[string]any{"LastName": "Reyes", "Email": "jordan.reyes@example.com", "Company": "Cascade Hospitality"})
			var we *records.WriteError
			if !errors.As(err, &we) || we.Errors[0].Code != records.CodeDuplicates {
				t.Errorf("engine write: %v", err)
			}
			if after := leadCount(t, s, admin); after != before {
				t.Fatalf("refused writes saved: %d leads, were %d", after, before)
			}

			// Saving anyway: the UI API's allowSaveOnDuplicate, REST's Sforce-Duplicate-Rule-Header.
			status, body = s.Send(t, admin, "POST", ui+"records", `{"apiName":"Lead","allowSaveOnDuplicate":true,"fields":{`+dup+`}}`)
			if status != 201 {
				t.Fatalf("allowSaveOnDuplicate: %d %s", status, body)
			}
			var created struct{ ID string }
			decode(t, body, &created)
			status, body = s.Send(t, admin, "POST", "/services/data/v64.0/sobjects/Lead", `{`+dup+`}`,
				"Sforce-Duplicate-Rule-Header", "allowSave=true")
			if status != 201 {
				t.Fatalf("allowSave header: %d %s", status, body)
			}
			if after := leadCount(t, s, admin); after != before+2 {
				t.Errorf("saved anyway: %d leads, want %d", after, before+2)
			}
			// Composite: the subrequest is refused alike, and saves with the header on the call or on the subrequest.
			composite := func(outer, sub []string) string {
				t.Helper()
				headers := `{}`
				if len(sub) == 2 {
					headers = `{"` + sub[0] + `":"` + sub[1] + `"}`
				}
				status, body := s.Send(t, admin, "POST", "/services/data/v64.0/composite", `{"allOrNone":false,"compositeRequest":[
					{"method":"POST","url":"/services/data/v64.0/sobjects/Lead","referenceId":"dup","httpHeaders":`+headers+`,"body":{`+dup+`}}]}`, outer...)
				if status != 200 {
					t.Fatalf("composite: %d %s", status, body)
				}
				return string(body)
			}
			if body := composite(nil, nil); !strings.Contains(body, `"httpStatusCode":400`) || !strings.Contains(body, "DUPLICATES_DETECTED") {
				t.Errorf("composite duplicate: %s", body)
			}
			header := []string{"Sforce-Duplicate-Rule-Header", "allowSave=true"}
			if body := composite(header, nil); !strings.Contains(body, `"httpStatusCode":201`) {
				t.Errorf("composite with the header: %s", body)
			}
			if body := composite(nil, header); !strings.Contains(body, `"httpStatusCode":201`) {
				t.Errorf("composite subrequest with the header: %s", body)
			}
			if after := leadCount(t, s, admin); after != before+4 {
				t.Errorf("composite saves: %d leads, want %d", after, before+4)
			}
			// An edit that leaves the matched fields alone is not checked; one that changes them is.
			if status, body := s.Send(t, admin, "PATCH", ui+"records/"+created.ID, `{"fields":{"Title":"Buyer"}}`); status != 200 {
				t.Errorf("edit of other fields: %d %s", status, body)
			}
			if status, body := s.Send(t, admin, "PATCH", ui+"records/"+created.ID, `{"fields":{"Company":"Cascade Hospitality Group"}}`); status != 400 ||
				!strings.Contains(string(body), "DUPLICATES_DETECTED") {
				t.Errorf("edit of a matched field: %d %s", status, body)
			}
			// predupe says a blocked save is not allowed.
			status, body = s.Send(t, admin, "POST", ui+"predupe", `{"apiName":"Lead","fields":{`+dup+`}}`)
			if status != 200 || !strings.Contains(string(body), `"allowSave":false`) {
				t.Errorf("predupe of a blocked save: %d %s", status, body)
			}
		})
	})
}
