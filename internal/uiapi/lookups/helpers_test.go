package lookups_test

import (
	_ "embed"
	"encoding/json"
	"sort"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/uiapi/uiapitest"
)

const (
	ui   = "/services/data/v64.0/ui-api/"
	soql = "/services/data/v64.0/query?q="
)

// searchRAML describes the search calls' responses, which api.raml (v55) leaves out.
//
//go:embed testdata/search.raml
var searchRAML []byte

// checkType fails the test when body does not have the RAML type (strictly: no undeclared keys), looking the type
// up in testdata/search.raml and then in api.raml.
func checkType(t *testing.T, typeName string, body []byte) {
	t.Helper()
	spec, err := uiapitest.Parse(searchRAML)
	if err != nil {
		t.Fatal(err)
	}
	base, err := uiapitest.Default()
	if err != nil {
		t.Fatal(err)
	}
	for name, typ := range base.Types {
		if spec.Types[name] == nil {
			spec.Types[name] = typ
		}
	}
	problems, err := spec.Validate(typeName, body, uiapitest.Strict)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("%s: %s", typeName, p)
	}
}

func decode(t *testing.T, body []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(body, v); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
}

// record is the part of a RecordRepresentation the tests read.
type record struct {
	ID     string
	Fields map[string]struct{ Value any }
}

func names(recs []record) []string {
	out := []string{}
	for _, r := range recs {
		out = append(out, r.Fields["Name"].Value.(string))
	}
	return out
}

func ids(recs []record) []string {
	out := []string{}
	for _, r := range recs {
		out = append(out, r.ID)
	}
	sort.Strings(out)
	return out
}

// soqlIDs are the ids a SOQL query answers the holder of token, sorted.
func soqlIDs(t *testing.T, s *apptest.Server, token, query string) []string {
	t.Helper()
	status, body := s.Send(t, token, "GET", soql+query, "")
	var out struct {
		Records []struct {
			ID string `json:"Id"`
		}
	}
	decode(t, body, &out)
	if status != 200 {
		t.Fatalf("%s: %d %s", query, status, body)
	}
	out2 := []string{}
	for _, r := range out.Records {
		out2 = append(out2, r.ID)
	}
	sort.Strings(out2)
	return out2
}

// apiError is the UI API's read error list.
type apiError []struct{ ErrorCode, Message string }

// expectError sends a call and checks its status and the message of its one error.
func expectError(t *testing.T, s *apptest.Server, token, method, path, body string, status int, msg string) {
	t.Helper()
	got, out := s.Send(t, token, method, path, body)
	var errs apiError
	if got != status || json.Unmarshal(out, &errs) != nil || len(errs) != 1 || errs[0].Message != msg {
		t.Errorf("%s %s %s: %d %s, want %d %q", method, path, body, got, out, status, msg)
	}
}
