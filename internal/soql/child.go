package soql

import (
	"context"
	"strings"

	"storefront/internal/platform/db"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// maxChildRows bounds the child rows read for one page of parents (per few hundred parents).
const maxChildRows = 20000

// subquery compiles a child subquery, (SELECT ... FROM Contacts), over a child relationship of the queried object.
func (c *compiler) subquery(p *Plan, sub *Query) *Error {
	var rel *records.ChildRelationship
	for _, cr := range c.cat.Children(p.obj.APIName) {
		if strings.EqualFold(cr.RelationshipName, sub.From.Text) {
			rel = &cr
			break
		}
	}
	var childObj *records.Object
	var fk *records.Field
	if rel != nil {
		childObj = c.cat.Object(rel.ChildObject)
		if childObj != nil {
			fk = childObj.Field(rel.FieldName)
		}
	}
	if !c.readable(childObj) || !c.fieldReadable(childObj, fk) {
		return errAt(CodeInvalidType, sub.From.Pos, "Didn't understand relationship '%s' in FROM part of query call. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names.", sub.From.Text)
	}
	sp, err := c.plan(sub, childObj, childRootAlias, &childLink{field: fk, key: rel.RelationshipName})
	if err != nil {
		return err
	}
	if sp.aggregate || sp.countOnly {
		return malformed(sub.Pos, "Aggregate functions are not supported in a subquery")
	}
	sp.selects = append(sp.selects, childRootAlias+"."+db.Ident(fk.Column()))
	p.subs = append(p.subs, sp)
	p.out.items = append(p.out.items, &item{key: rel.RelationshipName, sub: sp})
	return nil
}

// attach runs a child subquery for a page of parent records, a few hundred parents per statement, and sets each
// parent's result: {totalSize, done, records}, or null when it has no visible child rows.
func (sp *Plan) attach(ctx context.Context, q db.Querier, version string, parent *Plan, recs []*recordsapi.Object, raws [][]any) error {
	fkCol := len(sp.selects) - 1
	byParent := map[string][]*recordsapi.Object{}
	for start := 0; start < len(raws); start += maxChildParentIDs {
		chunk := raws[start:min(len(raws), start+maxChildParentIDs)]
		ids := make([]string, len(chunk))
		for i, raw := range chunk {
			ids[i] = idOf(raw[0])
		}
		fk := &records.Column{Field: sp.child.field, SQL: childRootAlias + "." + db.Ident(sp.child.field.Column())}
		values := make([]any, len(ids))
		for i, id := range ids {
			values[i] = id
		}
		extra, inArgs, err := sp.sel.Where(&records.Cond{On: fk, Op: records.OpIn, Values: values})
		if err != nil {
			return err
		}
		sql, args := sp.rowsSQL(0, -1, extra, inArgs)
		sql += " LIMIT ?"
		args = append(args, maxChildRows)
		rows, err := q.Query(ctx, sql, args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			raw := make([]any, len(sp.selects))
			ptrs := make([]any, len(raw))
			for i := range raw {
				ptrs[i] = &raw[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				rows.Close()
				return err
			}
			fk := idOf(raw[fkCol])
			byParent[fk] = append(byParent[fk], sp.record(version, raw))
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	for i, raw := range raws {
		kids := byParent[idOf(raw[0])]
		kids = kids[min(int64(len(kids)), sp.offset):]
		if sp.limit >= 0 {
			kids = kids[:min(int64(len(kids)), sp.limit)]
		}
		var v any
		if len(kids) > 0 {
			v = &QueryResult{TotalSize: int64(len(kids)), Done: true, Records: kids}
		}
		recs[i].Replace(sp.child.key, v)
	}
	return nil
}
