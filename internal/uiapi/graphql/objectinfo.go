package graphql

import (
	"github.com/vektah/gqlparser/v2/ast"

	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// objectInfos answers uiapi { objectInfos(apiNames: [...]) { ... } }: each object's metadata as the caller sees it
// (only the fields they may read; createable and updateable by their permissions). An object they may not read is
// null, with an error.
func (x *request) objectInfos(f *ast.Field) any {
	names, _ := x.arg(f.Arguments, "apiNames").([]any)
	out := make([]any, len(names))
	for i, n := range names {
		name, _ := n.(string)
		o := x.schema.Catalog.Object(name)
		if o == nil || !x.engine.CanRead(x.actor, o) {
			x.errs = append(x.errs, newError(DataFetching, "Object '"+name+"' is not supported or you do not have access to it",
				f.Position, f.Alias, i))
			continue
		}
		out[i] = x.objectInfo(o, f.SelectionSet)
	}
	return out
}

func (x *request) objectInfo(o *records.Object, set ast.SelectionSet) object {
	e, actor := x.engine, x.actor
	out := object{}
	for _, g := range x.fields(set) {
		var v any
		switch g.Name {
		case "__typename":
			v = g.ObjectDefinition.Name
		case "ApiName":
			v = o.APIName
		case "label":
			v = o.Label
		case "labelPlural":
			v = o.LabelPlural
		case "keyPrefix":
			v = o.KeyPrefix
		case "custom":
			v = o.Custom
		case "createable":
			v = o.Createable && e.CanCreate(actor, o)
		case "updateable":
			v = o.Updateable && e.CanUpdate(actor, o)
		case "deletable":
			v = o.Deletable && e.CanDelete(actor, o)
		case "queryable":
			v = e.Queryable(actor, o)
		case "nameFields":
			v = []string{o.NameFieldName()}
		case "fields":
			list := []any{}
			for i := range o.Fields {
				if fd := &o.Fields[i]; !fd.Hidden && e.FieldReadable(actor, o, fd) {
					list = append(list, x.fieldInfo(o, fd, g.SelectionSet))
				}
			}
			v = list
		case "childRelationships":
			list := []any{}
			for _, ch := range x.schema.Catalog.Children(o.APIName) {
				list = append(list, object{{"childObjectApiName", ch.ChildObject}, {"fieldName", ch.FieldName},
					{"relationshipName", ch.RelationshipName}}.pick(x, g.SelectionSet))
			}
			v = list
		}
		out = append(out, entry{g.Alias, v})
	}
	return out
}

func (x *request) fieldInfo(o *records.Object, fd *records.Field, set ast.SelectionSet) object {
	refs := []any{}
	for _, r := range fd.ReferenceTo {
		refs = append(refs, object{{"ApiName", r}})
	}
	var rel any
	if fd.RelationshipName != "" {
		rel = fd.RelationshipName
	}
	all := object{{"ApiName", fd.APIName}, {"label", fd.Label}, {"dataType", recordsapi.DataType(fd.Type)},
		{"required", fd.Required}, {"createable", x.engine.FieldCreateable(x.actor, o, fd)},
		{"updateable", x.engine.FieldUpdateable(x.actor, o, fd)}, {"custom", fd.Custom}, {"length", fd.Length},
		{"precision", fd.Precision}, {"scale", fd.Scale}, {"relationshipName", rel}, {"referenceToInfos", refs}}
	return all.pick(x, set)
}

// pick is the entries a selection asks for, under its aliases (lists of objects picked by their own selection).
func (o object) pick(x *request, set ast.SelectionSet) object {
	out := object{}
	for _, g := range x.fields(set) {
		v := o.get(g.Name)
		if g.Name == "__typename" {
			v = g.ObjectDefinition.Name
		}
		if list, ok := v.([]any); ok && len(g.SelectionSet) > 0 {
			picked := make([]any, len(list))
			for i, item := range list {
				picked[i] = item.(object).pick(x, g.SelectionSet)
			}
			v = picked
		}
		out = append(out, entry{g.Alias, v})
	}
	return out
}
