package uiapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"storefront/internal/uiapi/metadata"
	uirecords "storefront/internal/uiapi/records"

	"storefront/internal/app/apitest"
	"storefront/internal/domains"
	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/records"
	"storefront/internal/records/recordstest"
)

// examples are copies of the real responses in shared/contracts/uiapi/examples.
const examples = "testdata/"

// env is a running UI API over a fresh database with three callers: staff, a buyer of one account, a guest.
type env struct {
	t      *testing.T
	srv    *apitest.Target
	engine *records.Engine
	staff  *identity.Principal
	buyer  *identity.Principal
	mine   *records.Record // the buyer's account
	theirs *records.Record // another account
}

// asUser is the test stand-in for the auth middleware: it puts the principal named by X-Test-As in the context.
func asUser(principals map[string]*identity.Principal, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := principals[r.Header.Get("X-Test-As")]; p != nil {
			r = r.WithContext(identity.WithPrincipal(r.Context(), p))
		}
		next.ServeHTTP(w, r)
	})
}

// recordsMux serves the records calls at the paths the app's routing table gives them.
func recordsMux(engine *records.Engine) *http.ServeMux {
	meta := &metadata.Handler{Engine: engine}
	recs := &uirecords.Handler{Engine: engine, ObjectInfo: meta.ObjectInfoOf, LayoutFields: meta.RecordLayoutFields}
	mux := http.NewServeMux()
	mux.Handle("GET "+Base+"/records/{recordId}", SignedIn(recs.GetRecord))
	mux.Handle("POST "+Base+"/records", SignedIn(recs.CreateRecord))
	mux.Handle("PATCH "+Base+"/records/{recordId}", SignedIn(recs.UpdateRecord))
	mux.Handle("DELETE "+Base+"/records/{recordId}", SignedIn(recs.DeleteRecord))
	mux.Handle("GET "+Base+"/object-info", SignedIn(meta.GetObjectInfoDirectory))
	mux.Handle("GET "+Base+"/object-info/{objectApiName}", SignedIn(meta.GetObjectInfo))
	return mux
}

func newEnv(t *testing.T, d *db.DB) *env {
	t.Helper()
	ctx := context.Background()
	e := &env{t: t, engine: fullEngine(d)}
	admin, err := e.engine.Create(ctx, records.System, "User", map[string]any{"Username": "admin@x.io", "Email": "admin@x.io", "LastName": "Admin"})
	if err != nil {
		t.Fatal(err)
	}
	e.staff = &identity.Principal{UserID: admin.ID, Staff: true}
	e.mine, _ = e.engine.Create(ctx, e.staff, "Account", map[string]any{"Name": "Mine"})
	e.theirs, _ = e.engine.Create(ctx, e.staff, "Account", map[string]any{"Name": "Theirs"})
	buyerUser, err := e.engine.Create(ctx, e.staff, "User", map[string]any{"Username": "buyer@x.io", "Email": "buyer@x.io", "LastName": "Buyer"})
	if err != nil {
		t.Fatal(err)
	}
	e.buyer = &identity.Principal{UserID: buyerUser.ID, AccountID: e.mine.ID}
	srv := httptest.NewServer(asUser(map[string]*identity.Principal{"staff": e.staff, "buyer": e.buyer}, recordsMux(e.engine)))
	t.Cleanup(srv.Close)
	e.srv = &apitest.Target{URL: srv.URL, DB: d, Auth: apitest.As}
	return e
}

func keysOf(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func exampleKeys(t *testing.T, file string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(examples + file)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestRecordLifecycleOverHTTP(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		created := e.srv.Call(e.t, "POST", Base+"/records", "staff", `{"apiName":"Account","fields":{"Name":"Burlington","AnnualRevenue":12.5,"NumberOfEmployees":"9000","Id":"001000000000000AAA","Type":"Prospect"}}`)
		if created.Status != http.StatusCreated {
			t.Fatalf("create: %d %s", created.Status, created.Body)
		}
		rec := created.Object(t)
		id := rec["id"].(string)
		if len(id) != 18 || !strings.HasPrefix(id, "001") || id == "001000000000000AAA" {
			t.Fatalf("id %q", id)
		}
		fields := rec["fields"].(map[string]any)
		if fields["AnnualRevenue"].(map[string]any)["displayValue"] != "$12.50" || fields["NumberOfEmployees"].(map[string]any)["value"] != 9000.0 ||
			fields["IsBuyer"].(map[string]any)["value"] != false || fields["OwnerId"].(map[string]any)["value"] != e.staff.UserID {
			t.Fatalf("created fields %s", created.Body)
		}
		if _, hidden := fields["BillingAddress"]; hidden {
			t.Fatal("a compound field was sent as a value")
		}

		// Read by the 15-character id: the requested fields only, a missing optional field left out.
		got := e.srv.Call(e.t, "GET", Base+"/records/"+id[:15]+"?fields=Account.Name,Account.AnnualRevenue&optionalFields=Account.Nope__c,Contact.Name", "staff", "")
		if got.Status != http.StatusOK {
			t.Fatalf("get: %d %s", got.Status, got.Body)
		}
		m := got.Object(t)
		if want := keysOf(exampleKeys(t, "validAccountResponse1.json")); !reflect.DeepEqual(keysOf(m), want) {
			t.Fatalf("record keys %v; want %v", keysOf(m), want)
		}
		if keys := keysOf(m["fields"].(map[string]any)); !reflect.DeepEqual(keys, []string{"AnnualRevenue", "Name"}) {
			t.Fatalf("fields %v", keys)
		}
		if m["id"] != id || m["recordTypeId"] != records.DefaultRecordTypeID || m["recordTypeInfo"] != nil ||
			m["lastModifiedById"] != e.staff.UserID || m["childRelationships"] == nil {
			t.Fatalf("record %s", got.Body)
		}
		weak := m["weakEtag"].(float64)
		stamp, _ := time.Parse(records.DateTimeLayout, m["systemModstamp"].(string))
		if int64(weak) != stamp.UnixMilli() {
			t.Fatalf("weakEtag %v is not systemModstamp %v in ms", weak, m["systemModstamp"])
		}
		if !strings.Contains(string(got.Body), `"AnnualRevenue":{"displayValue":"$12.50","value":12.5}`) {
			t.Fatalf("currency on the wire: %s", got.Body)
		}

		// Update by the 15-character id; the eTags move.
		upd := e.srv.Call(e.t, "PATCH", Base+"/records/"+id[:15], "staff", `{"fields":{"Id":"`+id+`","Name":"Burlington Textiles"}}`)
		if upd.Status != http.StatusOK {
			t.Fatalf("update: %d %s", upd.Status, upd.Body)
		}
		u := upd.Object(t)
		if u["eTag"] == m["eTag"] || u["weakEtag"].(float64) <= weak ||
			u["fields"].(map[string]any)["Name"].(map[string]any)["value"] != "Burlington Textiles" {
			t.Fatalf("after update %s", upd.Body)
		}
		// An Id in the body that names another record is refused.
		other := e.srv.Call(e.t, "PATCH", Base+"/records/"+id, "staff", `{"fields":{"Id":"`+e.theirs.ID+`","Name":"X"}}`)
		if other.Status != http.StatusBadRequest || !strings.Contains(string(other.Body), `"errorCode":"INVALID_FIELD"`) {
			t.Fatalf("mismatched id: %d %s", other.Status, other.Body)
		}

		if del := e.srv.Call(e.t, "DELETE", Base+"/records/"+id, "staff", ""); del.Status != http.StatusNoContent {
			t.Fatalf("delete: %d %s", del.Status, del.Body)
		}
		e.srv.Call(e.t, "GET", Base+"/records/"+id+"?fields=Account.Name", "staff", "").WantEqual(t, "", 404, `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`)
		e.srv.Call(e.t, "DELETE", Base+"/records/"+id, "staff", "").WantEqual(t, "", 404, `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`)
	})
}

func TestRecordErrorsOverHTTP(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		notFound := `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`
		for _, id := range []string{"zzz000000000001", "001not-an-id", "001000000000001AAB", records.NewID("001")} {
			e.srv.Call(e.t, "GET", Base+"/records/"+id+"?fields=Account.Name", "staff", "").WantEqual(t, "", 404, notFound)
		}
		e.srv.Call(e.t, "GET", Base+"/records/"+e.mine.ID, "staff", "").WantEqual(t, "", 400, `[{"errorCode":"INVALID_INPUT","message":"Specify at least one of fields, optionalFields or layoutTypes."}]`)
		bad := e.srv.Call(e.t, "GET", Base+"/records/"+e.mine.ID+"?fields=Account.Nope__c", "staff", "")
		if bad.Status != 400 || !strings.Contains(string(bad.Body), `"errorCode":"INVALID_FIELD"`) {
			t.Fatalf("unknown requested field: %d %s", bad.Status, bad.Body)
		}

		e.srv.Call(e.t, "POST", Base+"/records", "staff", `{"apiName":"Account","fields":{"AnnualRevenue":"lots","Website":"`+strings.Repeat("w", 256)+`"}}`).WantEqual(t, "", 400, `{
			"enhancedErrorType":"RecordError","message":"Annual Revenue: value not of required type: lots",
			"output":{"errors":[],"fieldErrors":{
				"AnnualRevenue":[{"constituentField":"AnnualRevenue","duplicateRecordError":null,"errorCode":"INVALID_TYPE_ON_FIELD_IN_RECORD","field":"AnnualRevenue","fieldLabel":"Annual Revenue","message":"Annual Revenue: value not of required type: lots"}],
				"Website":[{"constituentField":"Website","duplicateRecordError":null,"errorCode":"STRING_TOO_LONG","field":"Website","fieldLabel":"Website","message":"Website: data value too large: wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww... (max length=255)"}],
				"Name":[{"constituentField":"Name","duplicateRecordError":null,"errorCode":"REQUIRED_FIELD_MISSING","field":"Name","fieldLabel":"Account Name","message":"Required fields are missing: [Name]"}]}}}`)
		e.srv.Call(e.t, "POST", Base+"/records", "staff", `{"apiName":"Account","fields":{"Name":"A","CreatedDate":"2020-01-01T00:00:00.000Z","Bogus":1}}`).WantEqual(t, "", 400, `{
			"enhancedErrorType":"RecordError","message":"No such column 'Bogus' on sobject of type Account",
			"output":{"errors":[
				{"constituentField":null,"duplicateRecordError":null,"errorCode":"INVALID_FIELD","field":null,"fieldLabel":null,"message":"No such column 'Bogus' on sobject of type Account"},
				{"constituentField":null,"duplicateRecordError":null,"errorCode":"INVALID_FIELD_FOR_INSERT_UPDATE","field":null,"fieldLabel":null,"message":"Unable to create/update fields: CreatedDate. Please check the security settings of this field and verify that it is read/write for your profile or permission set."}],
				"fieldErrors":{}}}`)
		pick := e.srv.Call(e.t, "POST", Base+"/records", "staff", `{"apiName":"Account","fields":{"Name":"A","Type":"Nope","ParentId":"`+e.buyer.UserID+`"}}`)
		if pick.Status != 400 || !strings.Contains(string(pick.Body), `"INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST"`) {
			t.Fatalf("picklist: %s", pick.Body)
		}
		ref := e.srv.Call(e.t, "POST", Base+"/records", "staff", `{"apiName":"Account","fields":{"Name":"A","ParentId":"`+e.buyer.UserID+`"}}`)
		if ref.Status != 400 || !strings.Contains(string(ref.Body), `"errorCode":"FIELD_INTEGRITY_EXCEPTION","field":"ParentId"`) {
			t.Fatalf("reference to a user: %s", ref.Body)
		}
		dup := e.srv.Call(e.t, "POST", Base+"/records", "staff", `{"apiName":"User","fields":{"Username":"buyer@x.io","Email":"b@x.io","LastName":"B"}}`)
		if dup.Status != 400 || !strings.Contains(string(dup.Body), `"errorCode":"DUPLICATE_VALUE"`) {
			t.Fatalf("duplicate: %s", dup.Body)
		}

		e.srv.Call(e.t, "POST", Base+"/records", "staff", `{"apiName":"Account","fields":{`).WantEqual(t, "", 400, `[{"errorCode":"JSON_PARSER_ERROR","message":"The request body is not valid JSON: unexpected EOF"}]`)
		e.srv.Call(e.t, "POST", Base+"/records", "staff", `{"apiName":"Account","fields":["Name"]}`).WantEqual(t, "", 400, `[{"errorCode":"INVALID_INPUT","message":"Invalid recordInput: fields must be an object of field names to values."}]`)
		e.srv.Call(e.t, "POST", Base+"/records", "staff", `{"apiName":"Nope","fields":{}}`).WantEqual(t, "", 400, `{"enhancedErrorType":"RecordError",
			"message":"sObject type 'Nope' is not supported.","output":{"errors":[{"constituentField":null,"duplicateRecordError":null,
			"errorCode":"INVALID_TYPE","field":null,"fieldLabel":null,"message":"sObject type 'Nope' is not supported."}],"fieldErrors":{}}}`)

		// A failed update writes nothing, not even the valid part of its input.
		before := e.srv.Call(e.t, "GET", Base+"/records/"+e.mine.ID+"?layoutTypes=Full", "staff", "").Object(t)
		failed := e.srv.Call(e.t, "PATCH", Base+"/records/"+e.mine.ID, "staff", `{"fields":{"Description":"changed","Name":null}}`)
		if failed.Status != 400 || !strings.Contains(string(failed.Body), `"REQUIRED_FIELD_MISSING"`) {
			t.Fatalf("update to null name: %d %s", failed.Status, failed.Body)
		}
		after := e.srv.Call(e.t, "GET", Base+"/records/"+e.mine.ID+"?layoutTypes=Full", "staff", "").Object(t)
		if !reflect.DeepEqual(before, after) {
			t.Fatalf("a failed update changed the record:\n%v\n%v", before, after)
		}

		// If-Unmodified-Since before the last change: 412; after it: the update goes through.
		past := time.Now().Add(-time.Hour).UTC().Format(http.TimeFormat)
		stale := e.srv.Call(e.t, "PATCH", Base+"/records/"+e.mine.ID, "staff", `{"fields":{"Description":"x"}}`, "If-Unmodified-Since", past)
		if stale.Status != http.StatusPreconditionFailed || !strings.Contains(string(stale.Body), `"errorCode":"PRECONDITION_FAILED"`) {
			t.Fatalf("stale update: %d %s", stale.Status, stale.Body)
		}
		future := time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)
		if ok := e.srv.Call(e.t, "PATCH", Base+"/records/"+e.mine.ID, "staff", `{"fields":{"Description":"x"}}`, "If-Unmodified-Since", future); ok.Status != 200 {
			t.Fatalf("fresh update: %d %s", ok.Status, ok.Body)
		}
	})
}

func TestAccessOverHTTP(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		invalid := `[{"errorCode":"INVALID_SESSION_ID","message":"Session expired or invalid"}]`
		e.srv.Call(e.t, "GET", Base+"/records/"+e.mine.ID+"?fields=Account.Name", "guest", "").WantEqual(t, "", 401, invalid)
		e.srv.Call(e.t, "POST", Base+"/records", "guest", `{"apiName":"Case","fields":{}}`).WantEqual(t, "", 401, invalid)
		e.srv.Call(e.t, "GET", Base+"/object-info/Account", "guest", "").WantEqual(t, "", 401, invalid)

		if r := e.srv.Call(e.t, "GET", Base+"/records/"+e.mine.ID+"?fields=Account.Name", "buyer", ""); r.Status != 200 {
			t.Fatalf("own account: %d %s", r.Status, r.Body)
		}
		// Another account's records do not exist for the buyer.
		e.srv.Call(e.t, "GET", Base+"/records/"+e.theirs.ID+"?fields=Account.Name", "buyer", "").WantEqual(t, "", 404, `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`)
		contact, _ := e.engine.Create(context.Background(), e.staff, "Contact", map[string]any{"LastName": "Other", "AccountId": e.theirs.ID})
		if r := e.srv.Call(e.t, "GET", Base+"/records/"+contact.ID+"?fields=Contact.Name", "buyer", ""); r.Status != 404 {
			t.Fatalf("another account's contact: %d %s", r.Status, r.Body)
		}
		e.srv.Call(e.t, "PATCH", Base+"/records/"+e.mine.ID, "buyer", `{"fields":{"Name":"Hacked"}}`).WantEqual(t, "", 403, `{"enhancedErrorType":"RecordError",
			"message":"insufficient access rights on object id","output":{"errors":[{"constituentField":null,"duplicateRecordError":null,
			"errorCode":"INSUFFICIENT_ACCESS_OR_READONLY","field":null,"fieldLabel":null,"message":"insufficient access rights on object id"}],"fieldErrors":{}}}`)
		if r := e.srv.Call(e.t, "DELETE", Base+"/records/"+e.mine.ID, "buyer", ""); r.Status != 403 {
			t.Fatalf("buyer delete: %d %s", r.Status, r.Body)
		}
		// A buyer files a case for their account; the owner is theirs and they may not pick another.
		cs := e.srv.Call(e.t, "POST", Base+"/records", "buyer", `{"apiName":"Case","fields":{"Subject":"Late delivery","Origin":"Web"}}`)
		if cs.Status != 201 {
			t.Fatalf("buyer case: %d %s", cs.Status, cs.Body)
		}
		f := cs.Object(t)["fields"].(map[string]any)
		if f["AccountId"].(map[string]any)["value"] != e.mine.ID || f["CaseNumber"].(map[string]any)["value"] != "00001001" ||
			f["Status"].(map[string]any)["value"] != "New" || f["OwnerId"].(map[string]any)["value"] != e.buyer.UserID {
			t.Fatalf("case %s", cs.Body)
		}
		owner := e.srv.Call(e.t, "POST", Base+"/records", "buyer", `{"apiName":"Case","fields":{"Subject":"x","OwnerId":"`+e.staff.UserID+`"}}`)
		if owner.Status != 400 || !strings.Contains(string(owner.Body), "Unable to create/update fields: OwnerId") {
			t.Fatalf("buyer setting the owner: %d %s", owner.Status, owner.Body)
		}
		if r := e.srv.Call(e.t, "POST", Base+"/records", "buyer", `{"apiName":"Opportunity","fields":{"Name":"x"}}`); r.Status != 403 {
			t.Fatalf("buyer opportunity: %d %s", r.Status, r.Body)
		}
		// Object info follows the same rights: readable but not writable for the buyer, hidden objects not found.
		info := e.srv.Call(e.t, "GET", Base+"/object-info/Account", "buyer", "").Object(t)
		if info["createable"] != false || info["updateable"] != false ||
			info["fields"].(map[string]any)["Name"].(map[string]any)["updateable"] != false {
			t.Fatal("buyer object info grants writes")
		}
		if r := e.srv.Call(e.t, "GET", Base+"/object-info/Opportunity", "buyer", ""); r.Status != 404 {
			t.Fatalf("buyer opportunity info: %d", r.Status)
		}
	})
}

func TestRelationshipFieldsAndLayouts(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := e.srv.Call(e.t, "POST", Base+"/records", "staff", `{"apiName":"Contact","fields":{"FirstName":"Ada","LastName":"Lovelace","AccountId":"`+e.mine.ID[:15]+`","Email":"ada@x.io"}}`)
		if c.Status != 201 {
			t.Fatalf("contact: %d %s", c.Status, c.Body)
		}
		id := c.Object(t)["id"].(string)
		got := e.srv.Call(e.t, "GET", Base+"/records/"+id+"?fields=Contact.Name,Contact.Account.Name&optionalFields=Contact.Owner.Name", "staff", "")
		m := got.Object(t)
		fields := m["fields"].(map[string]any)
		if fields["Name"].(map[string]any)["value"] != "Ada Lovelace" {
			t.Fatalf("derived name: %s", got.Body)
		}
		acct := fields["Account"].(map[string]any)
		nested := acct["value"].(map[string]any)
		if acct["displayValue"] != "Mine" || nested["id"] != e.mine.ID || nested["apiName"] != "Account" ||
			nested["fields"].(map[string]any)["Name"].(map[string]any)["value"] != "Mine" {
			t.Fatalf("relationship: %s", got.Body)
		}
		if owner := fields["Owner"].(map[string]any); owner["displayValue"] != "Admin" {
			t.Fatalf("owner: %s", got.Body)
		}
		full := e.srv.Call(e.t, "GET", Base+"/records/"+id+"?layoutTypes=Full&modes=View", "staff", "").Object(t)
		if n := len(full["fields"].(map[string]any)); n < 15 {
			t.Fatalf("Full layout gave %d fields", n)
		}
		if r := e.srv.Call(e.t, "GET", Base+"/records/"+id+"?fields=Contact.Account.Nope", "staff", ""); r.Status != 400 {
			t.Fatalf("unknown relationship field: %d", r.Status)
		}
	})
}

func TestObjectInfoShape(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		example := exampleKeys(t, "object-Account.json")
		res := e.srv.Call(e.t, "GET", Base+"/object-info/account", "staff", "")
		if res.Status != 200 {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		got := res.Object(t)
		if !reflect.DeepEqual(keysOf(got), keysOf(example)) {
			t.Fatalf("object info keys %v\nwant %v", keysOf(got), keysOf(example))
		}
		wantField := keysOf(example["fields"].(map[string]any)["Name"].(map[string]any))
		fields := got["fields"].(map[string]any)
		for name, f := range fields {
			if k := keysOf(f.(map[string]any)); !reflect.DeepEqual(k, wantField) {
				t.Fatalf("field %s keys %v\nwant %v", name, k, wantField)
			}
		}
		// Field by field against the example where our catalogue matches Salesforce's.
		for _, name := range []string{"Id", "ParentId", "Phone", "Website", "Type", "BillingCity", "CreatedDate", "OwnerId"} {
			want := example["fields"].(map[string]any)[name]
			if !reflect.DeepEqual(fields[name], want) {
				g, _ := json.Marshal(fields[name])
				w, _ := json.Marshal(want)
				t.Errorf("field %s\n got %s\nwant %s", name, g, w)
			}
		}
		if got["apiName"] != "Account" || got["keyPrefix"] != "001" || got["defaultRecordTypeId"] != records.DefaultRecordTypeID {
			t.Fatalf("%v", got)
		}
		var contacts bool
		for _, ch := range got["childRelationships"].([]any) {
			m := ch.(map[string]any)
			if m["childObjectApiName"] == "Contact" && m["fieldName"] == "AccountId" && m["relationshipName"] == "Contacts" {
				contacts = true
			}
		}
		if !contacts {
			t.Fatalf("no Contacts child relationship in %v", got["childRelationships"])
		}
		dir := e.srv.Call(e.t, "GET", Base+"/object-info", "staff", "").Object(t)
		entry := dir["objects"].(map[string]any)["Case"].(map[string]any)
		if entry["keyPrefix"] != "500" || entry["objectInfoUrl"] != Base+"/object-info/Case" ||
			!reflect.DeepEqual(entry["nameFields"], []any{"CaseNumber"}) {
			t.Fatalf("directory entry %v", entry)
		}
		if r := e.srv.Call(e.t, "GET", Base+"/object-info/Nope", "staff", ""); r.Status != 404 {
			t.Fatalf("unknown object: %d", r.Status)
		}
	})
}

// fullEngine is the app's engine over d, with every domain's rules (package domains).
func fullEngine(d *db.DB) *records.Engine {
	engine, _ := domains.Engine(d, nil)
	return engine
}
