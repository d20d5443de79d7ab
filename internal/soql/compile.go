package soql

import (
	"strconv"
	"strings"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// Limits of a query, as Salesforce sets them.
const (
	MaxOffset         = 2000
	MaxBatchSize      = 2000
	MinBatchSize      = 200
	maxRelationDepth  = records.MaxRelationDepth
	maxAggregateRows  = 2000
	rootAlias         = "r"
	childRootAlias    = "c"
	maxChildParentIDs = 500
	maxFieldsAllRows  = 200
)

// compiler resolves a parsed query against the metadata, for one caller. Every table and column name it writes
// comes from the metadata (never from the query text), and every value is a bound argument.
type compiler struct {
	cat     *records.Catalog
	engine  *records.Engine
	actor   *identity.Principal
	dialect db.Dialect
	now     time.Time
	semis   int // semi-join subqueries compiled so far, for their aliases
}

// Compile turns a parsed query into a plan the caller may run: objects, fields and relationships the caller may
// not read answer exactly as if they did not exist.
func Compile(q *Query, cat *records.Catalog, engine *records.Engine, actor *identity.Principal, dialect db.Dialect, now time.Time) (*Plan, *Error) {
	c := &compiler{cat: cat, engine: engine, actor: actor, dialect: dialect, now: now}
	o, err := c.object(q.From)
	if err != nil {
		return nil, err
	}
	return c.plan(q, o, rootAlias, nil)
}

// readable reports whether the caller may query the object at all.
func (c *compiler) readable(o *records.Object) bool {
	return c.engine.Queryable(c.actor, o)
}

func (c *compiler) object(n Name) (*records.Object, *Error) {
	o := c.cat.Object(n.Text)
	if !c.readable(o) {
		return nil, errAt(CodeInvalidType, n.Pos, "sObject type '%s' is not supported. If you are attempting to use a custom object, be sure to append the '__c' after the entity name. Please reference your WSDL or the describe call for the appropriate names.", n.Text)
	}
	return o, nil
}

// compoundReadable reports a compound field (an address) of o the caller may read.
func (c *compiler) compoundReadable(o *records.Object, f *records.Field) bool {
	return c.engine.CompoundReadable(c.actor, o, f)
}

// readableOf reports the fields of o the caller may read.
func (c *compiler) readableOf(o *records.Object) func(*records.Field) bool {
	return func(f *records.Field) bool { return c.fieldReadable(o, f) }
}

// fieldReadable reports whether the caller may read the field of o (hidden fields and fields outside the
// caller's field permissions are never readable).
func (c *compiler) fieldReadable(o *records.Object, f *records.Field) bool {
	return c.engine.QueryableField(c.actor, o, f)
}

// resolved is a path resolved to a column: the field and the SQL expression naming its column.
type resolved struct {
	field     *records.Field
	col       string   // alias."column"
	chain     []string // the relationship fields followed, for grouping the output
	rels      []*records.Field
	objs      []*records.Object // the object reached after each relationship
	alias     []string          // the join alias of each object reached
	column    *records.Column   // the engine's resolution (compared and sorted by the engine)
	aggregate bool              // an aggregate of HAVING: compared by its column, having no path
	// readable reports the fields of the field's object the caller may read (an address's components).
	readable func(*records.Field) bool
}

// resolve follows a path to a field stored in a column, for filters, sorts, groups and aggregates: a compound
// field (an address) has no column of its own and can only be selected.
func (c *compiler) resolve(p *Plan, path Path) (*resolved, *Error) {
	r, err := c.resolvePath(p, path)
	if err == nil && !r.field.HasColumn() {
		return nil, errAt(CodeInvalidField, path.Pos, "field '%s' can not be filtered in query call", r.field.APIName)
	}
	return r, err
}

// resolvePath follows a path's relationships to its field, adding the joins it needs to p (the engine's Select:
// parents out of the caller's sight read as no parent), and words the engine's refusals as Salesforce does.
func (c *compiler) resolvePath(p *Plan, path Path) (*resolved, *Error) {
	parts := make([]string, len(path.Parts))
	for i, n := range path.Parts {
		parts[i] = n.Text
	}
	col, perr := p.sel.Path(parts)
	if perr != nil {
		switch perr.Kind {
		case records.PathTooDeep:
			return nil, malformed(path.Pos, "SOQL statements cannot query more than %d levels of relationships", maxRelationDepth)
		case records.PathNoRelationship:
			return nil, errAt(CodeInvalidField, path.Pos, "Didn't understand relationship '%s' in field path. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names.", perr.Name)
		}
		return nil, errAt(CodeInvalidField, path.Pos, "%s", recordsapi.NoSuchColumn(perr.Name, perr.Object))
	}
	r := &resolved{field: col.Field, col: col.SQL, rels: col.Rels, objs: col.Objs, alias: col.Aliases, column: col,
		readable: c.readableOf(col.Object(p.obj))}
	for _, rel := range col.Rels {
		r.chain = append(r.chain, rel.APIName)
	}
	return r, nil
}

// plan compiles one query (the outer one or a child subquery) over o, its table aliased alias.
func (c *compiler) plan(q *Query, o *records.Object, alias string, child *childLink) (*Plan, *Error) {
	p := &Plan{obj: o, alias: alias, dialect: c.dialect, sel: c.engine.NewSelect(c.cat, c.actor, o, alias), limit: -1, child: child}
	p.out = &node{obj: o}
	p.aggregate = len(q.GroupBy) > 0
	for _, it := range q.Select {
		if it.Agg != nil && it.Agg.Arg != nil {
			p.aggregate = true
		}
	}
	// Grouped rows have no id of their own.
	if p.aggregate {
		p.selects = append(p.selects, "NULL")
	} else {
		p.selects = append(p.selects, alias+`."id"`)
	}
	if err := c.selectList(p, q); err != nil {
		return nil, err
	}
	if q.Where != nil {
		w := &whereBuilder{c: c, p: p}
		f, err := w.expr(q.Where)
		if err != nil {
			return nil, err
		}
		p.filter = f
		if p.where, p.whereArgs, err = c.where(p, f, q.Where.exprPos()); err != nil {
			return nil, err
		}
	}
	if err := c.groupAndOrder(p, q); err != nil {
		return nil, err
	}
	if q.Having != nil {
		if !p.aggregate {
			return nil, malformed(q.Having.exprPos(), "HAVING requires GROUP BY or aggregate functions")
		}
		w := &whereBuilder{c: c, p: p, having: true}
		f, err := w.expr(q.Having)
		if err != nil {
			return nil, err
		}
		if p.having, p.havingArgs, err = c.where(p, f, q.Having.exprPos()); err != nil {
			return nil, err
		}
	}
	if q.Offset != nil {
		if q.Offset.N > MaxOffset {
			return nil, errAt(CodeOutOfRange, q.Offset.Pos, "Maximum SOQL offset allowed is %d", MaxOffset)
		}
		p.offset = q.Offset.N
	}
	if q.Limit != nil {
		p.limit = q.Limit.N
	}
	return p, nil
}

// selectList resolves the field list into the plan's select expressions and its output tree.
func (c *compiler) selectList(p *Plan, q *Query) *Error {
	exprN := 0
	for _, item := range q.Select {
		switch {
		case item.Agg != nil && item.Agg.Func == "COUNT" && item.Agg.Arg == nil:
			if len(q.Select) > 1 || len(q.GroupBy) > 0 {
				return malformed(item.Pos, "COUNT() must be the only element in the SELECT list.")
			}
			if p.child != nil {
				return malformed(item.Pos, "COUNT() is not supported in a subquery")
			}
			p.countOnly = true
		case item.Agg != nil:
			if p.child != nil {
				return malformed(item.Pos, "Aggregate functions are not supported in a subquery")
			}
			key := item.Agg.Alias
			if key == "" {
				key = "expr" + strconv.Itoa(exprN)
				exprN++
			}
			if err := c.aggregate(p, item.Agg, key); err != nil {
				return err
			}
		case item.Sub != nil:
			if err := c.subquery(p, item.Sub); err != nil {
				return err
			}
		case item.Fields != "":
			if p.aggregate {
				return malformed(item.Pos, "FIELDS() is not supported in aggregate queries")
			}
			// FIELDS(CUSTOM) and FIELDS(ALL) are bounded, as in Salesforce: at most 200 rows.
			if item.Fields != "STANDARD" && (q.Limit == nil || q.Limit.N > maxFieldsAllRows) {
				return malformed(item.Pos, "The SOQL FIELDS function must have a LIMIT of at most %d", maxFieldsAllRows)
			}
			for i := range p.obj.Fields {
				f := &p.obj.Fields[i]
				switch {
				case item.Fields == "STANDARD" && f.Custom, item.Fields == "CUSTOM" && !f.Custom:
				case c.fieldReadable(p.obj, f):
					p.addField(p.out, f, p.alias+"."+db.Ident(f.Column()))
				case c.compoundReadable(p.obj, f):
					p.addAddress(p.out, f, p.alias, c.readableOf(p.obj))
				}
			}
		default:
			r, err := c.resolvePath(p, *item.Field)
			if err != nil {
				return err
			}
			p.selectField(r, item.Field.Pos)
		}
	}
	return nil
}

// selectField places a resolved field in the output tree: under the parent objects of its relationships.
func (p *Plan) selectField(r *resolved, pos int) {
	n := p.out
	for i, rel := range r.rels {
		if p.aggregate { // grouped parent fields come flat, under their own name
			break
		}
		n = p.parentNode(n, rel, r.objs[i], r.alias[i])
	}
	if r.field.Type == records.TypeAddress {
		p.addAddress(n, r.field, r.alias[len(r.alias)-1], r.readable)
	} else {
		p.addField(n, r.field, r.col)
	}
	p.plainFields = append(p.plainFields, plainField{key: strings.Join(append(append([]string{}, r.chain...), r.field.APIName), "."), pos: pos})
}

// addField adds a column to a node of the output, once.
func (p *Plan) addField(n *node, f *records.Field, col string) {
	for _, it := range n.items {
		if it.field == f && it.parent == nil {
			return
		}
	}
	p.selects = append(p.selects, col)
	n.items = append(n.items, &item{key: f.APIName, field: f, col: len(p.selects) - 1})
}

// groupAndOrder compiles GROUP BY and ORDER BY (the engine's sort terms: nulls first ascending and last descending
// unless told, as in Salesforce). Rows tie-break on id so that pages never overlap.
func (c *compiler) groupAndOrder(p *Plan, q *Query) *Error {
	grouped := map[string]bool{}
	for _, g := range q.GroupBy {
		r, err := c.resolve(p, g)
		if err != nil {
			return err
		}
		if !groupable(r.field) {
			return errAt(CodeMalformed, g.Pos, "field '%s' can not be grouped in a query call", r.field.APIName)
		}
		p.groupBy = append(p.groupBy, r.col)
		grouped[strings.Join(append(append([]string{}, r.chain...), r.field.APIName), ".")] = true
	}
	p.grouped = grouped
	if p.aggregate {
		for _, f := range p.plainFields {
			if !grouped[f.key] {
				return malformed(f.pos, "Field must be grouped or aggregated: %s", f.key[strings.LastIndex(f.key, ".")+1:])
			}
		}
		if p.child == nil && len(p.subs) > 0 {
			return malformed(q.Pos, "Nested queries are not supported in aggregate queries")
		}
	}
	for _, o := range q.OrderBy {
		r, err := c.resolve(p, o.Path)
		if err != nil {
			return err
		}
		if p.aggregate && !grouped[strings.Join(append(append([]string{}, r.chain...), r.field.APIName), ".")] {
			return malformed(o.Path.Pos, "Ordered field must be grouped or aggregated: %s", r.field.APIName)
		}
		p.orderBy = append(p.orderBy, records.OrderTerm(r.column, o.Desc, o.NullsFirst))
	}
	if !p.aggregate {
		p.orderBy = append(p.orderBy, p.alias+`."id" ASC`)
	} else {
		p.orderBy = append(p.orderBy, p.groupBy...)
	}
	return nil
}

func groupable(f *records.Field) bool {
	switch f.Type {
	case records.TypeLongTextArea, records.TypeMultiPicklist, records.TypeDouble, records.TypeCurrency, records.TypePercent, records.TypeTextArea:
		return false
	}
	return true
}
