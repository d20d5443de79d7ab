package records

import "strings"

// FieldType is the type of a field as the metadata names it. On the wire (object info dataType) some types are
// spelt differently: see DataType.
type FieldType string

const (
	TypeID            FieldType = "Id"
	TypeText          FieldType = "Text"
	TypeTextArea      FieldType = "TextArea"
	TypeLongTextArea  FieldType = "LongTextArea"
	TypeEmail         FieldType = "Email"
	TypePhone         FieldType = "Phone"
	TypeURL           FieldType = "Url"
	TypeBoolean       FieldType = "Boolean"
	TypeInt           FieldType = "Int"
	TypeDouble        FieldType = "Double"
	TypeCurrency      FieldType = "Currency"
	TypePercent       FieldType = "Percent"
	TypeDate          FieldType = "Date"
	TypeDateTime      FieldType = "DateTime"
	TypePicklist      FieldType = "Picklist"
	TypeMultiPicklist FieldType = "MultiPicklist"
	TypeReference     FieldType = "Reference"
	TypeAddress       FieldType = "Address" // compound: no column of its own, made of its component fields
)

// Object describes one kind of record. Its table is named by TableName and has one column per non-compound field.
type Object struct {
	APIName     string       `json:"apiName"`
	Label       string       `json:"label"`
	LabelPlural string       `json:"labelPlural"`
	KeyPrefix   string       `json:"keyPrefix"`
	Custom      bool         `json:"custom"`
	Createable  bool         `json:"createable"`
	Updateable  bool         `json:"updateable"`
	Deletable   bool         `json:"deletable"`
	Queryable   bool         `json:"queryable"`
	Searchable  bool         `json:"searchable"`
	ThemeColor  string       `json:"themeColor,omitempty"`
	Fields      []Field      `json:"fields"`
	RecordTypes []RecordType `json:"recordTypes,omitempty"`
	// Owned objects get an OwnerId field referencing User.
	Owned bool `json:"owned,omitempty"`
	// UniqueTogether lists groups of fields whose values must be unique together (a junction's two ends, a price
	// book entry's book and product).
	UniqueTogether [][]string `json:"uniqueTogether,omitempty"`
	// Indexes lists groups of fields indexed together, in order, for the reads that filter on the first and sort on
	// the rest (a cart's lines by line number).
	Indexes [][]string `json:"indexes,omitempty"`
}

// Field describes one field of an object.
type Field struct {
	APIName   string    `json:"apiName"`
	Label     string    `json:"label"`
	Type      FieldType `json:"type"`
	Length    int       `json:"length,omitempty"`    // text types: maximum characters
	Precision int       `json:"precision,omitempty"` // numbers: total digits
	Scale     int       `json:"scale,omitempty"`     // numbers: digits after the point
	Required  bool      `json:"required,omitempty"`
	Unique    bool      `json:"unique,omitempty"`
	Default   string    `json:"default,omitempty"` // default value as text ("true", "0", a picklist value)
	NameField bool      `json:"nameField,omitempty"`
	Custom    bool      `json:"custom,omitempty"`
	// ReadOnly fields can be neither created nor updated through the API (system fields, formula-like fields).
	ReadOnly bool `json:"readOnly,omitempty"`
	// CreateOnly fields can be set on create but not updated afterwards (e.g. a master-detail parent).
	CreateOnly bool `json:"createOnly,omitempty"`
	// Hidden fields are never readable through the records API (secrets, internal state).
	Hidden      bool     `json:"hidden,omitempty"`
	ReferenceTo []string `json:"referenceTo,omitempty"`
	// CascadeDelete and RestrictDelete are a reference's delete rule (see DeleteRule): deleting the referenced
	// record deletes this one with it (a cart's lines go with the cart), or is refused while this one points at it
	// (an order's account). A required reference restricts unless it cascades; other references are cleared.
	CascadeDelete    bool            `json:"cascadeDelete,omitempty"`
	RestrictDelete   bool            `json:"restrictDelete,omitempty"`
	RelationshipName string          `json:"relationshipName,omitempty"`
	Picklist         []PicklistValue `json:"picklist,omitempty"`
	ControllerName   string          `json:"controllerName,omitempty"` // dependent picklists
	// CompoundFieldName names the compound field (e.g. BillingAddress) this one is a component of.
	CompoundFieldName string `json:"compoundFieldName,omitempty"`
	// AutoNumber fields are filled by the engine on create with the next number of the object, zero-padded to
	// Length digits, starting at AutoNumberStart (CaseNumber "00001001"). They are read-only and unique.
	AutoNumber      bool  `json:"autoNumber,omitempty"`
	AutoNumberStart int64 `json:"autoNumberStart,omitempty"`
}

// PicklistValue is one value of a picklist field.
type PicklistValue struct {
	Value   string `json:"value"`
	Label   string `json:"label"`
	Default bool   `json:"default,omitempty"`
	// ValidFor lists the controlling field's values this value is valid for (dependent picklists).
	ValidFor []string `json:"validFor,omitempty"`
	// RecordTypes restricts the value to some record types (by developer name); empty means all.
	RecordTypes []string `json:"recordTypes,omitempty"`
	// Attributes carries the per-value extras some picklists have (CaseStatus closed, OpportunityStage won...).
	Attributes map[string]any `json:"attributes,omitempty"`
}

// RecordType is a variant of an object.
type RecordType struct {
	ID            string `json:"id"`
	DeveloperName string `json:"developerName"`
	Name          string `json:"name"`
	Default       bool   `json:"default,omitempty"`
}

// DeleteRule is what deleting a record does to the records whose reference field points at it, as Salesforce's
// lookup and master-detail fields declare it.
type DeleteRule string

const (
	// DeleteClear empties the reference (an optional lookup: "clear the value of this field").
	DeleteClear DeleteRule = "clear"
	// DeleteCascade deletes the referring record too (master-detail, and the junctions that only link two records).
	DeleteCascade DeleteRule = "cascade"
	// DeleteRestrict refuses the delete while any record refers to it ("don't allow deletion"), as Salesforce does
	// for every required lookup.
	DeleteRestrict DeleteRule = "restrict"
)

// DeleteRule is the field's rule: CascadeDelete, then RestrictDelete or Required (a required reference can be
// neither cleared nor left pointing at nothing), else clear.
func (f *Field) DeleteRule() DeleteRule {
	switch {
	case f.CascadeDelete:
		return DeleteCascade
	case f.RestrictDelete || f.Required:
		return DeleteRestrict
	}
	return DeleteClear
}

// TableName is the object's table: the API name in lower case, always quoted in SQL.
func (o *Object) TableName() string { return strings.ToLower(o.APIName) }

// Column is the field's column: the API name in lower case.
func (f *Field) Column() string { return strings.ToLower(f.APIName) }

// HasColumn reports whether the field is stored in a column of its own (compound fields are not).
func (f *Field) HasColumn() bool { return f.Type != TypeAddress }

// Field returns the field with the given API name (case-insensitive, as the API is), or nil.
func (o *Object) Field(name string) *Field {
	for i := range o.Fields { // the engine's own lookups name fields as they are spelled: the cheap comparison first
		if o.Fields[i].APIName == name {
			return &o.Fields[i]
		}
	}
	for i := range o.Fields {
		if strings.EqualFold(o.Fields[i].APIName, name) {
			return &o.Fields[i]
		}
	}
	return nil
}

// NameFieldName is the API name of the object's name field ("Name" for most objects).
func (o *Object) NameFieldName() string {
	for _, f := range o.Fields {
		if f.NameField {
			return f.APIName
		}
	}
	return ""
}

// describeTypes are the type and SOAP type Salesforce gives each field type (in describe, and in the Connect API's
// record fields as type and dataType).
var describeTypes = map[FieldType][2]string{
	TypeID: {"id", "tns:ID"}, TypeText: {"string", "xsd:string"},
	TypeTextArea: {"textarea", "xsd:string"}, TypeLongTextArea: {"textarea", "xsd:string"},
	TypeEmail: {"email", "xsd:string"}, TypePhone: {"phone", "xsd:string"},
	TypeURL: {"url", "xsd:string"}, TypeBoolean: {"boolean", "xsd:boolean"},
	TypeInt: {"int", "xsd:int"}, TypeDouble: {"double", "xsd:double"},
	TypeCurrency: {"currency", "xsd:double"}, TypePercent: {"percent", "xsd:double"},
	TypeDate: {"date", "xsd:date"}, TypeDateTime: {"datetime", "xsd:dateTime"},
	TypePicklist: {"picklist", "xsd:string"}, TypeMultiPicklist: {"multipicklist", "xsd:string"},
	TypeReference: {"reference", "tns:ID"}, TypeAddress: {"address", "urn:address"},
}

// DescribeType is the type and SOAP type Salesforce gives a field type ("currency", "xsd:double");
// anyType for one it has no name for.
func DescribeType(t FieldType) (typ, soap string) {
	if v, ok := describeTypes[t]; ok {
		return v[0], v[1]
	}
	return "anyType", "xsd:anyType"
}
