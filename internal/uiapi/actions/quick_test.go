package actions_test

import (
	"encoding/json"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
)

// TestQuickActionMetadata: info, layout and defaults of quick actions, from the definition, the context record
// and the caller's field access.
func TestQuickActionMetadata(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		c := newClient(t, s)
		account := demo.BuyerAccountID
		caseID := c.firstID("SELECT Id FROM Case WHERE Status != 'Closed' LIMIT 1")

		var info struct {
			ActionAPIName, Label, Type, TargetSobjectType, TargetRecordTypeID string
			TargetParentField                                                 *string
			Parameters                                                        []struct{ APIName string }
		}
		out := c.call("admin", "GET", base+"quick-action-info/Account.NewContact?parentRecordId="+account, "", 200)
		if err := json.Unmarshal(out, &info); err != nil {
			t.Fatal(err)
		}
		if info.ActionAPIName != "Account.NewContact" || info.Type != "Create" || info.TargetSobjectType != "Contact" ||
			info.TargetParentField == nil || *info.TargetParentField != "AccountId" || len(info.Parameters) != 5 ||
			info.TargetRecordTypeID != "012000000000000AAA" {
			t.Errorf("info: %s", out)
		}
		c.call("admin", "GET", base+"quick-action-info/Account.NoSuch", "", 404)
		c.call("support", "GET", base+"quick-action-info/Global.NewAccount", "", 404)   // support may not create accounts
		c.call("support", "GET", base+"quick-action-info/Opportunity.NewCase", "", 404) // nor read opportunities
		c.call("support", "GET", base+"quick-action-info/Account.NewCase", "", 200)
		if msg := c.errorMessage(c.call("admin", "GET", base+"quick-action-info/Account.NewContact?parentRecordId="+caseID, "", 400)); msg != "parentRecordId must be the id of a Account record." {
			t.Errorf("wrong parent: %q", msg)
		}

		// The layout: one section, two columns, the action's fields.
		out = c.checked("admin", "GET", base+"layout/Account.NewContact", "", 200)
		var layout struct {
			ActionAPIName string
			Layout        struct {
				Mode, ObjectAPIName string
				Sections            []struct {
					Rows       int
					LayoutRows []struct {
						LayoutItems []struct {
							Label           string
							LookupIDAPIName *string `json:"lookupIdApiName"`
						}
					}
				}
			}
		}
		if err := json.Unmarshal(out, &layout); err != nil {
			t.Fatal(err)
		}
		sec := layout.Layout.Sections[0]
		if layout.ActionAPIName != "Account.NewContact" || layout.Layout.Mode != "Create" || layout.Layout.ObjectAPIName != "Contact" ||
			sec.Rows != 3 || len(sec.LayoutRows[2].LayoutItems) != 1 || *sec.LayoutRows[2].LayoutItems[0].LookupIDAPIName != "AccountId" {
			t.Errorf("layout: %s", out)
		}
		if out = c.checked("admin", "GET", base+"layout/Case.CloseCase?objectApiName=Case", "", 200); !strings.Contains(string(out), `"mode":"Edit"`) {
			t.Errorf("update layout: %s", out)
		}
		c.checked("admin", "GET", base+"layout/Case.CloseCase?objectApiName=Account", "", 400)
		c.checked("admin", "GET", base+"layout/Case.CloseCase?recordTypeId=nope", "", 400)

		// Defaults: the parent link from the context record, literal defaults, and an update's current values.
		out = c.checked("admin", "GET", base+"record-defaults/Account.NewCase?parentRecordId="+account+"&optionalFields=Case.Type", "", 200)
		var defaults struct {
			ActionAPIName, ObjectAPIName string
			Fields                       map[string]struct{ Value any }
		}
		if err := json.Unmarshal(out, &defaults); err != nil {
			t.Fatal(err)
		}
		f := defaults.Fields
		if defaults.ObjectAPIName != "Case" || f["AccountId"].Value != account || f["Priority"].Value != "Medium" ||
			f["Origin"].Value != "Phone" || f["Subject"].Value != nil || len(f) != 6 {
			t.Errorf("defaults: %s", out)
		}
		out = c.checked("admin", "GET", base+"record-defaults/Case.CloseCase?parentRecordId="+caseID, "", 200)
		if !strings.Contains(string(out), `"Status":{"displayValue":null,"value":"Closed"}`) {
			t.Errorf("close case defaults: %s", out)
		}
		c.checked("admin", "GET", base+"record-defaults/Account.NewCase?parentRecordId=001000000000000AAA", "", 404)

		// Overrides and formula activation: none in the storefront, for objects the caller may read.
		if out = c.call("admin", "GET", base+"overrides/Account?type=New", "", 200); string(out) != `{"url":null}`+"\n" {
			t.Errorf("overrides: %q", out)
		}
		c.call("admin", "GET", base+"overrides/NoSuchObject__c", "", 404)
		c.call("admin", "GET", base+"overrides/Account?defaultTemplateOnly=maybe", "", 400)
		if out = c.call("admin", "GET", base+"formula-activation/QuickActions?objectApiNames=Account,Case", "", 200); string(out) != `{"activations":{"Account":false,"Case":false}}`+"\n" {
			t.Errorf("formula activation: %q", out)
		}
		c.call("buyer", "GET", base+"formula-activation/QuickActions?objectApiNames=Lead", "", 404)
	})
}

// TestPerformQuickAction: a quick action writes through the engine (validation, field security, all or nothing),
// POST for a Create action and PATCH for an Update one.
func TestPerformQuickAction(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		c := newClient(t, s)
		account := demo.BuyerAccountID
		caseID := c.firstID("SELECT Id FROM Case WHERE Status != 'Closed' LIMIT 1")
		contacts := "SELECT Id FROM Contact WHERE AccountId = '" + account + "'"
		before := c.count(contacts)

		// Refused inputs write nothing.
		for body, msg := range map[string]string{
			`{"contextId":"` + account + `","fields":{"LastName":"X","Title":"CEO"}}`: "Invalid recordInput: the field Title is not on the Account.NewContact quick action.",
			`{"contextId":"` + account + `"}`:                                         "Invalid recordInput: fields must be an object of field names to values.",
			`{"apiName":"Global.NewLead","fields":{}}`:                                "Invalid recordInput: apiName must be the quick action's name, Account.NewContact.",
			`{"allowSaveOnDuplicate":"yes","fields":{}}`:                              "Invalid recordInput: allowSaveOnDuplicate must be a boolean.",
		} {
			if got := c.errorMessage(c.call("admin", "POST", base+"perform-quick-action/Account.NewContact", body, 400)); got != msg {
				t.Errorf("%s: %q, want %q", body, got, msg)
			}
		}
		// The engine's validation: a contact needs a last name (the UI API's record error body).
		out := c.call("admin", "POST", base+"perform-quick-action/Account.NewContact", `{"contextId":"`+account+`","fields":{"FirstName":"Ann"}}`, 400)
		if !strings.Contains(string(out), `"enhancedErrorType":"RecordError"`) || !strings.Contains(string(out), `LastName`) {
			t.Errorf("missing last name: %s", out)
		}
		c.call("admin", "PATCH", base+"perform-quick-action/Account.NewContact", `{"contextId":"`+account+`","fields":{"LastName":"Patch"}}`, 400)
		if n := c.count(contacts); n != before {
			t.Fatalf("refused actions wrote contacts: %d, want %d", n, before)
		}

		// A create: linked to its context record.
		out = c.call("admin", "POST", base+"perform-quick-action/Account.NewContact",
			`{"apiName":"Account.NewContact","contextId":"`+account+`","fields":{"FirstName":"Quinn","LastName":"Quick"}}`, 201)
		var res struct {
			ID, SuccessMessage   string
			ContextID            *string
			IsCreated, IsSuccess bool
		}
		if err := json.Unmarshal(out, &res); err != nil || !res.IsCreated || !res.IsSuccess || res.ContextID == nil ||
			*res.ContextID != account || res.SuccessMessage != `Contact "Quinn Quick" was created.` {
			t.Errorf("create: %v %s", err, out)
		}
		if got := c.firstID("SELECT Id FROM Contact WHERE LastName = 'Quick' AND AccountId = '" + account + "'"); got != res.ID {
			t.Errorf("created contact %s, want %s", got, res.ID)
		}
		if n := c.count(contacts); n != before+1 {
			t.Errorf("contacts: %d, want %d", n, before+1)
		}

		// A Block duplicate rule refuses the action's record (the engine's hook, as for every writer), unless the
		// caller saves anyway with allowSaveOnDuplicate.
		c.call("admin", "PUT", "/services/data/v64.0/ui-api/duplicates/Contact/rules/Standard_Contact_Duplicate_Rule",
			`{"actionOnInsert":"Block","actionOnUpdate":"Block","operationsOnInsert":["Alert"],"matchRules":[{"fields":[{"field":"Email"}]}]}`, 200)
		dup := `"fields":{"LastName":"Twin","Email":"quinn.twin@example.com"}`
		c.call("admin", "POST", base+"perform-quick-action/Account.NewContact", `{"contextId":"`+account+`",`+dup+`}`, 201)
		out = c.call("admin", "POST", base+"perform-quick-action/Account.NewContact", `{"contextId":"`+account+`",`+dup+`}`, 400)
		if !strings.Contains(string(out), `"errorCode":"DUPLICATES_DETECTED"`) || !strings.Contains(string(out), `"matchRecordIds":["`) {
			t.Errorf("duplicate: %s", out)
		}
		c.call("admin", "POST", base+"perform-quick-action/Account.NewContact", `{"allowSaveOnDuplicate":true,"contextId":"`+account+`",`+dup+`}`, 201)
		if n := c.count("SELECT Id FROM Contact WHERE Email = 'quinn.twin@example.com'"); n != 2 {
			t.Errorf("contacts saved with the duplicate's email: %d, want 2", n)
		}

		// An update: the context record is required, and changed.
		if msg := c.errorMessage(c.call("admin", "PATCH", base+"perform-quick-action/Case.CloseCase", `{"fields":{"Status":"Closed"}}`, 400)); msg != "contextId is required for the Case.CloseCase quick action." {
			t.Errorf("no context: %q", msg)
		}
		out = c.call("support", "PATCH", base+"perform-quick-action/Case.CloseCase", `{"contextId":"`+caseID+`","fields":{"Status":"Closed"}}`, 200)
		if err := json.Unmarshal(out, &res); err != nil || res.IsCreated || res.ID != caseID {
			t.Errorf("update: %s", out)
		}
		if c.count("SELECT Id FROM Case WHERE Id = '"+caseID+"' AND Status = 'Closed'") != 1 {
			t.Errorf("case %s not closed", caseID)
		}
		// A caller who may not create the target has no such action.
		c.call("support", "POST", base+"perform-quick-action/Global.NewAccount", `{"fields":{"Name":"No"}}`, 404)
		c.call("buyer", "PATCH", base+"perform-quick-action/Case.CloseCase", `{"contextId":"`+caseID+`","fields":{}}`, 404)
	})
}
