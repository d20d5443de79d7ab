package soql

import (
	"encoding/json"
	"math/big"
	"strconv"

	"storefront/internal/records"
)

// aggItem is an aggregate function of the field list: its output key, function and field.
type aggItem struct {
	key   string
	fn    string
	field *records.Field
	col   int
}

// aggregate compiles COUNT(field), COUNT_DISTINCT, SUM, AVG, MIN and MAX in the field list.
func (c *compiler) aggregate(p *Plan, a *Aggregate, key string) *Error {
	expr, f, err := c.aggExpr(p, a)
	if err != nil {
		return err
	}
	for _, existing := range p.aggs {
		if existing.key == key {
			return malformed(a.Pos, "duplicate alias: %s", key)
		}
	}
	p.selects = append(p.selects, expr)
	it := &aggItem{key: key, fn: a.Func, field: f, col: len(p.selects) - 1}
	p.aggs = append(p.aggs, it)
	p.out.items = append(p.out.items, &item{key: key, agg: it})
	return nil
}

// aggExpr is the SQL of an aggregate function over its field, and the field.
func (c *compiler) aggExpr(p *Plan, a *Aggregate) (string, *records.Field, *Error) {
	if a.Arg == nil {
		return "COUNT(*)", nil, nil
	}
	r, err := c.resolve(p, *a.Arg)
	if err != nil {
		return "", nil, err
	}
	f := r.field
	switch a.Func {
	case "COUNT":
		return "COUNT(" + r.col + ")", f, nil
	case "COUNT_DISTINCT":
		return "COUNT(DISTINCT " + r.col + ")", f, nil
	case "SUM", "AVG":
		if !records.Numeric(f) {
			return "", nil, malformed(a.Pos, "field %s does not support aggregate operator %s", f.APIName, a.Func)
		}
	case "MIN", "MAX":
		if f.Type == records.TypeBoolean || f.Type == records.TypeLongTextArea || f.Type == records.TypeMultiPicklist {
			return "", nil, malformed(a.Pos, "field %s does not support aggregate operator %s", f.APIName, a.Func)
		}
	}
	return a.Func + "(" + r.col + ")", f, nil
}

// countField types a count in a HAVING condition.
var countField = &records.Field{APIName: "COUNT", Type: records.TypeInt}

// havingOperand is the aggregate side of a HAVING condition, typed for comparison: counts as integers, averages
// as exact numbers in the field's units, sums, minimums and maximums as the field itself.
func (w *whereBuilder) havingOperand(c *Cond) (*resolved, *Error) {
	expr, f, err := w.c.aggExpr(w.p, c.Agg)
	if err != nil {
		return nil, err
	}
	switch c.Agg.Func {
	case "COUNT", "COUNT_DISTINCT":
		f = countField
	}
	col := &records.Column{Field: f, SQL: expr, Exact: c.Agg.Func == "AVG"}
	return &resolved{field: f, col: expr, column: col, aggregate: true}, nil
}

// value is the aggregate's result as the API sends it: counts as integers, sums and averages as numbers in the
// field's units, minimums and maximums in the field's own form.
func (a *aggItem) value(raw any) any {
	if b, ok := raw.([]byte); ok {
		raw = string(b)
	}
	if raw == nil {
		if a.fn == "COUNT" || a.fn == "COUNT_DISTINCT" {
			return 0
		}
		return nil
	}
	switch a.fn {
	case "COUNT", "COUNT_DISTINCT":
		return raw
	case "SUM", "AVG":
		r, ok := ratOf(raw)
		if !ok {
			return nil
		}
		if a.field.Type != records.TypeInt && a.field.Scale > 0 {
			r.Quo(r, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(a.field.Scale)), nil)))
		}
		f, _ := r.Float64()
		return json.Number(strconv.FormatFloat(f, 'f', -1, 64))
	}
	return records.RESTValue(a.field, records.FromDB(a.field, raw))
}

// ratOf reads a number scanned from either database (an integer, a float, or PostgreSQL's numeric as text).
func ratOf(raw any) (*big.Rat, bool) {
	switch v := raw.(type) {
	case int64:
		return new(big.Rat).SetInt64(v), true
	case float64:
		r := new(big.Rat)
		if r.SetFloat64(v) == nil {
			return nil, false
		}
		return r, true
	case string:
		return new(big.Rat).SetString(v)
	}
	return nil, false
}
