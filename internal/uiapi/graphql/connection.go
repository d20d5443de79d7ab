package graphql

import (
	"github.com/vektah/gqlparser/v2/ast"

	"storefront/internal/records"
)

// connection answers a record connection (a top-level object query or a child relationship): one page of
// Engine.Query, read with the caller's visibility and field permissions. within narrows the rows (a child
// connection's parent); path is the field's place in the answer, for errors.
func (x *request) connection(o *records.Object, f *ast.Field, within records.Filter, path []any) any {
	args, err := x.connectionArgs(o, f)
	if err != nil {
		x.fail(err, f, path)
		return nil
	}
	if within != nil {
		args.where = and(within, args.where)
	}
	paths, nodes, count := x.selection(o, f)
	q := records.Query{Object: o.APIName, Fields: paths, Where: args.where, OrderBy: args.order,
		PageSize: args.first, PageToken: args.after, Count: count}
	if args.first == 0 {
		q.PageSize = 1 // the engine's 0 is its default page: read one row to tell whether there are any, send none
	}
	start, err := records.PageStart(args.after)
	if err != nil {
		x.fail(inputError("Invalid cursor: "+args.after), f, path)
		return nil
	}
	res, err := x.engine.Query(x.ctx, x.engine.Querier(x.ctx), x.actor, q)
	if err != nil {
		x.fail(err, f, path)
		return nil
	}
	if args.first == 0 && len(res.Rows) > 0 {
		res.Rows, res.NextPageToken = nil, records.PageTokenAt(start)
	}
	x.prefetch(o, nodes, res.Rows)
	return x.render(o, f, res, start, path)
}

// selection is what a connection's selection reads: the paths of its nodes' fields, the node fields themselves,
// and whether it asks for totalCount.
func (x *request) selection(o *records.Object, f *ast.Field) (paths []string, nodes []*ast.Field, count bool) {
	set := map[string]bool{}
	for _, g := range x.fields(f.SelectionSet) {
		switch g.Name {
		case "totalCount":
			count = true
		case "edges":
			for _, e := range x.fields(g.SelectionSet) {
				if e.Name == "node" {
					x.collect(o, "", e.SelectionSet, set)
					nodes = append(nodes, e)
				}
			}
		}
	}
	for p := range set {
		paths = append(paths, p)
	}
	return paths, nodes, count
}

// render is a connection's answer for one page of rows starting at the query's row start.
func (x *request) render(o *records.Object, f *ast.Field, res *records.QueryResult, start int, path []any) any {
	out := object{}
	for _, g := range x.fields(f.SelectionSet) {
		switch g.Name {
		case "__typename":
			out = append(out, entry{g.Alias, g.ObjectDefinition.Name})
		case "totalCount":
			out = append(out, entry{g.Alias, res.TotalSize})
		case "pageInfo":
			out = append(out, entry{g.Alias, x.pageInfo(g, res, start)})
		case "edges":
			edges := make([]any, len(res.Rows))
			for i, row := range res.Rows {
				edge := object{}
				for _, e := range x.fields(g.SelectionSet) {
					switch e.Name {
					case "__typename":
						edge = append(edge, entry{e.Alias, e.ObjectDefinition.Name})
					case "cursor":
						edge = append(edge, entry{e.Alias, records.PageTokenAt(start + i + 1)})
					case "node":
						edge = append(edge, entry{e.Alias, x.node(o, "", row, e.SelectionSet,
							at(path, g.Alias, i, e.Alias))})
					}
				}
				edges[i] = edge
			}
			out = append(out, entry{g.Alias, edges})
		}
	}
	return out
}

func (x *request) pageInfo(f *ast.Field, res *records.QueryResult, start int) object {
	out := object{}
	n := len(res.Rows)
	for _, g := range x.fields(f.SelectionSet) {
		var v any
		switch g.Name {
		case "__typename":
			v = g.ObjectDefinition.Name
		case "hasNextPage":
			v = res.NextPageToken != ""
		case "hasPreviousPage":
			v = start > 0
		case "startCursor":
			if n > 0 {
				v = records.PageTokenAt(start + 1)
			}
		case "endCursor":
			if n > 0 {
				v = records.PageTokenAt(start + n)
			}
		}
		out = append(out, entry{g.Alias, v})
	}
	return out
}

// collect adds the paths a node's selection reads (prefix: the relationships followed to reach it, "Account.").
func (x *request) collect(o *records.Object, prefix string, set ast.SelectionSet, paths map[string]bool) {
	if prefix != "" {
		paths[prefix+"Id"] = true // a parent's id says whether there is one the caller may see
	}
	for _, f := range x.fields(set) {
		if x.omit[f] {
			continue
		}
		switch f.Name {
		case "DisplayValue":
			if name := o.Field(o.NameFieldName()); name != nil && x.engine.QueryableField(x.actor, o, name) {
				paths[prefix+name.APIName] = true
			}
			continue
		case "Id", "ApiName", "__typename":
			continue
		}
		m := x.schema.member(o, f.Name)
		switch {
		case m == nil, m.child != nil:
		case m.parent != nil:
			x.collect(m.parent, prefix+m.name+".", f.SelectionSet, paths)
		default:
			paths[prefix+m.field.APIName] = true
			if cur := currencyField(x, o, m.field); cur != "" {
				paths[prefix+cur] = true
			}
		}
	}
}

// currencyField is the field holding a currency amount's ISO code, when the object has one the caller may read.
func currencyField(x *request, o *records.Object, f *records.Field) string {
	if f.Type != records.TypeCurrency {
		return ""
	}
	if c := o.Field("CurrencyIsoCode"); c != nil && x.engine.QueryableField(x.actor, o, c) {
		return c.APIName
	}
	return ""
}

// node is one record of a row (or, under prefix, the parent a row's path reaches), as the selection asks.
func (x *request) node(o *records.Object, prefix string, row *records.Row, set ast.SelectionSet, path []any) any {
	id := row.ID
	if prefix != "" {
		id, _ = row.Values[prefix+"Id"].(string)
		if id == "" {
			return nil // no parent, or one out of the caller's sight
		}
	}
	out := object{}
	for _, f := range x.fields(set) {
		if x.omit[f] {
			continue
		}
		var v any
		switch f.Name {
		case "__typename":
			v = o.APIName
		case "Id":
			v = id
		case "ApiName":
			v = o.APIName
		case "DisplayValue":
			if s, ok := row.Values[prefix+o.NameFieldName()].(string); ok {
				v = s
			}
		default:
			m := x.schema.member(o, f.Name)
			switch {
			case m.child != nil:
				child := x.schema.Catalog.Object(m.child.ChildObject)
				if res, ok := x.prefetched[f][id]; ok {
					v = x.render(child, f, res, 0, at(path, f.Alias))
				} else {
					v = x.connection(child, f, &records.Cond{Field: m.child.FieldName, Op: records.OpEq, Value: id},
						at(path, f.Alias))
				}
			case m.parent != nil:
				v = x.node(m.parent, prefix+m.name+".", row, f.SelectionSet, at(path, f.Alias))
			default:
				v = x.fieldValue(o, prefix, m.field, row, f)
			}
		}
		out = append(out, entry{f.Alias, v})
	}
	return out
}

// fieldValue is a field as {value, displayValue}: the value as the UI API sends it, the display value formatted
// (currency in the record's currency, dates, picklist labels) or null.
func (x *request) fieldValue(o *records.Object, prefix string, fd *records.Field, row *records.Row, f *ast.Field) any {
	raw := row.Values[prefix+fd.APIName]
	out := object{}
	for _, g := range x.fields(f.SelectionSet) {
		var v any
		switch g.Name {
		case "__typename":
			v = g.ObjectDefinition.Name
		case "value":
			v = records.WireValue(fd, raw)
		case "displayValue":
			currency := ""
			if c := currencyField(x, o, fd); c != "" {
				currency, _ = row.Values[prefix+c].(string)
			}
			v = records.DisplayValue(fd, raw, currency)
		}
		out = append(out, entry{g.Alias, v})
	}
	return out
}
