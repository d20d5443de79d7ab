package recordsapi

import (
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// FieldPath is a field path resolved for one actor ("Account.Owner.Name" over Contact): the relationships it
// follows, the object reached after each, and the field at its end. Every record group of the UI API (a record's
// fields, list views, related lists) resolves the paths it is asked for here, so that they agree on what a caller
// may read.
type FieldPath struct {
	Path  string           // as the metadata spells it, without the object: Owner.Name
	Rels  []*records.Field // the reference fields followed, in order
	Objs  []*records.Object
	Field *records.Field
}

// ResolvePath reads path on o for the actor (a leading object name, Contact.Name, is allowed unless it is a
// relationship): nil when the path is deeper than the UI API allows (6 levels), a part is unknown, has no column
// or is out of the actor's sight, so that hidden fields answer as unknown ones. It resolves through the engine's
// own path resolution, the one its queries use.
func ResolvePath(e *records.Engine, cat *records.Catalog, actor *identity.Principal, o *records.Object, path string) *FieldPath {
	c, perr := e.NewSelect(cat, actor, o, "r").Path(strings.Split(path, "."))
	if perr != nil || !c.Field.HasColumn() {
		return nil
	}
	return &FieldPath{Path: c.Key(), Rels: c.Rels, Objs: c.Objs, Field: c.Field}
}

// Rest is the path one level down: what remains of it on the object its first relationship reaches.
func (p *FieldPath) Rest() *FieldPath {
	return &FieldPath{Path: p.Path[strings.Index(p.Path, ".")+1:], Rels: p.Rels[1:], Objs: p.Objs[1:], Field: p.Field}
}

// InvalidField is the UI API's INVALID_FIELD answer for a requested field path (fields, sortBy) that does not
// resolve for the caller; it never tells an unknown field from a hidden one.
func InvalidField(path string) error {
	name := path[strings.LastIndex(path, ".")+1:]
	return httpx.BadRequest("INVALID_FIELD", "No such column '%s' on entity. If you are attempting to use a custom "+
		"field, be sure to append the '__c' after the custom field name. Requested: %s", name, path)
}

// InvalidFieldOn is INVALID_FIELD naming the object, as a record read words it for a field of the record's object.
func InvalidFieldOn(name, object string) error {
	return httpx.BadRequest("INVALID_FIELD", "%s", NoSuchColumn(name, object))
}

// LayoutPaths are the paths a layout's fields are read by: each field, and for a lookup the name of the record it
// points at (OwnerId brings Owner.Name), as Salesforce's record reads by layout answer, so that a page shows the
// parent's name rather than its id. A name the actor may not read is left out.
func LayoutPaths(e *records.Engine, cat *records.Catalog, actor *identity.Principal, o *records.Object, fields []*records.Field) []*FieldPath {
	out := make([]*FieldPath, 0, len(fields))
	for _, f := range fields {
		out = append(out, &FieldPath{Path: f.APIName, Field: f})
		if f.RelationshipName == "" || len(f.ReferenceTo) == 0 {
			continue
		}
		target := cat.Object(f.ReferenceTo[0])
		if target == nil {
			continue
		}
		if p := ResolvePath(e, cat, actor, o, f.RelationshipName+"."+target.NameFieldName()); p != nil {
			out = append(out, p)
		}
	}
	return out
}
