package recordsapi

import (
	"storefront/internal/identity"
	"storefront/internal/records"
)

// What object-info (UI API), describe (sObject REST) and a query's column metadata say alike about objects and
// fields. Each API keeps its own wire structs; the rules for what a field is and what a caller sees live here.

// typeNames are the names each API gives a field type: the UI API's dataType and the Apex type of a query's
// columns (describe's type is records.DescribeType, which the Connect API shares).
var typeNames = map[records.FieldType]struct{ ui, apex string }{
	records.TypeID: {"String", "Id"}, records.TypeText: {"String", "String"},
	records.TypeTextArea: {"TextArea", "String"}, records.TypeLongTextArea: {"TextArea", "String"},
	records.TypeEmail: {"Email", "String"}, records.TypePhone: {"Phone", "String"}, records.TypeURL: {"Url", "String"},
	records.TypeBoolean: {"Boolean", "Boolean"}, records.TypeInt: {"Int", "Integer"},
	records.TypeDouble: {"Double", "Decimal"}, records.TypeCurrency: {"Currency", "Decimal"},
	records.TypePercent: {"Percent", "Decimal"}, records.TypeDate: {"Date", "Date"},
	records.TypeDateTime: {"DateTime", "Datetime"}, records.TypePicklist: {"Picklist", "String"},
	records.TypeMultiPicklist: {"MultiPicklist", "String"}, records.TypeReference: {"Reference", "Id"},
	records.TypeAddress: {"Address", "Address"},
}

// DataType is the UI API's dataType of a field type (the metadata's own name for one it has none for).
func DataType(t records.FieldType) string {
	if n, ok := typeNames[t]; ok {
		return n.ui
	}
	return string(t)
}

// ApexType is the Apex type of a field type; ok is false for one it has none for.
func ApexType(t records.FieldType) (string, bool) {
	n, ok := typeNames[t]
	return n.apex, ok
}

// HasLength reports whether the field's length counts characters; the APIs give other types length 0.
func HasLength(t records.FieldType) bool {
	switch t {
	case records.TypeID, records.TypeText, records.TypeTextArea, records.TypeLongTextArea, records.TypeEmail,
		records.TypePhone, records.TypeURL, records.TypePicklist, records.TypeMultiPicklist, records.TypeReference:
		return true
	}
	return false
}

// Sortable reports whether a query may order by the field: not long text, multi-select picklists or compounds.
func Sortable(f *records.Field) bool {
	return f.HasColumn() && f.Type != records.TypeLongTextArea && f.Type != records.TypeMultiPicklist
}

// Filterable reports whether a query may filter on the field: anything but long text.
func Filterable(f *records.Field) bool { return f.Type != records.TypeLongTextArea }

// IsSystemField reports the fields the engine stamps on every record.
func IsSystemField(name string) bool {
	switch name {
	case "Id", "CreatedDate", "CreatedById", "LastModifiedDate", "LastModifiedById", "SystemModstamp":
		return true
	}
	return false
}

// NeverEmpty reports a field that can never be empty (Salesforce's not-nillable; the UI API's required): system
// fields, the owner of an owned object, required fields, checkboxes and auto-numbers.
func NeverEmpty(o *records.Object, f *records.Field) bool {
	if IsSystemField(f.APIName) || (f.APIName == "OwnerId" && o.Owned) {
		return true
	}
	return f.Required || f.Type == records.TypeBoolean || f.AutoNumber
}

// ReadableFields lists the fields of o the actor may read, in the object's order, compound addresses included.
func ReadableFields(e *records.Engine, actor *identity.Principal, o *records.Object) []*records.Field {
	var out []*records.Field
	for i := range o.Fields {
		if f := &o.Fields[i]; e.FieldReadable(actor, o, f) {
			out = append(out, f)
		}
	}
	return out
}

// Child is a relationship of another object's reference field to an object, with that object and field.
type Child struct {
	records.ChildRelationship
	Object *records.Object
	Field  *records.Field
}

// VisibleChildren lists the child relationships of o the actor sees: relationships from objects or fields the
// caller may not read do not exist for them.
func VisibleChildren(cat *records.Catalog, e *records.Engine, actor *identity.Principal, o *records.Object) []Child {
	var out []Child
	for _, ch := range cat.Children(o.APIName) {
		child := cat.Object(ch.ChildObject)
		if child == nil {
			continue
		}
		f := child.Field(ch.FieldName)
		if f == nil || !e.CanRead(actor, child) || !e.FieldReadable(actor, child, f) {
			continue
		}
		out = append(out, Child{ChildRelationship: ch, Object: child, Field: f})
	}
	return out
}

// masterRecordType is the one record type of an object that declares none.
var masterRecordType = records.RecordType{ID: records.DefaultRecordTypeID, DeveloperName: "Master", Name: "Master", Default: true}

// RecordTypes lists o's record types; an object without any has the master one.
func RecordTypes(o *records.Object) []records.RecordType {
	if len(o.RecordTypes) == 0 {
		return []records.RecordType{masterRecordType}
	}
	return o.RecordTypes
}

// IsMaster reports the master record type.
func IsMaster(rt records.RecordType) bool { return rt.ID == records.DefaultRecordTypeID }
