package metadata

import (
	"net/http"
	"slices"

	"storefront/internal/apiversion"
	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// PicklistValue is PicklistValueRepresentation. Attributes is the value's extras tagged by their value type
// (picklistAtrributesValueType, spelt as on the wire: CaseStatus, LeadStatus, OpportunityStage, WorkStepStatus),
// null for plain values.
type PicklistValue struct {
	Attributes map[string]any `json:"attributes"`
	Label      string         `json:"label"`
	ValidFor   []int          `json:"validFor"`
	Value      string         `json:"value"`
}

// PicklistValues is PicklistValuesRepresentation: one field's values for one record type.
type PicklistValues struct {
	ControllerValues map[string]int  `json:"controllerValues"`
	DefaultValue     *PicklistValue  `json:"defaultValue"`
	ETag             string          `json:"eTag"`
	URL              string          `json:"url"`
	Values           []PicklistValue `json:"values"`
}

// PicklistCollection is PicklistValuesCollectionRepresentation: every picklist field of an object the actor may
// read.
type PicklistCollection struct {
	ETag                string                    `json:"eTag"`
	PicklistFieldValues map[string]PicklistValues `json:"picklistFieldValues"`
}

// GetPicklistValuesByRecordType answers GET /ui-api/object-info/{objectApiName}/picklist-values/{recordTypeId}.
func (h *Handler) GetPicklistValuesByRecordType(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	o, rt, err := h.picklistScope(r, actor)
	if err != nil {
		return err
	}
	out := PicklistCollection{PicklistFieldValues: map[string]PicklistValues{}}
	for i := range o.Fields {
		f := &o.Fields[i]
		if isPicklist(f) && h.Engine.FieldReadable(actor, o, f) {
			out.PicklistFieldValues[f.APIName] = h.picklistValues(r, actor, o, rt, f)
		}
	}
	out.ETag = eTag(out)
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// GetPicklistValues answers GET /ui-api/object-info/{objectApiName}/picklist-values/{recordTypeId}/{fieldApiName};
// a field that is not a picklist, or that the actor may not read, is NOT_FOUND as an unknown one is.
func (h *Handler) GetPicklistValues(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	o, rt, err := h.picklistScope(r, actor)
	if err != nil {
		return err
	}
	f := o.Field(r.PathValue("fieldApiName"))
	if f == nil || !isPicklist(f) || !h.Engine.FieldReadable(actor, o, f) {
		return recordsapi.NotFound()
	}
	httpx.WriteJSON(w, http.StatusOK, h.picklistValues(r, actor, o, rt, f))
	return nil
}

// picklistScope is the object and record type a picklist call names.
func (h *Handler) picklistScope(r *http.Request, actor *identity.Principal) (*records.Object, records.RecordType, error) {
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return nil, records.RecordType{}, err
	}
	o, err := h.object(r, cat, actor)
	if err != nil {
		return nil, records.RecordType{}, err
	}
	rt, err := recordType(o, r.PathValue("recordTypeId"))
	return o, rt, err
}

func isPicklist(f *records.Field) bool {
	return f.Type == records.TypePicklist || f.Type == records.TypeMultiPicklist
}

// picklistValues is f's values available in the record type. A dependent picklist's controllerValues number the
// controlling field's values (a boolean controller is false 0, true 1), and each value's validFor lists the
// numbers of the controlling values it is valid for (all of them when its metadata names none, as the engine's
// validation reads it).
func (h *Handler) picklistValues(r *http.Request, actor *identity.Principal, o *records.Object, rt records.RecordType, f *records.Field) PicklistValues {
	out := PicklistValues{ControllerValues: map[string]int{}, Values: []PicklistValue{},
		URL: apiversion.Path(r.Context(), uiBase+"/object-info/"+o.APIName+"/picklist-values/"+rt.ID+"/"+f.APIName)}
	var controlling []string
	if c := o.Field(f.ControllerName); c != nil && h.Engine.FieldReadable(actor, o, c) {
		switch {
		case c.Type == records.TypeBoolean:
			controlling = []string{"false", "true"}
		case isPicklist(c):
			for _, v := range available(c, rt) {
				controlling = append(controlling, v.Value)
			}
		}
	}
	for i, v := range controlling {
		out.ControllerValues[v] = i
	}
	for _, v := range available(f, rt) {
		pv := PicklistValue{Attributes: v.Attributes, Label: v.Label, ValidFor: []int{}, Value: v.Value}
		for i, c := range controlling {
			if len(v.ValidFor) == 0 || slices.Contains(v.ValidFor, c) {
				pv.ValidFor = append(pv.ValidFor, i)
			}
		}
		if v.Default || v.Value == f.Default {
			def := pv
			out.DefaultValue = &def
		}
		out.Values = append(out.Values, pv)
	}
	out.ETag = eTag(out)
	return out
}

// available lists f's values in the record type: those restricted to no record type, or to this one; the master
// record type has them all.
func available(f *records.Field, rt records.RecordType) []records.PicklistValue {
	var out []records.PicklistValue
	for _, v := range f.Picklist {
		if len(v.RecordTypes) == 0 || recordsapi.IsMaster(rt) || slices.Contains(v.RecordTypes, rt.DeveloperName) {
			out = append(out, v)
		}
	}
	return out
}
