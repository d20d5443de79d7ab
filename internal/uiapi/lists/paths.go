package lists

import (
	"strings"

	"storefront/internal/identity"
	"storefront/internal/records"
)

// maxPathDepth bounds field paths (Account.Owner.Name...), as the UI API does.
const maxPathDepth = 6

// step is one relationship a path follows: the reference field and the object it reaches.
type step struct {
	Ref    *records.Field
	Target *records.Object
}

// fieldPath is a resolved field path: the relationships followed, then the field.
type fieldPath struct {
	Path  string // as the object spells it: Owner.Name
	Steps []step
	Field *records.Field
	Owner *records.Object // the object holding Field
}

// Label is the column label: the field's own, led by the relationships it follows (Owner Full Name).
func (p *fieldPath) Label() string {
	parts := make([]string, 0, len(p.Steps)+1)
	for _, s := range p.Steps {
		parts = append(parts, strings.TrimSuffix(s.Ref.Label, " ID"))
	}
	return strings.Join(append(parts, p.Field.Label), " ")
}

// resolve reads a path on o for the actor (a leading object name, Opportunity.Name, is allowed): nil when a part
// is unknown, has no column or is out of the actor's sight, so that hidden fields answer as unknown ones.
func (h *Handler) resolve(cat *records.Catalog, actor *identity.Principal, o *records.Object, path string) *fieldPath {
	parts := strings.Split(path, ".")
	if len(parts) > 1 && strings.EqualFold(parts[0], o.APIName) && o.Field(parts[0]) == nil && relationship(o, parts[0]) == nil {
		parts = parts[1:]
	}
	if len(parts) == 0 || len(parts) > maxPathDepth {
		return nil
	}
	fp := &fieldPath{}
	cur := o
	names := make([]string, 0, len(parts))
	for _, name := range parts[:len(parts)-1] {
		ref := relationship(cur, name)
		if ref == nil || !h.Engine.FieldReadable(actor, cur, ref) {
			return nil
		}
		target := cat.Object(ref.ReferenceTo[0])
		if target == nil || !h.Engine.CanRead(actor, target) {
			return nil
		}
		fp.Steps = append(fp.Steps, step{Ref: ref, Target: target})
		names = append(names, ref.RelationshipName)
		cur = target
	}
	f := cur.Field(parts[len(parts)-1])
	if f == nil || !f.HasColumn() || !h.Engine.FieldReadable(actor, cur, f) {
		return nil
	}
	fp.Field, fp.Owner = f, cur
	fp.Path = strings.Join(append(names, f.APIName), ".")
	return fp
}

// relationship finds o's reference field by its relationship name (Owner for OwnerId).
func relationship(o *records.Object, name string) *records.Field {
	for i := range o.Fields {
		f := &o.Fields[i]
		if f.Type == records.TypeReference && len(f.ReferenceTo) > 0 && f.RelationshipName != "" &&
			strings.EqualFold(f.RelationshipName, name) {
			return f
		}
	}
	return nil
}
