package graphql

import (
	"github.com/vektah/gqlparser/v2/ast"

	"storefront/internal/records"
)

// prefetch reads the child connections of a page's records with one query per child relationship instead of one
// per record: the engine's PerGroup reads each parent's first rows in the connection's order (the same filter
// narrowed to it, the same tie-break on Id) and, when totalCount is asked, counts each parent's children, so each
// parent's share is the page its own query would answer, hasNextPage and totalCount included. A connection that
// pages on (after) is left to per-parent queries.
func (x *request) prefetch(o *records.Object, nodes []*ast.Field, rows []*records.Row) {
	if len(rows) < 2 {
		return
	}
	ids := make([]any, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	for _, node := range nodes {
		for _, f := range x.fields(node.SelectionSet) {
			m := x.schema.member(o, f.Name)
			if x.omit[f] || m == nil || m.child == nil || f.Arguments.ForName("after") != nil {
				continue
			}
			if shares := x.children(m.child, f, ids); shares != nil {
				x.prefetched[f] = shares
			}
		}
	}
}

// children reads one child relationship of the parents ids, split by parent; nil when it is left to per-parent
// queries (or fails: they report the error).
func (x *request) children(rel *records.ChildRelationship, f *ast.Field, ids []any) map[string]*records.QueryResult {
	child := x.schema.Catalog.Object(rel.ChildObject)
	args, err := x.connectionArgs(child, f)
	if err != nil || args.first >= records.MaxPageSize {
		return nil
	}
	paths, _, count := x.selection(child, f)
	// One row more than first tells whether a parent has more (and first 0 still reads whether there are any).
	res, err := x.engine.Query(x.ctx, x.engine.Querier(x.ctx), x.actor, records.Query{Object: child.APIName,
		Fields: append(paths, rel.FieldName), OrderBy: args.order, PageSize: args.first + 1, Count: count,
		Where: and(&records.Cond{Field: rel.FieldName, Op: records.OpIn, Values: ids}, args.where), PerGroup: rel.FieldName})
	if err != nil {
		return nil
	}
	byParent := make(map[string][]*records.Row, len(ids))
	for _, r := range res.Rows {
		parent, _ := r.Values[rel.FieldName].(string)
		byParent[parent] = append(byParent[parent], r)
	}
	shares := make(map[string]*records.QueryResult, len(ids))
	for _, id := range ids {
		all := byParent[id.(string)]
		share := &records.QueryResult{Rows: all[:min(args.first, len(all))], TotalSize: -1}
		if count {
			share.TotalSize = res.GroupSizes[id]
		}
		if len(all) > args.first {
			share.NextPageToken = records.PageTokenAt(args.first)
		}
		shares[id.(string)] = share
	}
	return shares
}
