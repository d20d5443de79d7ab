package sobjects

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A composite subrequest names values of earlier answers as @{referenceId.path}: @{NewAccount.id},
// @{Query.records[0].Id}.
var referencePattern = regexp.MustCompile(`@\{([A-Za-z][A-Za-z0-9_]*)((?:\.[A-Za-z0-9_]+|\[[0-9]+\])*)\}`)

var pathStep = regexp.MustCompile(`\.([A-Za-z0-9_]+)|\[([0-9]+)\]`)

// referenceError is a reference that names no value: the subrequest is not run.
type referenceError struct{ ref, id string }

func (e *referenceError) Error() string {
	return fmt.Sprintf("Invalid reference specified. No value for %s found in %s. Provided referenceId ('%s') must "+
		"start with a letter and contain only letters, numbers and underscores.", e.ref, e.id, e.id)
}

// lookup follows a reference's path through an earlier answer's body.
func lookup(bodies map[string]any, ref string) (any, error) {
	m := referencePattern.FindStringSubmatch(ref)
	id, path := m[1], m[2]
	v, ok := bodies[id]
	if !ok {
		return nil, &referenceError{ref, id}
	}
	for _, step := range pathStep.FindAllStringSubmatch(path, -1) {
		switch cur := v.(type) {
		case map[string]any:
			next, found := cur[step[1]]
			if !found { // field names are not case-sensitive
				for k, val := range cur {
					if strings.EqualFold(k, step[1]) {
						next, found = val, true
					}
				}
			}
			if !found || step[1] == "" {
				return nil, &referenceError{ref, id}
			}
			v = next
		case []any:
			i, err := strconv.Atoi(step[2])
			if step[2] == "" || err != nil || i >= len(cur) {
				return nil, &referenceError{ref, id}
			}
			v = cur[i]
		default:
			return nil, &referenceError{ref, id}
		}
	}
	if v == nil {
		return nil, &referenceError{ref, id}
	}
	return v, nil
}

// text is a referenced value inside a string.
func text(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// resolveString replaces the references in s. A string that is exactly one reference takes the value itself (a
// number stays a number).
func resolveString(bodies map[string]any, s string) (any, error) {
	if loc := referencePattern.FindStringIndex(s); loc != nil && loc[0] == 0 && loc[1] == len(s) {
		return lookup(bodies, s)
	}
	var failed error
	out := referencePattern.ReplaceAllStringFunc(s, func(ref string) string {
		v, err := lookup(bodies, ref)
		if err != nil {
			failed = err
			return ref
		}
		return text(v)
	})
	return out, failed
}

// resolve replaces the references in every string of a JSON value.
func resolve(bodies map[string]any, v any) (any, error) {
	switch x := v.(type) {
	case string:
		return resolveString(bodies, x)
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, val := range x {
			r, err := resolve(bodies, val)
			if err != nil {
				return nil, err
			}
			out[k] = r
		}
		return out, nil
	case []any:
		out := make([]any, len(x))
		for i, val := range x {
			r, err := resolve(bodies, val)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	}
	return v, nil
}
