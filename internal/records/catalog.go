package records

// StandardObjects is the catalogue of objects every store has. Each domain keeps its objects in a file of its own
// (catalog_core.go, catalog_commerce.go, catalog_crm.go, catalog_permissions.go, catalog_files.go); the engine adds the system fields.
func StandardObjects() []Object {
	var all []Object
	all = append(all, coreObjects()...)
	all = append(all, commerceObjects()...)
	all = append(all, crmObjects()...)
	all = append(all, permissionObjects()...)
	all = append(all, fileObjects()...)
	return all
}

// Builders that keep object definitions readable; exported so that domain packages (the cart's objects) define
// theirs the same way.

func NameField(label string, length int) Field {
	return Field{APIName: "Name", Label: label, Type: TypeText, Length: length, Required: true, NameField: true}
}

func Text(api, label string, length int) Field {
	return Field{APIName: api, Label: label, Type: TypeText, Length: length}
}

func TextArea(api, label string) Field {
	return Field{APIName: api, Label: label, Type: TypeTextArea, Length: 255}
}

func LongText(api, label string) Field {
	return Field{APIName: api, Label: label, Type: TypeLongTextArea, Length: 32768}
}

func Bool(api, label string, def bool) Field {
	f := Field{APIName: api, Label: label, Type: TypeBoolean}
	if def {
		f.Default = "true"
	}
	return f
}

func Int(api, label string) Field {
	return Field{APIName: api, Label: label, Type: TypeInt, Precision: 9}
}

func Currency(api, label string) Field {
	return Field{APIName: api, Label: label, Type: TypeCurrency, Precision: 18, Scale: 2}
}

func Decimal(api, label string, precision, scale int) Field {
	return Field{APIName: api, Label: label, Type: TypeDouble, Precision: precision, Scale: scale}
}

func DateTime(api, label string) Field {
	return Field{APIName: api, Label: label, Type: TypeDateTime}
}

func Date(api, label string) Field {
	return Field{APIName: api, Label: label, Type: TypeDate}
}

// ref is a lookup to one object; the relationship name is the field name without its Id suffix.
func Ref(api, label, target string) Field {
	rel := api
	if len(rel) > 2 && rel[len(rel)-2:] == "Id" {
		rel = rel[:len(rel)-2]
	}
	return Field{APIName: api, Label: label, Type: TypeReference, Length: 18, ReferenceTo: []string{target}, RelationshipName: rel}
}

func Picklist(api, label string, values ...string) Field {
	f := Field{APIName: api, Label: label, Type: TypePicklist, Length: 255}
	for _, v := range values {
		f.Picklist = append(f.Picklist, PicklistValue{Value: v, Label: v})
	}
	return f
}

func Required(f Field) Field { f.Required = true; return f }

// Detail makes a reference master-detail: set on create only, and its record is deleted with the parent.
func Detail(f Field) Field { f.CascadeDelete, f.CreateOnly = true, true; return f }

// Cascade deletes the referring record with its target without making the reference master-detail (a junction's
// row, a product's price book entries).
func Cascade(f Field) Field { f.CascadeDelete = true; return f }

// Restrict refuses to delete the target while the reference points at it (an order's account and products).
func Restrict(f Field) Field { f.RestrictDelete = true; return f }

func Unique(f Field) Field { f.Unique = true; return f }

func ReadOnly(f Field) Field { f.ReadOnly = true; return f }

func Hidden(f Field) Field { f.Hidden = true; return f }

func WithDefault(f Field, def string) Field { f.Default = def; return f }

// address returns the components of a compound address field (e.g. "Billing") and the compound field itself.
func Address(prefix, label string) []Field {
	comp := prefix + "Address"
	parts := []Field{
		TextArea(prefix+"Street", label+" Street"),
		Text(prefix+"City", label+" City", 40),
		Text(prefix+"State", label+" State/Province", 80),
		Text(prefix+"PostalCode", label+" Zip/Postal Code", 20),
		Text(prefix+"Country", label+" Country", 80),
	}
	for i := range parts {
		parts[i].CompoundFieldName = comp
	}
	return append(parts, Field{APIName: comp, Label: label + " Address", Type: TypeAddress, ReadOnly: true})
}

// std builds a standard object with the usual rights.
func StandardObject(api, label, plural, prefix string, owned bool, fields ...Field) Object {
	return Object{APIName: api, Label: label, LabelPlural: plural, KeyPrefix: prefix, Owned: owned,
		Createable: true, Updateable: true, Deletable: true, Queryable: true, Searchable: true, Fields: fields}
}

func Concat(groups ...[]Field) []Field {
	var out []Field
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}
