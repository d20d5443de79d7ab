package uiapitest

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"testing"
)

const (
	recordExample   = "testdata/examples/RecordRepresentation/validAccountResponse1.json"
	avatarExample   = "testdata/examples/RecordAvatarBulkMapRepresentation/avatar-001xx0000000003AAA-001xx0000000004AAA-001xx0000000005AAA.json"
	objectExample   = "testdata/examples/ObjectInfoRepresentation/object-Account.json"
	listUiExample   = "testdata/examples/ListUiRepresentation/mru-list-ui-Lead-pageSize-1.json"
	picklistExample = "testdata/examples/PicklistValuesRepresentation/picklist-Account-MasterRecordTypeId-fieldApiName-Type.json"
)

// deleteKey marks a mutation that removes the key instead of setting it.
var deleteKey = &struct{}{}

// mutated is an example with the value at path (object keys and array indexes) replaced, or removed.
func mutated(t *testing.T, file string, value any, path ...any) []byte {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	node := doc
	for i, step := range path {
		last := i == len(path)-1
		switch k := step.(type) {
		case string:
			obj := node.(map[string]any)
			if !last {
				node = obj[k]
			} else if value == deleteKey {
				delete(obj, k)
			} else {
				obj[k] = value
			}
		case int:
			arr := node.([]any)
			if !last {
				node = arr[k]
			} else {
				arr[k] = value
			}
		}
	}
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func problemStrings(t *testing.T, spec *Spec, typeName string, body []byte, mode Mode) []string {
	t.Helper()
	problems, err := spec.Validate(typeName, body, mode)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range problems {
		out = append(out, p.String())
	}
	return out
}

// Each mutation of a real response breaks it in one place; the validator must name that place. want nil means
// the mutated body is still valid (a quirk or an allowed value).
func TestMutatedExamplesFailAtTheirPath(t *testing.T) {
	spec := mustSpec(t)
	cases := []struct {
		name, typ string
		body      func(t *testing.T) []byte
		mode      Mode
		want      []string
	}{
		{"missing required key", "RecordRepresentation",
			func(t *testing.T) []byte { return mutated(t, recordExample, deleteKey, "apiName") }, Lenient,
			[]string{"$.apiName: missing required property (RecordRepresentation)"}},
		{"string for integer", "RecordRepresentation",
			func(t *testing.T) []byte { return mutated(t, recordExample, "7", "weakEtag") }, Lenient,
			[]string{"$.weakEtag: want integer, got string 7"}},
		{"fraction for integer", "RecordRepresentation",
			func(t *testing.T) []byte { return mutated(t, recordExample, json.Number("1.5"), "weakEtag") }, Lenient,
			[]string{"$.weakEtag: want integer, got number 1.5"}},
		{"map value of the wrong type", "RecordRepresentation",
			func(t *testing.T) []byte { return mutated(t, recordExample, "Acme", "fields", "Name") }, Lenient,
			[]string{"$.fields.Name: want object, got string Acme"}},
		{"union with nil", "RecordRepresentation",
			func(t *testing.T) []byte { return mutated(t, recordExample, "x", "recordTypeInfo") }, Lenient,
			[]string{"$.recordTypeInfo: want RecordTypeInfoRepresentation | nil, got string x"}},
		{"misspelt key, RAML's lenient default", "RecordRepresentation",
			func(t *testing.T) []byte { return mutated(t, recordExample, "2020-01-01", "lastModifedDate") }, Lenient,
			nil},
		{"misspelt key, strict", "RecordRepresentation",
			func(t *testing.T) []byte { return mutated(t, recordExample, "2020-01-01", "lastModifedDate") }, Strict,
			[]string{"$.lastModifedDate: property not declared by RecordRepresentation"}},
		{"array expected", "ObjectInfoRepresentation",
			func(t *testing.T) []byte { return mutated(t, objectExample, map[string]any{}, "childRelationships") }, Lenient,
			[]string{"$.childRelationships: want array, got object"}},
		{"bad enum", "RecordAvatarBulkRepresentation",
			func(t *testing.T) []byte { return mutated(t, avatarExample, "Video", "results", 0, "result", "type") }, Lenient,
			[]string{"$.results[0].result.type: Video is not one of Photo, Theme"}},
		{"discriminator picks the subtype", "RecordAvatarBulkRepresentation",
			func(t *testing.T) []byte {
				return mutated(t, avatarExample, deleteKey, "results", 0, "result", "backgroundColor")
			}, Lenient,
			[]string{"$.results[0].result.backgroundColor: missing required property (ThemeRecordAvatarRepresentation)"}},
		{"integer discriminator value", "RecordAvatarBulkRepresentation",
			func(t *testing.T) []byte {
				return mutated(t, avatarExample, json.Number("404"), "results", 0, "statusCode")
			}, Lenient,
			[]string{"$.results[0].result: want array, got object"}},
		{"sortBy as a comma-joined string (quirk)", "ListUiRepresentation",
			func(t *testing.T) []byte { return mutated(t, listUiExample, "Name,-CreatedDate", "records", "sortBy") }, Strict,
			nil},
		{"sortBy of the wrong type", "ListUiRepresentation",
			func(t *testing.T) []byte { return mutated(t, listUiExample, json.Number("5"), "records", "sortBy") }, Lenient,
			[]string{"$.records.sortBy: want string[] | string | nil, got integer 5"}},
		{"picklist attributes spelt as the wire spells them", "PicklistValuesRepresentation",
			func(t *testing.T) []byte {
				attrs := map[string]any{"picklistAtrributesValueType": "LeadStatus", "converted": true}
				return mutated(t, picklistExample, attrs, "values", 0, "attributes")
			}, Strict,
			nil},
		{"picklist attributes spelt correctly, which the wire does not", "PicklistValuesRepresentation",
			func(t *testing.T) []byte {
				attrs := map[string]any{"picklistAttributesValueType": "LeadStatus", "converted": true}
				return mutated(t, picklistExample, attrs, "values", 0, "attributes")
			}, Strict,
			[]string{
				"$.values[0].attributes.picklistAtrributesValueType: missing required property (AbstractPicklistValueAttributesRepresentation)",
				"$.values[0].attributes.converted: property not declared by AbstractPicklistValueAttributesRepresentation",
				"$.values[0].attributes.picklistAttributesValueType: property not declared by AbstractPicklistValueAttributesRepresentation",
			}},
		{"picklist subtype property of the wrong type", "PicklistValuesRepresentation",
			func(t *testing.T) []byte {
				attrs := map[string]any{"picklistAtrributesValueType": "LeadStatus", "converted": "yes"}
				return mutated(t, picklistExample, attrs, "values", 0, "attributes")
			}, Lenient,
			[]string{"$.values[0].attributes.converted: want boolean, got string yes"}},
		{"WorkStepStatus value type (v64)", "PicklistValuesRepresentation",
			func(t *testing.T) []byte {
				attrs := map[string]any{"picklistAtrributesValueType": "WorkStepStatus", "sortOrder": 2, "statusCode": "InProgress"}
				return mutated(t, picklistExample, attrs, "values", 0, "attributes")
			}, Strict,
			nil},
		{"WorkStepStatus subtype is checked", "PicklistValuesRepresentation",
			func(t *testing.T) []byte {
				attrs := map[string]any{"picklistAtrributesValueType": "WorkStepStatus", "statusCode": "InProgress"}
				return mutated(t, picklistExample, attrs, "values", 0, "attributes")
			}, Lenient,
			[]string{"$.values[0].attributes.sortOrder: missing required property (WorkStepStatusPicklistValueAttributesRepresentation)"}},
		{"unknown picklist value type", "PicklistValuesRepresentation",
			func(t *testing.T) []byte {
				attrs := map[string]any{"picklistAtrributesValueType": "Bogus"}
				return mutated(t, picklistExample, attrs, "values", 0, "attributes")
			}, Lenient,
			[]string{"$.values[0].attributes.picklistAtrributesValueType: Bogus is not one of CaseStatus, LeadStatus, OpportunityStage, Standard, WorkStepStatus"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := problemStrings(t, spec, c.typ, c.body(t), c.mode)
			if !slices.Equal(got, c.want) {
				t.Errorf("problems:\n got %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestValidateRejectsUnknownTypeAndBadJSON(t *testing.T) {
	spec := mustSpec(t)
	if _, err := spec.Validate("NoSuchRepresentation", []byte(`{}`), Lenient); err == nil {
		t.Error("unknown type: want an error")
	}
	if _, err := spec.Validate("RecordRepresentation", []byte(`{"apiName":`), Lenient); err == nil {
		t.Error("truncated JSON: want an error")
	}
}
