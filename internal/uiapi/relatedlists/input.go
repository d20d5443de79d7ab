package relatedlists

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// The configs the writes check (spec/data-layer.md section 8): a body of the wrong shape is refused with its
// config's message, a value of the wrong type with the type it expected.
const (
	configInfo        = `Invalid config for "updateRelatedListInfo"`
	configPreferences = `Invalid config for "updateRelatedListPreferences"`
)

func invalidConfig(config string) error { return httpx.BadRequest("INVALID_INPUT", "%s", config) }

// readObject reads a JSON object body; anything else is the config's error.
func readObject(w http.ResponseWriter, r *http.Request, config string) (map[string]any, error) {
	var v any
	if err := httpx.DecodeJSON(w, r, &v); err != nil {
		return nil, err
	}
	body, ok := v.(map[string]any)
	if !ok {
		return nil, invalidConfig(config)
	}
	return body, nil
}

// jsType names a JSON value's type as JavaScript's typeof does, as the wire adapters' messages do.
func jsType(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case json.Number:
		return "number"
	case bool:
		return "boolean"
	}
	return "object" // null, arrays and objects
}

func expected(want string, v any, at string) error {
	return httpx.BadRequest("INVALID_INPUT", `Expected "%s" but received "%s" (at "%s")`, want, jsType(v), at)
}

// readColumnWidths reads an object of column names to whole numbers.
func readColumnWidths(v any, at, config string) (map[string]int64, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, invalidConfig(config)
	}
	out := make(map[string]int64, len(m))
	for k, x := range m {
		n, ok := x.(json.Number)
		f, err := n.Float64()
		if !ok || err != nil || f != math.Trunc(f) || math.Abs(f) > math.MaxInt32 {
			return nil, expected("integer", x, at+"."+k) // 1.5 is a "number", as typeof says
		}
		out[k] = int64(f)
	}
	return out, nil
}

// readColumnWrap reads an object of column names to booleans.
func readColumnWrap(v any, at, config string) (map[string]bool, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, invalidConfig(config)
	}
	out := make(map[string]bool, len(m))
	for k, x := range m {
		b, ok := x.(bool)
		if !ok {
			return nil, expected("boolean", x, at+"."+k)
		}
		out[k] = b
	}
	return out, nil
}

// readOrder reads a list of {fieldApiName, isAscending}: each field a sortable field (or path) of the child the
// caller may read.
func (h *Handler) readOrder(cat *records.Catalog, actor *identity.Principal, rl *relatedList, v any, config string) ([]orderTerm, error) {
	items, ok := v.([]any)
	if !ok {
		return nil, invalidConfig(config)
	}
	out := []orderTerm{}
	for _, it := range items {
		m, ok := it.(map[string]any)
		if !ok {
			return nil, invalidConfig(config)
		}
		field, ok := m["fieldApiName"].(string)
		asc, okAsc := m["isAscending"].(bool)
		if !ok || !okAsc {
			return nil, invalidConfig(config)
		}
		c := h.resolve(cat, actor, rl.Object, field)
		if c == nil || !recordsapi.Sortable(c.Field) {
			return nil, recordsapi.InvalidField(field)
		}
		out = append(out, orderTerm{Field: c.Path, Ascending: asc})
	}
	return out, nil
}

// readInfoChange reads the body of PATCH related-list-info: orderedByInfo and userPreferences (which needs both
// columnWidths and columnWrap), at least one of them.
func (h *Handler) readInfoChange(cat *records.Catalog, actor *identity.Principal, rl *relatedList, body map[string]any) (*stored, error) {
	change := &stored{}
	order, hasOrder := body["orderedByInfo"]
	prefs, hasPrefs := body["userPreferences"]
	if !hasOrder && !hasPrefs {
		return nil, invalidConfig(configInfo)
	}
	var err error
	if hasOrder {
		if change.OrderedBy, err = h.readOrder(cat, actor, rl, order, configInfo); err != nil {
			return nil, err
		}
	}
	if hasPrefs {
		m, ok := prefs.(map[string]any)
		if !ok || m["columnWidths"] == nil || m["columnWrap"] == nil {
			return nil, invalidConfig(configInfo)
		}
		if change.ColumnWidths, err = readColumnWidths(m["columnWidths"], "userPreferences.columnWidths", configInfo); err != nil {
			return nil, err
		}
		if change.ColumnWrap, err = readColumnWrap(m["columnWrap"], "userPreferences.columnWrap", configInfo); err != nil {
			return nil, err
		}
	}
	return change, nil
}

// readPreferencesChange reads the body of PATCH related-list-preferences: columnWidths, columnWrap and orderedBy,
// each optional, at least one of them.
func (h *Handler) readPreferencesChange(cat *records.Catalog, actor *identity.Principal, rl *relatedList, body map[string]any) (*stored, error) {
	change := &stored{}
	var err error
	seen := false
	if v, ok := body["columnWidths"]; ok {
		seen = true
		if change.ColumnWidths, err = readColumnWidths(v, "columnWidths", configPreferences); err != nil {
			return nil, err
		}
	}
	if v, ok := body["columnWrap"]; ok {
		seen = true
		if change.ColumnWrap, err = readColumnWrap(v, "columnWrap", configPreferences); err != nil {
			return nil, err
		}
	}
	if v, ok := body["orderedBy"]; ok {
		seen = true
		if change.OrderedBy, err = h.readOrder(cat, actor, rl, v, configPreferences); err != nil {
			return nil, err
		}
	}
	if !seen {
		return nil, invalidConfig(configPreferences)
	}
	return change, nil
}

// stringList reads an optional list of strings of a body.
func stringList(body map[string]any, key string) ([]string, error) {
	v, ok := body[key]
	if !ok || v == nil {
		return nil, nil
	}
	items, ok := v.([]any)
	if !ok {
		return nil, httpx.BadRequest("INVALID_INPUT", "%s must be an array of strings", key)
	}
	out := make([]string, len(items))
	for i, it := range items {
		s, ok := it.(string)
		if !ok {
			return nil, httpx.BadRequest("INVALID_INPUT", "%s must be an array of strings", key)
		}
		out[i] = s
	}
	return out, nil
}

// optionalString reads an optional string of a body.
func optionalString(body map[string]any, key string) (string, error) {
	v, ok := body[key]
	if !ok || v == nil {
		return "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", httpx.BadRequest("INVALID_INPUT", "%s must be a string", key)
	}
	return s, nil
}

// pageSizeOf reads an optional pageSize: a whole number from 1 to records.MaxPageSize.
func pageSizeOf(body map[string]any) (int, error) {
	v, ok := body["pageSize"]
	if !ok || v == nil {
		return DefaultPageSize, nil
	}
	n, isNum := v.(json.Number)
	i, err := n.Int64()
	if !isNum || err != nil || i < 1 || i > records.MaxPageSize {
		return 0, httpx.BadRequest("INVALID_INPUT", "pageSize must be an integer from 1 to %d: %s", records.MaxPageSize, fmt.Sprint(v))
	}
	return int(i), nil
}
