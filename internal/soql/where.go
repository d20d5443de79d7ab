package soql

import (
	"math/big"
	"strings"
	"time"

	"storefront/internal/records"
)

// whereBuilder translates a WHERE (or HAVING) condition into the engine's filter tree (records.Filter), which the
// engine compiles: SOQL's part is to resolve paths and check each value against its field, with Salesforce's
// errors and positions; the comparison semantics (two-valued, case-insensitive text, exact decimals) are the
// engine's.
type whereBuilder struct {
	c      *compiler
	p      *Plan
	having bool // translating HAVING: aggregates allowed, plain fields must be grouped
}

// where compiles a translated filter with the plan's Select. The translation has checked every value, so the
// engine refusing it is a malformed query.
func (c *compiler) where(p *Plan, f records.Filter, pos int) (string, []any, *Error) {
	sql, args, err := p.sel.Where(f)
	if err != nil {
		return "", nil, malformed(pos, "%s", strings.TrimPrefix(err.Error(), "records: "))
	}
	return sql, args, nil
}

func (w *whereBuilder) expr(e Expr) (records.Filter, *Error) {
	switch x := e.(type) {
	case *Logic:
		terms := make([]records.Filter, len(x.Terms))
		for i, t := range x.Terms {
			f, err := w.expr(t)
			if err != nil {
				return nil, err
			}
			terms[i] = f
		}
		if x.Op == "OR" {
			return records.Or(terms), nil
		}
		return records.And(terms), nil
	case *Not:
		f, err := w.expr(x.X)
		if err != nil {
			return nil, err
		}
		return records.Not{X: f}, nil
	case *Cond:
		return w.cond(x)
	}
	return nil, malformed(e.exprPos(), "unexpected condition")
}

func (w *whereBuilder) cond(c *Cond) (records.Filter, *Error) {
	var r *resolved
	var err *Error
	switch {
	case c.Agg != nil && !w.having:
		return nil, malformed(c.Pos, "Aggregate functions are only allowed in the field list and HAVING")
	case c.Agg != nil:
		r, err = w.havingOperand(c)
	default:
		r, err = w.c.resolve(w.p, c.Field)
		if err == nil && w.having && !w.p.grouped[strings.Join(append(append([]string{}, r.chain...), r.field.APIName), ".")] {
			return nil, malformed(c.Pos, "Field must be grouped or aggregated: %s", r.field.APIName)
		}
	}
	if err != nil {
		return nil, err
	}
	if c.Sub != nil && w.having {
		return nil, malformed(c.Pos, "Semi join sub-selects are not allowed in HAVING")
	}
	f := r.field
	if c.Sub != nil {
		return w.semiJoin(r, c)
	}
	switch c.Op {
	case "IN", "NOT IN":
		op := "="
		if c.Op == "NOT IN" {
			op = "!="
		}
		terms := make([]records.Filter, len(c.Values))
		for i, v := range c.Values {
			t, err := w.compare(r, op, v)
			if err != nil {
				return nil, err
			}
			terms[i] = t
		}
		if c.Op == "NOT IN" {
			return records.And(terms), nil
		}
		return records.Or(terms), nil
	case "INCLUDES", "EXCLUDES":
		if f.Type != records.TypeMultiPicklist {
			return nil, errAt(CodeInvalidFilter, c.Pos, "includes or excludes operator only valid on multipicklist field")
		}
		values := make([]any, len(c.Values))
		for i, v := range c.Values {
			if v.Kind != ValString {
				return nil, mustBeType(f, v)
			}
			values[i] = v.Text
		}
		return r.cond(c.Op, nil, values), nil
	case "LIKE":
		if !records.Textual(f) && f.Type != records.TypeID && f.Type != records.TypeReference {
			return nil, errAt(CodeInvalidFilter, c.Pos, "invalid operator on %s field: LIKE", typeName(f))
		}
		if c.Value.Kind == ValNull {
			return r.cond(records.OpLike, nil, nil), nil
		}
		if c.Value.Kind != ValString {
			return nil, mustBeType(f, c.Value)
		}
		return r.cond(records.OpLike, c.Value.Like, nil), nil
	}
	return w.compare(r, c.Op, c.Value)
}

// cond is the engine's condition on the resolved field: by its path, which the engine resolves in the select it
// compiles (a semi-join's own subquery has its own joins), or, for an aggregate of HAVING, by its column.
func (r *resolved) cond(op string, value any, values []any) *records.Cond {
	if r.aggregate {
		return &records.Cond{On: r.column, Op: op, Value: value, Values: values}
	}
	return &records.Cond{Field: r.column.Key(), Op: op, Value: value, Values: values}
}

// compare translates field op value for the comparison operators, checking the value against the field.
func (w *whereBuilder) compare(r *resolved, op string, v *Value) (records.Filter, *Error) {
	f := r.field
	cond := func(value any) records.Filter { return r.cond(op, value, nil) }
	if v.Kind == ValNull {
		return cond(nil), nil
	}
	switch f.Type {
	case records.TypeBoolean:
		if v.Kind != ValBool {
			return nil, mustBeType(f, v)
		}
		if op != "=" && op != "!=" {
			return nil, errAt(CodeInvalidFilter, v.Pos, "invalid operator on boolean field: %s", op)
		}
		return cond(v.Bool), nil
	case records.TypeInt, records.TypeDouble, records.TypeCurrency, records.TypePercent:
		if v.Kind != ValNumber {
			return nil, mustBeType(f, v)
		}
		n, _ := parseDecimal(v.Text)
		return cond(n), nil
	case records.TypeDate, records.TypeDateTime:
		return w.dateCompare(r, op, v)
	case records.TypeID, records.TypeReference:
		if v.Kind != ValString {
			return nil, mustBeType(f, v)
		}
		id, ok := records.NormalizeID(v.Text)
		if !ok {
			return nil, errAt(CodeInvalidFilter, v.Pos, "invalid ID field: %s", v.Text)
		}
		return cond(id), nil
	}
	if v.Kind != ValString {
		return nil, mustBeType(f, v)
	}
	return cond(v.Text), nil
}

// dateCompare compares a date or datetime field with a literal of its own type or a date literal, a range
// [start, end) (RangeFilter).
func (w *whereBuilder) dateCompare(r *resolved, op string, v *Value) (records.Filter, *Error) {
	f := r.field
	isDate := f.Type == records.TypeDate
	cond := func(op string, t time.Time) *records.Cond { return r.cond(op, t, nil) }
	switch {
	case v.Kind == ValDateLiteral:
		rg := resolveDateLiteral(v, w.c.now)
		return RangeFilter(op, rg.start, rg.end, func(op string, v any) *records.Cond { return r.cond(op, v, nil) }), nil
	case isDate && v.Kind == ValDate:
		t, err := time.Parse(records.DateLayout, v.Text)
		if err != nil {
			return nil, malformed(v.Pos, "Invalid date: %s", v.Text)
		}
		return cond(op, t), nil
	case !isDate && v.Kind == ValDateTime:
		t, ok := ParseDateTime(v.Text)
		if !ok {
			return nil, malformed(v.Pos, "Invalid datetime: %s", v.Text)
		}
		return cond(op, t), nil
	}
	return nil, mustBeType(f, v)
}

// mustBeType is Salesforce's refusal of a value of the wrong kind for a field.
func mustBeType(f *records.Field, v *Value) *Error {
	if typeName(f) == "string" {
		return errAt(CodeInvalidField, v.Pos, "value of filter criterion for field '%s' must be of type string and should be enclosed in quotes", f.APIName)
	}
	return errAt(CodeInvalidField, v.Pos, "value of filter criterion for field '%s' must be of type %s and should not be enclosed in quotes", f.APIName, typeName(f))
}

// typeName is the SOAP type name Salesforce uses in filter errors.
func typeName(f *records.Field) string {
	switch f.Type {
	case records.TypeID, records.TypeReference:
		return "id"
	case records.TypeBoolean:
		return "boolean"
	case records.TypeInt:
		return "int"
	case records.TypeDouble, records.TypeCurrency, records.TypePercent:
		return "double"
	case records.TypeDate:
		return "date"
	case records.TypeDateTime:
		return "dateTime"
	}
	return "string"
}

// parseDecimal reads a number literal exactly.
func parseDecimal(s string) (*big.Rat, bool) {
	if s == "" || strings.ContainsAny(s, "/eE") {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}

// ParseDateTime reads a datetime literal (SOQL's, and GraphQL's DateTimeInput values): Z or a ±hh:mm / ±hhmm
// offset, with optional fractions of a second.
func ParseDateTime(s string) (time.Time, bool) {
	for _, layout := range []string{"2006-01-02T15:04:05.999999999Z07:00", "2006-01-02T15:04:05.999999999Z0700"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
