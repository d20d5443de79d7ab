package relatedlists

import (
	"strings"

	"storefront/internal/identity"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// resolve reads a path of the child object ("Contact.Name" or "Name") for the caller (recordsapi.ResolvePath): nil
// when it does not resolve for them; an answer never tells why.
func (h *Handler) resolve(cat *records.Catalog, actor *identity.Principal, child *records.Object, path string) *recordsapi.FieldPath {
	return recordsapi.ResolvePath(h.Engine, cat, actor, child, path)
}

// columnLabel is the column's heading: the field's label, or for a path through a reference the reference's label
// ("Account ID" shows as "Account").
func columnLabel(c *recordsapi.FieldPath) string {
	if len(c.Rels) == 0 {
		return c.Field.Label
	}
	return strings.TrimSuffix(c.Rels[0].Label, " ID")
}

// lookupID is the field a column links through: Id for the name field, the reference for a parent's field.
func lookupID(c *recordsapi.FieldPath) *string {
	switch {
	case len(c.Rels) > 0:
		return &c.Rels[0].APIName
	case c.Field.NameField:
		id := "Id"
		return &id
	}
	return nil
}

// defaultColumnCount is how many columns a related list shows besides the name: the first fields of the child
// that say something about a record.
const defaultColumnCount = 3

// defaultColumns are a list's display columns: the child's name field, then its first few descriptive fields; a
// reference shows the name of the record it points at. The reference to the parent is left out: every row would
// show the same parent. A child without a name field (a product's price book entries, a promotion's coupons) is
// told apart by those fields, its record id being no help to a person; Id stands in only when it has none.
func (h *Handler) defaultColumns(cat *records.Catalog, actor *identity.Principal, rl *relatedList) []*recordsapi.FieldPath {
	child := rl.Object
	var out []*recordsapi.FieldPath
	name := child.NameFieldName()
	if name != "" {
		if c := h.resolve(cat, actor, child, name); c != nil {
			out = append(out, c)
		}
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
	if c := h.resolve(cat, actor, child, "Id"); len(out) == 0 && c != nil {
		out = append(out, c)
	}
	return out
}
