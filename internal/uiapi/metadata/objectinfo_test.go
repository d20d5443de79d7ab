package metadata_test

import (
	"slices"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
)

// objectInfoKeys are ObjectInfoRepresentation's keys as the real API sends them.
var objectInfoKeys = []string{"apiName", "associateEntityType", "associateParentEntity", "childRelationships",
	"createable", "custom", "defaultRecordTypeId", "deletable", "dependentFields", "eTag", "feedEnabled", "fields",
	"keyPrefix", "label", "labelPlural", "layoutable", "mruEnabled", "nameFields", "queryable", "recordTypeInfos",
	"searchable", "themeInfo", "updateable"}

func checkObjectInfo(t *testing.T, s *apptest.Server) {
	admin, buyer := as(t, s, "admin@example.com"), as(t, s, "buyer@example.com")

	info := admin.get("/object-info/Case")
	if !slices.Equal(keys(info), objectInfoKeys) || info["apiName"] != "Case" || info["keyPrefix"] != "500" {
		t.Fatalf("Case object info: %v", keys(info))
	}
	// The dependent picklist shows in dependentFields and on the field.
	if apitest.Dig(info, "dependentFields", "Type", "Reason") == nil || apitest.Dig(info, "fields", "Reason", "controllerName") != "Type" {
		t.Fatalf("dependent Case.Reason: %v %v", info["dependentFields"], apitest.Dig(info, "fields", "Reason"))
	}

	// The batch answers each name in order: 200 with the object info, 404 with the read-error list for an object
	// that is unknown or out of the caller's sight (a buyer does not see Lead).
	batch := buyer.get("/object-info/batch/Account,Nope__c,Lead")
	results, _ := batch["results"].([]any)
	if len(results) != 3 || apitest.Dig(results, 0, "statusCode") != jsonNumber(200) || apitest.Dig(results, 0, "result", "apiName") != "Account" ||
		apitest.Dig(results, 1, "statusCode") != jsonNumber(404) || apitest.Dig(results, 1, "result", 0, "errorCode") != "NOT_FOUND" ||
		apitest.Dig(results, 2, "statusCode") != jsonNumber(404) {
		t.Fatalf("batch: %v", batch)
	}
	if !slices.Equal(keys(apitest.Dig(results, 0, "result")), objectInfoKeys) || !slices.Equal(keys(apitest.Dig(results, 0)), []string{"result", "statusCode"}) {
		t.Fatalf("batch item keys: %v", keys(apitest.Dig(results, 0)))
	}
	admin.refused("GET", "/object-info/batch/,", "", 400, "INVALID_INPUT", "at least one object")

	// The directory lists the new WorkStep object for staff, not for a buyer.
	if apitest.Dig(admin.get("/object-info"), "objects", "WorkStep", "keyPrefix") != "0hF" {
		t.Fatal("WorkStep missing from the directory")
	}
	if apitest.Dig(buyer.get("/object-info"), "objects", "WorkStep") != nil {
		t.Fatal("a buyer sees WorkStep")
	}
}
