package graphql

import (
	"maps"
	"slices"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"storefront/internal/records"
)

// Introspection (__schema, __type) answers from the metadata-built schema as the caller's own schema would read:
// an object they may not query has no types, a field they may not read is not among its type's fields, filters
// or sort terms, as Salesforce's per-user schema reflects field-level security. Tools (GraphiQL, the wire
// adapter's schema fetch) read it; the executor answers the same questions (check.go).

// introspect answers a __schema or __type field of the query root.
func (x *request) introspect(f *ast.Field) any {
	s := x.schema.AST
	if f.Name == "__type" {
		name, _ := x.arg(f.Arguments, "name").(string)
		def := s.Types[name]
		if def == nil || !x.typeVisible(def) {
			return nil
		}
		return x.introType(def, f.SelectionSet)
	}
	return x.introObject(f.SelectionSet, "__Schema", func(g *ast.Field) any {
		switch g.Name {
		case "types":
			out := []any{}
			for _, name := range slices.Sorted(maps.Keys(s.Types)) {
				if def := s.Types[name]; x.typeVisible(def) {
					out = append(out, x.introType(def, g.SelectionSet))
				}
			}
			return out
		case "queryType":
			return x.introType(s.Query, g.SelectionSet)
		case "mutationType":
			return x.introType(s.Mutation, g.SelectionSet)
		case "directives":
			out := []any{}
			for _, name := range slices.Sorted(maps.Keys(s.Directives)) {
				out = append(out, x.introDirective(s.Directives[name], g.SelectionSet))
			}
			return out
		}
		return nil // description, subscriptionType
	})
}

// introObject is one introspection object: each selected field's value by get, __typename by its type's name.
func (x *request) introObject(set ast.SelectionSet, typename string, get func(g *ast.Field) any) object {
	out := object{}
	for _, g := range x.fields(set) {
		if g.Name == "__typename" {
			out = append(out, entry{g.Alias, typename})
			continue
		}
		out = append(out, entry{g.Alias, get(g)})
	}
	return out
}

func (x *request) introType(def *ast.Definition, set ast.SelectionSet) any {
	if def == nil {
		return nil
	}
	return x.introObject(set, "__Type", func(g *ast.Field) any {
		switch g.Name {
		case "kind":
			return string(def.Kind)
		case "name":
			return def.Name
		case "description":
			return text(def.Description)
		case "fields", "inputFields":
			if (g.Name == "fields") != (def.Kind == ast.Object || def.Kind == ast.Interface) {
				return nil
			}
			out := []any{}
			for _, fd := range def.Fields {
				if !strings.HasPrefix(fd.Name, "__") && x.fieldVisible(def, fd.Name) {
					out = append(out, x.introField(fd, g.SelectionSet, def.Kind == ast.InputObject))
				}
			}
			return out
		case "interfaces":
			if def.Kind != ast.Object {
				return nil
			}
			out := []any{}
			for _, i := range x.schema.AST.Implements[def.Name] {
				out = append(out, x.introType(i, g.SelectionSet))
			}
			return out
		case "possibleTypes":
			if def.Kind != ast.Interface && def.Kind != ast.Union {
				return nil
			}
			out := []any{}
			for _, p := range x.schema.AST.PossibleTypes[def.Name] {
				out = append(out, x.introType(p, g.SelectionSet))
			}
			return out
		case "enumValues":
			if def.Kind != ast.Enum {
				return nil
			}
			out := make([]any, len(def.EnumValues))
			for i, v := range def.EnumValues {
				out[i] = x.introObject(g.SelectionSet, "__EnumValue", func(h *ast.Field) any {
					return deprecation(h.Name, v.Name, v.Description, v.Directives)
				})
			}
			return out
		}
		return nil // ofType (named types have none), specifiedByURL
	})
}

// introField is an object type's field (with its arguments) or an input type's field (an input value).
func (x *request) introField(fd *ast.FieldDefinition, set ast.SelectionSet, input bool) any {
	if input {
		return x.introInput(fd.Name, fd.Description, fd.Type, fd.DefaultValue, set)
	}
	return x.introObject(set, "__Field", func(g *ast.Field) any {
		switch g.Name {
		case "args":
			out := make([]any, len(fd.Arguments))
			for i, a := range fd.Arguments {
				out[i] = x.introInput(a.Name, a.Description, a.Type, a.DefaultValue, g.SelectionSet)
			}
			return out
		case "type":
			return x.introRef(fd.Type, g.SelectionSet)
		}
		return deprecation(g.Name, fd.Name, fd.Description, fd.Directives)
	})
}

func (x *request) introInput(name, description string, t *ast.Type, def *ast.Value, set ast.SelectionSet) any {
	return x.introObject(set, "__InputValue", func(g *ast.Field) any {
		switch g.Name {
		case "name":
			return name
		case "description":
			return text(description)
		case "type":
			return x.introRef(t, g.SelectionSet)
		case "defaultValue":
			if def != nil {
				return def.String()
			}
		}
		return nil
	})
}

// introRef is a type as a field or argument refers to it: NON_NULL and LIST wrap the named type (ofType).
func (x *request) introRef(t *ast.Type, set ast.SelectionSet) any {
	var kind string
	var of *ast.Type
	switch {
	case t.NonNull:
		kind, of = "NON_NULL", &ast.Type{NamedType: t.NamedType, Elem: t.Elem}
	case t.Elem != nil:
		kind, of = "LIST", t.Elem
	default:
		return x.introType(x.schema.AST.Types[t.NamedType], set)
	}
	return x.introObject(set, "__Type", func(g *ast.Field) any {
		switch g.Name {
		case "kind":
			return kind
		case "ofType":
			return x.introRef(of, g.SelectionSet)
		}
		return nil
	})
}

func (x *request) introDirective(d *ast.DirectiveDefinition, set ast.SelectionSet) any {
	return x.introObject(set, "__Directive", func(g *ast.Field) any {
		switch g.Name {
		case "name":
			return d.Name
		case "description":
			return text(d.Description)
		case "isRepeatable":
			return d.IsRepeatable
		case "locations":
			out := make([]any, len(d.Locations))
			for i, l := range d.Locations {
				out[i] = string(l)
			}
			return out
		case "args":
			out := make([]any, len(d.Arguments))
			for i, a := range d.Arguments {
				out[i] = x.introInput(a.Name, a.Description, a.Type, a.DefaultValue, g.SelectionSet)
			}
			return out
		}
		return nil
	})
}

// deprecation answers name, description, isDeprecated and deprecationReason of a field or enum value.
func deprecation(field, name, description string, ds ast.DirectiveList) any {
	d := ds.ForName("deprecated")
	switch field {
	case "name":
		return name
	case "description":
		return text(description)
	case "isDeprecated":
		return d != nil
	case "deprecationReason":
		if d != nil {
			if r := d.Arguments.ForName("reason"); r != nil {
				return r.Value.Raw
			}
			return "No longer supported"
		}
	}
	return nil
}

// text is a description, null when there is none.
func text(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// typeVisible reports whether a type is in the caller's schema: an object's types are there when they may query it.
func (x *request) typeVisible(def *ast.Definition) bool {
	o := x.schema.owners[def.Name]
	return o == nil || x.engine.Queryable(x.actor, o)
}

// fieldVisible reports whether a field of a type is in the caller's schema: an object's query, semi-join and
// mutations when they may query it; a record type's members, filters and sort terms when they may read them;
// an input's fields when they may read the field.
func (x *request) fieldVisible(def *ast.Definition, name string) bool {
	cat, e, actor := x.schema.Catalog, x.engine, x.actor
	object := func(name string) *records.Object {
		if o := cat.Object(name); Queried(o) && o.APIName == name {
			return o
		}
		return nil
	}
	switch def.Name {
	case "RecordQuery", "SemiJoin":
		o := object(name)
		return o == nil || e.Queryable(actor, o)
	case "UIAPIMutations":
		for _, verb := range []string{"Create", "Update", "Delete"} {
			if base, ok := strings.CutSuffix(name, verb); ok {
				if o := object(base); o != nil {
					return e.Queryable(actor, o)
				}
			}
		}
		return true
	}
	o := x.schema.owners[def.Name]
	switch {
	case o == nil:
		return true
	case def.Name == o.APIName || def.Name == o.APIName+"_Filter" || def.Name == o.APIName+"_OrderBy":
		return x.memberReadable(o, name)
	case strings.HasSuffix(def.Name, "Representation"):
		if f := o.Field(name); f != nil {
			return e.QueryableField(actor, o, f)
		}
	}
	return true
}
