package catalog

import (
	"slices"
	"strings"

	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// The `fields` of a product or category answer are its record's fields as strings (null when empty), keyed by API
// name: {"Name": "Gel Pen", "PackSize": "12", "IsActive": "true"}, formatted by the one formatter of stored values
// (records.WireText). Without a `fields` parameter the answer has every field a buyer may read, the system fields
// a real record carries included (CreatedDate, CreatedById, LastModifiedDate, LastModifiedById, SystemModstamp,
// IsDeleted); with it, exactly the fields named (case-insensitive, optionally qualified as "Product2.Name"), and a
// name the object does not have is 400 INVALID_FIELD.

// maxFields bounds the fields parameter, as Salesforce's product calls do.
const maxFields = 200

// unlisted are left out of the default field list: the id is the answer's own "id", and owner and record type are
// not fields of a Salesforce product or category.
var unlisted = map[string]bool{"Id": true, "OwnerId": true, "RecordTypeId": true}

// isDeleted is the system field without a column: records are deleted for good here, so a record an answer carries
// is never in the recycle bin ("false").
const isDeleted = "IsDeleted"

// readable reports whether a field can appear in a catalog answer: stored in a column and not hidden.
func readable(f *records.Field) bool { return f.HasColumn() && !f.Hidden }

// selectFields resolves the fields parameter of an object into its fields, in the order asked (or the object's
// order by default). extra names virtual fields the caller computes itself (a category's NumberOfProducts): they
// are accepted and returned in virtual, in the order asked, as is IsDeleted (see virtualValues).
func selectFields(o *records.Object, names []string, extra ...string) (fields []*records.Field, virtual []string, err error) {
	extra = append(extra, isDeleted)
	if len(names) == 0 {
		for i := range o.Fields {
			f := &o.Fields[i]
			if readable(f) && !unlisted[f.APIName] {
				fields = append(fields, f)
			}
		}
		return fields, extra, nil
	}
	seen := map[string]bool{}
	var unknown []string
	for _, name := range names {
		bare := name
		if prefix, rest, ok := strings.Cut(name, "."); ok && strings.EqualFold(prefix, o.APIName) {
			bare = rest
		}
		if v := matchName(bare, extra); v != "" {
			if !seen[v] {
				seen[v] = true
				virtual = append(virtual, v)
			}
			continue
		}
		f := o.Field(bare)
		if f == nil || !readable(f) {
			unknown = append(unknown, name)
			continue
		}
		if !seen[f.APIName] {
			seen[f.APIName] = true
			fields = append(fields, f)
		}
	}
	if len(unknown) > 0 {
		return nil, nil, badFields(o.APIName, unknown)
	}
	return fields, virtual, nil
}

// BuyerFields are the fields of a catalog object a buyer may read: the default field list of the product and category
// answers, and what the other calls' `*` stands for (cart-items' productFields=*).
func BuyerFields(o *records.Object) []*records.Field {
	fields, _, _ := selectFields(o, nil)
	return fields
}

// virtualValues adds the values of the virtual fields asked that every record has (IsDeleted) to fields.
func virtualValues(fields map[string]*string, virtual []string) {
	if slices.Contains(virtual, isDeleted) {
		no := "false"
		fields[isDeleted] = &no
	}
}

func matchName(name string, candidates []string) string {
	for _, c := range candidates {
		if strings.EqualFold(c, name) {
			return c
		}
	}
	return ""
}

func badFields(object string, names []string) error {
	for i, n := range names {
		names[i] = httpx.Clip(n)
	}
	return httpx.BadRequest("INVALID_FIELD", "No such column '%s' on entity '%s'.", strings.Join(names, "', '"), object)
}

// columnList is the quoted columns of fields, prefixed by alias.
func columnList(alias string, fields []*records.Field) string {
	cols := make([]string, len(fields))
	for i, f := range fields {
		cols[i] = alias + "." + `"` + f.Column() + `"`
	}
	return strings.Join(cols, ", ")
}
