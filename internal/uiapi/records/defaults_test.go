package records_test

import (
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
	engine "storefront/internal/records"
)

func TestRecordDefaultsAndTemplates(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := signIn(t, s, "admin@example.com")

		// Create defaults: the create form's fields with their initial values, the caller as owner.
		r := admin.do("GET", "/record-defaults/create/Account?formFactor=Large")
		wantStatus(t, r, 200)
		ex := example(t, "record-defaults-create-Account.json")
		sameKeys(t, "defaults", r.json, ex)
		sameKeys(t, "defaults record", path(r.json, "record"), path(ex, "record"))
		rec := path(r.json, "record")
		if path(rec, "id") != nil || path(rec, "weakEtag") != 0.0 || path(rec, "recordTypeId") != engine.DefaultRecordTypeID ||
			path(rec, "fields", "OwnerId", "value") != demo.AdminUserID || path(rec, "fields", "Owner", "displayValue") != "Ada Admin" ||
			path(rec, "fields", "Name") == nil || path(rec, "fields", "Name", "value") != nil || path(rec, "layout") != nil {
			t.Fatalf("defaults: %s", r.body)
		}
		for _, f := range []string{"Id", "CreatedDate", "LastModifiedById", "SystemModstamp"} {
			if path(rec, "fields", f) != nil {
				t.Fatalf("defaults show the system field %s", f)
			}
		}
		if got := strings.Join(keys(path(r.json, "objectInfos")), ","); got != "Account,User" ||
			path(r.json, "objectInfos", "Account", "apiName") != "Account" {
			t.Fatalf("objectInfos %s", got)
		}

		// The create template: only fields with an initial value, plus the optional fields asked for.
		r = admin.do("GET", "/record-defaults/template/create/Account?optionalFields=Account.Name,Account.CreatedDate,Account.Nope")
		wantStatus(t, r, 200)
		ex = example(t, "record-template-create-Custom_Object__c.json")
		sameKeys(t, "create template", r.json, ex)
		sameKeys(t, "create template record", path(r.json, "record"), path(ex, "record"))
		if path(r.json, "record", "fields", "Name") == nil || path(r.json, "record", "fields", "CreatedDate") != nil ||
			path(r.json, "record", "fields", "OwnerId", "value") != demo.AdminUserID {
			t.Fatalf("create template: %s", r.body)
		}
		want(t, admin.do("GET", "/record-defaults/template/create/Nope"), 404, notFound)
		want(t, admin.do("GET", "/record-defaults/create/Account?recordTypeId=012000000000009AAA"), 400,
			`[{"errorCode":"INVALID_INPUT","message":"Invalid recordTypeId for Account: 012000000000009AAA"}]`)

		// The clone template: the source's values of the optional fields a copy may take.
		src := admin.create("Account", `{"Name":"Original","Phone":"555-0100","AccountNumber":"A-1"}`)
		r = admin.do("GET", "/record-defaults/template/clone/"+src[:15]+"?optionalFields=Account.Name,Account.Phone,Account.Id,Account.CreatedDate")
		wantStatus(t, r, 200)
		ex = example(t, "record-template-clone-Custom_Object__c.json")
		sameKeys(t, "clone template", r.json, ex)
		sameKeys(t, "clone template record", path(r.json, "record"), path(ex, "record"))
		if got := strings.Join(keys(path(r.json, "record", "fields")), ","); got != "CloneSourceId,Name,Phone" ||
			path(r.json, "record", "cloneSourceId") != src || path(r.json, "record", "fields", "Name", "value") != "Original" {
			t.Fatalf("clone template: %s", r.body)
		}
		want(t, admin.do("GET", "/record-defaults/template/clone/001000000000001AAA"), 404, notFound)

		// Field-level security: a Store Manager may not see an account's revenue, so no form offers it; a Support
		// Agent may not create accounts at all.
		merch := signIn(t, s, "merchandiser@example.com")
		for _, p := range []string{"/record-defaults/create/Account?optionalFields=Account.AnnualRevenue",
			"/record-defaults/template/create/Account?optionalFields=Account.AnnualRevenue",
			"/record-defaults/template/clone/" + src + "?optionalFields=Account.AnnualRevenue"} {
			r = merch.do("GET", p)
			if r.status != 200 || path(r.json, "record", "fields", "AnnualRevenue") != nil {
				t.Fatalf("%s as a store manager: %d %s", p, r.status, r.body)
			}
		}
		if path(admin.do("GET", "/record-defaults/create/Account").json, "record", "fields", "AnnualRevenue") == nil {
			t.Fatal("the administrator's create form lacks AnnualRevenue")
		}
		support := signIn(t, s, "support@example.com")
		want(t, support.do("GET", "/record-defaults/create/Account"), 404, notFound)
	})
}
