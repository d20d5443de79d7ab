package lists

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// A view's filters become the engine's filter tree: each filter item is a condition on its field, and the view's
// filter logic ("(1 OR 2) AND 3", 1-based) combines them; without logic every item must hold.

// Operators of ListFilterByInfo.
var operators = map[string]bool{"Equals": true, "NotEqual": true, "LessThan": true, "GreaterThan": true,
	"LessOrEqual": true, "GreaterOrEqual": true, "Contains": true, "NotContain": true, "StartsWith": true,
	"Includes": true, "Excludes": true, "Within": true}

// itemFilter is one filter item as a condition on the resolved field. Several operands mean any of them
// (Equals a, b is a or b; NotEqual a, b is neither).
func itemFilter(fp *recordsapi.FieldPath, it FilterItem) (records.Filter, error) {
	vals := make([]any, len(it.Operands))
	for i, s := range it.Operands {
		vals[i] = operand(fp.Field, s)
	}
	one := func(op string) (records.Filter, error) {
		if len(vals) != 1 {
			return nil, fmt.Errorf("operator %s takes one operand on %s", it.Operator, fp.Path)
		}
		return &records.Cond{Field: fp.Path, Op: op, Value: vals[0]}, nil
	}
	like := func(pattern string) records.Filter {
		terms := records.Or{}
		for _, s := range it.Operands {
			terms = append(terms, &records.Cond{Field: fp.Path, Op: records.OpLike, Value: strings.ReplaceAll(pattern, "*", escapeLike(s))})
		}
		return terms
	}
	switch it.Operator {
	case "Equals", "NotEqual":
		var f records.Filter
		switch len(vals) {
		case 0:
			f = &records.Cond{Field: fp.Path, Op: records.OpEq, Value: nil}
		case 1:
			f = &records.Cond{Field: fp.Path, Op: records.OpEq, Value: vals[0]}
		default:
			f = &records.Cond{Field: fp.Path, Op: records.OpIn, Values: vals}
		}
		if it.Operator == "NotEqual" {
			f = records.Not{X: f}
		}
		return f, nil
	case "LessThan":
		return one(records.OpLt)
	case "GreaterThan":
		return one(records.OpGt)
	case "LessOrEqual":
		return one(records.OpLe)
	case "GreaterOrEqual":
		return one(records.OpGe)
	case "Contains":
		return like("%*%"), nil
	case "NotContain":
		return records.Not{X: like("%*%")}, nil
	case "StartsWith":
		return like("*%"), nil
	case "Includes":
		return &records.Cond{Field: fp.Path, Op: records.OpIncludes, Values: vals}, nil
	case "Excludes":
		return &records.Cond{Field: fp.Path, Op: records.OpExcludes, Values: vals}, nil
	}
	return nil, fmt.Errorf("operator %s is not supported on %s", it.Operator, fp.Path)
}

// operand is an operand label as the engine compares it: booleans as booleans, an empty operand as no value, the
// rest as text the engine reads by the field's type (numbers, dates, ids).
func operand(f *records.Field, s string) any {
	if s == "" {
		return nil
	}
	if f.Type == records.TypeBoolean {
		if b, err := strconv.ParseBool(s); err == nil {
			return b
		}
	}
	return s
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// combine joins the items' filters by the logic string, or all of them when there is none.
func combine(items []records.Filter, logic *string) (records.Filter, error) {
	if logic == nil || strings.TrimSpace(*logic) == "" {
		return records.And(items), nil
	}
	p := &logicParser{toks: tokenize(*logic), items: items}
	f, err := p.or()
	if err != nil {
		return nil, err
	}
	if p.i != len(p.toks) {
		return nil, fmt.Errorf("filterLogicString: unexpected %q", p.toks[p.i])
	}
	return f, nil
}

// logicParser reads filter logic: or := and {OR and}; and := not {AND not}; not := NOT not | n | ( or ).
type logicParser struct {
	toks  []string
	i     int
	items []records.Filter
}

func tokenize(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		c := rune(s[i])
		switch {
		case unicode.IsSpace(c):
			i++
		case c == '(' || c == ')':
			out = append(out, string(c))
			i++
		default:
			j := i
			for j < len(s) && !unicode.IsSpace(rune(s[j])) && s[j] != '(' && s[j] != ')' {
				j++
			}
			out = append(out, strings.ToUpper(s[i:j]))
			i = j
		}
	}
	return out
}

func (p *logicParser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

func (p *logicParser) or() (records.Filter, error) {
	return p.chain("OR", p.and, func(fs []records.Filter) records.Filter { return records.Or(fs) })
}

func (p *logicParser) and() (records.Filter, error) {
	return p.chain("AND", p.not, func(fs []records.Filter) records.Filter { return records.And(fs) })
}

func (p *logicParser) chain(op string, next func() (records.Filter, error), join func([]records.Filter) records.Filter) (records.Filter, error) {
	f, err := next()
	if err != nil {
		return nil, err
	}
	terms := []records.Filter{f}
	for p.peek() == op {
		p.i++
		if f, err = next(); err != nil {
			return nil, err
		}
		terms = append(terms, f)
	}
	if len(terms) == 1 {
		return terms[0], nil
	}
	return join(terms), nil
}

func (p *logicParser) not() (records.Filter, error) {
	switch t := p.peek(); t {
	case "NOT":
		p.i++
		f, err := p.not()
		if err != nil {
			return nil, err
		}
		return records.Not{X: f}, nil
	case "(":
		p.i++
		f, err := p.or()
		if err != nil {
			return nil, err
		}
		if p.peek() != ")" {
			return nil, fmt.Errorf("filterLogicString: missing )")
		}
		p.i++
		return f, nil
	case "":
		return nil, fmt.Errorf("filterLogicString: unexpected end")
	default:
		n, err := strconv.Atoi(t)
		if err != nil || n < 1 || n > len(p.items) {
			return nil, fmt.Errorf("filterLogicString: %s is not a filter number from 1 to %d", t, len(p.items))
		}
		p.i++
		return p.items[n-1], nil
	}
}
