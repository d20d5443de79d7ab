package soql

import (
	"context"

	"storefront/internal/platform/db"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// Plan is a compiled query, ready to run page by page. Its SQL is assembled from metadata names and placeholders
// only; the values are in its argument lists.
type Plan struct {
	obj     *records.Object
	alias   string
	dialect db.Dialect
	child   *childLink // set on a child subquery's plan

	selects     []string // SQL expressions, scanned in this order; the first is the row's id
	out         *node
	plainFields []plainField
	aggs        []*aggItem
	subs        []*Plan

	sel        *records.Select // the engine's read: table, joins, row rules, conditions, sort terms
	filter     records.Filter  // the WHERE condition as the engine's tree (nil: none)
	where      string
	whereArgs  []any
	groupBy    []string
	grouped    map[string]bool // the grouped fields, by dotted path of API names
	having     string
	havingArgs []any
	orderBy    []string

	countOnly bool
	aggregate bool
	limit     int64 // -1: none
	offset    int64
}

// childLink ties a child subquery to its parent: the child's reference field and the output key.
type childLink struct {
	field *records.Field
	key   string // the relationship name as the metadata spells it
}

type plainField struct {
	key string // relationship fields and the field, dotted API names
	pos int
}

// node is an object in the output: the queried object or a parent reached through a relationship.
type node struct {
	obj   *records.Object
	idCol int // the scanned column holding the object's id (parents: null when there is no parent)
	items []*item
}

// item is one key of an output object.
type item struct {
	key     string
	field   *records.Field
	col     int
	parent  *node
	sub     *Plan
	agg     *aggItem
	address map[string]addressPart // a compound address, from its component columns by key
}

// addressPart is one scanned component of a compound address: its field and its column.
type addressPart struct {
	field *records.Field
	col   int
}

// addAddress adds a compound address field (BillingAddress) to a node, from the component fields the caller may
// read (BillingCity...), once; a component the caller may not read is null.
func (p *Plan) addAddress(n *node, f *records.Field, alias string, readable func(*records.Field) bool) {
	for _, it := range n.items {
		if it.field == f {
			return
		}
	}
	it := &item{key: f.APIName, field: f, address: map[string]addressPart{}}
	comps := recordsapi.AddressComponents(n.obj, f, readable)
	for _, key := range recordsapi.AddressKeys { // in order, so that the statement's text is always the same
		comp := comps[key]
		if comp == nil {
			continue
		}
		p.selects = append(p.selects, alias+"."+db.Ident(comp.Column()))
		it.address[key] = addressPart{field: comp, col: len(p.selects) - 1}
	}
	n.items = append(n.items, it)
}

// parentNode is the node of a relationship under n (made once), with its id selected to tell a missing parent.
func (p *Plan) parentNode(n *node, rel *records.Field, target *records.Object, alias string) *node {
	for _, it := range n.items {
		if it.parent != nil && it.key == rel.RelationshipName {
			return it.parent
		}
	}
	p.selects = append(p.selects, alias+`."id"`)
	child := &node{obj: target, idCol: len(p.selects) - 1}
	n.items = append(n.items, &item{key: rel.RelationshipName, parent: child})
	return child
}

// IsCount reports a COUNT() query: its answer is the number of rows, with no records.
func (p *Plan) IsCount() bool { return p.countOnly }

// IsAggregate reports a query of aggregate functions or GROUP BY: its rows come in one page.
func (p *Plan) IsAggregate() bool { return p.aggregate }

// statement is the plan's SELECT with an extra condition (a child query's parent ids).
func (p *Plan) statement(extra string, extraArgs []any) records.Statement {
	st := records.Statement{Columns: p.selects, GroupBy: p.groupBy, Having: p.having, HavingArgs: p.havingArgs,
		OrderBy: p.orderBy, Limit: -1, Aggregate: p.aggregate}
	if p.where != "" {
		st.Conds, st.Args = append(st.Conds, p.where), append(st.Args, p.whereArgs...)
	}
	if extra != "" {
		st.Conds, st.Args = append(st.Conds, extra), append(st.Args, extraArgs...)
	}
	return st
}

// Count is the number of rows the query selects, within its LIMIT and OFFSET.
func (p *Plan) Count(ctx context.Context, q db.Querier) (int64, error) {
	st := p.statement("", nil)
	return p.sel.Count(ctx, q, st.Conds, st.Args, p.offset, p.limit)
}

// rowsSQL is the SELECT of the rows from position start (after the query's OFFSET) for at most size rows
// (size < 0: every row).
func (p *Plan) rowsSQL(start, size int64, extra string, extraArgs []any) (string, []any) {
	st := p.statement(extra, extraArgs)
	st.Limit, st.Offset = size, p.offset+start
	return p.sel.SQL(st)
}

// pageSize is how many rows a page from position start holds at most, given the query's LIMIT.
func (p *Plan) pageSize(start, batch int64) int64 {
	if p.limit >= 0 {
		return max(0, min(batch, p.limit-start))
	}
	return batch
}

// Rows reads the rows from position start, at most batch of them, as output records (with their child results).
func (p *Plan) Rows(ctx context.Context, q db.Querier, version string, start, batch int64) ([]*recordsapi.Object, error) {
	size := p.pageSize(start, batch)
	if size == 0 {
		return []*recordsapi.Object{}, nil
	}
	sql, args := p.rowsSQL(start, size, "", nil)
	recs, raws, err := p.scan(ctx, q, version, sql, args)
	if err != nil {
		return nil, err
	}
	for _, sub := range p.subs {
		if err := sub.attach(ctx, q, version, p, recs, raws); err != nil {
			return nil, err
		}
	}
	return recs, nil
}

// scan runs a select of the plan's columns and builds the output records; raws keeps each row's scanned ids.
func (p *Plan) scan(ctx context.Context, q db.Querier, version, sql string, args []any) ([]*recordsapi.Object, [][]any, error) {
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	recs := []*recordsapi.Object{}
	var raws [][]any
	for rows.Next() {
		raw := make([]any, len(p.selects))
		ptrs := make([]any, len(raw))
		for i := range raw {
			ptrs[i] = &raw[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, nil, err
		}
		recs = append(recs, p.record(version, raw))
		raws = append(raws, raw)
	}
	return recs, raws, rows.Err()
}
