package sobjects

import (
	"storefront/internal/identity"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// FieldDescribe is one field of DescribeSObjectResult.
type FieldDescribe struct {
	Aggregatable          bool            `json:"aggregatable"`
	AutoNumber            bool            `json:"autoNumber"`
	ByteLength            int             `json:"byteLength"`
	Calculated            bool            `json:"calculated"`
	CascadeDelete         bool            `json:"cascadeDelete"`
	CaseSensitive         bool            `json:"caseSensitive"`
	CompoundFieldName     *string         `json:"compoundFieldName"`
	ControllerName        *string         `json:"controllerName"`
	Createable            bool            `json:"createable"`
	Custom                bool            `json:"custom"`
	DefaultValue          any             `json:"defaultValue"`
	DefaultedOnCreate     bool            `json:"defaultedOnCreate"`
	DependentPicklist     bool            `json:"dependentPicklist"`
	ExternalID            bool            `json:"externalId"`
	Filterable            bool            `json:"filterable"`
	Groupable             bool            `json:"groupable"`
	HTMLFormatted         bool            `json:"htmlFormatted"`
	IDLookup              bool            `json:"idLookup"`
	Label                 string          `json:"label"`
	Length                int             `json:"length"`
	Name                  string          `json:"name"`
	NameField             bool            `json:"nameField"`
	Nillable              bool            `json:"nillable"`
	PicklistValues        []PicklistEntry `json:"picklistValues"`
	PolymorphicForeignKey bool            `json:"polymorphicForeignKey"`
	Precision             int             `json:"precision"`
	ReferenceTo           []string        `json:"referenceTo"`
	RelationshipName      *string         `json:"relationshipName"`
	RestrictedDelete      bool            `json:"restrictedDelete"`
	RestrictedPicklist    bool            `json:"restrictedPicklist"`
	Scale                 int             `json:"scale"`
	SoapType              string          `json:"soapType"`
	Sortable              bool            `json:"sortable"`
	Type                  string          `json:"type"`
	Unique                bool            `json:"unique"`
	Updateable            bool            `json:"updateable"`
}

// PicklistEntry is one value of a picklist field.
type PicklistEntry struct {
	Active       bool    `json:"active"`
	DefaultValue bool    `json:"defaultValue"`
	Label        string  `json:"label"`
	ValidFor     *string `json:"validFor"`
	Value        string  `json:"value"`
}

func (h *Handler) describeField(cat *records.Catalog, actor *identity.Principal, o *records.Object, f *records.Field) FieldDescribe {
	typ, soap := records.DescribeType(f.Type)
	system := recordsapi.IsSystemField(f.APIName)
	fd := FieldDescribe{Aggregatable: f.HasColumn() && f.Type != records.TypeLongTextArea, AutoNumber: f.AutoNumber,
		CascadeDelete: f.DeleteRule() == records.DeleteCascade, Createable: h.Engine.FieldCreateable(actor, o, f), Custom: f.Custom,
		DefaultedOnCreate: system || f.Default != "" || f.Type == records.TypeBoolean || f.AutoNumber,
		DependentPicklist: f.ControllerName != "", ExternalID: false, Filterable: recordsapi.Filterable(f),
		Groupable: f.HasColumn() && f.Type != records.TypeLongTextArea && f.Type != records.TypeDouble &&
			f.Type != records.TypeCurrency && f.Type != records.TypePercent && f.Type != records.TypeDateTime,
		IDLookup: f.APIName == "Id" || f.Unique || f.AutoNumber || (f.NameField && f.Type == records.TypeText),
		Label:    f.Label, Name: f.APIName, NameField: f.NameField, Nillable: !recordsapi.NeverEmpty(o, f),
		PicklistValues: []PicklistEntry{}, PolymorphicForeignKey: len(f.ReferenceTo) > 1, ReferenceTo: []string{},
		RestrictedDelete:   f.Type == records.TypeReference && f.DeleteRule() == records.DeleteRestrict,
		RestrictedPicklist: f.Type == records.TypePicklist || f.Type == records.TypeMultiPicklist,
		SoapType:           soap, Sortable: recordsapi.Sortable(f),
		Type: typ, Unique: f.Unique, Updateable: h.Engine.FieldUpdateable(actor, o, f)}
	if recordsapi.HasLength(f.Type) {
		fd.Length = f.Length
		if f.Type == records.TypeID || f.Type == records.TypeReference {
			fd.Length = 18
		}
		fd.ByteLength = 3 * fd.Length
	}
	if f.Type == records.TypeID {
		fd.Nillable, fd.Createable, fd.Updateable = false, false, false
	}
	switch f.Type {
	case records.TypeDouble, records.TypeCurrency, records.TypePercent:
		fd.Precision, fd.Scale = f.Precision, f.Scale
	case records.TypeInt:
		fd.Precision = 9
	case records.TypeBoolean:
		fd.DefaultValue = f.Default == "true"
	}
	if f.CompoundFieldName != "" {
		name := f.CompoundFieldName
		fd.CompoundFieldName = &name
	}
	if f.ControllerName != "" {
		name := f.ControllerName
		fd.ControllerName = &name
	}
	if f.Type == records.TypeReference {
		name := f.RelationshipName
		fd.RelationshipName = &name
		for _, t := range f.ReferenceTo {
			if target := cat.Object(t); target != nil {
				t = target.APIName
			}
			fd.ReferenceTo = append(fd.ReferenceTo, t)
		}
	}
	for _, p := range f.Picklist {
		fd.PicklistValues = append(fd.PicklistValues, PicklistEntry{Active: true, DefaultValue: p.Default || p.Value == f.Default,
			Label: p.Label, Value: p.Value})
	}
	return fd
}
