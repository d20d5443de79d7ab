package sobjects

import (
	"context"
	"net/http"
	"regexp"
	"slices"
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/records"
	"storefront/internal/records/recordstest"
)

func TestDescribe(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		type summary struct {
			Name, Label, LabelPlural, KeyPrefix          string
			Createable, Updateable, Deletable, Queryable bool
			URLs                                         map[string]string
		}
		global := decode[struct {
			Encoding     string
			MaxBatchSize int
			Sobjects     []summary
		}](t, e.do("staff", "GET", "/services/data/v61.0/sobjects", nil))
		if global.Encoding != "UTF-8" || global.MaxBatchSize != 200 {
			t.Fatalf("%+v", global)
		}
		i := slices.IndexFunc(global.Sobjects, func(s summary) bool { return s.Name == "Account" })
		if i < 0 {
			t.Fatal("no Account")
		}
		acc := global.Sobjects[i]
		if acc.KeyPrefix != "001" || acc.LabelPlural != "Accounts" || !acc.Createable || !acc.Deletable ||
			acc.URLs["rowTemplate"] != "/services/data/v61.0/sobjects/Account/{ID}" || acc.URLs["describe"] != "/services/data/v61.0/sobjects/Account/describe" {
			t.Fatalf("%+v", acc)
		}

		// A buyer lists only what they may read, and may not write Accounts.
		buyerGlobal := decode[struct{ Sobjects []summary }](t, e.do("buyer", "GET", "sobjects", nil))
		names := map[string]summary{}
		for _, s := range buyerGlobal.Sobjects {
			names[s.Name] = s
		}
		if _, ok := names["Lead"]; ok || names["Account"].Name == "" || names["Account"].Updateable {
			t.Fatalf("buyer sees %v", names["Account"])
		}
		want(t, e.do("buyer", "GET", "sobjects/Lead/describe", nil), 404, `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`)
		want(t, e.do("staff", "GET", "sobjects/Nope", nil), 404, `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`)

		basic := decode[struct {
			ObjectDescribe summary
			RecentItems    []any
		}](t, e.do("staff", "GET", "sobjects/Account", nil))
		if basic.ObjectDescribe.Name != "Account" || basic.RecentItems == nil || len(basic.RecentItems) != 0 {
			t.Fatalf("%+v", basic)
		}

		type field struct {
			Name, Type, SoapType, RelationshipName string
			Length                                 int
			Nillable, Createable, Updateable       bool
			ReferenceTo                            []string
			PicklistValues                         []struct {
				Value, Label string
				Active       bool
			}
		}
		desc := decode[struct {
			Name               string
			Fields             []field
			ChildRelationships []struct {
				ChildSObject, Field, RelationshipName string
				CascadeDelete                         bool
			}
		}](t, e.do("staff", "GET", "sobjects/Account/describe", nil))
		fields := map[string]field{}
		for _, f := range desc.Fields {
			fields[f.Name] = f
		}
		check := func(name, typ string, length int, nillable, createable bool) {
			t.Helper()
			f := fields[name]
			if f.Type != typ || f.Length != length || f.Nillable != nillable || f.Createable != createable {
				t.Errorf("%s: %+v", name, f)
			}
		}
		check("Id", "id", 18, false, false)
		check("Name", "string", 255, false, true)
		check("ParentId", "reference", 18, true, true)
		check("IsBuyer", "boolean", 0, false, true)
		check("AnnualRevenue", "currency", 0, true, true)
		check("NumberOfEmployees", "int", 0, true, true)
		check("Phone", "phone", 40, true, true)
		check("Website", "url", 255, true, true)
		check("Description", "textarea", fields["Description"].Length, true, true)
		check("CreatedDate", "datetime", 0, false, false)
		check("BillingAddress", "address", 0, true, false)
		if p := fields["ParentId"]; p.RelationshipName != "Parent" || !slices.Equal(p.ReferenceTo, []string{"Account"}) || p.SoapType != "tns:ID" {
			t.Errorf("ParentId %+v", p)
		}
		if pv := fields["Industry"].PicklistValues; fields["Industry"].Type != "picklist" || len(pv) == 0 || pv[0].Value != "Agriculture" || !pv[0].Active {
			t.Errorf("Industry %+v", fields["Industry"])
		}
		if !slices.ContainsFunc(desc.ChildRelationships, func(c struct {
			ChildSObject, Field, RelationshipName string
			CascadeDelete                         bool
		}) bool {
			return c.ChildSObject == "Contact" && c.Field == "AccountId" && c.RelationshipName == "Contacts"
		}) {
			t.Errorf("children %+v", desc.ChildRelationships)
		}
	})
}

func TestRecordCRUD(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		res := e.do("staff", "POST", "/services/data/v61.0/sobjects/Account", map[string]any{"attributes": map[string]any{"type": "Account"},
			"Name": "Initech", "Industry": "Banking", "NumberOfEmployees": 12})
		created := decode[struct{ ID string }](t, res)
		want(t, res, http.StatusCreated, `{"id":"`+created.ID+`","success":true,"errors":[]}`)
		if res.header.Get("Location") != "/services/data/v61.0/sobjects/Account/"+created.ID {
			t.Errorf("Location %q", res.header.Get("Location"))
		}

		want(t, e.do("staff", "GET", "/services/data/v61.0/sobjects/Account/"+created.ID[:15]+"?fields=Name,Industry,NumberOfEmployees", nil), 200,
			`{"attributes":{"type":"Account","url":"/services/data/v61.0/sobjects/Account/`+created.ID+`"},"Name":"Initech","Industry":"Banking","NumberOfEmployees":12,"Id":"`+created.ID+`"}`)
		full := decode[map[string]any](t, e.do("staff", "GET", "sobjects/Account/"+created.ID, nil))
		if full["Name"] != "Initech" || full["IsBuyer"] != false || full["OwnerId"] != e.staff.UserID || full["Id"] != created.ID {
			t.Errorf("%v", full)
		}
		// Datetimes as the REST API writes them, the same as a query answers them: "2026-11-25T22:13:11.626+0000".
		if s, _ := full["CreatedDate"].(string); !regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$`).MatchString(s) {
			t.Errorf("CreatedDate %q", s)
		}
		q := decode[struct{ Records []map[string]any }](t, e.do("staff", "GET", "query?q=SELECT+CreatedDate+FROM+Account+WHERE+Id='"+created.ID+"'", nil))
		if len(q.Records) != 1 || q.Records[0]["CreatedDate"] != full["CreatedDate"] {
			t.Errorf("query %v, retrieve %v", q.Records, full["CreatedDate"])
		}

		want(t, e.do("staff", "PATCH", "sobjects/Account/"+created.ID, map[string]any{"Industry": "Retail", "Phone": "555", "BillingCity": "Lyon"}), 204, "")
		want(t, e.do("staff", "GET", "sobjects/Account/"+created.ID+"?fields=BillingAddress,ShippingAddress", nil), 200,
			`{"attributes":{"type":"Account","url":"/services/data/v64.0/sobjects/Account/`+created.ID+`"},"BillingAddress":{"city":"Lyon","country":null,`+
				`"geocodeAccuracy":null,"latitude":null,"longitude":null,"postalCode":null,"state":null,"street":null},"ShippingAddress":null,"Id":"`+created.ID+`"}`)
		rec, err := e.engine.Get(ctx, e.staff, created.ID)
		if err != nil || rec.Values["Industry"] != "Retail" || rec.Values["Phone"] != "555" || rec.Values["Name"] != "Initech" {
			t.Fatalf("%v %v", rec, err)
		}

		want(t, e.do("staff", "DELETE", "sobjects/Account/"+created.ID, nil), 204, "")
		if e.count("account", `"id" = ?`, created.ID) != 0 {
			t.Fatal("row survived the delete")
		}
		notFound := `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`
		want(t, e.do("staff", "GET", "sobjects/Account/"+created.ID, nil), 404, notFound)
		want(t, e.do("staff", "DELETE", "sobjects/Account/"+created.ID, nil), 404, notFound)
		want(t, e.do("staff", "PATCH", "sobjects/Account/"+created.ID, map[string]any{"Name": "x"}), 404, notFound)
	})
}

func TestRecordErrors(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		before := e.count("account", "")
		res := e.do("staff", "POST", "sobjects/Account", map[string]any{"Industry": "Retail"})
		want(t, res, 400, `[{"message":"Required fields are missing: [Name]","errorCode":"REQUIRED_FIELD_MISSING","fields":["Name"]}]`)
		res = e.do("staff", "POST", "sobjects/Account", map[string]any{"Name": "X", "Bogus__c": 1})
		want(t, res, 400, `[{"message":"No such column 'Bogus__c' on sobject of type Account","errorCode":"INVALID_FIELD","fields":[]}]`)
		res = e.do("staff", "POST", "sobjects/Account", map[string]any{"Name": "X", "CreatedDate": "2020-01-01T00:00:00Z"})
		if items := decode[[]ErrorItem](t, res); res.status != 400 || items[0].ErrorCode != "INVALID_FIELD_FOR_INSERT_UPDATE" {
			t.Fatalf("%d %s", res.status, res.body)
		}
		res = e.do("staff", "POST", "sobjects/Account", `{"Name": "X",`)
		if items := decode[[]ErrorItem](t, res); res.status != 400 || items[0].ErrorCode != "JSON_PARSER_ERROR" {
			t.Fatalf("%d %s", res.status, res.body)
		}
		if e.count("account", "") != before {
			t.Fatal("a refused create wrote a row")
		}
		want(t, e.do("staff", "GET", "sobjects/Account/"+e.acme.ID+"?fields=Name,Nope", nil), 400,
			`[{"errorCode":"INVALID_FIELD","message":"No such column 'Nope' on entity 'Account'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names."}]`)
		want(t, e.do("staff", "PATCH", "sobjects/Account/xyz", map[string]any{"Name": "x"}), 400,
			`[{"message":"Account ID: id value of incorrect type: xyz","errorCode":"MALFORMED_ID","fields":["Id"]}]`)
		want(t, e.do("staff", "DELETE", "sobjects/Account/"+e.buyer.UserID, nil), 400,
			`[{"message":"Account ID: id value of incorrect type: `+e.buyer.UserID+`","errorCode":"MALFORMED_ID","fields":["Id"]}]`)
		want(t, e.do("staff", "GET", "sobjects/Account/xyz", nil), 404,
			`[{"errorCode":"NOT_FOUND","message":"Provided external ID field does not exist or is not accessible: xyz"}]`)
	})
}

func TestABuyerStaysWithinTheirVisibility(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		notFound := `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`
		want(t, e.do("buyer", "GET", "sobjects/Account/"+e.globex.ID, nil), 404, notFound)
		want(t, e.do("buyer", "PATCH", "sobjects/Account/"+e.globex.ID, map[string]any{"Name": "Mine"}), 404, notFound)
		want(t, e.do("buyer", "DELETE", "sobjects/Account/"+e.globex.ID, nil), 404, notFound)
		want(t, e.do("buyer", "PATCH", "sobjects/Account/AccountNumber/G-1", map[string]any{"Name": "Mine"}), 403,
			`[{"message":"insufficient access rights on object id","errorCode":"INSUFFICIENT_ACCESS_OR_READONLY","fields":[]}]`)
		if e.count("account", `"name" = ?`, "Globex") != 1 {
			t.Fatal("the buyer changed another account")
		}
		own := decode[map[string]any](t, e.do("buyer", "GET", "sobjects/Account/"+e.acme.ID+"?fields=Name", nil))
		if own["Name"] != "Acme" {
			t.Fatalf("%v", own)
		}
		want(t, e.do("", "GET", "sobjects", nil), 401, `[{"errorCode":"INVALID_SESSION_ID","message":"Session expired or invalid"}]`)
	})
}

func TestUpsert(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		res := e.do("staff", "PATCH", "sobjects/Account/AccountNumber/N'1", map[string]any{"Name": "Hooli"})
		id := decode[struct{ ID string }](t, res).ID
		want(t, res, 201, `{"id":"`+id+`","success":true,"errors":[],"created":true}`)
		rec, err := e.engine.Get(ctx, e.staff, id)
		if err != nil || rec.Values["AccountNumber"] != "N'1" || rec.Values["Name"] != "Hooli" {
			t.Fatalf("%v %v", rec, err)
		}
		want(t, e.do("staff", "PATCH", "sobjects/Account/AccountNumber/N'1", map[string]any{"Industry": "Energy"}), 200,
			`{"id":"`+id+`","success":true,"errors":[],"created":false}`)
		want(t, e.do("staff", "PATCH", "sobjects/Account/Id/"+id, map[string]any{"Phone": "1"}), 200,
			`{"id":"`+id+`","success":true,"errors":[],"created":false}`)
		rec, _ = e.engine.Get(ctx, e.staff, id)
		if rec.Values["Industry"] != "Energy" || rec.Values["Phone"] != "1" || e.count("account", `"accountnumber" = ?`, "N'1") != 1 {
			t.Fatalf("%v", rec.Values)
		}
		if _, err := e.engine.Create(ctx, e.staff, "Account", map[string]any{"Name": "Twin", "AccountNumber": "N'1"}); err != nil {
			t.Fatal(err)
		}
		res = e.do("staff", "PATCH", "sobjects/Account/AccountNumber/N'1", map[string]any{"Industry": "Energy"})
		if urls := decode[[]string](t, res); res.status != 300 || len(urls) != 2 {
			t.Fatalf("%d %s", res.status, res.body)
		}
		want(t, e.do("staff", "PATCH", "sobjects/Account/Nope/1", map[string]any{}), 404,
			`[{"errorCode":"NOT_FOUND","message":"Provided external ID field does not exist or is not accessible: Nope"}]`)
		want(t, e.do("staff", "PATCH", "sobjects/Account/IsBuyer/true", map[string]any{}), 400,
			`[{"errorCode":"INVALID_FIELD","message":"Field IsBuyer is not an External ID or indexed field for Account"}]`)
	})
}

func TestUpdatedAndDeleted(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		got := decode[struct {
			IDs               []string
			LatestDateCovered string
		}](t, e.do("staff", "GET", "sobjects/Account/updated?start=2000-01-01T00:00:00Z&end=2100-01-01T00:00:00%2B00:00", nil))
		if len(got.IDs) != 2 || got.LatestDateCovered != "2100-01-01T00:00:00.000+0000" {
			t.Fatalf("%+v", got)
		}
		mine := decode[struct{ IDs []string }](t, e.do("buyer", "GET", "sobjects/Account/updated?start=2000-01-01T00:00:00Z&end=2100-01-01T00:00:00Z", nil))
		if !slices.Equal(mine.IDs, []string{e.acme.ID}) {
			t.Fatalf("buyer %v", mine.IDs)
		}
		none := decode[struct{ IDs []string }](t, e.do("staff", "GET", "sobjects/Account/updated?start=2000-01-01T00:00:00Z&end=2000-01-02T00:00:00Z", nil))
		if len(none.IDs) != 0 {
			t.Fatalf("%v", none.IDs)
		}
		want(t, e.do("staff", "GET", "sobjects/Account/deleted?start=2000-01-01T00:00:00Z&end=2000-01-02T00:00:00Z", nil), 200,
			`{"deletedRecords":[],"earliestDateAvailable":"2000-01-01T00:00:00.000+0000","latestDateCovered":"2000-01-02T00:00:00.000+0000"}`)
		if res := e.do("staff", "GET", "sobjects/Account/updated?start=yesterday", nil); res.status != 400 {
			t.Fatalf("%d %s", res.status, res.body)
		}
	})
}

var _ = records.System
