package recordsapi

import (
	"context"

	"storefront/internal/identity"
	"storefront/internal/records"
)

// Representer turns records and the field paths asked of them into RecordReps: a plain field is its value, a path
// through a relationship is the record it reaches (represented the same way, one level down) displayed by its
// name. Related records are read with one GetMany per relationship and level, never one read per row; a parent
// missing or out of the actor's sight is an empty value.
type Representer struct {
	Engine  *records.Engine
	Catalog *records.Catalog
	Actor   *identity.Principal
	// RelatedFields are the fields every related record carries besides the paths asked through it (those the
	// actor may read); RelatedName adds its name field to them.
	RelatedFields []string
	RelatedName   bool
}

// RepresentIDs reads the records of o with the ids and represents each, by id; ids missing or out of sight are
// absent.
func (r *Representer) RepresentIDs(ctx context.Context, o *records.Object, ids []string, paths []*FieldPath) (map[string]*RecordRep, error) {
	if len(ids) == 0 {
		return map[string]*RecordRep{}, nil
	}
	recs, err := r.Engine.GetMany(ctx, r.Engine.Querier(ctx), r.Actor, o.APIName, ids)
	if err != nil {
		return nil, err
	}
	return r.Represent(ctx, o, recs, paths)
}

// relationship is the paths through one reference field of a level, as paths of the object it reaches.
type relationship struct {
	ref    *records.Field
	target *records.Object
	paths  []*FieldPath
}

// Represent represents recs, records of o, with the paths, by id.
func (r *Representer) Represent(ctx context.Context, o *records.Object, recs []*records.Record, paths []*FieldPath) (map[string]*RecordRep, error) {
	out := make(map[string]*RecordRep, len(recs))
	for _, rec := range recs {
		rep := NewRecordRep(rec)
		for _, p := range paths {
			if len(p.Rels) == 0 {
				rep.Fields[p.Field.APIName] = FieldValueOf(rec, p.Field)
			}
		}
		out[rec.ID] = rep
	}
	for _, rel := range r.relationships(paths) {
		if err := r.addRelated(ctx, rel, recs, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// relationships groups the paths through a relationship by their first one, in the order they are first asked.
func (r *Representer) relationships(paths []*FieldPath) []*relationship {
	var rels []*relationship
	byRef := map[string]*relationship{}
	for _, p := range paths {
		if len(p.Rels) == 0 {
			continue
		}
		rel := byRef[p.Rels[0].APIName]
		if rel == nil {
			rel = &relationship{ref: p.Rels[0], target: p.Objs[0]}
			names := r.RelatedFields
			if r.RelatedName {
				names = append([]string{rel.target.NameFieldName()}, names...)
			}
			for _, name := range names {
				if fp := ResolvePath(r.Engine, r.Catalog, r.Actor, rel.target, name); fp != nil {
					rel.paths = append(rel.paths, fp)
				}
			}
			byRef[rel.ref.APIName], rels = rel, append(rels, rel)
		}
		rel.paths = append(rel.paths, p.Rest())
	}
	return rels
}

// addRelated reads the records rel reaches from recs (one read for all of them) and sets each record's
// relationship field in out.
func (r *Representer) addRelated(ctx context.Context, rel *relationship, recs []*records.Record, out map[string]*RecordRep) error {
	var ids []string
	seen := map[string]bool{}
	for _, rec := range recs {
		if id, _ := rec.Values[rel.ref.APIName].(string); id != "" && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	var targets []*records.Record
	if len(ids) > 0 {
		var err error
		if targets, err = r.Engine.GetMany(ctx, r.Engine.Querier(ctx), r.Actor, rel.target.APIName, ids); err != nil {
			return err
		}
	}
	reps, err := r.Represent(ctx, rel.target, targets, rel.paths)
	if err != nil {
		return err
	}
	// The name displays the relationship, when the actor may read it.
	name := ResolvePath(r.Engine, r.Catalog, r.Actor, rel.target, rel.target.NameFieldName())
	byID := make(map[string]*records.Record, len(targets))
	for _, t := range targets {
		byID[t.ID] = t
	}
	for _, rec := range recs {
		id, _ := rec.Values[rel.ref.APIName].(string)
		t := byID[id]
		if t == nil {
			out[rec.ID].Fields[rel.ref.RelationshipName] = FieldValue{}
			continue
		}
		var display any
		if name != nil && len(name.Rels) == 0 {
			display = FieldValueOf(t, name.Field).Value
		}
		out[rec.ID].Fields[rel.ref.RelationshipName] = FieldValue{DisplayValue: display, Value: reps[id]}
	}
	return nil
}
