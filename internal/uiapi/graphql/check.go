package graphql

import (
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"storefront/internal/records"
)

// Limits of one query: how deep its selections nest, and its cost, the records it may read (each connection's
// first, times the firsts of the connections it is nested in). A query over them is refused before it runs.
const (
	MaxDepth = 15
	MaxCost  = 10000
)

// check walks the operation before it runs, as a per-user schema would validate it: an object or field the
// caller may not read is undefined (or, under @optional, left out of the answer), and the depth, page sizes and
// cost stay within the limits.
func (x *request) check(set ast.SelectionSet, depth, mult int) {
	for _, f := range x.fields(set) {
		if depth > MaxDepth {
			x.errs = append(x.errs, newError(ValidationError,
				"Query depth exceeds the maximum of "+itoa(MaxDepth)+" levels", f.Position))
			return
		}
		if f.ObjectDefinition == nil || f.Definition == nil {
			continue
		}
		if !x.readable(f) {
			if f.Directives.ForName("optional") != nil {
				x.omit[f] = true
				continue
			}
			// The validator's own words for a field the schema lacks: hidden and unknown read the same.
			x.errs = append(x.errs, newError(ValidationError, "Cannot query field \""+f.Name+"\" on type \""+
				f.ObjectDefinition.Name+"\".", f.Position))
			continue
		}
		inner := mult
		if strings.HasSuffix(f.Definition.Type.Name(), "Connection") {
			first := x.first(f)
			if first < 0 || first > MaxFirst {
				x.errs = append(x.errs, newError(ValidationError,
					"first must be between 0 and "+itoa(MaxFirst), f.Position))
				continue
			}
			inner = mult * max(first, 1)
			x.cost += inner
			if x.cost > MaxCost {
				x.errs = append(x.errs, newError(ValidationError, "Query cost exceeds the maximum of "+
					itoa(MaxCost)+" records: lower first on the connections", f.Position))
				return
			}
		}
		x.check(f.SelectionSet, depth+1, inner)
	}
}

// readable reports whether the caller may read what a field of a record type (or an object's query) names.
func (x *request) readable(f *ast.Field) bool {
	cat, e, actor := x.schema.Catalog, x.engine, x.actor
	if f.ObjectDefinition.Name == "RecordQuery" {
		return f.Name == "__typename" || e.Queryable(actor, cat.Object(f.Name))
	}
	o := cat.Object(f.ObjectDefinition.Name)
	if o == nil || !Queried(o) || o.APIName != f.ObjectDefinition.Name {
		return true // not a record type
	}
	return x.memberReadable(o, f.Name)
}

// memberReadable reports whether the caller may read a member of a record type: a field, the parent a reference
// leads to, a child relationship; Id, ApiName and DisplayValue always.
func (x *request) memberReadable(o *records.Object, name string) bool {
	cat, e, actor := x.schema.Catalog, x.engine, x.actor
	m := x.schema.member(o, name)
	switch {
	case m == nil: // Id, ApiName, DisplayValue, __typename
		return true
	case m.child != nil:
		child := cat.Object(m.child.ChildObject)
		return e.Queryable(actor, child) && e.QueryableField(actor, child, child.Field(m.child.FieldName))
	case m.parent != nil:
		return e.QueryableField(actor, o, m.field) && e.Queryable(actor, m.parent)
	}
	return e.QueryableField(actor, o, m.field)
}

// itoa is for error messages.
func itoa(n int) string { return strconv.Itoa(n) }
