package soql

import (
	"strconv"

	"storefront/internal/records"
)

// semiJoin compiles Id IN (SELECT AccountId FROM Contact WHERE ...) and NOT IN: the subquery selects one id or
// reference field of an object the caller may read, and reads only the rows the caller may see, so a semi-join
// never tells more than a query of its own would. Semi-joins do not nest.
func (w *whereBuilder) semiJoin(r *resolved, c *Cond) (string, *Error) {
	sub := c.Sub
	if r.field.Type != records.TypeID && r.field.Type != records.TypeReference {
		return "", errAt(CodeMalformed, c.Pos, "Semi join sub-selects are only allowed on id fields: %s", r.field.APIName)
	}
	if w.p.alias != rootAlias && w.p.alias != childRootAlias {
		return "", malformed(sub.Pos, "Nesting of semi join sub-selects is not supported")
	}
	o, err := w.c.object(sub.From)
	if err != nil {
		return "", err
	}
	w.c.semis++
	alias := "s" + strconv.Itoa(w.c.semis)
	sp, err := w.c.plan(sub, o, alias, nil)
	if err != nil {
		return "", err
	}
	one := len(sub.Select) == 1 && sub.Select[0].Field != nil && len(sp.out.items) == 1 && sp.out.items[0].field != nil
	if !one || sp.aggregate || sp.countOnly || len(sub.OrderBy) > 0 || sub.Limit != nil || sub.Offset != nil {
		return "", malformed(sub.Pos, "Semi join sub-selects select one id field, without aggregates, ORDER BY, LIMIT or OFFSET")
	}
	f := sp.out.items[0].field
	if f.Type != records.TypeID && f.Type != records.TypeReference {
		return "", malformed(sub.Select[0].Pos, "Semi join sub-selects can only select id fields: %s", f.APIName)
	}
	col := sp.selects[sp.out.items[0].col]
	from, args := sp.from()
	where, wargs := sp.whereClause(col+" IS NOT NULL", nil)
	w.args = append(append(w.args, args...), wargs...)
	inner := "SELECT " + col + from + where
	if c.Op == "NOT IN" {
		return "(" + r.col + " IS NULL OR " + r.col + " NOT IN (" + inner + "))", nil
	}
	return "(" + r.col + " IS NOT NULL AND " + r.col + " IN (" + inner + "))", nil
}
