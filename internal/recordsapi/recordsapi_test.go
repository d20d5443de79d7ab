package recordsapi

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// refused is a write refused with one record-level and one field-level error.
func refused() *records.WriteError {
	return &records.WriteError{Status: http.StatusBadRequest,
		Errors: []records.FieldError{{Code: "FIELD_CUSTOM_VALIDATION_EXCEPTION", Message: "Not now."}},
		FieldErrors: []records.FieldError{{Code: "REQUIRED_FIELD_MISSING", Message: "Required fields are missing: [Name]",
			Field: "Name", FieldLabel: "Account Name"}}}
}

// serve runs call for actor and answers status, Cache-Control and body.
func serve(d Dialect, actor *identity.Principal, call Call) (int, string, string) {
	req := httptest.NewRequest(http.MethodGet, "/x", nil)
	if actor != nil {
		req = req.WithContext(identity.WithPrincipal(req.Context(), actor))
	}
	rec := httptest.NewRecorder()
	SignedIn(d, call).ServeHTTP(rec, req)
	return rec.Code, rec.Header().Get("Cache-Control"), rec.Body.String()
}

func TestSignedIn(t *testing.T) {
	staff := &identity.Principal{UserID: "005000000000001AAA", Staff: true}
	fail := func(err error) Call {
		return func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error { return err }
	}
	ok := func(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
		httpx.WriteJSON(w, http.StatusOK, map[string]string{"user": actor.UserID})
		return nil
	}
	cases := []struct {
		name    string
		dialect Dialect
		actor   *identity.Principal
		call    Call
		status  int
		body    string
	}{
		{"no principal", REST, nil, ok, 401, `[{"errorCode":"INVALID_SESSION_ID","message":"Session expired or invalid"}]`},
		{"guest", UIAPI, &identity.Principal{Guest: true, SessionID: "s"}, ok, 401,
			`[{"errorCode":"INVALID_SESSION_ID","message":"Session expired or invalid"}]`},
		{"signed in", UIAPI, staff, ok, 200, `{"user":"005000000000001AAA"}`},
		{"not found", REST, staff, fail(fmt.Errorf("get: %w", records.ErrNotFound)), 404,
			`[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`},
		{"stale", UIAPI, staff, fail(&records.ConflictError{LastModified: "2026-01-02T03:04:05.000Z"}), 412,
			`[{"errorCode":"PRECONDITION_FAILED","message":"The requested record was modified after the ` +
				`If-Unmodified-Since date (last modified 2026-01-02T03:04:05.000Z)."}]`},
		{"refused, REST", REST, staff, fail(refused()), 400,
			`[{"message":"Not now.","errorCode":"FIELD_CUSTOM_VALIDATION_EXCEPTION","fields":[]},` +
				`{"message":"Required fields are missing: [Name]","errorCode":"REQUIRED_FIELD_MISSING","fields":["Name"]}]`},
		{"refused, UI API", UIAPI, staff, fail(refused()), 400,
			`{"enhancedErrorType":"RecordError","message":"Not now.","output":{"errors":[{"constituentField":null,` +
				`"duplicateRecordError":null,"errorCode":"FIELD_CUSTOM_VALIDATION_EXCEPTION","field":null,"fieldLabel":null,` +
				`"message":"Not now."}],"fieldErrors":{"Name":[{"constituentField":"Name","duplicateRecordError":null,` +
				`"errorCode":"REQUIRED_FIELD_MISSING","field":"Name","fieldLabel":"Account Name",` +
				`"message":"Required fields are missing: [Name]"}]}}}`},
	}
	for _, c := range cases {
		status, cache, body := serve(c.dialect, c.actor, c.call)
		if status != c.status || body != c.body+"\n" {
			t.Errorf("%s: %d %s, want %d %s", c.name, status, body, c.status, c.body)
		}
		if c.status != 401 && cache != "no-store" {
			t.Errorf("%s: Cache-Control %q, want no-store", c.name, cache)
		}
	}
}

func TestErrorPassesOthers(t *testing.T) {
	boom := errors.New("boom")
	if got := REST.Error(boom); got != boom {
		t.Fatalf("REST.Error(boom) = %v, want it unchanged", got)
	}
	if REST.Error(nil) != nil || UIAPI.Error(nil) != nil {
		t.Fatal("nil must stay nil")
	}
}

func TestObjectKeepsOrder(t *testing.T) {
	o := &Object{}
	o.Set("attributes", Attributes("v61.0", "Account", "001000000000001AAA"))
	o.Set("Name", "Smith & Sons <B2B>")
	o.Set("Amount", 3)
	o.Set("Missing", nil)
	o.Set("Tags", []string{"a"})
	o.Replace("Amount", int64(4))
	o.Replace("Extra", true)
	o.Delete("Missing")
	b, err := o.MarshalJSON()
	want := `{"attributes":{"type":"Account","url":"/services/data/v61.0/sobjects/Account/001000000000001AAA"},` +
		`"Name":"Smith & Sons <B2B>","Amount":4,"Tags":["a"],"Extra":true}`
	if err != nil || string(b) != want {
		t.Fatalf("got %s (%v), want %s", b, err, want)
	}
	if o.Get("Amount") != int64(4) || o.Get("Missing") != nil {
		t.Fatalf("Get: %v %v", o.Get("Amount"), o.Get("Missing"))
	}
}

// appender writes itself, as a query result inside a record does.
type appender struct{}

func (appender) AppendJSON(b []byte) ([]byte, error) { return append(b, `{"done":true}`...), nil }

func TestAppendJSONCallsAppenders(t *testing.T) {
	o := &Object{}
	o.Set("Contacts", appender{})
	o.Set("Parent", (*Object)(nil))
	if b, _ := AppendJSON(nil, o); string(b) != `{"Contacts":{"done":true},"Parent":null}` {
		t.Fatalf("got %s", b)
	}
}

func TestAddress(t *testing.T) {
	o := &records.Object{APIName: "Account", Fields: []records.Field{
		{APIName: "BillingAddress", Type: records.TypeAddress},
		{APIName: "BillingStreet", Type: records.TypeText, CompoundFieldName: "BillingAddress"},
		{APIName: "BillingCity", Type: records.TypeText, CompoundFieldName: "BillingAddress"},
		{APIName: "BillingPostalCode", Type: records.TypeText, CompoundFieldName: "BillingAddress"},
		{APIName: "ShippingCity", Type: records.TypeText, CompoundFieldName: "ShippingAddress"},
	}}
	all := AddressComponents(o, &o.Fields[0], nil)
	if len(all) != 3 || all["street"].APIName != "BillingStreet" || all["postalCode"].APIName != "BillingPostalCode" {
		t.Fatalf("components: %v", all)
	}
	noCity := AddressComponents(o, &o.Fields[0], func(f *records.Field) bool { return f.APIName != "BillingCity" })
	if _, ok := noCity["city"]; ok || len(noCity) != 2 {
		t.Fatalf("unreadable city kept: %v", noCity)
	}
	rec := &records.Record{Object: o, ID: "001000000000001AAA", Values: map[string]any{"BillingCity": "Lyon"}}
	b, _ := AppendJSON(nil, RESTRecord("v64.0", rec, []*records.Field{&o.Fields[0]}))
	want := `{"attributes":{"type":"Account","url":"/services/data/v64.0/sobjects/Account/001000000000001AAA"},` +
		`"BillingAddress":{"city":"Lyon","country":null,"geocodeAccuracy":null,"latitude":null,"longitude":null,` +
		`"postalCode":null,"state":null,"street":null},"Id":"001000000000001AAA"}`
	if string(b) != want {
		t.Fatalf("got %s\nwant %s", b, want)
	}
	if AddressObject(func(string) any { return nil }) != nil {
		t.Fatal("an address without values must be null")
	}
}

func TestSplitList(t *testing.T) {
	got := SplitList("Account.Name, Account.Id,", "", " Account.Phone ")
	if want := []string{"Account.Name", "Account.Id", "Account.Phone"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestDescribeRules(t *testing.T) {
	owned := &records.Object{APIName: "Case", Owned: true}
	cases := []struct {
		f                                      records.Field
		neverEmpty, sortable, filterable, size bool
	}{
		{records.Field{APIName: "Id", Type: records.TypeID}, true, true, true, true},
		{records.Field{APIName: "OwnerId", Type: records.TypeReference}, true, true, true, true},
		{records.Field{APIName: "Subject", Type: records.TypeText}, false, true, true, true},
		{records.Field{APIName: "Description", Type: records.TypeLongTextArea}, false, false, false, true},
		{records.Field{APIName: "IsEscalated", Type: records.TypeBoolean}, true, true, true, false},
		{records.Field{APIName: "Tags__c", Type: records.TypeMultiPicklist}, false, false, true, true},
		{records.Field{APIName: "MailingAddress", Type: records.TypeAddress}, false, false, true, false},
		{records.Field{APIName: "Amount__c", Type: records.TypeCurrency, Required: true}, true, true, true, false},
	}
	for _, c := range cases {
		f := c.f
		if NeverEmpty(owned, &f) != c.neverEmpty || Sortable(&f) != c.sortable || Filterable(&f) != c.filterable ||
			HasLength(f.Type) != c.size {
			t.Errorf("%s: neverEmpty %v sortable %v filterable %v length %v", f.APIName, NeverEmpty(owned, &f),
				Sortable(&f), Filterable(&f), HasLength(f.Type))
		}
	}
	if DataType(records.TypeURL) != "Url" || DataType("Geolocation") != "Geolocation" {
		t.Errorf("DataType: %q %q", DataType(records.TypeURL), DataType("Geolocation"))
	}
	if apex, ok := ApexType(records.TypeDateTime); apex != "Datetime" || !ok {
		t.Errorf("ApexType(DateTime) = %q %v", apex, ok)
	}
	if rts := RecordTypes(owned); len(rts) != 1 || !IsMaster(rts[0]) || !rts[0].Default || rts[0].Name != "Master" {
		t.Errorf("RecordTypes without any: %+v", rts)
	}
}
