package metadata_test

import (
	"slices"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
)

func checkPathLayout(t *testing.T, s *apptest.Server) {
	admin := as(t, s, "admin@example.com")

	// An opportunity's path is its stage, its steps the stage's values with their attributes.
	path := admin.get("/path/layout/Opportunity?mode=View&layoutOverride=x")
	if !slices.Equal(keys(path), []string{"eTag", "fieldApiName", "fieldLabel", "id", "mode", "objectApiName", "recordTypeId", "steps"}) ||
		path["fieldApiName"] != "StageName" || path["recordTypeId"] != master || apitest.Dig(path, "steps", 0, "value") != "Prospecting" ||
		attrs(map[string]any{"values": path["steps"]}, "Closed Lost") != `{"closed":true,"defaultProbability":0,`+
			`"forecastCategoryName":"Omitted","picklistAtrributesValueType":"OpportunityStage","won":false}` {
		t.Fatalf("Opportunity path: %v", path)
	}
	// A case's, a lead's and a work step's are their status.
	for object, first := range map[string]string{"Case": "New", "Lead": "Open - Not Contacted", "WorkStep": "New"} {
		if p := admin.get("/path/layout/" + object); p["fieldApiName"] != "Status" || apitest.Dig(p, "steps", 0, "value") != first {
			t.Errorf("%s path: %v", object, p)
		}
	}
	// An object without one is NOT_FOUND; parameters are checked as for layouts.
	admin.refused("GET", "/path/layout/Account", "", 404, "NOT_FOUND", "does not exist")
	admin.refused("GET", "/path/layout/Case?mode=Sideways", "", 400, "INVALID_INPUT", "Invalid mode: Sideways")
}
