package graphql

import (
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"storefront/internal/records"
)

// mutations runs uiapi { XxxCreate(input: {Xxx: {...}}) { Record {...} }, XxxUpdate(input: {Id, Xxx: {...}}),
// XxxDelete(input: {Id}) { Id } } in the order written, each through the engine's writes (its validation, field
// permissions and hooks run). A refused write answers null with its error; the others still run.
func (x *request) mutations(f *ast.Field) any {
	out := object{}
	for _, g := range x.fields(f.SelectionSet) {
		if g.Name == "__typename" {
			out = append(out, entry{g.Alias, g.ObjectDefinition.Name})
			continue
		}
		out = append(out, entry{g.Alias, x.mutation(g, []any{f.Alias, g.Alias})})
	}
	return out
}

func (x *request) mutation(f *ast.Field, path []any) any {
	in, _ := x.arg(f.Arguments, "input").(object)
	var verb string
	for _, v := range []string{"Create", "Update", "Delete"} {
		if strings.HasSuffix(f.Name, v) {
			verb = v
		}
	}
	o := x.schema.Catalog.Object(strings.TrimSuffix(f.Name, verb))
	if verb == "" || o == nil {
		return nil // _empty, the placeholder of an empty schema
	}
	id, _ := in.get("Id").(string)
	fields := map[string]any{}
	if rep, ok := in.get(o.APIName).(object); ok {
		for _, e := range rep {
			fields[e.key] = e.value
		}
	}
	var err error
	switch verb {
	case "Create":
		var rec *records.Record
		if rec, err = x.engine.Create(x.ctx, x.actor, o.APIName, fields); err == nil {
			id = rec.ID
		}
	case "Update":
		_, err = x.engine.Update(x.ctx, x.actor, id, fields, records.UpdateOptions{})
	case "Delete":
		err = x.engine.Delete(x.ctx, x.actor, id)
	}
	if err != nil {
		x.fail(err, f, path)
		return nil
	}
	out := object{}
	for _, g := range x.fields(f.SelectionSet) {
		var v any
		switch g.Name {
		case "__typename":
			v = g.ObjectDefinition.Name
		case "Id":
			v = id
		case "success":
			v = true
		case "Record":
			v = x.record(o, id, g, at(path, g.Alias))
		}
		out = append(out, entry{g.Alias, v})
	}
	return out
}

// record reads the record a mutation wrote, as the caller may see it, through the same query as a connection's.
func (x *request) record(o *records.Object, id string, f *ast.Field, path []any) any {
	paths := map[string]bool{}
	x.collect(o, "", f.SelectionSet, paths)
	q := records.Query{Object: o.APIName, PageSize: 1,
		Where: &records.Cond{Field: "Id", Op: records.OpEq, Value: id}}
	for p := range paths {
		q.Fields = append(q.Fields, p)
	}
	res, err := x.engine.Query(x.ctx, x.engine.Querier(x.ctx), x.actor, q)
	if err != nil {
		x.fail(err, f, path)
		return nil
	}
	if len(res.Rows) == 0 {
		return nil
	}
	return x.node(o, "", res.Rows[0], f.SelectionSet, path)
}
