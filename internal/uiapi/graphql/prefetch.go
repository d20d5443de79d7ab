package graphql

import (
	"github.com/vektah/gqlparser/v2/ast"

	"storefront/internal/records"
)

// prefetch reads the child connections of a page's records with one query per child relationship instead of one
// per record: the children of every parent on the page, in the connection's order, split by parent. Each
// parent's share is exactly what its own query would answer (the same filter narrowed to it, the same order with
// the same tie-break on Id), so its first rows, hasNextPage and totalCount come from the share. A connection that
// pages on (after) or whose parents have more than MaxCost children together is left to per-parent queries.
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

// children reads one child relationship of the parents ids and splits it by parent; nil when it is left to
// per-parent queries (or fails: they report the error).
func (x *request) children(rel *records.ChildRelationship, f *ast.Field, ids []any) map[string]*records.QueryResult {
	child := x.schema.Catalog.Object(rel.ChildObject)
	args, err := x.connectionArgs(child, f)
	if err != nil {
		return nil
	}
	paths, _, _ := x.selection(child, f)
	q := records.Query{Object: child.APIName, Fields: append(paths, rel.FieldName), OrderBy: args.order,
		Where: and(&records.Cond{Field: rel.FieldName, Op: records.OpIn, Values: ids}, args.where), PageSize: records.MaxPageSize}
	byParent := map[string][]*records.Row{}
	read := 0
	for {
		res, err := x.engine.Query(x.ctx, x.engine.Querier(x.ctx), x.actor, q)
		if err != nil {
			return nil
		}
		for _, r := range res.Rows {
			parent, _ := r.Values[rel.FieldName].(string)
			byParent[parent] = append(byParent[parent], r)
		}
		read += len(res.Rows)
		if res.NextPageToken == "" {
			break
		}
		if read >= MaxCost {
			return nil
		}
		q.PageToken = res.NextPageToken
	}
	shares := make(map[string]*records.QueryResult, len(ids))
	for _, id := range ids {
		all := byParent[id.(string)]
		share := &records.QueryResult{Rows: all[:min(args.first, len(all))], TotalSize: int64(len(all))}
		if len(all) > args.first {
			share.NextPageToken = records.PageTokenAt(args.first)
		}
		shares[id.(string)] = share
	}
	return shares
}
