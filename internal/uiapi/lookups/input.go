package lookups

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// The inputs the search and lookup calls share, each checked with a message that names what is wrong.

func badInput(format string, args ...any) error {
	return httpx.BadRequest("INVALID_INPUT", format, args...)
}

// decodeBody reads an optional JSON object body (an empty body is no input).
func decodeBody(w http.ResponseWriter, r *http.Request) (map[string]json.RawMessage, error) {
	body, err := httpx.ReadBody(w, r)
	if err != nil {
		return nil, err
	}
	out := map[string]json.RawMessage{}
	if strings.TrimSpace(string(body)) == "" {
		return out, nil
	}
	var v any
	if err := httpx.DecodeJSONBytes(body, &v); err != nil {
		return nil, err
	}
	if _, ok := v.(map[string]any); !ok {
		return nil, httpx.BadRequest("JSON_PARSER_ERROR", "The request body must be a JSON object.")
	}
	return out, json.Unmarshal(body, &out)
}

// present reports whether the body holds key with a non-null value.
func present(body map[string]json.RawMessage, key string) bool {
	raw, ok := body[key]
	return ok && string(raw) != "null"
}

// positiveInt reads a whole-number query parameter of at least 1 (def when absent), at most max.
func positiveInt(r *http.Request, name string, def, max int) (int, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > max {
		return 0, badInput("%s must be a whole number from 1 to %d: %s", name, max, v)
	}
	return n, nil
}

// scalar checks one value of a source record, a predupe or a search filter: a string, a number, a boolean or null.
func scalar(v any) bool {
	switch v.(type) {
	case nil, string, bool, json.Number:
		return true
	}
	return false
}

// Filter is SearchFilterInputRepresentation: {fieldPath, objectApiName (optional), operator, values}.
type Filter struct {
	FieldPath     string `json:"fieldPath"`
	ObjectAPIName string `json:"objectApiName,omitempty"`
	Operator      string `json:"operator"`
	Values        []any  `json:"values"`
}

// operators map a search filter's operator to the engine's.
var operators = map[string]string{"eq": records.OpEq, "ne": records.OpNe, "lt": records.OpLt, "lte": records.OpLe,
	"le": records.OpLe, "gt": records.OpGt, "gte": records.OpGe, "ge": records.OpGe, "in": records.OpIn,
	"notin": records.OpNotIn, "like": records.OpLike}

// decodeFilters reads a list of search filters.
func decodeFilters(raw json.RawMessage) ([]Filter, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var items []map[string]any
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.UseNumber()
	if err := dec.Decode(&items); err != nil {
		return nil, badInput("filters must be a list of objects with fieldPath, operator and values.")
	}
	out := make([]Filter, 0, len(items))
	for i, it := range items {
		var f Filter
		var ok bool
		if f.FieldPath, ok = it["fieldPath"].(string); !ok || f.FieldPath == "" {
			return nil, badInput("filters[%d].fieldPath must be a non-empty string.", i)
		}
		if f.Operator, ok = it["operator"].(string); !ok || operators[strings.ToLower(f.Operator)] == "" {
			return nil, badInput("filters[%d].operator must be one of eq, ne, lt, lte, gt, gte, in, notin, like.", i)
		}
		if v, has := it["objectApiName"]; has && v != nil {
			if f.ObjectAPIName, ok = v.(string); !ok {
				return nil, badInput("filters[%d].objectApiName must be a string.", i)
			}
		}
		values, ok := it["values"].([]any)
		if !ok || len(values) == 0 {
			return nil, badInput("filters[%d].values must be a non-empty list.", i)
		}
		for _, v := range values {
			if v == nil || !scalar(v) {
				return nil, badInput("filters[%d].values must hold strings, numbers or booleans.", i)
			}
			if n, isNum := v.(json.Number); isNum {
				v = string(n)
			}
			f.Values = append(f.Values, v)
		}
		out = append(out, f)
	}
	return out, nil
}

// condition is the filters as the engine's filter over o; a filter naming another object is a 400.
func condition(o *records.Object, filters []Filter) (records.Filter, error) {
	var all records.And
	for _, f := range filters {
		if f.ObjectAPIName != "" && !strings.EqualFold(f.ObjectAPIName, o.APIName) {
			return nil, badInput("The filter on %s names the object %s, not %s.", f.FieldPath, f.ObjectAPIName, o.APIName)
		}
		op := operators[strings.ToLower(f.Operator)]
		switch {
		case op == records.OpIn || op == records.OpNotIn:
			all = append(all, &records.Cond{Field: f.FieldPath, Op: op, Values: f.Values})
		case len(f.Values) == 1:
			all = append(all, &records.Cond{Field: f.FieldPath, Op: op, Value: f.Values[0]})
		case op == records.OpEq: // eq with several values: any of them
			all = append(all, &records.Cond{Field: f.FieldPath, Op: records.OpIn, Values: f.Values})
		default:
			return nil, badInput("The operator %s takes one value.", f.Operator)
		}
	}
	return all, nil
}

// DataCategory is DataCategoryInputRepresentation: {groupName, operator, values}.
type DataCategory struct {
	GroupName string   `json:"groupName"`
	Operator  string   `json:"operator"`
	Values    []string `json:"values"`
}

// decodeDataCategories reads data category filters: groupName and operator strings, values a list of strings.
func decodeDataCategories(raw json.RawMessage) ([]DataCategory, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var items []map[string]any
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, badInput("dataCategories must be a list of objects with groupName, operator and values.")
	}
	out := make([]DataCategory, 0, len(items))
	for i, it := range items {
		var dc DataCategory
		var ok bool
		if dc.GroupName, ok = it["groupName"].(string); !ok || dc.GroupName == "" {
			return nil, badInput("dataCategories[%d].groupName must be a non-empty string.", i)
		}
		if dc.Operator, ok = it["operator"].(string); !ok || dc.Operator == "" {
			return nil, badInput("dataCategories[%d].operator must be a non-empty string.", i)
		}
		values, ok := it["values"].([]any)
		if !ok {
			return nil, badInput("dataCategories[%d].values must be a list of strings.", i)
		}
		for _, v := range values {
			s, ok := v.(string)
			if !ok {
				return nil, badInput("dataCategories[%d].values must be a list of strings.", i)
			}
			dc.Values = append(dc.Values, s)
		}
		out = append(out, dc)
	}
	return out, nil
}

// decodeOrderBy reads orderBy: one {fieldApiName, isAscending} or a list of them.
func decodeOrderBy(raw json.RawMessage) ([]records.Order, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var items []map[string]any
	if strings.HasPrefix(strings.TrimSpace(string(raw)), "{") {
		var one map[string]any
		if err := json.Unmarshal(raw, &one); err != nil {
			return nil, badInput("orderBy must be an object with fieldApiName and isAscending, or a list of them.")
		}
		items = []map[string]any{one}
	} else if err := json.Unmarshal(raw, &items); err != nil {
		return nil, badInput("orderBy must be an object with fieldApiName and isAscending, or a list of them.")
	}
	var out []records.Order
	for _, it := range items {
		name, ok := it["fieldApiName"].(string)
		if !ok || name == "" {
			return nil, badInput("orderBy fieldApiName must be a non-empty string.")
		}
		asc := true
		if v, set := it["isAscending"]; set {
			if asc, ok = v.(bool); !ok {
				return nil, badInput("orderBy isAscending must be a boolean.")
			}
		}
		out = append(out, records.Order{Field: name, Desc: !asc})
	}
	return out, nil
}

// decodeSortBy reads a keyword search's sortBy: a field name, descending with a leading "-"; a list of them.
func decodeSortBy(raw json.RawMessage) ([]records.Order, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var names []string
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		names = strings.Split(one, ",")
	} else if err := json.Unmarshal(raw, &names); err != nil {
		return nil, badInput("sortBy must be a field name or a list of field names.")
	}
	var out []records.Order
	for _, n := range names {
		n = strings.TrimSpace(n)
		desc := strings.HasPrefix(n, "-")
		if n = strings.TrimPrefix(n, "-"); n == "" {
			return nil, badInput("sortBy must name fields.")
		}
		out = append(out, records.Order{Field: n, Desc: desc})
	}
	return out, nil
}
