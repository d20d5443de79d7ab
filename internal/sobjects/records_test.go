package sobjects

import (
	"context"
	"net/http"
	"regexp"
	"slices"
	"testing"

	"storefront/internal/app/apitest"
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
		}](t, e.srv.Call(e.t, "GET", "/services/data/v61.0/sobjects", "staff", ""))
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
		buyerGlobal := decode[struct{ Sobjects []summary }](t, e.srv.Call(e.t, "GET", "sobjects", "buyer", ""))
		names := map[string]summary{}
		for _, s := range buyerGlobal.Sobjects {
			names[s.Name] = s
		}
		if _, ok := names["Lead"]; ok || names["Account"].Name == "" || names["Account"].Updateable {
			t.Fatalf("buyer sees %v", names["Account"])
		}
		e.srv.Call(e.t, "GET", "sobjects/Lead/describe", "buyer", "").WantEqual(t, "", 404, `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`)
		e.srv.Call(e.t, "GET", "sobjects/Nope", "staff", "").WantEqual(t, "", 404, `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`)

		basic := decode[struct {
			ObjectDescribe summary
			RecentItems    []any
		}](t, e.srv.Call(e.t, "GET", "sobjects/Account", "staff", ""))
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
		}](t, e.srv.Call(e.t, "GET", "sobjects/Account/describe", "staff", ""))
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
		res := e.srv.Call(e.t, "POST", "/services/data/v61.0/sobjects/Account", "staff", apitest.JSON(map[string]any{"attributes": map[string]any{"type": "Account"},
			"Name": "Initech", "Industry": "Banking", "NumberOfEmployees": 12}))
		created := decode[struct{ ID string }](t, res)
		res.WantEqual(t, "", http.StatusCreated, `{"id":"`+created.ID+`","success":true,"errors":[]}`)
		if res.Header.Get("Location") != "/services/data/v61.0/sobjects/Account/"+created.ID {
			t.Errorf("Location %q", res.Header.Get("Location"))
		}

		e.srv.Call(e.t, "GET", "/services/data/v61.0/sobjects/Account/"+created.ID[:15]+"?fields=Name,Industry,NumberOfEmployees", "staff", "").WantEqual(t, "", 200, `{"attributes":{"type":"Account","url":"/services/data/v61.0/sobjects/Account/`+created.ID+`"},"Name":"Initech","Industry":"Banking","NumberOfEmployees":12,"Id":"`+created.ID+`"}`)
		full := decode[map[string]any](t, e.srv.Call(e.t, "GET", "sobjects/Account/"+created.ID, "staff", ""))
		if full["Name"] != "Initech" || full["IsBuyer"] != false || full["OwnerId"] != e.staff.UserID || full["Id"] != created.ID {
			t.Errorf("%v", full)
		}
		// Datetimes as the REST API writes them, the same as a query answers them: "2026-11-25T22:13:11.626+0000".
		if s, _ := full["CreatedDate"].(string); !regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$`).MatchString(s) {
			t.Errorf("CreatedDate %q", s)
		}
		q := decode[struct{ Records []map[string]any }](t, e.srv.Call(e.t, "GET", "query?q=SELECT+CreatedDate+FROM+Account+WHERE+Id='"+created.ID+"'", "staff", ""))
		if len(q.Records) != 1 || q.Records[0]["CreatedDate"] != full["CreatedDate"] {
			t.Errorf("query %v, retrieve %v", q.Records, full["CreatedDate"])
		}

		e.srv.Call(e.t, "PATCH", "sobjects/Account/"+created.ID, "staff", apitest.JSON(map[string]any{"Industry": "Retail", "Phone": "555", "BillingCity": "Lyon"})).WantEqual(t, "", 204, "")
		e.srv.Call(e.t, "GET", "sobjects/Account/"+created.ID+"?fields=BillingAddress,ShippingAddress", "staff", "").WantEqual(t, "", 200, `{"attributes":{"type":"Account","url":"/services/data/v64.0/sobjects/Account/`+created.ID+`"},"BillingAddress":{"city":"Lyon","country":null,`+
			`"geocodeAccuracy":null,"latitude":null,"longitude":null,"postalCode":null,"state":null,"street":null},"ShippingAddress":null,"Id":"`+created.ID+`"}`)
		rec, err := e.engine.Get(ctx, e.staff, created.ID)
		if err != nil || rec.Values["Industry"] != "Retail" || rec.Values["Phone"] != "555" || rec.Values["Name"] != "Initech" {
			t.Fatalf("%v %v", rec, err)
		}

		e.srv.Call(e.t, "DELETE", "sobjects/Account/"+created.ID, "staff", "").WantEqual(t, "", 204, "")
		if e.count("account", `"id" = ?`, created.ID) != 0 {
			t.Fatal("row survived the delete")
		}
		notFound := `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`
		e.srv.Call(e.t, "GET", "sobjects/Account/"+created.ID, "staff", "").WantEqual(t, "", 404, notFound)
		e.srv.Call(e.t, "DELETE", "sobjects/Account/"+created.ID, "staff", "").WantEqual(t, "", 404, notFound)
		e.srv.Call(e.t, "PATCH", "sobjects/Account/"+created.ID, "staff", apitest.JSON(map[string]any{"Name": "x"})).WantEqual(t, "", 404, notFound)
	})
}

func TestRecordErrors(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		before := e.count("account", "")
		res := e.srv.Call(e.t, "POST", "sobjects/Account", "staff", apitest.JSON(map[string]any{"Industry": "Retail"}))
		res.WantEqual(t, "", 400, `[{"message":"Required fields are missing: [Name]","errorCode":"REQUIRED_FIELD_MISSING","fields":["Name"]}]`)
		res = e.srv.Call(e.t, "POST", "sobjects/Account", "staff", apitest.JSON(map[string]any{"Name": "X", "Bogus__c": 1}))
		res.WantEqual(t, "", 400, `[{"message":"No such column 'Bogus__c' on sobject of type Account","errorCode":"INVALID_FIELD","fields":[]}]`)
		res = e.srv.Call(e.t, "POST", "sobjects/Account", "staff", apitest.JSON(map[string]any{"Name": "X", "CreatedDate": "2020-01-01T00:00:00Z"}))
		if items := decode[[]ErrorItem](t, res); res.Status != 400 || items[0].ErrorCode != "INVALID_FIELD_FOR_INSERT_UPDATE" {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		res = e.srv.Call(e.t, "POST", "sobjects/Account", "staff", `{"Name": "X",`)
		if items := decode[[]ErrorItem](t, res); res.Status != 400 || items[0].ErrorCode != "JSON_PARSER_ERROR" {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		if e.count("account", "") != before {
			t.Fatal("a refused create wrote a row")
		}
		e.srv.Call(e.t, "GET", "sobjects/Account/"+e.acme.ID+"?fields=Name,Nope", "staff", "").WantEqual(t, "", 400, `[{"errorCode":"INVALID_FIELD","message":"No such column 'Nope' on entity 'Account'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names."}]`)
		e.srv.Call(e.t, "PATCH", "sobjects/Account/xyz", "staff", apitest.JSON(map[string]any{"Name": "x"})).WantEqual(t, "", 400, `[{"message":"Account ID: id value of incorrect type: xyz","errorCode":"MALFORMED_ID","fields":["Id"]}]`)
		e.srv.Call(e.t, "DELETE", "sobjects/Account/"+e.buyer.UserID, "staff", "").WantEqual(t, "", 400, `[{"message":"Account ID: id value of incorrect type: `+e.buyer.UserID+`","errorCode":"MALFORMED_ID","fields":["Id"]}]`)
		e.srv.Call(e.t, "GET", "sobjects/Account/xyz", "staff", "").WantEqual(t, "", 404, `[{"errorCode":"NOT_FOUND","message":"Provided external ID field does not exist or is not accessible: xyz"}]`)
	})
}

func TestABuyerStaysWithinTheirVisibility(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		notFound := `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`
		e.srv.Call(e.t, "GET", "sobjects/Account/"+e.globex.ID, "buyer", "").WantEqual(t, "", 404, notFound)
		e.srv.Call(e.t, "PATCH", "sobjects/Account/"+e.globex.ID, "buyer", apitest.JSON(map[string]any{"Name": "Mine"})).WantEqual(t, "", 404, notFound)
		e.srv.Call(e.t, "DELETE", "sobjects/Account/"+e.globex.ID, "buyer", "").WantEqual(t, "", 404, notFound)
		e.srv.Call(e.t, "PATCH", "sobjects/Account/AccountNumber/G-1", "buyer", apitest.JSON(map[string]any{"Name": "Mine"})).WantEqual(t, "", 403, `[{"message":"insufficient access rights on object id","errorCode":"INSUFFICIENT_ACCESS_OR_READONLY","fields":[]}]`)
		if e.count("account", `"name" = ?`, "Globex") != 1 {
			t.Fatal("the buyer changed another account")
		}
		own := decode[map[string]any](t, e.srv.Call(e.t, "GET", "sobjects/Account/"+e.acme.ID+"?fields=Name", "buyer", ""))
		if own["Name"] != "Acme" {
			t.Fatalf("%v", own)
		}
		e.srv.Call(e.t, "GET", "sobjects", "", "").WantEqual(t, "", 401, `[{"errorCode":"INVALID_SESSION_ID","message":"Session expired or invalid"}]`)
	})
}

func TestUpsert(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		res := e.srv.Call(e.t, "PATCH", "sobjects/Account/AccountNumber/N'1", "staff", apitest.JSON(map[string]any{"Name": "Hooli"}))
		id := decode[struct{ ID string }](t, res).ID
		res.WantEqual(t, "", 201, `{"id":"`+id+`","success":true,"errors":[],"created":true}`)
		rec, err := e.engine.Get(ctx, e.staff, id)
		if err != nil || rec.Values["AccountNumber"] != "N'1" || rec.Values["Name"] != "Hooli" {
			t.Fatalf("%v %v", rec, err)
		}
		e.srv.Call(e.t, "PATCH", "sobjects/Account/AccountNumber/N'1", "staff", apitest.JSON(map[string]any{"Industry": "Energy"})).WantEqual(t, "", 200, `{"id":"`+id+`","success":true,"errors":[],"created":false}`)
		e.srv.Call(e.t, "PATCH", "sobjects/Account/Id/"+id, "staff", apitest.JSON(map[string]any{"Phone": "1"})).WantEqual(t, "", 200, `{"id":"`+id+`","success":true,"errors":[],"created":false}`)
		rec, _ = e.engine.Get(ctx, e.staff, id)
		if rec.Values["Industry"] != "Energy" || rec.Values["Phone"] != "1" || e.count("account", `"accountnumber" = ?`, "N'1") != 1 {
			t.Fatalf("%v", rec.Values)
		}
		if _, err := e.engine.Create(ctx, e.staff, "Account", map[string]any{"Name": "Twin", "AccountNumber": "N'1"}); err != nil {
			t.Fatal(err)
		}
		res = e.srv.Call(e.t, "PATCH", "sobjects/Account/AccountNumber/N'1", "staff", apitest.JSON(map[string]any{"Industry": "Energy"}))
		if urls := decode[[]string](t, res); res.Status != 300 || len(urls) != 2 {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		e.srv.Call(e.t, "PATCH", "sobjects/Account/Nope/1", "staff", apitest.JSON(map[string]any{})).WantEqual(t, "", 404, `[{"errorCode":"NOT_FOUND","message":"Provided external ID field does not exist or is not accessible: Nope"}]`)
		e.srv.Call(e.t, "PATCH", "sobjects/Account/IsBuyer/true", "staff", apitest.JSON(map[string]any{})).WantEqual(t, "", 400, `[{"errorCode":"INVALID_FIELD","message":"Field IsBuyer is not an External ID or indexed field for Account"}]`)
	})
}

func TestUpdatedAndDeleted(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		got := decode[struct {
			IDs               []string
			LatestDateCovered string
		}](t, e.srv.Call(e.t, "GET", "sobjects/Account/updated?start=2000-01-01T00:00:00Z&end=2100-01-01T00:00:00%2B00:00", "staff", ""))
		if len(got.IDs) != 2 || got.LatestDateCovered != "2100-01-01T00:00:00.000+0000" {
			t.Fatalf("%+v", got)
		}
		mine := decode[struct{ IDs []string }](t, e.srv.Call(e.t, "GET", "sobjects/Account/updated?start=2000-01-01T00:00:00Z&end=2100-01-01T00:00:00Z", "buyer", ""))
		if !slices.Equal(mine.IDs, []string{e.acme.ID}) {
			t.Fatalf("buyer %v", mine.IDs)
		}
		none := decode[struct{ IDs []string }](t, e.srv.Call(e.t, "GET", "sobjects/Account/updated?start=2000-01-01T00:00:00Z&end=2000-01-02T00:00:00Z", "staff", ""))
		if len(none.IDs) != 0 {
			t.Fatalf("%v", none.IDs)
		}
		e.srv.Call(e.t, "GET", "sobjects/Account/deleted?start=2000-01-01T00:00:00Z&end=2000-01-02T00:00:00Z", "staff", "").WantEqual(t, "", 200, `{"deletedRecords":[],"earliestDateAvailable":"2000-01-01T00:00:00.000+0000","latestDateCovered":"2000-01-02T00:00:00.000+0000"}`)
		if res := e.srv.Call(e.t, "GET", "sobjects/Account/updated?start=yesterday", "staff", ""); res.Status != 400 {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
	})
}

var _ = records.System
