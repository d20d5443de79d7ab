package lists

import (
	"strings"

	"storefront/internal/identity"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// columnLabel is a column's label: the field's own, led by the relationships it follows (Owner Full Name).
func columnLabel(p *recordsapi.FieldPath) string {
	parts := make([]string, 0, len(p.Rels)+1)
	for _, ref := range p.Rels {
		parts = append(parts, strings.TrimSuffix(ref.Label, " ID"))
	}
	// A field whose label already says what it belongs to is not said twice: Product.Name is "Product Name", not
	// "Product Product Name".
	if n := len(parts); n > 0 && strings.HasPrefix(p.Field.Label, parts[n-1]+" ") {
		parts = parts[:n-1]
	}
	return strings.Join(append(parts, p.Field.Label), " ")
}

// resolve reads a path on o for the actor (recordsapi.ResolvePath): nil when it does not resolve for them.
func (h *Handler) resolve(cat *records.Catalog, actor *identity.Principal, o *records.Object, path string) *recordsapi.FieldPath {
	return recordsapi.ResolvePath(h.Engine, cat, actor, o, path)
}
