// Package uiapitest checks JSON bodies against the RAML types of the UI API (contracts/uiapi/api.raml, kept in
// testdata), so the tests of every UI API package can say "this response has the shape the real wire has".
//
// It understands the part of RAML 1.0 that api.raml uses: object types with properties (optional by a trailing
// `?` or `required: false`), map types (the `//` pattern property), arrays (`X[]`, `type: array` + items), unions
// (`A | B`), enums, inheritance (`type: Base`) with discriminator/discriminatorValue, and the built-in scalars.
// The places where the real wire differs from the RAML are listed, one by one, in quirks.go.
//
// A test checks a response with CheckResponse(t, "GET", "/services/data/v64.0/ui-api/records/001...", 200, body)
// (CheckResponseStrict also rejects undeclared keys); a conformance suite records what it checked with a Coverage
// and compares it with SpecOperations, the calls of spec/data-layer.md section 7 that api.raml describes.
package uiapitest

import (
	_ "embed"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

// ramlSource is a copy of shared/contracts/uiapi/api.raml: the tests run where only the repository is.
//
//go:embed testdata/api.raml
var ramlSource []byte

// Spec is a parsed RAML document: its named types and its operations.
type Spec struct {
	Types map[string]*Type
	Ops   []*Operation
}

// Type is one RAML type declaration, named (a key of `types:`) or inline (a property's or item's declaration).
type Type struct {
	Name string // "" when inline
	// Expr is the `type:` facet: a built-in ("object", "string"...), a named type (inheritance when the
	// declaration adds facets), an array ("X[]") or a union ("A | B").
	Expr               string
	Props              map[string]*Prop
	Pattern            *Type // the `//` pattern property: the value type of a map
	Items              *Type // for Expr "array"
	Enum               []string
	Discriminator      string
	DiscriminatorValue string // "" means the type's own name, as RAML says
	// AdditionalProperties is nil when the declaration does not say; RAML then allows extra properties.
	AdditionalProperties *bool
}

// Prop is one declared property of an object type.
type Prop struct {
	Name     string
	Required bool
	Type     *Type
}

// Operation is one method on one resource of the RAML, with the types of its JSON responses by status code.
type Operation struct {
	Method    string // upper case: GET, POST, PATCH...
	Path      string // relative to the API's base, e.g. /ui-api/records/{recordId}
	Responses map[string]*Type
}

var (
	defaultOnce sync.Once
	defaultSpec *Spec
	defaultErr  error
)

// Default is the UI API spec of testdata/api.raml with the wire quirks applied, parsed once per test binary.
func Default() (*Spec, error) {
	defaultOnce.Do(func() {
		defaultSpec, defaultErr = Parse(ramlSource)
		if defaultErr == nil {
			defaultErr = applyQuirks(defaultSpec)
		}
	})
	return defaultSpec, defaultErr
}

// Parse reads a RAML 1.0 document: its `types:` and every resource (a key starting with "/") at any depth.
func Parse(src []byte) (*Spec, error) {
	var doc map[string]any
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, fmt.Errorf("raml: %w", err)
	}
	s := &Spec{Types: map[string]*Type{}}
	types, _ := doc["types"].(map[string]any)
	if err := s.addTypes(types); err != nil {
		return nil, err
	}
	for _, key := range sortedKeys(doc) {
		if strings.HasPrefix(key, "/") {
			if err := s.addResource("", key, doc[key]); err != nil {
				return nil, err
			}
		}
	}
	return s, nil
}

// addTypes declares the named types of a `types:` map.
func (s *Spec) addTypes(types map[string]any) error {
	for _, name := range sortedKeys(types) {
		t, err := parseType(types[name])
		if err != nil {
			return fmt.Errorf("raml: type %s: %w", name, err)
		}
		t.Name = name
		s.Types[name] = t
	}
	return nil
}

var methods = map[string]bool{"get": true, "post": true, "put": true, "patch": true, "delete": true}

// addResource records the operations of a resource and of the resources nested in it.
func (s *Spec) addResource(parent, rel string, node any) error {
	path := strings.ReplaceAll(parent+rel, "//", "/")
	m, _ := node.(map[string]any)
	for _, key := range sortedKeys(m) {
		switch {
		case strings.HasPrefix(key, "/"):
			if err := s.addResource(path, key, m[key]); err != nil {
				return err
			}
		case methods[key]:
			op := &Operation{Method: strings.ToUpper(key), Path: path, Responses: map[string]*Type{}}
			method, _ := m[key].(map[string]any)
			responses, _ := method["responses"].(map[string]any)
			for code, r := range responses {
				body, _ := mapAt(r, "body")["application/json"]
				if body == nil {
					continue
				}
				t, err := parseType(body)
				if err != nil {
					return fmt.Errorf("raml: %s %s %s: %w", op.Method, path, code, err)
				}
				op.Responses[code] = t
			}
			s.Ops = append(s.Ops, op)
		}
	}
	return nil
}

// parseType reads a type declaration: either a bare type expression or a map of facets.
func parseType(node any) (*Type, error) {
	switch n := node.(type) {
	case string:
		return &Type{Expr: strings.TrimSpace(n)}, nil
	case map[string]any:
		return parseFacets(n)
	}
	return nil, fmt.Errorf("unexpected declaration %T", node)
}

func parseFacets(n map[string]any) (*Type, error) {
	t := &Type{}
	t.Expr, _ = n["type"].(string)
	t.Expr = strings.TrimSpace(t.Expr)
	if t.Expr == "" { // RAML's defaults for a declaration without `type:`
		switch {
		case n["properties"] != nil:
			t.Expr = "object"
		case n["items"] != nil:
			t.Expr = "array"
		default:
			t.Expr = "string"
		}
	}
	t.Discriminator, _ = n["discriminator"].(string)
	if v, ok := n["discriminatorValue"]; ok {
		t.DiscriminatorValue = fmt.Sprint(v) // 200, 400 and 404 are integers in the YAML
	}
	if v, ok := n["additionalProperties"].(bool); ok {
		t.AdditionalProperties = &v
	}
	if enum, ok := n["enum"].([]any); ok {
		for _, v := range enum {
			t.Enum = append(t.Enum, fmt.Sprint(v))
		}
	}
	if items, ok := n["items"]; ok {
		it, err := parseType(items)
		if err != nil {
			return nil, fmt.Errorf("items: %w", err)
		}
		t.Items = it
	}
	props, _ := n["properties"].(map[string]any)
	for _, key := range sortedKeys(props) {
		pt, err := parseType(props[key])
		if err != nil {
			return nil, fmt.Errorf("property %s: %w", key, err)
		}
		if key == "//" {
			t.Pattern = pt
			continue
		}
		p := &Prop{Name: key, Required: true, Type: pt}
		if strings.HasSuffix(key, "?") {
			p.Name, p.Required = strings.TrimSuffix(key, "?"), false
		}
		if m, ok := props[key].(map[string]any); ok {
			if req, ok := m["required"].(bool); ok {
				p.Required = req
			}
		}
		if t.Props == nil {
			t.Props = map[string]*Prop{}
		}
		t.Props[p.Name] = p
	}
	return t, nil
}

func mapAt(node any, key string) map[string]any {
	m, _ := node.(map[string]any)
	v, _ := m[key].(map[string]any)
	return v
}

// sortedKeys gives map keys in order, so problems and operations come out the same way every run.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }
