package records

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
)

// Select is the SQL of one read of an object's rows for one actor: the table, the LEFT JOINs that relationship
// paths need, the actor's row rule on the table and on every joined parent, and the conditions and sort terms of
// a query. It is the one place that writes SQL for record reads: Engine.Query (query.go) runs it, and the SOQL
// compiler builds on it (adding what only SOQL has: aggregates, GROUP BY, HAVING, child subqueries). Every table
// and column name it writes comes from the metadata, every value is a bound argument, and fields the actor may
// not read are, for it, as if they did not exist.
type Select struct {
	e      *Engine
	cat    *Catalog
	actor  *identity.Principal
	Obj    *Object
	Alias  string
	joins  []joinClause
	joined map[string]string // "from>field" -> alias
	subs   *int              // subqueries compiled so far under the outermost select, for their aliases
}

type joinClause struct {
	alias string
	sql   string
	args  []any
}

// MaxRelationDepth is how many relationships a path may follow, as in SOQL.
const MaxRelationDepth = 5

// NewSelect starts the read of o's rows (its table aliased alias) for actor. The caller checks that the actor may
// read o at all (Readable).
func (e *Engine) NewSelect(cat *Catalog, actor *identity.Principal, o *Object, alias string) *Select {
	return &Select{e: e, cat: cat, actor: actor, Obj: o, Alias: alias, joined: map[string]string{}, subs: new(int)}
}

// Queryable reports whether the actor may query the object at all.
func (e *Engine) Queryable(actor *identity.Principal, o *Object) bool {
	return o != nil && o.Queryable && e.CanRead(actor, o)
}

// QueryableField reports whether the actor may read the field of o through a query (a field stored in a column:
// hidden fields and fields outside the actor's field permissions never are).
func (e *Engine) QueryableField(actor *identity.Principal, o *Object, f *Field) bool {
	return f != nil && f.HasColumn() && e.FieldReadable(actor, o, f)
}

// CompoundReadable reports a compound field (an address) of o the actor may read (through its components).
func (e *Engine) CompoundReadable(actor *identity.Principal, o *Object, f *Field) bool {
	return f != nil && f.Type == TypeAddress && e.FieldReadable(actor, o, f)
}

// Readable, FieldReadable and CompoundReadable are the engine's answers for the select's actor.
func (s *Select) Readable(o *Object) bool                { return s.e.Queryable(s.actor, o) }
func (s *Select) FieldReadable(o *Object, f *Field) bool { return s.e.QueryableField(s.actor, o, f) }
func (s *Select) CompoundReadable(o *Object, f *Field) bool {
	return s.e.CompoundReadable(s.actor, o, f)
}

// Column is a path resolved to a field: the relationships followed, the object reached after each, the join
// alias of each object (the queried one first), and the SQL naming the field's column ("" for an address).
type Column struct {
	Field   *Field
	SQL     string
	Rels    []*Field
	Objs    []*Object
	Aliases []string
	// Exact compares a computed value (an average) as it is, not in whole units of the field's scale.
	Exact bool
}

// Key is the dotted path of API names (Account.Name), as the metadata spells them.
func (c *Column) Key() string {
	var b strings.Builder
	for _, r := range c.Rels {
		b.WriteString(r.RelationshipName + ".")
	}
	return b.String() + c.Field.APIName
}

// Object is the object whose field the column is.
func (c *Column) Object(root *Object) *Object {
	if len(c.Objs) == 0 {
		return root
	}
	return c.Objs[len(c.Objs)-1]
}

// PathError says why a path does not resolve: too deep, a relationship (Name) the object (Object) does not have
// or the actor may not follow, or a field it does not have or the actor may not read.
type PathError struct {
	Kind   PathErrorKind
	Name   string
	Object string
}

// PathErrorKind is the reason of a PathError.
type PathErrorKind int

const (
	PathTooDeep PathErrorKind = iota
	PathNoRelationship
	PathNoField
)

func (e *PathError) Error() string {
	switch e.Kind {
	case PathTooDeep:
		return "records: a path may follow at most " + strconv.Itoa(MaxRelationDepth) + " relationships"
	case PathNoRelationship:
		return "records: no relationship '" + e.Name + "' on " + e.Object
	}
	return "records: no field '" + e.Name + "' on " + e.Object
}

// Relationship is the reference field of o whose relationship name is name (case-insensitive), or nil.
func Relationship(o *Object, name string) *Field {
	for i := range o.Fields {
		f := &o.Fields[i]
		if f.Type == TypeReference && f.RelationshipName != "" && strings.EqualFold(f.RelationshipName, name) {
			return f
		}
	}
	return nil
}

// Path follows a path's relationships (Account.Owner.Name) to its field, adding the joins it needs. The queried
// object's own name may lead the path (Account.Name over Account) unless it is a relationship.
func (s *Select) Path(parts []string) (*Column, *PathError) {
	if len(parts) > 1 && strings.EqualFold(parts[0], s.Obj.APIName) && Relationship(s.Obj, parts[0]) == nil {
		parts = parts[1:]
	}
	if len(parts)-1 > MaxRelationDepth {
		return nil, &PathError{Kind: PathTooDeep}
	}
	o, alias := s.Obj, s.Alias
	c := &Column{}
	for _, part := range parts[:len(parts)-1] {
		ref := Relationship(o, part)
		var target *Object
		if ref != nil && s.FieldReadable(o, ref) && len(ref.ReferenceTo) > 0 {
			target = s.cat.Object(ref.ReferenceTo[0])
		}
		if !s.Readable(target) {
			return nil, &PathError{Kind: PathNoRelationship, Name: part, Object: o.APIName}
		}
		alias = s.join(alias, ref, target)
		c.Rels, c.Objs, c.Aliases = append(c.Rels, ref), append(c.Objs, target), append(c.Aliases, alias)
		o = target
	}
	last := parts[len(parts)-1]
	f := o.Field(last)
	if !s.FieldReadable(o, f) && !s.CompoundReadable(o, f) {
		return nil, &PathError{Kind: PathNoField, Name: last, Object: o.APIName}
	}
	c.Field = f
	c.Aliases = append(c.Aliases, alias)
	if f.HasColumn() {
		c.SQL = alias + "." + db.Ident(f.Column())
	}
	return c, nil
}

// join adds (once) the LEFT JOIN that follows ref from the table aliased from to target, limited to the parent
// rows the actor may see: a parent out of sight reads as no parent.
func (s *Select) join(from string, ref *Field, target *Object) string {
	key := from + ">" + ref.APIName
	if a, ok := s.joined[key]; ok {
		return a
	}
	alias := s.Alias + "p" + strconv.Itoa(len(s.joins)+1)
	filter, args := s.e.readFilter(alias, s.actor, target)
	s.joins = append(s.joins, joinClause{
		alias: alias,
		sql:   " LEFT JOIN " + db.Ident(target.TableName()) + " " + alias + " ON " + alias + `."id" = ` + from + "." + db.Ident(ref.Column()) + filter,
		args:  args,
	})
	s.joined[key] = alias
	return alias
}

// From is the FROM clause with its joins, and their arguments.
func (s *Select) From() (string, []any) {
	var b strings.Builder
	var args []any
	b.WriteString(" FROM " + db.Ident(s.Obj.TableName()) + " " + s.Alias)
	for _, j := range s.joins {
		b.WriteString(j.sql)
		args = append(args, j.args...)
	}
	return b.String(), args
}

// WhereClause is the WHERE clause: the given conditions (already compiled, with their arguments in order) and the
// actor's row rule on the queried object.
func (s *Select) WhereClause(conds []string, args []any) (string, []any) {
	rule, ruleArgs := s.e.readFilter(s.Alias, s.actor, s.Obj)
	all := make([]any, 0, len(args)+len(ruleArgs)) // never the caller's array: a statement may be built twice
	return " WHERE " + strings.Join(append([]string{"1 = 1"}, conds...), " AND ") + rule, append(append(all, args...), ruleArgs...)
}

// Statement is one SELECT over the select's rows: the column expressions (Column.SQL, or aggregates over them),
// the compiled conditions (Where) and their arguments, grouping, sort terms (OrderTerm) and a window.
type Statement struct {
	Columns    []string
	Conds      []string
	Args       []any
	GroupBy    []string
	Having     string
	HavingArgs []any
	OrderBy    []string
	// Limit < 0 reads every row from Offset.
	Limit, Offset int64
	// Aggregate marks columns that aggregate the rows (COUNT(Id) without GROUP BY): the window is of its result.
	Aggregate bool
}

// SQL is the statement's text and arguments, in order: joins, conditions, the row rule, HAVING, the window.
func (s *Select) SQL(st Statement) (string, []any) {
	if s.windowBeforeJoins(st) {
		return s.windowThenJoin(st)
	}
	from, args := s.From()
	where, wargs := s.WhereClause(st.Conds, st.Args)
	args = append(args, wargs...)
	sql := "SELECT " + strings.Join(st.Columns, ", ") + from + where
	if len(st.GroupBy) > 0 {
		sql += " GROUP BY " + strings.Join(st.GroupBy, ", ")
	}
	if st.Having != "" {
		sql += " HAVING " + st.Having
		args = append(args, st.HavingArgs...)
	}
	if len(st.OrderBy) > 0 {
		sql += " ORDER BY " + strings.Join(st.OrderBy, ", ")
	}
	if st.Limit >= 0 {
		sql += " LIMIT ? OFFSET ?"
		args = append(args, st.Limit, st.Offset)
	}
	return sql, args
}

// windowBeforeJoins reports a statement whose window can be cut from the object's own rows before the joins of its
// paths are made: one whose conditions and sort terms name no joined parent. A LEFT JOIN to a parent by its id
// neither drops nor repeats a row, so the window holds the same rows; and the parents are then looked up for the
// window's rows only, not for every row the sort reads (a SOQL page of 200 price book entries by price with their
// products' names looked up 2,000 products).
func (s *Select) windowBeforeJoins(st Statement) bool {
	if st.Limit < 0 || len(s.joins) == 0 || len(st.GroupBy) > 0 || st.Having != "" || st.Aggregate {
		return false
	}
	for _, j := range s.joins {
		for _, text := range slices.Concat(st.Conds, st.OrderBy) {
			if strings.Contains(text, j.alias+".") {
				return false
			}
		}
	}
	return true
}

// windowThenJoin is st's SQL with its window cut first (windowBeforeJoins): the rows of the window, sorted, in a
// subquery under the object's alias, then the joins, then the sort again (a subquery's rows come in no order).
func (s *Select) windowThenJoin(st Statement) (string, []any) {
	where, args := s.WhereClause(st.Conds, st.Args)
	order := ""
	if len(st.OrderBy) > 0 {
		order = " ORDER BY " + strings.Join(st.OrderBy, ", ")
	}
	var b strings.Builder
	b.WriteString("SELECT " + strings.Join(st.Columns, ", ") + " FROM (SELECT " + s.Alias + ".* FROM " +
		db.Ident(s.Obj.TableName()) + " " + s.Alias + where + order + " LIMIT ? OFFSET ?) " + s.Alias)
	args = append(args, st.Limit, st.Offset)
	for _, j := range s.joins {
		b.WriteString(j.sql)
		args = append(args, j.args...)
	}
	b.WriteString(order)
	return b.String(), args
}

// Count is the number of rows the conditions select (within the row rule), less offset and at most limit (< 0:
// no bound).
func (s *Select) Count(ctx context.Context, q db.Querier, conds []string, args []any, offset, limit int64) (int64, error) {
	sql, args := s.SQL(Statement{Columns: []string{"COUNT(*)"}, Conds: conds, Args: args, Limit: -1})
	var n int64
	if err := q.QueryRow(ctx, sql, args...).Scan(&n); err != nil {
		return 0, err
	}
	n = max(0, n-offset)
	if limit >= 0 {
		n = min(n, limit)
	}
	return n, nil
}

// OrderTerm is one ORDER BY term. Ascending puts nulls first and descending last unless told, as Salesforce does;
// both databases are told explicitly, since their defaults differ. Text sorts without regard to case. An
// object's own auto-number sorts as stored: its values are digits, never null, so its plain order is that order and
// its unique index serves it (on either database, whose nulls it need not place; one reached through a reference
// may be null).
func OrderTerm(c *Column, desc bool, nullsFirst *bool) string {
	expr := c.SQL
	if c.Field.AutoNumber && len(c.Rels) == 0 && nullsFirst == nil {
		if desc {
			return expr + " DESC"
		}
		return expr + " ASC"
	}
	if Textual(c.Field) {
		expr = "LOWER(" + expr + ")"
	}
	first := !desc
	if nullsFirst != nil {
		first = *nullsFirst
	}
	dir, nulls := " ASC", " NULLS LAST"
	if desc {
		dir = " DESC"
	}
	if first {
		nulls = " NULLS FIRST"
	}
	return expr + dir + nulls
}

// Textual fields compare and sort without regard to case, as Salesforce's do.
func Textual(f *Field) bool {
	switch f.Type {
	case TypeText, TypeTextArea, TypeLongTextArea, TypeEmail, TypePhone, TypeURL, TypePicklist, TypeMultiPicklist:
		return true
	}
	return false
}

// Numeric fields hold numbers (stored in whole units of their scale).
func Numeric(f *Field) bool {
	switch f.Type {
	case TypeInt, TypeDouble, TypeCurrency, TypePercent:
		return true
	}
	return false
}
