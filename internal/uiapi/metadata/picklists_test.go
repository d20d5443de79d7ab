package metadata_test

import (
	"encoding/json"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
)

const master = "012000000000000AAA"

func checkPicklists(t *testing.T, s *apptest.Server) {
	admin := as(t, s, "admin@example.com")

	// One field: values in order, no attributes for a plain picklist.
	typ := admin.get("/object-info/Account/picklist-values/" + master + "/Type")
	if apitest.Dig(typ, "values", 0, "value") != "Prospect" || apitest.Dig(typ, "values", 0, "attributes") != nil ||
		apitest.Dig(typ, "url") != ui+"/object-info/Account/picklist-values/"+master+"/Type" || apitest.Dig(typ, "eTag") == "" {
		t.Fatalf("Account.Type: %v", typ)
	}

	// Every picklist of Case for the record type, a 15-character id accepted. Status: its default value and the
	// CaseStatus attributes. Reason depends on Type: controllerValues number Type's values, validFor lists them.
	all := admin.get("/object-info/Case/picklist-values/" + master[:15])
	status := apitest.Dig(all, "picklistFieldValues", "Status")
	if apitest.Dig(status, "defaultValue", "value") != "New" || attrs(status, "Closed") != `{"closed":true,"picklistAtrributesValueType":"CaseStatus"}` ||
		attrs(status, "New") != `{"closed":false,"picklistAtrributesValueType":"CaseStatus"}` {
		t.Fatalf("Case.Status: %v", status)
	}
	reason := apitest.Dig(all, "picklistFieldValues", "Reason")
	if got := marshal(apitest.Dig(reason, "controllerValues")); got != `{"Feature Request":2,"Problem":1,"Question":0}` {
		t.Fatalf("Case.Reason controllerValues %s", got)
	}
	for value, validFor := range map[string]string{"Breakdown": "[1]", "Equipment Complexity": "[0,1]", "New problem": "[2]"} {
		if got := marshal(apitest.Dig(valueOf(reason, value), "validFor")); got != validFor {
			t.Errorf("Case.Reason %s validFor %s, want %s", value, got, validFor)
		}
	}
	if apitest.Dig(all, "picklistFieldValues", "Subject") != nil || marshal(apitest.Dig(all, "picklistFieldValues", "Priority", "controllerValues")) != "{}" {
		t.Fatal("a text field listed, or an independent picklist with controller values")
	}

	// The attributes of each value type.
	for _, c := range []struct{ object, field, value, attrs string }{
		{"Lead", "Status", "Closed - Converted", `{"converted":true,"picklistAtrributesValueType":"LeadStatus"}`},
		{"Opportunity", "StageName", "Closed Won", `{"closed":true,"defaultProbability":100,"forecastCategoryName":"Closed",` +
			`"picklistAtrributesValueType":"OpportunityStage","won":true}`},
		{"WorkStep", "Status", "In Progress", `{"picklistAtrributesValueType":"WorkStepStatus","sortOrder":2,"statusCode":"InProgress"}`},
	} {
		values := admin.get("/object-info/" + c.object + "/picklist-values/" + master + "/" + c.field)
		if got := attrs(values, c.value); got != c.attrs {
			t.Errorf("%s.%s %s: attributes %s, want %s", c.object, c.field, c.value, got, c.attrs)
		}
	}

	// Unknown or unreadable objects, fields that are no picklists, and record types of no object are NOT_FOUND;
	// a record type id that is no id is 400.
	for _, path := range []string{"/object-info/Nope__c/picklist-values/" + master,
		"/object-info/Case/picklist-values/" + master + "/Subject", "/object-info/Case/picklist-values/" + master + "/Nope",
		"/object-info/Case/picklist-values/012000000000001AAA"} {
		admin.refused("GET", path, "", 404, "NOT_FOUND", "does not exist")
	}
	admin.refused("GET", "/object-info/Case/picklist-values/xyz", "", 400, "INVALID_INPUT", "Invalid recordTypeId: xyz")
	// An object the caller may not read is NOT_FOUND too (a support agent has no rights on Lead).
	support := as(t, s, "support@example.com")
	support.refused("GET", "/object-info/Lead/picklist-values/"+master, "", 404, "NOT_FOUND", "does not exist")
}

// valueOf is the entry of a PicklistValuesRepresentation for a value.
func valueOf(values any, value string) any {
	list, _ := apitest.Dig(values, "values").([]any)
	for _, v := range list {
		if apitest.Dig(v, "value") == value {
			return v
		}
	}
	return nil
}

// attrs is the JSON of a value's attributes (keys sorted).
func attrs(values any, value string) string {
	return marshal(apitest.Dig(valueOf(values, value), "attributes"))
}

func marshal(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
