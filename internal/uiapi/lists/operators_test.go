package lists_test

import (
	"reflect"
	"strconv"
	"testing"

	"storefront/internal/app/apptest"
)

// TestFilterOperators creates a view per operator and checks which records each keeps: every filter goes through
// the engine's filter tree, on text, picklist and boolean fields.
func TestFilterOperators(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		admin := newClient(t, s, "admin@example.com")
		for _, c := range []map[string]any{
			{"Subject": "Op apple", "Priority": "High", "IsClosed": false},
			{"Subject": "Op banana", "Priority": "Medium", "IsClosed": true},
			{"Subject": "Op cherry 50%", "Priority": "Low", "IsClosed": false},
		} {
			admin.must(t, 201, "POST", "records", map[string]any{"apiName": "Case", "fields": c})
		}
		ours := map[string]any{"fieldApiName": "Subject", "operandLabels": []string{"Op "}, "operator": "StartsWith"}
		cases := []struct {
			field, operator string
			operands        []string
			want            []any
		}{
			{"Priority", "Equals", []string{"High", "Low"}, []any{"Op apple", "Op cherry 50%"}},
			{"Priority", "NotEqual", []string{"High", "Low"}, []any{"Op banana"}},
			{"Subject", "Contains", []string{"an"}, []any{"Op banana"}},
			{"Subject", "Contains", []string{"50%"}, []any{"Op cherry 50%"}},
			{"Subject", "NotContain", []string{"an", "ch"}, []any{"Op apple"}},
			{"Subject", "StartsWith", []string{"op b"}, []any{"Op banana"}},
			{"Subject", "LessThan", []string{"Op b"}, []any{"Op apple"}},
			{"Subject", "GreaterOrEqual", []string{"Op banana"}, []any{"Op banana", "Op cherry 50%"}},
			{"IsClosed", "Equals", []string{"true"}, []any{"Op banana"}},
			{"IsClosed", "NotEqual", []string{"true"}, []any{"Op apple", "Op cherry 50%"}},
		}
		for i, c := range cases {
			name := "Op_" + strconv.Itoa(i)
			admin.must(t, 201, "POST", "list-info/Case", map[string]any{"label": name, "listViewApiName": name,
				"filteredByInfo": []map[string]any{ours, {"fieldApiName": c.field, "operandLabels": c.operands, "operator": c.operator}}})
			got := subjectsOf(admin.must(t, 200, "GET", "list-records/Case/"+name+"?sortBy=Subject", nil)["records"].([]any))
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("%s %s %v: %v, want %v", c.field, c.operator, c.operands, got, c.want)
			}
		}
		refused := func(item map[string]any, why string) {
			t.Helper()
			admin.fails(t, 400, "INVALID_INPUT", `Invalid config for "createListInfo": `+why, "POST", "list-info/Case",
				map[string]any{"label": "Refused", "filteredByInfo": []map[string]any{item}})
		}
		refused(map[string]any{"fieldApiName": "Subject", "operandLabels": []string{"a", "b"}, "operator": "LessThan"},
			"filteredByInfo[0]: operator LessThan takes one operand on Subject")
		refused(map[string]any{"fieldApiName": "Subject", "operandLabels": []string{"a"}, "operator": "Within"},
			"filteredByInfo[0]: operator Within is not supported on Subject")
		refused(map[string]any{"fieldApiName": "Description", "operandLabels": []string{"a"}, "operator": "Equals"},
			"filteredByInfo[0]: no such filterable field Description")
	})
}
