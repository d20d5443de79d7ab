package soql

import (
	"strconv"

	"storefront/internal/records"
)

// semiJoin translates Id IN (SELECT AccountId FROM Contact WHERE ...) and NOT IN into the engine's In: the
// subquery selects one id or reference field of an object the caller may read, and reads only the rows the
// caller may see, so a semi-join never tells more than a query of its own would. Semi-joins do not nest. The
// subquery is compiled here only to check it with SOQL's errors; the engine writes its SQL.
func (w *whereBuilder) semiJoin(r *resolved, c *Cond) (records.Filter, *Error) {
	sub := c.Sub
	if r.field.Type != records.TypeID && r.field.Type != records.TypeReference {
		return nil, errAt(CodeMalformed, c.Pos, "Semi join sub-selects are only allowed on id fields: %s", r.field.APIName)
	}
	if w.p.alias != rootAlias && w.p.alias != childRootAlias {
		return nil, malformed(sub.Pos, "Nesting of semi join sub-selects is not supported")
	}
	o, err := w.c.object(sub.From)
	if err != nil {
		return nil, err
	}
	w.c.semis++
	sp, err := w.c.plan(sub, o, "s"+strconv.Itoa(w.c.semis), nil)
	if err != nil {
		return nil, err
	}
	one := len(sub.Select) == 1 && sub.Select[0].Field != nil && len(sp.out.items) == 1 && sp.out.items[0].field != nil
	if !one || sp.aggregate || sp.countOnly || len(sub.OrderBy) > 0 || sub.Limit != nil || sub.Offset != nil {
		return nil, malformed(sub.Pos, "Semi join sub-selects select one id field, without aggregates, ORDER BY, LIMIT or OFFSET")
	}
	f := sp.out.items[0].field
	if f.Type != records.TypeID && f.Type != records.TypeReference {
		return nil, malformed(sub.Select[0].Pos, "Semi join sub-selects can only select id fields: %s", f.APIName)
	}
	return &records.In{Field: r.column.Key(), Not: c.Op == "NOT IN", Object: o.APIName,
		Select: sub.Select[0].Field.String(), Where: sp.filter}, nil
}
