package soql

import (
	"math/big"
	"strings"
	"time"

	"storefront/internal/records"
)

// whereBuilder compiles a WHERE condition. Every comparison is two-valued, as SOQL's are: a field without a value
// fails =, <, LIKE, IN and INCLUDES and passes !=, NOT IN and EXCLUDES, so NOT never turns an unknown into a match.
type whereBuilder struct {
	c      *compiler
	p      *Plan
	args   []any
	having bool // compiling HAVING: aggregates allowed, plain fields must be grouped
}

func (w *whereBuilder) expr(e Expr) (string, *Error) {
	switch x := e.(type) {
	case *Logic:
		parts := make([]string, len(x.Terms))
		for i, t := range x.Terms {
			s, err := w.expr(t)
			if err != nil {
				return "", err
			}
			parts[i] = s
		}
		return "(" + strings.Join(parts, " "+x.Op+" ") + ")", nil
	case *Not:
		s, err := w.expr(x.X)
		if err != nil {
			return "", err
		}
		return "(NOT " + s + ")", nil
	case *Cond:
		return w.cond(x)
	}
	return "", malformed(e.exprPos(), "unexpected condition")
}

func (w *whereBuilder) cond(c *Cond) (string, *Error) {
	var r *resolved
	var err *Error
	switch {
	case c.Agg != nil && !w.having:
		return "", malformed(c.Pos, "Aggregate functions are only allowed in the field list and HAVING")
	case c.Agg != nil:
		r, err = w.havingOperand(c)
	default:
		r, err = w.c.resolve(w.p, c.Field)
		if err == nil && w.having && !w.p.grouped[strings.Join(append(append([]string{}, r.chain...), r.field.APIName), ".")] {
			return "", malformed(c.Pos, "Field must be grouped or aggregated: %s", r.field.APIName)
		}
	}
	if err != nil {
		return "", err
	}
	if c.Sub != nil && w.having {
		return "", malformed(c.Pos, "Semi join sub-selects are not allowed in HAVING")
	}
	f := r.field
	if c.Sub != nil {
		return w.semiJoin(r, c)
	}
	switch c.Op {
	case "IN", "NOT IN":
		op, join := "=", " OR "
		if c.Op == "NOT IN" {
			op, join = "!=", " AND "
		}
		parts := make([]string, len(c.Values))
		for i, v := range c.Values {
			s, err := w.compare(r, op, v)
			if err != nil {
				return "", err
			}
			parts[i] = s
		}
		return "(" + strings.Join(parts, join) + ")", nil
	case "INCLUDES", "EXCLUDES":
		if f.Type != records.TypeMultiPicklist {
			return "", errAt(CodeInvalidFilter, c.Pos, "includes or excludes operator only valid on multipicklist field")
		}
		return w.includes(r, c)
	case "LIKE":
		if !textual(f) && f.Type != records.TypeID && f.Type != records.TypeReference {
			return "", errAt(CodeInvalidFilter, c.Pos, "invalid operator on %s field: LIKE", typeName(f))
		}
		if c.Value.Kind == ValNull {
			return "(" + r.col + " IS NULL)", nil
		}
		if c.Value.Kind != ValString {
			return "", mustBeType(f, c.Value)
		}
		w.args = append(w.args, c.Value.Like)
		return "(" + r.col + " IS NOT NULL AND LOWER(" + r.col + ") LIKE LOWER(?) ESCAPE '\\')", nil
	}
	return w.compare(r, c.Op, c.Value)
}

// compare compiles field op value for the comparison operators.
func (w *whereBuilder) compare(r *resolved, op string, v *Value) (string, *Error) {
	f, col := r.field, r.col
	if v.Kind == ValNull {
		switch op {
		case "=":
			return "(" + col + " IS NULL)", nil
		case "!=":
			return "(" + col + " IS NOT NULL)", nil
		}
		return "(1 = 0)", nil
	}
	switch f.Type {
	case records.TypeBoolean:
		if v.Kind != ValBool {
			return "", mustBeType(f, v)
		}
		if op != "=" && op != "!=" {
			return "", errAt(CodeInvalidFilter, v.Pos, "invalid operator on boolean field: %s", op)
		}
		return w.bind(col, op, v.Bool), nil
	case records.TypeInt, records.TypeDouble, records.TypeCurrency, records.TypePercent:
		if v.Kind != ValNumber {
			return "", mustBeType(f, v)
		}
		n, _ := parseDecimal(v.Text)
		if r.avg { // an average is a fraction of the field's units: compare it exactly
			x := new(big.Rat).Mul(n, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(f.Scale)), nil)))
			fl, _ := x.Float64()
			return w.bind(col, op, fl), nil
		}
		scale := f.Scale
		if f.Type == records.TypeInt {
			scale = 0
		}
		return w.scaled(col, op, n, scale), nil
	case records.TypeDate, records.TypeDateTime:
		return w.dateCompare(r, op, v)
	case records.TypeID, records.TypeReference:
		if v.Kind != ValString {
			return "", mustBeType(f, v)
		}
		id, ok := records.NormalizeID(v.Text)
		if !ok {
			return "", errAt(CodeInvalidFilter, v.Pos, "invalid ID field: %s", v.Text)
		}
		return w.bind(col, op, id), nil
	}
	if v.Kind != ValString {
		return "", mustBeType(f, v)
	}
	if op == "=" || op == "!=" {
		// Text matches without regard to case, as in Salesforce.
		return w.bind("LOWER("+col+")", op, v.Text, "LOWER(?)"), nil
	}
	return w.bind(col, op, v.Text), nil
}

// bind writes one two-valued comparison of expr with a bound value; placeholder may wrap the ? (LOWER(?)).
func (w *whereBuilder) bind(expr, op string, value any, placeholder ...string) string {
	ph := "?"
	if len(placeholder) > 0 {
		ph = placeholder[0]
	}
	w.args = append(w.args, value)
	if op == "!=" {
		return "(" + expr + " IS NULL OR " + expr + " <> " + ph + ")"
	}
	return "(" + expr + " IS NOT NULL AND " + expr + " " + op + " " + ph + ")"
}

// scaled compares a number column stored in whole units of 10^-scale with a decimal: a value with more places
// than the column keeps is compared exactly (1000.5 units: < means <= 1000, > means >= 1001, = never).
func (w *whereBuilder) scaled(col, op string, n *big.Rat, scale int) string {
	x := new(big.Rat).Mul(n, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(scale)), nil)))
	if x.IsInt() && x.Num().IsInt64() {
		return w.bind(col, op, x.Num().Int64())
	}
	floor := new(big.Int).Div(x.Num(), x.Denom()) // Euclidean: rounds towards minus infinity for a positive denominator
	ceil := new(big.Int).Add(floor, big.NewInt(1))
	if !floor.IsInt64() || !ceil.IsInt64() {
		// Beyond any stored value: every row is on one side.
		above := x.Sign() > 0
		switch {
		case op == "=":
			return "(1 = 0)"
		case op == "!=":
			return "(1 = 1)"
		case (op == "<" || op == "<=") == above:
			return "(" + col + " IS NOT NULL)"
		}
		return "(1 = 0)"
	}
	switch op {
	case "=":
		return "(1 = 0)"
	case "!=":
		return "(1 = 1)"
	case "<", "<=":
		return w.bind(col, "<=", floor.Int64())
	}
	return w.bind(col, ">=", ceil.Int64())
}

// dateCompare compares a date or datetime field with a literal of its own type or a date literal (a range).
func (w *whereBuilder) dateCompare(r *resolved, op string, v *Value) (string, *Error) {
	f, col := r.field, r.col
	isDate := f.Type == records.TypeDate
	format := func(t time.Time) string {
		if isDate {
			return t.Format(records.DateLayout)
		}
		return t.UTC().Format(records.DateTimeLayout)
	}
	switch {
	case v.Kind == ValDateLiteral:
		rg := resolveDateLiteral(v, w.c.now)
		start, end := format(rg.start), format(rg.end)
		switch op {
		case "=":
			w.args = append(w.args, start, end)
			return "(" + col + " >= ? AND " + col + " < ?)", nil
		case "!=":
			w.args = append(w.args, start, end)
			return "(" + col + " IS NULL OR " + col + " < ? OR " + col + " >= ?)", nil
		case "<":
			return w.bind(col, "<", start), nil
		case "<=":
			return w.bind(col, "<", end), nil
		case ">":
			return w.bind(col, ">=", end), nil
		}
		return w.bind(col, ">=", start), nil
	case isDate && v.Kind == ValDate:
		t, err := time.Parse(records.DateLayout, v.Text)
		if err != nil {
			return "", malformed(v.Pos, "Invalid date: %s", v.Text)
		}
		return w.bind(col, op, format(t)), nil
	case !isDate && v.Kind == ValDateTime:
		t, ok := parseDateTime(v.Text)
		if !ok {
			return "", malformed(v.Pos, "Invalid datetime: %s", v.Text)
		}
		return w.bind(col, op, format(t)), nil
	}
	return "", mustBeType(f, v)
}

// includes compiles INCLUDES and EXCLUDES over a multi-select picklist stored as "a;b;c": each listed value
// matches when the record has it, and a value written "a;b" needs both.
func (w *whereBuilder) includes(r *resolved, c *Cond) (string, *Error) {
	var anyOf []string
	for _, v := range c.Values {
		if v.Kind != ValString {
			return "", mustBeType(r.field, v)
		}
		var all []string
		for _, part := range strings.Split(v.Text, ";") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			w.args = append(w.args, "%;"+escapeLike(strings.ToLower(part))+";%")
			all = append(all, "LOWER(';' || "+r.col+" || ';') LIKE ? ESCAPE '\\'")
		}
		if len(all) == 0 {
			all = []string{"1 = 0"}
		}
		anyOf = append(anyOf, "("+strings.Join(all, " AND ")+")")
	}
	match := "(" + r.col + " IS NOT NULL AND (" + strings.Join(anyOf, " OR ") + "))"
	if c.Op == "EXCLUDES" {
		return "(NOT " + match + ")", nil
	}
	return match, nil
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
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

// parseDateTime reads a datetime literal: Z or a ±hh:mm / ±hhmm offset, with optional fractions of a second.
func parseDateTime(s string) (time.Time, bool) {
	for _, layout := range []string{"2006-01-02T15:04:05.999999999Z07:00", "2006-01-02T15:04:05.999999999Z0700"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
