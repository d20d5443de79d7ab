package uiapitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Problem is one place where a JSON value does not have its RAML type.
type Problem struct {
	Path string // a JSON path: $.fields.Name.value, $.results[2].statusCode
	Msg  string
}

func (p Problem) String() string { return p.Path + ": " + p.Msg }

// Mode chooses what an object's undeclared properties mean.
type Mode int

const (
	// Lenient follows RAML: an object type allows properties it does not declare unless it says
	// `additionalProperties: false`.
	Lenient Mode = iota
	// Strict reports every undeclared property of an object type that declares properties, to catch misspelt
	// keys. Map types (a `//` pattern) and free-form objects (`type: object` with no properties) still take any key.
	Strict
)

// Validate checks a JSON body against the named type and returns every problem found, in document order.
func (s *Spec) Validate(typeName string, body []byte, mode Mode) ([]Problem, error) {
	t := s.Types[typeName]
	if t == nil {
		return nil, fmt.Errorf("uiapitest: no RAML type %q", typeName)
	}
	return s.ValidateType(t, body, mode)
}

// ValidateType is Validate for a type declaration, named or inline (an operation's response type).
func (s *Spec) ValidateType(t *Type, body []byte, mode Mode) ([]Problem, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber() // keeps 1 and 1.5 apart for integer
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("uiapitest: body is not JSON: %w", err)
	}
	c := checker{spec: s, mode: mode}
	c.check("$", t, v)
	return c.problems, nil
}

type checker struct {
	spec     *Spec
	mode     Mode
	problems []Problem
}

func (c *checker) fail(path, format string, args ...any) {
	c.problems = append(c.problems, Problem{Path: path, Msg: fmt.Sprintf(format, args...)})
}

// check validates v against a declaration: its type expression, then its enum.
func (c *checker) check(path string, t *Type, v any) {
	alts := splitUnion(t.Expr)
	if len(alts) > 1 {
		c.checkUnion(path, alts, v)
	} else {
		c.checkExpr(path, t.Expr, t, v)
	}
	if len(t.Enum) > 0 && v != nil {
		if _, isScalar := scalarKinds[kindOf(v)]; isScalar && !contains(t.Enum, fmt.Sprint(v)) {
			c.fail(path, "%v is not one of %s", v, strings.Join(t.Enum, ", "))
		}
	}
}

// checkExpr validates v against one union member. decl carries the facets (properties, items) that go with the
// expression; it is nil for a member of a union or an `X[]` element, which have none.
func (c *checker) checkExpr(path, expr string, decl *Type, v any) {
	switch {
	case strings.HasSuffix(expr, "[]"):
		c.checkArray(path, &Type{Expr: strings.TrimSuffix(expr, "[]")}, v)
	case expr == "array":
		var items *Type
		if decl != nil {
			items = decl.Items
		}
		c.checkArray(path, items, v)
	case isScalar(expr):
		if !scalarMatches(expr, v) {
			c.fail(path, "want %s, got %s", expr, describe(v))
		}
	case expr == "object":
		if decl == nil {
			decl = &Type{Expr: "object"} // a bare "object" union member: free-form
		}
		c.checkObject(path, decl, v)
	default:
		named := c.spec.Types[expr]
		if named == nil {
			c.fail(path, "unknown RAML type %q", expr)
			return
		}
		if decl == nil || !addsFacets(decl) {
			c.check(path, named, v)
			return
		}
		c.checkObject(path, decl, v) // an inline subtype: the base's properties plus its own
	}
}

// checkUnion passes when one member fits. When none does, it reports the problems of the member closest to the
// value's JSON kind, so an object that misses one key is told about that key rather than "not a string".
func (c *checker) checkUnion(path string, alts []string, v any) {
	var best []Problem
	for _, alt := range alts {
		sub := checker{spec: c.spec, mode: c.mode}
		sub.checkExpr(path, alt, nil, v)
		if len(sub.problems) == 0 {
			return
		}
		if c.kindFits(alt, v) && (best == nil || len(sub.problems) < len(best)) {
			best = sub.problems
		}
	}
	if best != nil {
		c.problems = append(c.problems, best...)
		return
	}
	c.fail(path, "want %s, got %s", strings.Join(alts, " | "), describe(v))
}

func (c *checker) checkArray(path string, items *Type, v any) {
	arr, ok := v.([]any)
	if !ok {
		c.fail(path, "want array, got %s", describe(v))
		return
	}
	if items == nil {
		return
	}
	for i, e := range arr {
		c.check(fmt.Sprintf("%s[%d]", path, i), items, e)
	}
}

// checkObject validates an object against a declaration and the chain of types it inherits from.
func (c *checker) checkObject(path string, t *Type, v any) {
	obj, ok := v.(map[string]any)
	if !ok {
		c.fail(path, "want object, got %s", describe(v))
		return
	}
	if sub := c.subtypeFor(t, obj); sub != nil {
		t = sub
	}
	chain := c.chain(t)
	props, pattern, extra := map[string]*Prop{}, (*Type)(nil), c.mode == Lenient
	for i := len(chain) - 1; i >= 0; i-- { // base first, so a subtype's declaration of a property wins
		for name, p := range chain[i].Props {
			props[name] = p
		}
		if chain[i].Pattern != nil {
			pattern = chain[i].Pattern
		}
		if ap := chain[i].AdditionalProperties; ap != nil {
			extra = *ap
		}
	}
	for _, name := range sortedKeys(props) {
		val, present := obj[name]
		switch {
		case present:
			c.check(path+"."+name, props[name].Type, val)
		case props[name].Required:
			c.fail(path+"."+name, "missing required property (%s)", typeLabel(chain))
		}
	}
	for _, key := range sortedKeys(obj) {
		if _, declared := props[key]; declared {
			continue
		}
		switch {
		case pattern != nil:
			c.check(path+"."+key, pattern, obj[key])
		case !extra && len(props) > 0:
			c.fail(path+"."+key, "property not declared by %s", typeLabel(chain))
		}
	}
}

// chain is t followed by the types it inherits from, nearest first.
func (c *checker) chain(t *Type) []*Type {
	out := []*Type{t}
	for seen := map[*Type]bool{t: true}; ; {
		base := c.spec.Types[t.Expr]
		if base == nil || seen[base] {
			return out
		}
		seen[base] = true
		out, t = append(out, base), base
	}
}

// subtypeFor picks, for a type with a discriminator, the named subtype whose discriminatorValue is the object's
// value of the discriminator property. It is nil when t has no discriminator or no subtype claims the value (the
// base type then applies, and the enum of the discriminator property catches a wrong value).
func (c *checker) subtypeFor(t *Type, obj map[string]any) *Type {
	disc := ""
	for _, ct := range c.chain(t) {
		if ct.Discriminator != "" {
			disc = ct.Discriminator
			break
		}
	}
	if disc == "" || t.Name == "" {
		return nil
	}
	raw, ok := obj[disc]
	if !ok {
		return nil
	}
	want := fmt.Sprint(raw)
	for _, name := range sortedKeys(c.spec.Types) {
		sub := c.spec.Types[name]
		if sub == t || !inherits(c.chain(sub), t) {
			continue
		}
		value := sub.DiscriminatorValue
		if value == "" {
			value = sub.Name
		}
		if value == want {
			return sub
		}
	}
	return nil
}

func inherits(chain []*Type, base *Type) bool {
	for _, t := range chain {
		if t == base {
			return true
		}
	}
	return false
}

// addsFacets tells an inline subtype (`type: Base` plus properties) from a plain reference to a named type.
func addsFacets(t *Type) bool {
	return len(t.Props) > 0 || t.Pattern != nil || t.AdditionalProperties != nil || t.Discriminator != "" ||
		t.DiscriminatorValue != ""
}

func typeLabel(chain []*Type) string {
	for _, t := range chain {
		if t.Name != "" {
			return t.Name
		}
	}
	return "inline object"
}

func splitUnion(expr string) []string {
	parts := strings.Split(expr, "|")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// scalarKinds are the JSON kinds a scalar can have; "integer" is a json.Number without a fraction.
var scalarKinds = map[string]bool{"string": true, "number": true, "integer": true, "boolean": true}

// isScalar lists RAML's built-in non-object types. The date and time types travel as strings.
func isScalar(expr string) bool {
	switch expr {
	case "string", "number", "integer", "boolean", "nil", "any", "file",
		"date-time", "datetime", "datetime-only", "date-only", "time-only":
		return true
	}
	return false
}

func scalarMatches(expr string, v any) bool {
	switch expr {
	case "any", "file":
		return true
	case "nil":
		return v == nil
	case "number":
		return kindOf(v) == "number" || kindOf(v) == "integer"
	case "integer", "boolean":
		return kindOf(v) == expr
	}
	return kindOf(v) == "string" // string and the date/time types
}

// kindFits says whether a union member could describe a value of v's JSON kind at all. A named type is judged
// by what it is built on: WireReadErrorList is an array, RecordRepresentation an object.
func (c *checker) kindFits(expr string, v any) bool {
	switch k := kindOf(v); {
	case strings.HasSuffix(expr, "[]") || expr == "array":
		return k == "array"
	case isScalar(expr):
		return scalarMatches(expr, v) || (expr == "integer" && k == "number")
	case expr == "object":
		return k == "object"
	}
	named := c.spec.Types[expr]
	if named == nil || named.Expr == expr {
		return false
	}
	for _, alt := range splitUnion(named.Expr) {
		if c.kindFits(alt, v) {
			return true
		}
	}
	return false
}

func kindOf(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if _, err := strconv.ParseInt(x.String(), 10, 64); err == nil {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

func describe(v any) string {
	switch k := kindOf(v); k {
	case "string", "integer", "number", "boolean":
		return fmt.Sprintf("%s %v", k, v)
	default:
		return k
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
