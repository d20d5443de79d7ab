package apitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Wildcards a wanted JSON document may hold in place of a value.
const (
	AnyValue  = "<any>"    // any value, null included, as long as the key is there
	AnyString = "<string>" // any string
	AnyNumber = "<number>" // any number
	AnyBool   = "<bool>"   // true or false
	AnyObject = "<object>" // any object
	AnyArray  = "<array>"  // any array
	Absent    = "<absent>" // the key must not be there
)

// Match compares a JSON body with a wanted JSON subset and returns "" or where they first differ. Every key the
// wanted object gives must match (others are allowed); arrays match element by element and must be as long;
// scalars must be equal; the wildcards above stand for a value of a kind, or for a key that must be absent.
func Match(got, want string) string { return compare(got, want, false) }

// Equal is Match with no extra keys allowed: the bodies are the same JSON, wildcards aside.
func Equal(got, want string) string { return compare(got, want, true) }

// ExactDiff compares a body with the wanted text, a trailing newline aside ("" wants no body at all).
func ExactDiff(got, want string) string {
	if strings.TrimSuffix(got, "\n") == want {
		return ""
	}
	if want == "" {
		return "want no body"
	}
	return "body differs" + firstTextDiff(strings.TrimSuffix(got, "\n"), want)
}

// firstTextDiff points at the first differing byte of two texts.
func firstTextDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-30)
	return fmt.Sprintf(" at byte %d: got …%s…, want …%s…", i, clip(a[from:], 60), clip(b[from:], 60))
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func compare(got, want string, exact bool) string {
	g, err := decodeJSON(got)
	if err != nil {
		return "the body is not JSON: " + err.Error()
	}
	w, err := decodeJSON(want)
	if err != nil {
		return "the wanted JSON is not JSON: " + err.Error()
	}
	return matchValue("$", g, w, exact)
}

func decodeJSON(s string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber() // numbers compared as written, never through float64
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

func matchValue(at string, got, want any, exact bool) string {
	if w, ok := want.(string); ok && isWildcard(w) {
		if kindOf(got) == w || w == AnyValue {
			return ""
		}
		return fmt.Sprintf("%s: got %s, want %s", at, show(got), w)
	}
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: got %s, want an object", at, show(got))
		}
		for _, k := range sortedKeys(w) {
			gv, present := g[k]
			if w[k] == Absent {
				if present {
					return fmt.Sprintf("%s.%s: got %s, want it absent", at, k, show(gv))
				}
				continue
			}
			if !present {
				return fmt.Sprintf("%s.%s: missing, want %s", at, k, show(w[k]))
			}
			if d := matchValue(at+"."+k, gv, w[k], exact); d != "" {
				return d
			}
		}
		if exact {
			for _, k := range sortedKeys(g) {
				if _, ok := w[k]; !ok {
					return fmt.Sprintf("%s.%s: got %s, want no such key", at, k, show(g[k]))
				}
			}
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok {
			return fmt.Sprintf("%s: got %s, want an array", at, show(got))
		}
		for i := 0; i < len(w) && i < len(g); i++ {
			if d := matchValue(fmt.Sprintf("%s[%d]", at, i), g[i], w[i], exact); d != "" {
				return d
			}
		}
		if len(g) != len(w) {
			return fmt.Sprintf("%s: %d elements, want %d", at, len(g), len(w))
		}
		return ""
	}
	if render(got) != render(want) {
		return fmt.Sprintf("%s: got %s, want %s", at, show(got), show(want))
	}
	return ""
}

func isWildcard(s string) bool {
	switch s {
	case AnyValue, AnyString, AnyNumber, AnyBool, AnyObject, AnyArray:
		return true
	}
	return false
}

// kindOf is the wildcard a decoded value answers to.
func kindOf(v any) string {
	switch v.(type) {
	case string:
		return AnyString
	case json.Number:
		return AnyNumber
	case bool:
		return AnyBool
	case map[string]any:
		return AnyObject
	case []any:
		return AnyArray
	}
	return "null"
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// render writes a decoded value as compact JSON, for comparing scalars.
func render(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return strings.TrimSuffix(b.String(), "\n")
}

// show is render cut short for messages.
func show(v any) string { return clip(render(v), 200) }

// Dig walks decoded JSON by object keys (strings) and array indexes (ints); nil when a step is missing.
func Dig(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			l, _ := v.([]any)
			if k < 0 || k >= len(l) {
				return nil
			}
			v = l[k]
		}
	}
	return v
}
