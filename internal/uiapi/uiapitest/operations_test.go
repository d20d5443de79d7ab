package uiapitest

import (
	"fmt"
	"strings"
	"testing"
)

func TestFindMapsOurPathsToRAMLOperations(t *testing.T) {
	spec := mustSpec(t)
	cases := []struct{ method, path, want string }{
		{"GET", "/services/data/v64.0/ui-api/records/001xx000003Gn4WAAS?fields=Account.Name", "GET /ui-api/records/{recordId}"},
		{"get", "/ui-api/records/{recordId}", "GET /ui-api/records/{recordId}"},
		{"GET", "/services/data/v64.0/ui-api/records/batch/001A,001B", "GET /ui-api/records/batch/{recordIds}"},
		{"GET", "/services/data/v64.0/ui-api/object-info", "GET /ui-api/object-info"},
		{"GET", "/services/data/v64.0/ui-api/object-info/Account", "GET /ui-api/object-info/{objectApiName}"},
		{"GET", "/services/data/v64.0/ui-api/object-info/batch/Account,Contact", "GET /ui-api/object-info/batch/{objectApiNames}"},
		// Same shape, told apart by the list view id prefix.
		{"GET", "/services/data/v64.0/ui-api/list-ui/00Bxx0000029XjcEAE", "GET /ui-api/list-ui/{listViewId}"},
		{"GET", "/services/data/v64.0/ui-api/list-ui/Account", "GET /ui-api/list-ui/{objectApiName}"},
		{"GET", "/ui-api/list-ui/{objectApiName}", "GET /ui-api/list-ui/{objectApiName}"},
		// The POST forms of quirks.go.
		{"POST", "/services/data/v64.0/ui-api/actions/record/001A/related-list/batch", "POST /ui-api/actions/record/{recordIds}/related-list/batch"},
		{"POST", "/services/data/v64.0/ui-api/lookups/Case/AccountId", "POST /ui-api/lookups/{objectApiName}/{fieldApiName}"},
	}
	for _, c := range cases {
		op := spec.Find(c.method, c.path)
		got := "<nil>"
		if op != nil {
			got = op.Method + " " + op.Path
		}
		if got != c.want {
			t.Errorf("Find(%s %s) = %s, want %s", c.method, c.path, got, c.want)
		}
	}
	for _, miss := range [][2]string{
		{"PUT", "/ui-api/records/{recordId}"},
		{"GET", "/ui-api/list-info/Account"},
		{"GET", "/services/data/v64.0/ui-api/records"},
	} {
		if op := spec.Find(miss[0], miss[1]); op != nil {
			t.Errorf("Find(%s %s) = %s %s, want none", miss[0], miss[1], op.Method, op.Path)
		}
	}
}

// The table of section 7 calls stays true to api.raml: each listed call has an operation with a JSON response
// (DELETE answers 204), and each call listed as missing really is.
func TestSpecOperationsTable(t *testing.T) {
	spec := mustSpec(t)
	if len(SpecOperations) != 55 || len(SpecOperationsNotInRAML) != 21 {
		t.Errorf("table sizes: %d in RAML, %d not", len(SpecOperations), len(SpecOperationsNotInRAML))
	}
	for _, op := range SpecOperations {
		found := spec.Find(op.Method, op.Path)
		switch {
		case found == nil:
			t.Errorf("%s: no operation in api.raml", op)
		case op.Method != "DELETE" && found.ResponseType(200) == nil:
			t.Errorf("%s: api.raml gives no JSON response type", op)
		}
	}
	for _, op := range SpecOperationsNotInRAML {
		if found := spec.Find(op.Method, op.Path); found != nil {
			t.Errorf("%s: api.raml has it (%s %s); move it to SpecOperations", op, found.Method, found.Path)
		}
	}
}

// recorder is a testing.TB that keeps the failures CheckResponse reports instead of failing the test.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatal(args ...any) { r.errs = append(r.errs, fmt.Sprint(args...)) }

func TestCheckResponse(t *testing.T) {
	const recordPath = "/services/data/v64.0/ui-api/records/001xx000003Gn4WAAS"
	record := mutated(t, recordExample, "Account", "apiName")
	broken := mutated(t, recordExample, deleteKey, "id")
	misspelt := mutated(t, recordExample, "x", "eTAG")
	cases := []struct {
		name   string
		method string
		path   string
		status int
		body   string
		strict bool
		want   string // a substring of the one failure, "" for none
	}{
		{"valid record", "GET", recordPath, 200, string(record), false, ""},
		{"record missing id", "GET", recordPath, 200, string(broken), false, "GET " + recordPath + " (200): $.id: missing required property (RecordRepresentation)"},
		{"misspelt key passes lenient", "GET", recordPath, 200, string(misspelt), false, ""},
		{"misspelt key fails strict", "GET", recordPath, 200, string(misspelt), true, "$.eTAG: property not declared by RecordRepresentation"},
		{"create answers 201 against the RAML's 200", "POST", "/services/data/v64.0/ui-api/records", 201, string(record), false, ""},
		{"unknown path", "GET", "/services/data/v64.0/ui-api/nowhere", 200, `{}`, false, "no operation of api.raml has this path"},
		{"204 with no body", "DELETE", recordPath, 204, "", false, ""},
		{"204 with a body", "DELETE", recordPath, 204, `{}`, false, "status 204 with a body"},
		{"read error array", "GET", recordPath, 404, `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`, false, ""},
		{"record write error", "POST", "/services/data/v64.0/ui-api/records", 400,
			`{"enhancedErrorType":"RecordError","message":"m","output":{"errors":[],"fieldErrors":{"Name":[{"constituentField":"Name","duplicateRecordError":null,"errorCode":"REQUIRED_FIELD_MISSING","field":"Name","fieldLabel":"Name","message":"m"}]}}}`,
			false, ""},
		{"error in another shape", "GET", recordPath, 404, `"not found"`, false, "$: want WireReadErrorList | WireRecordError, got string not found"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &recorder{TB: t}
			if c.strict {
				CheckResponseStrict(r, c.method, c.path, c.status, []byte(c.body))
			} else {
				CheckResponse(r, c.method, c.path, c.status, []byte(c.body))
			}
			switch {
			case c.want == "" && len(r.errs) > 0:
				t.Errorf("want no failure, got %q", r.errs)
			case c.want != "" && (len(r.errs) != 1 || !strings.Contains(r.errs[0], c.want)):
				t.Errorf("want one failure containing %q, got %q", c.want, r.errs)
			}
		})
	}
}
