package records

import (
	"context"
	"strings"

	"storefront/internal/identity"
	engine "storefront/internal/records"
	"storefront/internal/recordsapi"
)

// A record's requested fields: plain fields come from the record as read; paths through references
// (Contact.Account.Owner.Name) from the parents read once per relationship and level (recordsapi.Representer),
// within the caller's sight of every parent on the way (a parent out of sight reads as no parent) and field-level
// security.

// fieldSet is what a record request asks for, resolved against the record's object, each path once.
type fieldSet struct {
	paths []*recordsapi.FieldPath
	seen  map[string]bool
}

// addPath resolves one requested path ("Account.Owner.Name"). A path naming another object than o is not for this
// record (batches mix objects) and is skipped; one o lacks or the caller may not read is an INVALID_FIELD error.
func (s *fieldSet) addPath(e *engine.Engine, cat *engine.Catalog, actor *identity.Principal, o *engine.Object, path string) error {
	parts := strings.Split(path, ".")
	if !strings.EqualFold(parts[0], o.APIName) {
		return nil
	}
	var fp *recordsapi.FieldPath
	if len(parts) >= 2 && len(parts)-1 <= MaxPathLevels {
		fp = recordsapi.ResolvePath(e, cat, actor, o, strings.Join(parts[1:], "."))
	}
	if fp == nil {
		return recordsapi.InvalidFieldOn(parts[len(parts)-1], o.APIName)
	}
	s.add(fp)
	return nil
}

func (s *fieldSet) add(fp *recordsapi.FieldPath) {
	key := strings.ToLower(fp.Path)
	if s.seen == nil {
		s.seen = map[string]bool{}
	}
	if !s.seen[key] {
		s.seen[key] = true
		s.paths = append(s.paths, fp)
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
	s := &fieldSet{}
	for _, p := range req.fields {
		if err := s.addPath(h.Engine, cat, actor, o, p); err != nil {
			return nil, err
		}
	}
	for _, p := range req.optional {
		_ = s.addPath(h.Engine, cat, actor, o, p) // an optional field the caller cannot have is simply left out
	}
	modes := req.modes
	if len(modes) == 0 {
		modes = []string{"View"}
	}
	for _, lt := range req.layoutTypes {
		for _, mode := range modes {
			for _, fp := range recordsapi.LayoutPaths(h.Engine, cat, actor, o, h.layoutFields()(h.Engine, actor, o, lt, mode)) {
				s.add(fp)
			}
		}
	}
	return s, nil
}

// represent builds rec's representation with the field set; a parent reached carries its Id besides the fields
// asked of it.
func (h *Handler) represent(ctx context.Context, actor *identity.Principal, rec *engine.Record, s *fieldSet) (*recordsapi.RecordRep, error) {
	cat, err := h.Engine.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	r := &recordsapi.Representer{Engine: h.Engine, Catalog: cat, Actor: actor, RelatedFields: []string{"Id"}}
	reps, err := r.Represent(ctx, rec.Object, []*engine.Record{rec}, s.paths)
	if err != nil {
		return nil, err
	}
	return reps[rec.ID], nil
}
