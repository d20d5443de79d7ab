package recordsapi

import (
	"strings"

	"storefront/internal/records"
)

// The REST API's record (sObject REST and query results): {"attributes": {"type", "url"}, fields in order}.

// RecordURL is a record's sObject REST URL under the version segment ("v61.0") the caller used.
func RecordURL(version, object, id string) string {
	return "/services/data/" + version + "/sobjects/" + object + "/" + id
}

// Attributes is a record's attributes: its object and URL.
func Attributes(version, object, id string) *Object {
	a := &Object{}
	a.Set("type", object)
	a.Set("url", RecordURL(version, object, id))
	return a
}

// RESTRecord is rec with the given fields in their order, and always its Id (last when not among them).
func RESTRecord(version string, rec *records.Record, fields []*records.Field) *Object {
	out := &Object{}
	out.Set("attributes", Attributes(version, rec.Object.APIName, rec.ID))
	withID := false
	for _, f := range fields {
		if !f.HasColumn() {
			out.Set(f.APIName, address(rec, f))
			continue
		}
		out.Set(f.APIName, records.RESTValue(f, rec.Values[f.APIName]))
		withID = withID || f.APIName == "Id"
	}
	if !withID {
		out.Set("Id", rec.ID)
	}
	return out
}

// AddressKeys are the keys of a compound address object, in the order Salesforce sends them; the geocode keys
// have no component here and are always null.
var AddressKeys = []string{"city", "country", "geocodeAccuracy", "latitude", "longitude", "postalCode", "state", "street"}

// AddressComponents maps the keys of a compound address field (BillingAddress) to its component fields
// (BillingCity is "city"), keeping those readable accepts (every one when nil).
func AddressComponents(o *records.Object, compound *records.Field, readable func(*records.Field) bool) map[string]*records.Field {
	prefix := strings.TrimSuffix(compound.APIName, "Address")
	out := map[string]*records.Field{}
	for i := range o.Fields {
		comp := &o.Fields[i]
		if comp.CompoundFieldName != compound.APIName || !comp.HasColumn() || (readable != nil && !readable(comp)) {
			continue
		}
		suffix := strings.TrimPrefix(comp.APIName, prefix)
		out[strings.ToLower(suffix[:1])+suffix[1:]] = comp
	}
	return out
}

// AddressObject is a compound address from the value of each key (nil for a key without one), or nil when no key
// has a value.
func AddressObject(value func(key string) any) any {
	out := &Object{}
	empty := true
	for _, k := range AddressKeys {
		v := value(k)
		empty = empty && v == nil
		out.Set(k, v)
	}
	if empty {
		return nil
	}
	return out
}

// address is a compound address field of rec.
func address(rec *records.Record, f *records.Field) any {
	parts := AddressComponents(rec.Object, f, nil)
	return AddressObject(func(key string) any {
		if comp := parts[key]; comp != nil {
			return rec.Values[comp.APIName]
		}
		return nil
	})
}
