package actions_test

import (
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
	"storefront/internal/uiapi/uiapitest"
)

const base = "/services/data/v64.0/ui-api/actions/"

// client makes the calls of one test: each answer is checked against its RAML type (strictly) before the test
// looks at it.
type client struct {
	t      *testing.T
	s      *apptest.Server
	tokens map[string]string
}

func (c *client) call(who, method, path, body string, want int) []byte {
	c.t.Helper()
	status, out := c.s.Send(c.t, c.tokens[who], method, path, body)
	if status != want {
		c.t.Fatalf("%s %s as %s: status %d, want %d: %.400s", method, path, who, status, want, out)
	}
	return out
}

// checked is call for the operations api.raml describes: the answer must have its RAML type.
func (c *client) checked(who, method, path, body string, want int) []byte {
	c.t.Helper()
	out := c.call(who, method, path, body, want)
	uiapitest.CheckResponseStrict(c.t, method, path, want, out)
	return out
}

// errorMessage is the message of a read error answer ([{errorCode, message}]).
func (c *client) errorMessage(out []byte) string {
	c.t.Helper()
	var errs []struct{ ErrorCode, Message string }
	if err := json.Unmarshal(out, &errs); err != nil || len(errs) != 1 {
		c.t.Fatalf("not one read error: %v: %s", err, out)
	}
	return errs[0].Message
}

// firstID asks SOQL for the first id a query finds.
func (c *client) firstID(soql string) string {
	c.t.Helper()
	var res struct {
		Records []struct {
			ID string `json:"Id"`
		}
	}
	out := c.call("admin", "GET", "/services/data/v64.0/query?q="+url.QueryEscape(soql), "", 200)
	if err := json.Unmarshal(out, &res); err != nil || len(res.Records) == 0 {
		c.t.Fatalf("%s: no record: %v %s", soql, err, out)
	}
	return res.Records[0].ID
}

func (c *client) count(soql string) int {
	c.t.Helper()
	var res struct{ TotalSize int }
	if err := json.Unmarshal(c.call("admin", "GET", "/services/data/v64.0/query?q="+url.QueryEscape(soql), "", 200), &res); err != nil {
		c.t.Fatal(err)
	}
	return res.TotalSize
}

type wireAction struct {
	ActionListContext, APIName, Type, SourceObject, IsMassAction, ExternalID, ID string
	TargetObject, Subtype, RelatedSourceObject, RelatedListRecordID, Section     *string
}

type wireActions struct {
	Actions map[string]struct {
		Actions []wireAction
		URL     string
	}
	ETag string
}

// apiNames lists the API names of the actions under source.
func apiNames(t *testing.T, out []byte, source string) []string {
	t.Helper()
	var rep wireActions
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatal(err)
	}
	entry, ok := rep.Actions[source]
	if !ok {
		t.Fatalf("no actions for %s: %s", source, out)
	}
	names := []string{}
	for _, a := range entry.Actions {
		names = append(names, a.APIName)
	}
	return names
}

func wantNames(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s: actions %v, want %v", what, got, want)
	}
}

func newClient(t *testing.T, s *apptest.Server) *client {
	tokens := map[string]string{}
	for _, who := range []string{"admin", "support", "buyer"} {
		tokens[who] = s.Token(t, who+"@example.com")
	}
	return &client{t: t, s: s, tokens: tokens}
}

// TestActionLists: which actions each caller gets follows their object permissions, in every list, and every
// answer has its RAML type.
func TestActionLists(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		c := newClient(t, s)
		account := demo.BuyerAccountID
		contact := c.firstID("SELECT Id FROM Contact WHERE AccountId = '" + account + "' LIMIT 1")

		// Record actions: standard buttons by permission, then the object's quick actions.
		out := c.checked("admin", "GET", base+"record/"+account+"?sections=Page", "", 200)
		wantNames(t, "admin record", apiNames(t, out, account), "Edit", "Delete", "Clone",
			"Account.NewContact", "Account.NewCase", "Account.NewOpportunity")
		var rep wireActions
		_ = json.Unmarshal(out, &rep)
		edit := rep.Actions[account].Actions[0]
		if edit.ActionListContext != "Record" || edit.Type != "StandardButton" || edit.SourceObject != account ||
			edit.IsMassAction != "false" || *edit.TargetObject != "Account" || len(edit.ID) != 18 ||
			edit.ExternalID != "00D000000000001:"+account+"::Record:Desktop:StandardButton:Edit" {
			t.Errorf("Edit action: %+v", edit)
		}
		if quick := rep.Actions[account].Actions[3]; quick.Type != "QuickAction" || *quick.Subtype != "Create" || *quick.TargetObject != "Contact" {
			t.Errorf("quick action: %+v", quick)
		}
		// A support agent reads accounts but may not edit, delete or create them, nor see opportunities.
		out = c.checked("support", "GET", base+"record/"+account+"?sections=Page", "", 200)
		wantNames(t, "support record", apiNames(t, out, account), "Account.NewContact", "Account.NewCase")
		out = c.checked("admin", "GET", base+"record/"+account+"?apiNames=Edit,Account.NewCase&actionTypes=QuickAction", "", 200)
		wantNames(t, "filtered", apiNames(t, out, account), "Account.NewCase")

		// Validation and sight.
		msg := c.errorMessage(c.checked("admin", "GET", base+"record/"+account, "", 400))
		if msg != "Record actions need recordIds plus either sections or apiNames." {
			t.Errorf("no filters: %q", msg)
		}
		msg = c.errorMessage(c.checked("admin", "GET", base+"record/"+account+"?sections=Sidebar", "", 400))
		if msg != "Invalid value for sections: Sidebar. Valid values are ActivityComposer, CollaborateComposer, Page, SingleActionLinks." {
			t.Errorf("bad section: %q", msg)
		}
		c.checked("admin", "GET", base+"record/"+account+"?sections=Page&actionTypes=Nope", "", 400)
		c.checked("admin", "GET", base+"record/001000000000000AAA?sections=Page", "", 404)
		c.checked("buyer", "GET", base+"record/"+demo.ManagerAccountID+"?sections=Page", "", 404)

		// Global actions: creating what the caller may create.
		wantNames(t, "admin global", apiNames(t, c.checked("admin", "GET", base+"global", "", 200), "Global"),
			"Global.NewAccount", "Global.NewLead", "Global.NewCase")
		wantNames(t, "support global", apiNames(t, c.checked("support", "GET", base+"global?formFactor=Small", "", 200), "Global"),
			"Global.NewCase")
		c.checked("admin", "GET", base+"global?formFactor=Huge", "", 400)
		c.checked("admin", "GET", base+"global?retrievalMode=Some", "", 400)

		// The edit form's buttons need edit access.
		wantNames(t, "admin edit", apiNames(t, c.checked("admin", "GET", base+"record/"+account+"/record-edit", "", 200), account),
			"SaveEdit", "SaveAndNew", "CancelEdit")
		wantNames(t, "support edit", apiNames(t, c.checked("support", "GET", base+"record/"+account+"/record-edit", "", 200), account))

		// Related list rows: Edit and Delete of the related record, named by its list.
		out = c.checked("admin", "GET", base+"record/"+account+"/related-list-record/"+contact, "", 200)
		wantNames(t, "related record", apiNames(t, out, account), "Edit", "Delete")
		_ = json.Unmarshal(out, &rep)
		if a := rep.Actions[account].Actions[0]; a.ActionListContext != "RelatedListRecord" || *a.RelatedListRecordID != contact ||
			*a.RelatedSourceObject != "Contacts" || *a.TargetObject != "Contact" {
			t.Errorf("related record action: %+v", a)
		}

		// Lookups and the create form: one entry per object, New only where the caller may create.
		out = c.checked("admin", "GET", base+"lookup/Account,Contact", "", 200)
		wantNames(t, "lookup Account", apiNames(t, out, "Account"), "New")
		wantNames(t, "lookup Contact", apiNames(t, out, "Contact"), "New")
		wantNames(t, "support lookup", apiNames(t, c.checked("support", "GET", base+"lookup/Account", "", 200), "Account"))
		wantNames(t, "create form", apiNames(t, c.checked("admin", "GET", base+"object/Account/record-create", "", 200), "Account"),
			"SaveEdit", "SaveAndNew", "CancelEdit")
		c.checked("admin", "GET", base+"lookup/NoSuchObject__c", "", 404)
		c.checked("buyer", "GET", base+"object/Lead/record-create", "", 404)
	})
}

// TestRelatedListActions: the single call and the batch, whose items answer each with their own status.
func TestRelatedListActions(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		c := newClient(t, s)
		account := demo.BuyerAccountID
		path := base + "record/" + account + "/related-list/"

		out := c.checked("admin", "POST", path+"Contacts", `{"sections":["Page"]}`, 200)
		wantNames(t, "Contacts", apiNames(t, out, account), "New")
		var rep wireActions
		_ = json.Unmarshal(out, &rep)
		if a := rep.Actions[account].Actions[0]; a.ActionListContext != "RelatedList" || *a.RelatedSourceObject != "Contacts" || *a.TargetObject != "Contact" {
			t.Errorf("related list action: %+v", a)
		}
		c.checked("admin", "POST", path+"Contacts", "", 200) // the body is optional
		c.checked("admin", "POST", path+"NoSuchList", `{}`, 404)
		c.checked("admin", "POST", path+"Contacts", `{"sections":7}`, 400)

		out = c.checked("admin", "POST", path+"batch",
			`{"relatedListsActionParameters":[{"relatedListId":"Contacts","actionTypes":"StandardButton"},{"relatedListId":"NoSuchList"}]}`, 200)
		var batch struct {
			Results []struct {
				StatusCode int
				Result     json.RawMessage
			}
		}
		if err := json.Unmarshal(out, &batch); err != nil || len(batch.Results) != 2 {
			t.Fatalf("batch: %v %s", err, out)
		}
		if batch.Results[0].StatusCode != 200 || !strings.Contains(string(batch.Results[0].Result), `"apiName":"New"`) {
			t.Errorf("batch item 1: %s", out)
		}
		if batch.Results[1].StatusCode != 404 || !strings.Contains(string(batch.Results[1].Result), `"errorCode":"NOT_FOUND"`) {
			t.Errorf("batch item 2: %s", out)
		}
		for body, msg := range map[string]string{
			`{"relatedListsActionParameters":[{"sections":["Page"]}]}`:                       "relatedListId must be a string.",
			`{"relatedListsActionParameters":[{"relatedListId":5}]}`:                         "relatedListId must be a string.",
			`{"relatedListsActionParameters":[{"relatedListId":"Contacts","apiNames":[1]}]}`: "apiNames must be a string or an array of strings.",
			`{"relatedListsActionParameters":[]}`:                                            "relatedListsActionParameters must be a non-empty array.",
		} {
			if got := c.errorMessage(c.checked("admin", "POST", path+"batch", body, 400)); got != msg {
				t.Errorf("%s: %q, want %q", body, got, msg)
			}
		}
		c.checked("admin", "POST", base+"record/001000000000000AAA/related-list/batch", `{"relatedListsActionParameters":[{"relatedListId":"Contacts"}]}`, 404)
	})
}
