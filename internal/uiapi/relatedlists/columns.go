package relatedlists

import (
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// maxPathDepth is how many levels a field path may span (spec/data-layer.md section 5: 6 levels).
const maxPathDepth = 6

// column is a field path of the list's records: a field of the child object, or of a record its references
// lead to (Account.Name, Contact.Account.Owner.Name), each step readable by the caller.
type column struct {
	Path  string           // relative to the child object: "Name", "Account.Name"
	Refs  []*records.Field // the reference fields followed, in order
	Objs  []*records.Object
	Field *records.Field // the field at the end
}

// resolve reads a path of the child object ("Contact.Name" or "Name"), or nil when a step does not exist or the
// caller may not read it: an answer never tells which.
func (h *Handler) resolve(cat *records.Catalog, actor *identity.Principal, child *records.Object, path string) *column {
	parts := strings.Split(path, ".")
	if len(parts) > 1 && strings.EqualFold(parts[0], child.APIName) {
		parts = parts[1:]
	}
	if len(parts) > maxPathDepth {
		return nil
	}
	c := &column{}
	o := child
	for _, name := range parts[:len(parts)-1] {
		ref := relationship(o, name)
		if ref == nil || !h.Engine.FieldReadable(actor, o, ref) {
			return nil
		}
		target := cat.Object(ref.ReferenceTo[0])
		if target == nil || !h.Engine.CanRead(actor, target) {
			return nil
		}
		c.Refs, c.Objs = append(c.Refs, ref), append(c.Objs, target)
		o = target
	}
	f := o.Field(parts[len(parts)-1])
	if f == nil || !h.Engine.QueryableField(actor, o, f) {
		return nil
	}
	c.Field = f
	names := make([]string, 0, len(parts))
	for _, ref := range c.Refs {
		names = append(names, ref.RelationshipName)
	}
	c.Path = strings.Join(append(names, f.APIName), ".")
	return c
}

// relationship is o's reference field whose relationship name is name.
func relationship(o *records.Object, name string) *records.Field {
	for i := range o.Fields {
		f := &o.Fields[i]
		if f.Type == records.TypeReference && len(f.ReferenceTo) > 0 && strings.EqualFold(f.RelationshipName, name) {
			return f
		}
	}
	return nil
}

// Label is the column's heading: the field's label, or for a path through a reference the reference's label
// ("Account ID" shows as "Account").
func (c *column) Label() string {
	if len(c.Refs) == 0 {
		return c.Field.Label
	}
	return strings.TrimSuffix(c.Refs[0].Label, " ID")
}

// LookupID is the field a column links through: Id for the name field, the reference for a parent's field.
func (c *column) LookupID() *string {
	switch {
	case len(c.Refs) > 0:
		return &c.Refs[0].APIName
	case c.Field.NameField:
		id := "Id"
		return &id
	}
	return nil
}

// defaultColumnCount is how many columns a related list shows besides the name: the first fields of the child
// that say something about a record.
const defaultColumnCount = 3

// defaultColumns are a list's display columns: the child's name field (or Id), then its first few descriptive
// fields; a reference shows the name of the record it points at. The reference to the parent is left out: every
// row would show the same parent.
func (h *Handler) defaultColumns(cat *records.Catalog, actor *identity.Principal, rl *relatedList) []*column {
	child := rl.Object
	var out []*column
	name := child.NameFieldName()
	if name == "" {
		name = "Id"
	}
	if c := h.resolve(cat, actor, child, name); c != nil {
		out = append(out, c)
	}
	for i := range child.Fields {
		if len(out) > defaultColumnCount {
			break
		}
		f := &child.Fields[i]
		if f.APIName == name || f.APIName == rl.Field.APIName || recordsapi.IsSystemField(f.APIName) || f.Hidden ||
			f.APIName == "OwnerId" || f.APIName == "RecordTypeId" || !recordsapi.Sortable(f) {
			continue
		}
		path := f.APIName
		if f.Type == records.TypeReference {
			target := cat.Object(f.ReferenceTo[0])
			if target == nil || target.NameFieldName() == "" || f.RelationshipName == "" {
				continue
			}
			path = f.RelationshipName + "." + target.NameFieldName()
		}
		if c := h.resolve(cat, actor, child, path); c != nil {
			out = append(out, c)
		}
	}
	return out
}

// invalidField is the UI API's INVALID_FIELD answer for a `fields` entry or sort field the child lacks (or the
// caller may not read), worded as the records calls word it.
func invalidField(path string) error {
	name := path[strings.LastIndex(path, ".")+1:]
	return httpx.BadRequest("INVALID_FIELD", "No such column '%s' on entity. If you are attempting to use a custom "+
		"field, be sure to append the '__c' after the custom field name. Requested: %s", name, path)
}
