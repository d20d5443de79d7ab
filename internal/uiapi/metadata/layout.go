package metadata

import (
	"crypto/md5"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/records"
)

// RecordLayout is RecordLayoutRepresentation, key for key.
type RecordLayout struct {
	ETag          string    `json:"eTag"`
	ID            *string   `json:"id"`
	LayoutType    string    `json:"layoutType"`
	Mode          string    `json:"mode"`
	ObjectAPIName string    `json:"objectApiName"`
	RecordTypeID  string    `json:"recordTypeId"`
	SaveOptions   []any     `json:"saveOptions"`
	Sections      []Section `json:"sections"`
}

// Section is RecordLayoutSectionRepresentation.
type Section struct {
	Collapsible bool    `json:"collapsible"`
	Columns     int     `json:"columns"`
	Heading     *string `json:"heading"`
	ID          *string `json:"id"`
	LayoutRows  []Row   `json:"layoutRows"`
	Rows        int     `json:"rows"`
	UseHeading  bool    `json:"useHeading"`
}

// Row is RecordLayoutRowRepresentation: its items from left to right.
type Row struct {
	LayoutItems []Item `json:"layoutItems"`
}

// Item is RecordLayoutItemRepresentation: one cell, made of one field or more (an address, Created By and date).
type Item struct {
	EditableForNew    bool        `json:"editableForNew"`
	EditableForUpdate bool        `json:"editableForUpdate"`
	Label             string      `json:"label"`
	LayoutComponents  []Component `json:"layoutComponents"`
	LookupIDAPIName   *string     `json:"lookupIdApiName"`
	Required          bool        `json:"required"`
	Sortable          bool        `json:"sortable"`
}

// Component is a layout component: a Field with its label, or an EmptySpace (no label key on the wire).
type Component struct {
	APIName       *string `json:"apiName"`
	ComponentType string  `json:"componentType"`
	Label         string  `json:"label,omitempty"`
}

// Component types the layouts serve.
const (
	componentField = "Field"
	componentEmpty = "EmptySpace"
)

// Layout types and modes served; form factors accepted (the layout is the same on each).
var (
	layoutTypes = []string{"Full", "Compact"}
	modes       = []string{"View", "Edit", "Create"}
	formFactors = []string{"Large", "Medium", "Small"}
)

// sectionPlan is a layout before the actor's rights are applied: what an administrator stores, and what the
// generator proposes. Each item is the API names of its fields ("" is an empty space).
type sectionPlan struct {
	Heading     string     `json:"heading"`
	Columns     int        `json:"columns"`
	Collapsible bool       `json:"collapsible"`
	UseHeading  bool       `json:"useHeading"`
	Rows        [][]string `json:"rows"` // each cell: its fields joined by ","
}

// generatedPlan is the layout the metadata proposes. Full: the object's fields in an information section, its
// addresses, its long texts, and (except on create) who created and last modified the record. Compact: the name
// and the highlights (status or stage, owner, the main contact and money fields).
func generatedPlan(o *records.Object, layoutType, mode string) []sectionPlan {
	if layoutType == "Compact" {
		return []sectionPlan{{Columns: 2, Rows: pairs(compactFields(o))}}
	}
	var info, addresses, long []string
	for _, f := range o.Fields {
		switch {
		case f.Hidden || systemField(f.APIName) || f.CompoundFieldName != "" || f.APIName == "RecordTypeId":
		case f.Type == records.TypeAddress:
			addresses = append(addresses, addressCell(o, &f))
		case f.Type == records.TypeLongTextArea || f.APIName == "Description":
			long = append(long, f.APIName)
		default:
			info = append(info, f.APIName)
		}
	}
	plan := []sectionPlan{{Heading: o.Label + " Information", Columns: 2, Rows: pairs(info)}}
	if len(addresses) > 0 {
		plan = append(plan, sectionPlan{Heading: "Address Information", Columns: 2, UseHeading: true, Rows: pairs(addresses)})
	}
	if mode != "Create" {
		plan = append(plan, sectionPlan{Heading: "System Information", Columns: 2, Collapsible: true, UseHeading: true,
			Rows: [][]string{{"CreatedById,CreatedDate", "LastModifiedById,LastModifiedDate"}}})
	}
	if len(long) > 0 {
		rows := make([][]string, len(long))
		for i, name := range long {
			rows[i] = []string{name}
		}
		plan = append(plan, sectionPlan{Heading: "Description Information", Columns: 1, UseHeading: true, Rows: rows})
	}
	return plan
}

// compactFields are the name and the highlights a compact layout shows, in this order when the object has them.
func compactFields(o *records.Object) []string {
	names := []string{o.NameFieldName()}
	for _, name := range []string{"StageName", "Status", "Priority", "Amount", "CloseDate", "AccountId", "Email",
		"Phone", "OwnerId"} {
		if f := o.Field(name); f != nil && !f.Hidden && len(names) < 6 {
			names = append(names, f.APIName)
		}
	}
	return names
}

// addressCell is one item of an address's components (street, city, state, postal code, country), as
// Salesforce's layouts show a compound address.
func addressCell(o *records.Object, compound *records.Field) string {
	var parts []string
	for _, f := range o.Fields {
		if f.CompoundFieldName == compound.APIName && !f.Hidden {
			parts = append(parts, f.APIName)
		}
	}
	return strings.Join(parts, ",")
}

// pairs lays cells out two to a row, left to right.
func pairs(cells []string) [][]string {
	var rows [][]string
	for i := 0; i < len(cells); i += 2 {
		rows = append(rows, cells[i:min(i+2, len(cells))])
	}
	return rows
}

func systemField(name string) bool {
	switch name {
	case "Id", "CreatedDate", "CreatedById", "LastModifiedDate", "LastModifiedById", "SystemModstamp", "IsDeleted":
		return true
	}
	return false
}

// render turns a plan into the layout the actor sees: each field's label, whether the actor may set it on create
// and on update (field-level security), whether it is required, and the field a lookup's link opens. A field the
// actor may not read, or the object no longer has, leaves its cell as an empty space; a section left with nothing
// but empty spaces is dropped.
func (h *Handler) render(actor *identity.Principal, o *records.Object, key layoutKey, plan []sectionPlan) *RecordLayout {
	id := stableID("00h", o.APIName+"/"+key.layoutType+"/"+key.recordTypeID)
	out := &RecordLayout{ID: &id, LayoutType: key.layoutType, Mode: key.mode, ObjectAPIName: o.APIName,
		RecordTypeID: key.recordTypeID, SaveOptions: []any{}, Sections: []Section{}}
	for i, sp := range plan {
		sectionID := stableID("01B", id+"/"+itoa(i)+"/"+sp.Heading)
		s := Section{Collapsible: sp.Collapsible, Columns: sp.Columns, Heading: strPtr(sp.Heading), ID: &sectionID,
			LayoutRows: []Row{}, UseHeading: sp.UseHeading}
		shown := false
		for _, cells := range sp.Rows {
			row := Row{LayoutItems: []Item{}}
			for _, cell := range cells {
				item := h.item(actor, o, cell)
				shown = shown || item.LayoutComponents[0].ComponentType == componentField
				row.LayoutItems = append(row.LayoutItems, item)
			}
			s.LayoutRows = append(s.LayoutRows, row)
		}
		if shown {
			s.Rows = len(s.LayoutRows)
			out.Sections = append(out.Sections, s)
		}
	}
	out.ETag = eTag(out)
	return out
}

// item is one cell of fields ("BillingStreet,BillingCity"), its flags those of its first field.
func (h *Handler) item(actor *identity.Principal, o *records.Object, cell string) Item {
	item := Item{LayoutComponents: []Component{}}
	for _, name := range strings.Split(cell, ",") {
		f := o.Field(name)
		if f == nil || !h.Engine.FieldReadable(actor, o, f) {
			continue
		}
		if len(item.LayoutComponents) == 0 {
			item.Label = itemLabel(o, f)
			item.EditableForNew = h.Engine.FieldCreateable(actor, o, f)
			item.EditableForUpdate = h.Engine.FieldUpdateable(actor, o, f)
			item.Required = f.Required && (item.EditableForNew || item.EditableForUpdate)
			switch {
			case f.Type == records.TypeReference:
				item.LookupIDAPIName = strPtr(f.APIName)
			case f.NameField:
				item.LookupIDAPIName = strPtr("Id")
			}
		}
		api := f.APIName
		item.LayoutComponents = append(item.LayoutComponents, Component{APIName: &api, ComponentType: componentField, Label: f.Label})
	}
	if len(item.LayoutComponents) == 0 {
		item.LayoutComponents = []Component{{ComponentType: componentEmpty}}
	}
	return item
}

// itemLabel is the label a layout gives a field's cell: a lookup is named for what it points at ("Account Name",
// "Parent Account", "Created By"), the owner for the object ("Case Owner"), an address for its compound field.
func itemLabel(o *records.Object, f *records.Field) string {
	switch {
	case f.APIName == "OwnerId":
		return o.Label + " Owner"
	case f.CompoundFieldName != "":
		if c := o.Field(f.CompoundFieldName); c != nil {
			return c.Label
		}
	case f.Type == records.TypeReference:
		label := strings.TrimSuffix(f.Label, " ID")
		if len(f.ReferenceTo) == 1 && label == f.ReferenceTo[0] {
			return label + " Name"
		}
		return label
	case f.NameField && f.Label == "Name":
		return o.Label + " Name"
	}
	return f.Label
}

// stableID is an id of the given key prefix that is the same for the same key on every server and every start:
// generated layouts and sections have no row of their own to take an id from.
func stableID(prefix, key string) string {
	sum := md5.Sum([]byte(key))
	const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	id := []byte(prefix + "000")
	for _, b := range sum[:15-len(id)] {
		id = append(id, base62[int(b)%62])
	}
	return records.To18(string(id))
}

// FormLayout is a layout of one two-column section holding the given fields of o, as the actor sees them: the form
// of a quick action, laid out and secured by the same rules as the object's own layouts.
func (h *Handler) FormLayout(actor *identity.Principal, o *records.Object, heading, mode string, fields []*records.Field) *RecordLayout {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.APIName
	}
	key := layoutKey{layoutType: "Full", mode: mode, recordTypeID: records.DefaultRecordTypeID}
	return h.render(actor, o, key, []sectionPlan{{Heading: heading, Columns: 2, Rows: pairs(names)}})
}
