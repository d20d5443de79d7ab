package actions

import (
	"net/http"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// The quick action layout: QuickActionLayoutRepresentation {actionApiName, eTag, layout}, its layout a
// RecordLayoutRepresentation of one two-column section holding the action's fields the caller may set.

type layoutComponent struct {
	APIName       string `json:"apiName"`
	ComponentType string `json:"componentType"`
	Label         string `json:"label"`
}

type layoutItem struct {
	EditableForNew    bool              `json:"editableForNew"`
	EditableForUpdate bool              `json:"editableForUpdate"`
	Label             string            `json:"label"`
	LayoutComponents  []layoutComponent `json:"layoutComponents"`
	LookupIDAPIName   *string           `json:"lookupIdApiName"`
	Required          bool              `json:"required"`
	Sortable          bool              `json:"sortable"`
}

type layoutRow struct {
	LayoutItems []layoutItem `json:"layoutItems"`
}

type layoutSection struct {
	Collapsible bool        `json:"collapsible"`
	Columns     int         `json:"columns"`
	Heading     string      `json:"heading"`
	ID          string      `json:"id"`
	LayoutRows  []layoutRow `json:"layoutRows"`
	Rows        int         `json:"rows"`
	UseHeading  bool        `json:"useHeading"`
}

type recordLayout struct {
	ETag          string          `json:"eTag"`
	ID            *string         `json:"id"`
	LayoutType    string          `json:"layoutType"`
	Mode          string          `json:"mode"`
	ObjectAPIName string          `json:"objectApiName"`
	RecordTypeID  string          `json:"recordTypeId"`
	SaveOptions   []any           `json:"saveOptions"`
	Sections      []layoutSection `json:"sections"`
}

const layoutColumns = 2

// GetQuickActionLayout answers GET /actions/layout/{actionApiName}?objectApiName=&recordTypeId=.
func (h *Handler) GetQuickActionLayout(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	q, _, err := h.quickAction(r.Context(), actor, r.PathValue("actionApiName"))
	if err != nil {
		return err
	}
	query := r.URL.Query()
	if o := query.Get("objectApiName"); o != "" && o != q.Source && o != q.Target {
		return httpx.BadRequest("INVALID_INPUT", "objectApiName %s is not the object of the %s quick action.", o, q.APIName)
	}
	if rt := query.Get("recordTypeId"); rt != "" {
		if id, ok := records.NormalizeID(rt); !ok || id != records.DefaultRecordTypeID {
			return httpx.BadRequest("INVALID_INPUT", "recordTypeId %s is not a record type of %s.", rt, q.Target)
		}
	}
	mode := "Create"
	if q.Type == "Update" {
		mode = "Edit"
	}
	section := layoutSection{Columns: layoutColumns, Heading: q.Label, LayoutRows: []layoutRow{},
		ID: records.To18("01B" + hashOf(q.APIName)[:12])}
	row := layoutRow{}
	for _, f := range q.layoutFields(h.Engine, actor) {
		item := layoutItem{EditableForNew: h.Engine.FieldCreateable(actor, q.target, f),
			EditableForUpdate: h.Engine.FieldUpdateable(actor, q.target, f), Label: f.Label,
			LayoutComponents: []layoutComponent{{APIName: f.APIName, ComponentType: "Field", Label: f.Label}},
			Required:         f.Required}
		if f.Type == records.TypeReference {
			item.LookupIDAPIName = &f.APIName
		}
		if row.LayoutItems = append(row.LayoutItems, item); len(row.LayoutItems) == layoutColumns {
			section.LayoutRows, row = append(section.LayoutRows, row), layoutRow{}
		}
	}
	if len(row.LayoutItems) > 0 {
		section.LayoutRows = append(section.LayoutRows, row)
	}
	section.Rows = len(section.LayoutRows)
	layout := recordLayout{LayoutType: "Full", Mode: mode, ObjectAPIName: q.Target, RecordTypeID: records.DefaultRecordTypeID,
		SaveOptions: []any{}, Sections: []layoutSection{section}}
	layout.ETag = hashOf(layout)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"actionApiName": q.APIName, "eTag": layout.ETag, "layout": layout})
	return nil
}
