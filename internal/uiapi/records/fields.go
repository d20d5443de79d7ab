package records

import (
	"context"
	"strings"

	"storefront/internal/identity"
	engine "storefront/internal/records"
	"storefront/internal/recordsapi"
)

// A record's requested fields: plain fields come from the record as read; paths through references
// (Contact.Account.Owner.Name) come from one query of the engine over the record, which applies the caller's sight
// of every parent on the way (a parent out of sight reads as no parent) and field-level security.

// fieldSet is what a record request asks for, resolved against the record's object.
type fieldSet struct {
	plain []*engine.Field
	paths []*engine.Column // through at least one relationship
	seen  map[string]bool
}

// addPath resolves one requested path ("Account.Owner.Name"). A path naming another object than o is not for this
// record (batches mix objects) and is skipped; one o lacks or the caller may not read is an INVALID_FIELD error.
func (s *fieldSet) addPath(sel *engine.Select, o *engine.Object, path string) error {
	parts := strings.Split(path, ".")
	if len(parts) > 0 && !strings.EqualFold(parts[0], o.APIName) {
		return nil
	}
	last := parts[len(parts)-1]
	if len(parts) < 2 || len(parts)-1 > MaxPathLevels {
		return invalidField(last, o.APIName)
	}
	c, perr := sel.Path(parts[1:])
	if perr != nil || !c.Field.HasColumn() {
		return invalidField(last, o.APIName)
	}
	s.addColumn(c)
	return nil
}

func (s *fieldSet) addColumn(c *engine.Column) {
	key := strings.ToLower(c.Key())
	if s.seen == nil {
		s.seen = map[string]bool{}
	}
	if s.seen[key] {
		return
	}
	s.seen[key] = true
	if len(c.Rels) == 0 {
		s.plain = append(s.plain, c.Field)
	} else {
		s.paths = append(s.paths, c)
	}
}

// request is what a read asks for: fields (each must resolve), optionalFields (those that do not are left out),
// and layout types with their modes.
type request struct {
	fields, optional, layoutTypes, modes []string
}

// resolve turns a request into the fieldSet of a record of o.
func (h *Handler) resolve(ctx context.Context, actor *identity.Principal, o *engine.Object, req request) (*fieldSet, error) {
	cat, err := h.Engine.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	sel := h.Engine.NewSelect(cat, actor, o, "r")
	s := &fieldSet{}
	for _, p := range req.fields {
		if err := s.addPath(sel, o, p); err != nil {
			return nil, err
		}
	}
	for _, p := range req.optional {
		_ = s.addPath(sel, o, p) // an optional field the caller cannot have is simply left out
	}
	modes := req.modes
	if len(modes) == 0 {
		modes = []string{"View"}
	}
	for _, lt := range req.layoutTypes {
		for _, mode := range modes {
			for _, f := range h.layoutFields()(h.Engine, actor, o, lt, mode) {
				s.addColumn(&engine.Column{Field: f})
			}
		}
	}
	return s, nil
}

// systemPaths are read for every parent reached so that its representation carries its id, stamps and record type.
var systemPaths = []string{"Id", "LastModifiedById", "LastModifiedDate", "SystemModstamp", "RecordTypeId"}

// parent is one record reached through a chain of relationships, keyed by that chain (Account.Owner).
type parent struct {
	obj   *engine.Object
	rel   *engine.Field // the relationship from the previous record
	up    string        // the previous chain ("" for the record itself)
	leafs []*engine.Field
}

// represent builds rec's representation with the field set.
func (h *Handler) represent(ctx context.Context, actor *identity.Principal, rec *engine.Record, s *fieldSet) (*recordsapi.RecordRep, error) {
	rep := recordsapi.NewRecordRep(rec)
	for _, f := range s.plain {
		rep.Fields[f.APIName] = recordsapi.FieldValueOf(rec, f)
	}
	if len(s.paths) == 0 {
		return rep, nil
	}
	cat, err := h.Engine.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	sel := h.Engine.NewSelect(cat, actor, rec.Object, "r")
	parents := map[string]*parent{}
	var order []string // chains, shorter before longer
	var queried []string
	want := map[string]bool{}
	ask := func(path string) {
		if !want[path] {
			want[path] = true
			queried = append(queried, path)
		}
	}
	for _, c := range s.paths {
		chain := ""
		for i, rel := range c.Rels {
			up := chain
			chain = strings.TrimPrefix(chain+"."+rel.RelationshipName, ".")
			if parents[chain] == nil {
				parents[chain] = &parent{obj: c.Objs[i], rel: rel, up: up}
				order = append(order, chain)
				for _, name := range append(append([]string{}, systemPaths...), c.Objs[i].NameFieldName()) {
					if name == "" {
						continue
					}
					if pc, perr := sel.Path(strings.Split(chain+"."+name, ".")); perr == nil && pc.Field.HasColumn() {
						ask(chain + "." + pc.Field.APIName)
					}
				}
			}
		}
		parents[chain].leafs = append(parents[chain].leafs, c.Field)
		ask(chain + "." + c.Field.APIName)
	}
	res, err := h.Engine.Query(ctx, h.Engine.Querier(ctx), actor, engine.Query{Object: rec.Object.APIName, Fields: queried,
		Where: &engine.Cond{Field: "Id", Op: engine.OpEq, Value: rec.ID}, PageSize: 1})
	if err != nil {
		return nil, err
	}
	if len(res.Rows) == 0 {
		return nil, engine.ErrNotFound
	}
	row := res.Rows[0]
	reps := map[string]*recordsapi.RecordRep{"": rep}
	for _, chain := range order {
		p := parents[chain]
		owner := reps[p.up]
		id, _ := row.Values[chain+".Id"].(string)
		if owner == nil || id == "" {
			if owner != nil {
				owner.Fields[p.rel.RelationshipName] = recordsapi.FieldValue{}
			}
			continue // no parent, or one out of sight: the relationship's value is null
		}
		values := map[string]any{}
		for path, v := range row.Values {
			if rest, ok := strings.CutPrefix(path, chain+"."); ok && !strings.Contains(rest, ".") {
				values[rest] = v
			}
		}
		prec := &engine.Record{Object: p.obj, ID: id, Values: values}
		prep := recordsapi.NewRecordRep(prec)
		prep.Fields["Id"] = recordsapi.FieldValueOf(prec, p.obj.Field("Id"))
		for _, f := range p.leafs {
			prep.Fields[f.APIName] = recordsapi.FieldValueOf(prec, f)
		}
		reps[chain] = prep
		var display any
		if nf := p.obj.NameFieldName(); nf != "" {
			display = values[nf]
		}
		owner.Fields[p.rel.RelationshipName] = recordsapi.FieldValue{DisplayValue: display, Value: prep}
	}
	return rep, nil
}
