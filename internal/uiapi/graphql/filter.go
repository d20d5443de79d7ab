package graphql

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/vektah/gqlparser/v2/ast"

	"storefront/internal/records"
	"storefront/internal/soql"
)

// First page sizes: Salesforce's default of 10 records when first is left out, and the most one page may ask.
const (
	DefaultFirst = 10
	MaxFirst     = 2000
)

// inputError is an argument refused before the engine runs (a malformed cursor, an unsupported scope).
type inputError string

func (e inputError) Error() string { return string(e) }

// connArgs are a connection's arguments as the engine's query takes them.
type connArgs struct {
	first int
	after string
	where records.Filter
	order []records.Order
}

// operators maps the filter operators of the schema to the engine's.
var operators = map[string]string{"eq": records.OpEq, "ne": records.OpNe, "like": records.OpLike,
	"lt": records.OpLt, "gt": records.OpGt, "lte": records.OpLe, "gte": records.OpGe, "in": records.OpIn,
	"nin": records.OpNotIn, "includes": records.OpIncludes, "excludes": records.OpExcludes}

func (x *request) connectionArgs(o *records.Object, f *ast.Field) (connArgs, error) {
	a := connArgs{first: x.first(f)}
	a.after, _ = x.arg(f.Arguments, "after").(string)
	var err error
	if w, ok := x.arg(f.Arguments, "where").(object); ok {
		if a.where, err = x.filter(o, "", w); err != nil {
			return a, err
		}
	}
	if ob, ok := x.arg(f.Arguments, "orderBy").(object); ok {
		if a.order, err = x.orderBy(o, "", ob); err != nil {
			return a, err
		}
	}
	if scope, _ := x.arg(f.Arguments, "scope").(string); scope == "MINE" {
		if !o.Owned {
			return a, inputError("The scope MINE is not supported for " + o.APIName)
		}
		a.where = and(&records.Cond{Field: "OwnerId", Op: records.OpEq, Value: x.actor.UserID}, a.where)
	}
	return a, nil
}

// first is the page size a connection asks for (DefaultFirst when it does not say).
func (x *request) first(f *ast.Field) int {
	s, ok := x.arg(f.Arguments, "first").(string)
	if !ok {
		return DefaultFirst
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return MaxFirst + 1 // out of range: refused by check
	}
	return n
}

// and joins two filters, either of which may be nil.
func and(a, b records.Filter) records.Filter {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return records.And{a, b}
}

// filter turns a where argument into the engine's filter tree over o's fields (prefix: the relationships
// followed, "Account."): fields with their operators, parents with their own filters, and/or/not.
func (x *request) filter(o *records.Object, prefix string, w object) (records.Filter, error) {
	var terms records.And
	for _, e := range w {
		switch e.key {
		case "and", "or":
			list, _ := e.value.([]any)
			subs := make([]records.Filter, 0, len(list))
			for _, item := range list {
				sub, err := x.subFilter(o, prefix, item)
				if err != nil {
					return nil, err
				}
				subs = append(subs, sub)
			}
			if e.key == "and" {
				terms = append(terms, records.And(subs))
			} else {
				terms = append(terms, records.Or(subs))
			}
		case "not":
			if e.value == nil {
				continue
			}
			sub, err := x.subFilter(o, prefix, e.value)
			if err != nil {
				return nil, err
			}
			terms = append(terms, records.Not{X: sub})
		default:
			if m := x.schema.member(o, e.key); m != nil && m.parent != nil {
				sub, err := x.subFilter(m.parent, prefix+m.name+".", e.value)
				if err != nil {
					return nil, err
				}
				terms = append(terms, sub)
				continue
			}
			ops, _ := e.value.(object)
			for _, op := range ops {
				c, err := x.condition(prefix+e.key, op)
				if err != nil {
					return nil, err
				}
				terms = append(terms, c)
			}
		}
	}
	if len(terms) == 1 {
		return terms[0], nil
	}
	return terms, nil
}

func (x *request) subFilter(o *records.Object, prefix string, v any) (records.Filter, error) {
	w, _ := v.(object)
	return x.filter(o, prefix, w)
}

// condition is one operator of a field's filter. Dates and datetimes come as {value}, {literal: TODAY} or
// {range: {last_n_days: 7}}: a literal or range names days, compared as SOQL compares its date literals.
func (x *request) condition(field string, op entry) (records.Filter, error) {
	if op.key == "inq" || op.key == "ninq" {
		return x.semiJoin(field, op)
	}
	c := &records.Cond{Field: field, Op: operators[op.key]}
	list, isList := op.value.([]any)
	if !isList {
		if days, ok := relative(op.value); ok {
			return x.dateRange(field, c.Op, days)
		}
		var err error
		c.Value, err = unwrap(op.value)
		return c, err
	}
	c.Values = make([]any, len(list))
	dated := false
	for i, v := range list {
		var err error
		if c.Values[i], err = unwrap(v); err != nil {
			return nil, err
		}
		_, ok := relative(v)
		dated = dated || ok
	}
	if !dated {
		return c, nil
	}
	// in and nin with literals or ranges: one term per value, any of them (in) or none (nin).
	each, terms := records.OpEq, make([]records.Filter, len(list))
	if c.Op == records.OpNotIn {
		each = records.OpNe
	}
	for i, v := range list {
		terms[i] = &records.Cond{Field: field, Op: each, Value: c.Values[i]}
		if days, ok := relative(v); ok {
			var err error
			if terms[i], err = x.dateRange(field, each, days); err != nil {
				return nil, err
			}
		}
	}
	if c.Op == records.OpNotIn {
		return records.And(terms), nil
	}
	return records.Or(terms), nil
}

// semiJoin is Id: {inq: {Opportunity: {StageName: {eq: "Closed Won"}}, ApiName: "AccountId"}} (ninq: not in):
// the engine's In, which reads only the records of the subquery the caller may see, as SOQL's semi-joins do.
func (x *request) semiJoin(field string, op entry) (records.Filter, error) {
	j, _ := op.value.(object)
	in := &records.In{Field: field, Not: op.key == "ninq"}
	in.Select, _ = j.get("ApiName").(string)
	for _, e := range j {
		if e.key == "ApiName" {
			continue
		}
		if in.Object != "" {
			return nil, inputError("A semi-join selects from one object: " + in.Object + " or " + e.key)
		}
		o := x.schema.Catalog.Object(e.key)
		in.Object = o.APIName
		if w, _ := e.value.(object); len(w) > 0 {
			var err error
			if in.Where, err = x.filter(o, "", w); err != nil {
				return nil, err
			}
		}
	}
	if in.Object == "" {
		return nil, inputError("A semi-join names the object it selects from")
	}
	return in, nil
}

// relative is a date input's literal or range, when it has one.
func relative(v any) (object, bool) {
	o, ok := v.(object)
	if !ok || (o.get("literal") == nil && o.get("range") == nil) {
		return nil, false
	}
	return o, true
}

// dateRange compares field with the days a literal ({literal: LAST_WEEK}) or range ({range: {n_days_ago: 3}})
// names today, the ranges of SOQL's date literals.
func (x *request) dateRange(field, op string, in object) (records.Filter, error) {
	name, n := "", 0
	if lit, ok := in.get("literal").(string); ok {
		name = lit
	} else if r, ok := in.get("range").(object); ok && len(r) == 1 {
		name = strings.ToUpper(r[0].key)
		var err error
		if n, err = strconv.Atoi(fmt.Sprint(r[0].value)); err != nil || n < 0 {
			return nil, inputError("range " + r[0].key + " must be a whole number of at least 0")
		}
	}
	given := 0 // value, literal and range are one or another
	for _, e := range in {
		if e.value != nil {
			given++
		}
	}
	start, end, ok := soql.DateLiteralRange(name, n, x.engine.Now())
	if !ok || given != 1 {
		return nil, inputError("A date filter takes one of value, literal or range, and a range one unit")
	}
	return soql.RangeFilter(op, start, end, func(op string, v any) *records.Cond {
		return &records.Cond{Field: field, Op: op, Value: v}
	}), nil
}

// unwrap is a filter's value: a date's or datetime's {value} checked (a date, or a datetime with its offset),
// so that a malformed one is refused rather than compared as text.
func unwrap(v any) (any, error) {
	o, ok := v.(object)
	if !ok {
		return v, nil
	}
	s, ok := o.get("value").(string)
	if !ok {
		return o.get("value"), nil
	}
	if _, err := time.Parse(records.DateLayout, s); err != nil {
		if _, ok := soql.ParseDateTime(s); !ok {
			return nil, inputError("Invalid date or datetime value: " + s)
		}
	}
	return s, nil
}

// orderBy turns an orderBy argument into sort terms, in the order written: {Field: {order, nulls}}, parents
// nested ({Account: {Name: {order: DESC}}}).
func (x *request) orderBy(o *records.Object, prefix string, ob object) ([]records.Order, error) {
	var out []records.Order
	for _, e := range ob {
		clause, _ := e.value.(object)
		if m := x.schema.member(o, e.key); m != nil && m.parent != nil {
			sub, err := x.orderBy(m.parent, prefix+m.name+".", clause)
			if err != nil {
				return nil, err
			}
			out = append(out, sub...)
			continue
		}
		ord := records.Order{Field: prefix + e.key, Desc: clause.get("order") == "DESC"}
		switch clause.get("nulls") {
		case "FIRST":
			ord.NullsFirst = new(true)
		case "LAST":
			ord.NullsFirst = new(false)
		}
		out = append(out, ord)
	}
	return out, nil
}
