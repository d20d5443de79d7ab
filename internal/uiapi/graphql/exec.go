package graphql

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// request is one execution of a validated operation.
type request struct {
	ctx    context.Context
	actor  *identity.Principal
	engine *records.Engine
	schema *Schema
	vars   map[string]any
	omit   map[*ast.Field]bool // @optional fields the caller may not read: left out of the answer
	// prefetched holds the child connections of a page's records read at once (prefetch.go), by field and parent.
	prefetched map[*ast.Field]map[string]*records.QueryResult
	errs       []*gqlError
	fatal      error // a failure of the server: the whole request fails
	cost       int
}

// object is a JSON object that keeps its keys in the order of the query, as GraphQL answers do.
type object []entry

type entry struct {
	key   string
	value any
}

// MarshalJSON writes the whole answer under o in one pass. Nested objects are written by appendJSON, not by
// their own MarshalJSON: encoding/json re-reads (compacts) what every Marshaler returns, which for an answer of
// nested objects is a pass per level.
func (o object) MarshalJSON() ([]byte, error) { return appendJSON(make([]byte, 0, 1024), o) }

// appendJSON appends v as JSON: answers hold objects, lists, strings, booleans, numbers and nulls; anything else
// is left to encoding/json.
func appendJSON(b []byte, v any) ([]byte, error) {
	var err error
	switch t := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case object:
		b = append(b, '{')
		for i, e := range t {
			if i > 0 {
				b = append(b, ',')
			}
			b = httpx.AppendJSONString(b, e.key)
			b = append(b, ':')
			if b, err = appendJSON(b, e.value); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	case []any:
		b = append(b, '[')
		for i, e := range t {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendJSON(b, e); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	case string:
		return httpx.AppendJSONString(b, t), nil
	case bool:
		return strconv.AppendBool(b, t), nil
	case int:
		return strconv.AppendInt(b, int64(t), 10), nil
	case int64:
		return strconv.AppendInt(b, t, 10), nil
	case json.Number: // a number the engine read, as its text
		if t != "" {
			return append(b, t...), nil
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})...), nil
}

// get is the value of key, nil when absent.
func (o object) get(key string) any {
	for _, e := range o {
		if e.key == key {
			return e.value
		}
	}
	return nil
}

// fields is a selection set's fields with its fragments spread in place (the schema has no interfaces or unions,
// so every fragment validation accepted applies), @skip and @include applied.
func (x *request) fields(set ast.SelectionSet) []*ast.Field {
	var out []*ast.Field
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			if x.included(s.Directives) {
				out = append(out, s)
			}
		case *ast.InlineFragment:
			if x.included(s.Directives) {
				out = append(out, x.fields(s.SelectionSet)...)
			}
		case *ast.FragmentSpread:
			if x.included(s.Directives) && s.Definition != nil {
				out = append(out, x.fields(s.Definition.SelectionSet)...)
			}
		}
	}
	return out
}

func (x *request) included(ds ast.DirectiveList) bool {
	if d := ds.ForName("skip"); d != nil && x.arg(d.Arguments, "if") == true {
		return false
	}
	if d := ds.ForName("include"); d != nil && x.arg(d.Arguments, "if") == false {
		return false
	}
	return true
}

func (x *request) arg(args ast.ArgumentList, name string) any {
	if a := args.ForName(name); a != nil {
		return x.value(a.Value)
	}
	return nil
}

// value is an argument's value with the variables in place: numbers as their literal text (exact: a price is
// never rounded through a float), input objects as objects in the order written.
func (x *request) value(v *ast.Value) any {
	if v == nil {
		return nil
	}
	switch v.Kind {
	case ast.Variable:
		return normalize(x.vars[v.Raw])
	case ast.IntValue, ast.FloatValue, ast.StringValue, ast.BlockValue, ast.EnumValue:
		return v.Raw
	case ast.BooleanValue:
		return v.Raw == "true"
	case ast.ListValue:
		out := make([]any, len(v.Children))
		for i, c := range v.Children {
			out[i] = x.value(c.Value)
		}
		return out
	case ast.ObjectValue:
		out := make(object, len(v.Children))
		for i, c := range v.Children {
			out[i] = entry{c.Name, x.value(c.Value)}
		}
		return out
	}
	return nil
}

// normalize turns a variable's decoded JSON into the shapes value gives: objects ordered (by key: JSON objects
// have no order), numbers as text.
func normalize(v any) any {
	switch t := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		out := make(object, len(keys))
		for i, k := range keys {
			out[i] = entry{k, normalize(t[k])}
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = normalize(e)
		}
		return out
	case json.Number:
		return t.String()
	case float64: // as VariableValues coerces Float variables
		return strconv.FormatFloat(t, 'f', -1, 64)
	case int, int32, int64: // and Int ones
		return fmt.Sprint(t)
	}
	return v
}

// root runs the operation: queries under uiapi { query, objectInfos }, mutations under uiapi { XxxCreate ... }.
func (x *request) root(op *ast.OperationDefinition) any {
	out := object{}
	for _, f := range x.fields(op.SelectionSet) {
		switch f.Name {
		case "__typename":
			out = append(out, entry{f.Alias, f.ObjectDefinition.Name})
		case "uiapi":
			if op.Operation == ast.Mutation {
				out = append(out, entry{f.Alias, x.mutations(f)})
			} else {
				out = append(out, entry{f.Alias, x.uiapi(f)})
			}
		case "__schema", "__type":
			out = append(out, entry{f.Alias, x.introspect(f)})
		}
	}
	return out
}

func (x *request) uiapi(f *ast.Field) any {
	out := object{}
	for _, g := range x.fields(f.SelectionSet) {
		switch g.Name {
		case "__typename":
			out = append(out, entry{g.Alias, g.ObjectDefinition.Name})
		case "objectInfos":
			out = append(out, entry{g.Alias, x.objectInfos(g)})
		case "query":
			q := object{}
			for _, h := range x.fields(g.SelectionSet) {
				if h.Name == "__typename" {
					q = append(q, entry{h.Alias, h.ObjectDefinition.Name})
					continue
				}
				o := x.schema.Catalog.Object(h.Name)
				q = append(q, entry{h.Alias, x.connection(o, h, nil, []any{f.Alias, g.Alias, h.Alias})})
			}
			out = append(out, entry{g.Alias, q})
		}
	}
	return out
}

// fail records an error of one field of the answer (the field answers null); a failure of the server stops the
// whole request.
func (x *request) fail(err error, f *ast.Field, path []any) {
	var fe *records.FilterError
	var we *records.WriteError
	var ie inputError
	switch {
	case errors.As(err, &fe):
		x.errs = append(x.errs, newError(ValidationError, strings.TrimPrefix(fe.Error(), "records: "), f.Position, path...))
	case errors.As(err, &we):
		e := newError(DataFetching, we.Message(), f.Position, path...)
		if codes := we.Codes(); len(codes) > 0 {
			e.Extensions["errorCode"] = codes[0]
		}
		x.errs = append(x.errs, e)
	case errors.Is(err, records.ErrNotFound):
		x.errs = append(x.errs, newError(DataFetching, "The requested resource does not exist", f.Position, path...))
	case errors.As(err, &ie):
		x.errs = append(x.errs, newError(ValidationError, ie.Error(), f.Position, path...))
	default:
		if x.fatal == nil {
			x.fatal = err
		}
	}
}

// at is path with more segments, a copy: sibling fields never share a path's array.
func at(path []any, more ...any) []any {
	out := make([]any, 0, len(path)+len(more))
	return append(append(out, path...), more...)
}
