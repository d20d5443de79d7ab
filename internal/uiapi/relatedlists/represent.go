package relatedlists

import (
	"context"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// represent reads the records of o with the ids and represents each with the columns: a plain field as its value,
// a path through a reference as the record it points at (represented the same way, one level down), displayed by
// its name. One read per object and level, never one per row; records out of the actor's sight are absent, and a
// reference to one reads as empty.
func (h *Handler) represent(ctx context.Context, cat *records.Catalog, actor *identity.Principal, o *records.Object, ids []string, cols []*column) (map[string]*recordsapi.RecordRep, error) {
	out := map[string]*recordsapi.RecordRep{}
	if len(ids) == 0 {
		return out, nil
	}
	recs, err := h.Engine.GetMany(ctx, h.Engine.Querier(ctx), actor, o.APIName, ids)
	if err != nil {
		return nil, err
	}
	// The paths through each reference, as columns of the record it points at.
	type group struct {
		ref    *records.Field
		target *records.Object
		cols   []*column
	}
	var groups []*group
	byRef := map[string]*group{}
	for _, c := range cols {
		if len(c.Refs) == 0 {
			continue
		}
		g := byRef[c.Refs[0].APIName]
		if g == nil {
			g = &group{ref: c.Refs[0], target: c.Objs[0]}
			if name := h.resolve(cat, actor, g.target, g.target.NameFieldName()); name != nil {
				g.cols = append(g.cols, name) // the name displays the reference
			}
			byRef[g.ref.APIName], groups = g, append(groups, g)
		}
		g.cols = append(g.cols, &column{Path: c.Path[strings.Index(c.Path, ".")+1:], Refs: c.Refs[1:], Objs: c.Objs[1:], Field: c.Field})
	}
	for _, rec := range recs {
		rep := recordsapi.NewRecordRep(rec)
		for _, c := range cols {
			if len(c.Refs) == 0 {
				rep.Fields[c.Field.APIName] = recordsapi.FieldValueOf(rec, c.Field)
			}
		}
		out[rec.ID] = rep
	}
	for _, g := range groups {
		var targetIDs []string
		seen := map[string]bool{}
		for _, rec := range recs {
			if id, _ := rec.Values[g.ref.APIName].(string); id != "" && !seen[id] {
				seen[id] = true
				targetIDs = append(targetIDs, id)
			}
		}
		targets, err := h.represent(ctx, cat, actor, g.target, targetIDs, g.cols)
		if err != nil {
			return nil, err
		}
		for _, rec := range recs {
			id, _ := rec.Values[g.ref.APIName].(string)
			t := targets[id]
			if t == nil {
				out[rec.ID].Fields[g.ref.RelationshipName] = recordsapi.FieldValue{}
				continue
			}
			var display any
			if fv, ok := t.Fields[g.target.NameFieldName()]; ok {
				display = fv.Value
			}
			out[rec.ID].Fields[g.ref.RelationshipName] = recordsapi.FieldValue{DisplayValue: display, Value: t}
		}
	}
	return out, nil
}
