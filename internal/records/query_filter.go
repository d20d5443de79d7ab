package records

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"storefront/internal/platform/db"
)

// Filter is a condition of a query as a tree: Cond, And, Or, Not and In. It is never SQL text: the engine
// compiles it, binding every value.
type Filter interface{ filter() }

// And holds when every term holds (an empty And always does).
type And []Filter

// Or holds when a term holds (an empty Or never does).
type Or []Filter

// Not negates a condition.
type Not struct{ X Filter }

// Operators of a Cond.
const (
	OpEq       = "="
	OpNe       = "!="
	OpLt       = "<"
	OpLe       = "<="
	OpGt       = ">"
	OpGe       = ">="
	OpLike     = "LIKE"
	OpIn       = "IN"
	OpNotIn    = "NOT IN"
	OpIncludes = "INCLUDES"
	OpExcludes = "EXCLUDES"
)

// Cond compares a field (a path: Name, Account.Owner.Name) with a value or, for IN, NOT IN, INCLUDES and
// EXCLUDES, a list of values. Every comparison is two-valued, as SOQL's are: a field without a value fails =, <,
// LIKE, IN and INCLUDES and passes !=, NOT IN and EXCLUDES, so Not never turns an unknown into a match.
//
// Values by field type: nil (no value); text: string (LIKE: a pattern with % and _, \ escaping; = and != ignore
// case); boolean: bool; numbers: a decimal string, int, int64, float64 or *big.Rat (compared exactly against the
// stored units: 1000.5 is never = to a whole-number field); date and datetime: time.Time or the stored text; ids
// and references: a 15- or 18-character id.
type Cond struct {
	Field  string
	Op     string
	Value  any
	Values []any
	// On is a column already resolved (an aggregate of a SOQL HAVING); Field is then not read.
	On *Column
}

// In holds when the field's id is (Not: is not) among the ids a subquery selects: one id or reference field
// (Select) of Object's rows matching Where, out of those the actor may see, so it never tells more than a query
// of its own would.
type In struct {
	Field  string
	Not    bool
	Object string
	Select string
	Where  Filter
}

func (And) filter()   {}
func (Or) filter()    {}
func (Not) filter()   {}
func (*Cond) filter() {}
func (*In) filter()   {}

// FilterError is a filter the engine refuses: an unknown path, a value of the wrong type, an operator the field
// does not support.
type FilterError struct {
	Path *PathError
	Msg  string
}

func (e *FilterError) Error() string {
	if e.Path != nil {
		return e.Path.Error()
	}
	return "records: " + e.Msg
}

func badFilter(format string, args ...any) *FilterError {
	return &FilterError{Msg: fmt.Sprintf(format, args...)}
}

// Where compiles a filter over the select's object: the SQL condition and its arguments in order.
func (s *Select) Where(f Filter) (string, []any, error) {
	var args []any
	sql, err := s.compile(f, &args)
	return sql, args, err
}

func (s *Select) compile(f Filter, args *[]any) (string, error) {
	switch x := f.(type) {
	case And, Or:
		terms, op, empty := []Filter(nil), " AND ", "(1 = 1)"
		if a, ok := x.(And); ok {
			terms = a
		} else {
			terms, op, empty = x.(Or), " OR ", "(1 = 0)"
		}
		if len(terms) == 0 {
			return empty, nil
		}
		parts := make([]string, len(terms))
		rare := op == " OR "
		for i, t := range terms {
			p, err := s.compile(t, args)
			if err != nil {
				return "", err
			}
			parts[i] = p
			rare = rare && strings.HasPrefix(p, sqliteRare)
		}
		if rare { // a search over several fields (any of them contains the term) is as rarely true as each
			return sqliteRare + strings.Join(parts, op) + ")", nil
		}
		return "(" + strings.Join(parts, op) + ")", nil
	case Not:
		p, err := s.compile(x.X, args)
		if err != nil {
			return "", err
		}
		return "(NOT " + p + ")", nil
	case *Cond:
		return s.cond(x, args)
	case *In:
		return s.in(x, args)
	}
	return "", badFilter("unknown filter %T", f)
}

func (s *Select) column(path string) (*Column, error) {
	c, perr := s.Path(strings.Split(path, "."))
	if perr != nil {
		return nil, &FilterError{Path: perr}
	}
	if !c.Field.HasColumn() {
		return nil, badFilter("field '%s' can not be filtered", c.Field.APIName)
	}
	return c, nil
}

func (s *Select) cond(c *Cond, args *[]any) (string, error) {
	col := c.On
	if col == nil {
		var err error
		if col, err = s.column(c.Field); err != nil {
			return "", err
		}
	}
	f := col.Field
	switch c.Op {
	case OpIn, OpNotIn:
		op, join := OpEq, " OR "
		if c.Op == OpNotIn {
			op, join = OpNe, " AND "
		}
		if len(c.Values) == 0 {
			return map[bool]string{true: "(1 = 0)", false: "(1 = 1)"}[c.Op == OpIn], nil
		}
		if ids, ok := idList(f, c.Values); ok { // one IN list: a lookup of many ids stays one short condition
			in, idArgs := db.InList(ids)
			*args = append(*args, idArgs...)
			if c.Op == OpNotIn {
				return "(" + col.SQL + " IS NULL OR " + col.SQL + " NOT IN (" + in + "))", nil
			}
			return "(" + col.SQL + " IS NOT NULL AND " + col.SQL + " IN (" + in + "))", nil
		}
		parts := make([]string, len(c.Values))
		for i, v := range c.Values {
			p, err := compare(col, op, v, args)
			if err != nil {
				return "", err
			}
			parts[i] = p
		}
		return "(" + strings.Join(parts, join) + ")", nil
	case OpIncludes, OpExcludes:
		if f.Type != TypeMultiPicklist {
			return "", badFilter("includes or excludes operator only valid on multipicklist field")
		}
		return includes(col.SQL, c, args)
	case OpLike:
		if !Textual(f) && f.Type != TypeID && f.Type != TypeReference {
			return "", badFilter("invalid operator on %s field: LIKE", f.APIName)
		}
		if c.Value == nil {
			return "(" + col.SQL + " IS NULL)", nil
		}
		pattern, ok := c.Value.(string)
		if !ok {
			return "", badFilter("value for field '%s' must be a string", f.APIName)
		}
		*args = append(*args, pattern)
		// LIKE ignores case, as SOQL's does. SQLite's LIKE already does (for ASCII letters, as its LOWER does), so the
		// column is compared as it is: lowering every row first tripled the cost of a search over a large table.
		like := col.SQL + " LIKE ?"
		if s.e.DB.Dialect == db.Postgres {
			like = col.SQL + " ILIKE ?"
		}
		return rareOnSQLite(s.e.DB.Dialect, "("+col.SQL+" IS NOT NULL AND "+like+" ESCAPE '\\')"), nil
	case OpEq, OpNe, OpLt, OpLe, OpGt, OpGe:
		return compare(col, c.Op, c.Value, args)
	}
	return "", badFilter("unknown operator %q", c.Op)
}

// sqliteRare opens a condition SQLite's planner is told is rarely true.
const sqliteRare = "unlikely("

// rareOnSQLite marks a LIKE as rarely true on SQLite. No index serves a LIKE here (text is compared without regard
// to case), and without the mark SQLite reads a page sorted by an indexed column (the name field) through that index
// until the page is full: a term found in few rows or none then costs a random read of every row, several times
// slower than the scan and sort it chooses once told (2 s against 0.3 s over 100,000 products). PostgreSQL weighs a
// LIKE from its statistics.
func rareOnSQLite(dialect db.Dialect, cond string) string {
	if dialect == db.SQLite {
		return sqliteRare + cond + ")"
	}
	return cond
}

// idList is the values of an IN over an id or reference field as 18-character ids, when every one is an id.
func idList(f *Field, values []any) ([]string, bool) {
	if f.Type != TypeID && f.Type != TypeReference {
		return nil, false
	}
	ids := make([]string, len(values))
	for i, v := range values {
		s, _ := v.(string)
		id, ok := NormalizeID(s)
		if !ok {
			return nil, false
		}
		ids[i] = id
	}
	return ids, true
}

// compare compiles column op value for the comparison operators.
func compare(c *Column, op string, v any, args *[]any) (string, error) {
	f, col := c.Field, c.SQL
	if v == nil {
		switch op {
		case OpEq:
			return "(" + col + " IS NULL)", nil
		case OpNe:
			return "(" + col + " IS NOT NULL)", nil
		}
		return "(1 = 0)", nil
	}
	switch f.Type {
	case TypeBoolean:
		b, ok := v.(bool)
		if !ok {
			return "", badFilter("value for field '%s' must be a boolean", f.APIName)
		}
		if op != OpEq && op != OpNe {
			return "", badFilter("invalid operator on boolean field: %s", op)
		}
		return bind(col, op, b, "?", args), nil
	case TypeInt, TypeDouble, TypeCurrency, TypePercent:
		n, ok := decimal(v)
		if !ok {
			return "", badFilter("value for field '%s' must be a number", f.APIName)
		}
		scale := f.Scale
		if f.Type == TypeInt {
			scale = 0
		}
		x := new(big.Rat).Mul(n, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(scale)), nil)))
		if c.Exact {
			fl, _ := x.Float64()
			return bind(col, op, fl, "?", args), nil
		}
		return scaled(col, op, x, args), nil
	case TypeDate, TypeDateTime:
		var text string
		switch t := v.(type) {
		case time.Time:
			if f.Type == TypeDate {
				text = t.Format(DateLayout)
			} else {
				text = t.UTC().Format(DateTimeLayout)
			}
		case string:
			text = t
		default:
			return "", badFilter("value for field '%s' must be a date", f.APIName)
		}
		return bind(col, op, text, "?", args), nil
	case TypeID, TypeReference:
		s, ok := v.(string)
		id, valid := NormalizeID(s)
		if !ok || !valid {
			return "", badFilter("invalid ID field: %v", v)
		}
		return bind(col, op, id, "?", args), nil
	}
	s, ok := v.(string)
	if !ok {
		return "", badFilter("value for field '%s' must be a string", f.APIName)
	}
	if op == OpEq || op == OpNe { // text matches without regard to case, as in Salesforce
		return bind("LOWER("+col+")", op, s, "LOWER(?)", args), nil
	}
	return bind(col, op, s, "?", args), nil
}

// decimal reads a number value exactly.
func decimal(v any) (*big.Rat, bool) {
	switch n := v.(type) {
	case *big.Rat:
		return n, n != nil
	case int:
		return new(big.Rat).SetInt64(int64(n)), true
	case int64:
		return new(big.Rat).SetInt64(n), true
	case float64:
		r := new(big.Rat)
		if r.SetFloat64(n) == nil {
			return nil, false
		}
		return r, true
	case string:
		if n == "" || strings.ContainsAny(n, "/eE") {
			return nil, false
		}
		return new(big.Rat).SetString(n)
	}
	return nil, false
}

// bind writes one two-valued comparison of expr with a bound value, its placeholder ph (? or LOWER(?)).
func bind(expr, op string, value any, ph string, args *[]any) string {
	*args = append(*args, value)
	if op == OpNe {
		return "(" + expr + " IS NULL OR " + expr + " <> " + ph + ")"
	}
	return "(" + expr + " IS NOT NULL AND " + expr + " " + op + " " + ph + ")"
}

// scaled compares a number column stored in whole units with x units: a value with more places than the column
// keeps is compared exactly (1000.5 units: < means <= 1000, > means >= 1001, = never).
func scaled(col, op string, x *big.Rat, args *[]any) string {
	if x.IsInt() && x.Num().IsInt64() {
		return bind(col, op, x.Num().Int64(), "?", args)
	}
	floor := new(big.Int).Div(x.Num(), x.Denom()) // Euclidean: rounds towards minus infinity for a positive denominator
	ceil := new(big.Int).Add(floor, big.NewInt(1))
	if !floor.IsInt64() || !ceil.IsInt64() {
		// Beyond any stored value: every row is on one side.
		above := x.Sign() > 0
		switch {
		case op == OpEq:
			return "(1 = 0)"
		case op == OpNe:
			return "(1 = 1)"
		case (op == OpLt || op == OpLe) == above:
			return "(" + col + " IS NOT NULL)"
		}
		return "(1 = 0)"
	}
	switch op {
	case OpEq:
		return "(1 = 0)"
	case OpNe:
		return "(1 = 1)"
	case OpLt, OpLe:
		return bind(col, OpLe, floor.Int64(), "?", args)
	}
	return bind(col, OpGe, ceil.Int64(), "?", args)
}

// includes compiles INCLUDES and EXCLUDES over a multi-select picklist stored as "a;b;c": each listed value
// matches when the record has it, and a value written "a;b" needs both.
func includes(col string, c *Cond, args *[]any) (string, error) {
	var anyOf []string
	for _, v := range c.Values {
		text, ok := v.(string)
		if !ok {
			return "", badFilter("includes and excludes take strings")
		}
		var all []string
		for _, part := range strings.Split(text, ";") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			*args = append(*args, "%;"+EscapeLike(strings.ToLower(part))+";%")
			all = append(all, "LOWER(';' || "+col+" || ';') LIKE ? ESCAPE '\\'")
		}
		if len(all) == 0 {
			all = []string{"1 = 0"}
		}
		anyOf = append(anyOf, "("+strings.Join(all, " AND ")+")")
	}
	match := "(" + col + " IS NOT NULL AND (" + strings.Join(anyOf, " OR ") + "))"
	if c.Op == OpExcludes {
		return "(NOT " + match + ")", nil
	}
	return match, nil
}

// EscapeLike makes text match itself in a LIKE pattern.
func EscapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// in compiles a semi-join (In): the subquery reads only the rows the actor may see.
func (s *Select) in(x *In, args *[]any) (string, error) {
	col, err := s.column(x.Field)
	if err != nil {
		return "", err
	}
	if col.Field.Type != TypeID && col.Field.Type != TypeReference {
		return "", badFilter("semi-joins are only allowed on id fields: %s", col.Field.APIName)
	}
	o := s.cat.Object(x.Object)
	if !s.Readable(o) {
		return "", &FilterError{Path: &PathError{Kind: PathNoRelationship, Name: x.Object}}
	}
	*s.subs++
	sub := &Select{e: s.e, cat: s.cat, actor: s.actor, Obj: o, Alias: "s" + strconv.Itoa(*s.subs),
		joined: map[string]string{}, subs: s.subs}
	sel, err := sub.column(x.Select)
	if err != nil {
		return "", err
	}
	if sel.Field.Type != TypeID && sel.Field.Type != TypeReference {
		return "", badFilter("semi-joins can only select id fields: %s", sel.Field.APIName)
	}
	conds := []string{sel.SQL + " IS NOT NULL"}
	var subArgs []any
	if x.Where != nil {
		w, err := sub.compile(x.Where, &subArgs)
		if err != nil {
			return "", err
		}
		conds = append(conds, w)
	}
	from, fromArgs := sub.From()
	where, whereArgs := sub.WhereClause(conds, subArgs)
	*args = append(append(*args, fromArgs...), whereArgs...)
	inner := "SELECT " + sel.SQL + from + where
	if x.Not {
		return "(" + col.SQL + " IS NULL OR " + col.SQL + " NOT IN (" + inner + "))", nil
	}
	return "(" + col.SQL + " IS NOT NULL AND " + col.SQL + " IN (" + inner + "))", nil
}
