package records

// StandardObjects is the catalogue of objects every store has. Each domain keeps its objects in a file of its own
// (catalog_core.go, catalog_commerce.go, catalog_crm.go); the engine adds the system fields.
func StandardObjects() []Object {
	var all []Object
	all = append(all, coreObjects()...)
	all = append(all, commerceObjects()...)
	all = append(all, crmObjects()...)
	return all
}

// Helpers that keep the catalogue readable.

func nameField(label string, length int) Field {
	return Field{APIName: "Name", Label: label, Type: TypeText, Length: length, Required: true, NameField: true}
}

func text(api, label string, length int) Field {
	return Field{APIName: api, Label: label, Type: TypeText, Length: length}
}

func textArea(api, label string) Field {
	return Field{APIName: api, Label: label, Type: TypeTextArea, Length: 255}
}

func longText(api, label string) Field {
	return Field{APIName: api, Label: label, Type: TypeLongTextArea, Length: 32768}
}

func boolean(api, label string, def bool) Field {
	f := Field{APIName: api, Label: label, Type: TypeBoolean}
	if def {
		f.Default = "true"
	}
	return f
}

func integer(api, label string) Field {
	return Field{APIName: api, Label: label, Type: TypeInt, Precision: 9}
}

func currency(api, label string) Field {
	return Field{APIName: api, Label: label, Type: TypeCurrency, Precision: 18, Scale: 2}
}

func decimal(api, label string, precision, scale int) Field {
	return Field{APIName: api, Label: label, Type: TypeDouble, Precision: precision, Scale: scale}
}

func dateTime(api, label string) Field {
	return Field{APIName: api, Label: label, Type: TypeDateTime}
}

func date(api, label string) Field {
	return Field{APIName: api, Label: label, Type: TypeDate}
}

// ref is a lookup to one object; the relationship name is the field name without its Id suffix.
func ref(api, label, target string) Field {
	rel := api
	if len(rel) > 2 && rel[len(rel)-2:] == "Id" {
		rel = rel[:len(rel)-2]
	}
	return Field{APIName: api, Label: label, Type: TypeReference, Length: 18, ReferenceTo: []string{target}, RelationshipName: rel}
}

func picklist(api, label string, values ...string) Field {
	f := Field{APIName: api, Label: label, Type: TypePicklist, Length: 255}
	for _, v := range values {
		f.Picklist = append(f.Picklist, PicklistValue{Value: v, Label: v})
	}
	return f
}

func required(f Field) Field { f.Required = true; return f }

func unique(f Field) Field { f.Unique = true; return f }

func readOnly(f Field) Field { f.ReadOnly = true; return f }

func hidden(f Field) Field { f.Hidden = true; return f }

func withDefault(f Field, def string) Field { f.Default = def; return f }

// address returns the components of a compound address field (e.g. "Billing") and the compound field itself.
func address(prefix, label string) []Field {
	comp := prefix + "Address"
	parts := []Field{
		textArea(prefix+"Street", label+" Street"),
		text(prefix+"City", label+" City", 40),
		text(prefix+"State", label+" State/Province", 80),
		text(prefix+"PostalCode", label+" Zip/Postal Code", 20),
		text(prefix+"Country", label+" Country", 80),
	}
	for i := range parts {
		parts[i].CompoundFieldName = comp
	}
	return append(parts, Field{APIName: comp, Label: label + " Address", Type: TypeAddress, ReadOnly: true})
}

// std builds a standard object with the usual rights.
func std(api, label, plural, prefix string, owned bool, fields ...Field) Object {
	return Object{APIName: api, Label: label, LabelPlural: plural, KeyPrefix: prefix, Owned: owned,
		Createable: true, Updateable: true, Deletable: true, Queryable: true, Searchable: true, Fields: fields}
}

func concat(groups ...[]Field) []Field {
	var out []Field
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}
