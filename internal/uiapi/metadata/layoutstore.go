package metadata

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// An administrator edits a layout with PATCH /ui-api/layout/{objectApiName} (the sections, in the shape GET
// answers) and goes back to the generated one with DELETE. Layouts are metadata, not records: they have no owner
// or sharing, are checked as a whole against the object's fields, and what they say about each field (label,
// editable, required) is worked out from the metadata and the reader's rights on every read, so only the
// arrangement is stored (table sf_layout, migration 00023). One stored layout serves every mode, as a Salesforce
// page layout does.

func (h *Handler) storedPlan(ctx context.Context, o *records.Object, key layoutKey) ([]sectionPlan, error) {
	var text string
	err := h.Engine.DB.QueryRow(ctx, `SELECT sections FROM sf_layout WHERE object_api_name = ? AND layout_type = ?
		AND record_type_id = ?`, o.APIName, key.layoutType, key.recordTypeID).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var plan []sectionPlan
	return plan, json.Unmarshal([]byte(text), &plan)
}

// layoutInput is the body of PATCH /ui-api/layout/{objectApiName}: the sections as GET answers them (only the
// arrangement is read: headings, columns, flags, and each item's components).
type layoutInput struct {
	Sections []struct {
		Heading     *string `json:"heading"`
		Columns     int     `json:"columns"`
		Collapsible bool    `json:"collapsible"`
		UseHeading  bool    `json:"useHeading"`
		LayoutRows  []struct {
			LayoutItems []struct {
				LayoutComponents []struct {
					APIName       *string `json:"apiName"`
					ComponentType string  `json:"componentType"`
				} `json:"layoutComponents"`
			} `json:"layoutItems"`
		} `json:"layoutRows"`
	} `json:"sections"`
}

// maxColumns is the most columns a section has (Salesforce's custom-link sections have three).
const maxColumns = 3

// plan checks the input against o and turns it into what is stored: fields by their API names as o spells them.
func (in *layoutInput) plan(o *records.Object) ([]sectionPlan, error) {
	if len(in.Sections) == 0 {
		return nil, invalidInput("A layout needs at least one section.")
	}
	var plan []sectionPlan
	for si, s := range in.Sections {
		if s.Columns < 1 || s.Columns > maxColumns {
			return nil, invalidInput("Section %d: columns must be from 1 to %d.", si+1, maxColumns)
		}
		sp := sectionPlan{Columns: s.Columns, Collapsible: s.Collapsible, UseHeading: s.UseHeading, Rows: [][]string{}}
		if s.Heading != nil {
			sp.Heading = *s.Heading
		}
		for ri, row := range s.LayoutRows {
			if len(row.LayoutItems) == 0 || len(row.LayoutItems) > s.Columns {
				return nil, invalidInput("Section %d, row %d: a row has from 1 to %d items.", si+1, ri+1, s.Columns)
			}
			var cells []string
			for _, item := range row.LayoutItems {
				var names []string
				for _, c := range item.LayoutComponents {
					name, err := componentName(o, c.ComponentType, c.APIName)
					if err != nil {
						return nil, err
					}
					if name != "" {
						names = append(names, name)
					}
				}
				cells = append(cells, strings.Join(names, ","))
			}
			sp.Rows = append(sp.Rows, cells)
		}
		plan = append(plan, sp)
	}
	return plan, nil
}

// componentName is the field a component shows ("" for an empty space); other component types are not served.
func componentName(o *records.Object, componentType string, apiName *string) (string, error) {
	switch componentType {
	case componentEmpty:
		return "", nil
	case componentField:
		if apiName == nil {
			return "", invalidInput("A Field component needs an apiName.")
		}
		f := o.Field(*apiName)
		if f == nil || f.Hidden {
			return "", httpx.BadRequest("INVALID_FIELD", "No such field %s on %s.", *apiName, o.APIName)
		}
		if f.Type == records.TypeAddress { // an address is shown as its components
			return addressCell(o, f), nil
		}
		return f.APIName, nil
	}
	return "", invalidInput("Invalid componentType: %s. Specify Field or EmptySpace.", componentType)
}

// layoutTarget is the object and layout of an administrator's call; others may not change layouts (403).
func (h *Handler) layoutTarget(r *http.Request, actor *identity.Principal) (*records.Object, layoutKey, error) {
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return nil, layoutKey{}, err
	}
	o, err := h.object(r, cat, actor)
	if err != nil {
		return nil, layoutKey{}, err
	}
	if !h.Engine.CanCustomize(actor) {
		return nil, layoutKey{}, httpx.Forbidden("You do not have the permission to customize layouts.")
	}
	key, err := layoutParams(r, o)
	return o, key, err
}

// UpdateLayout answers PATCH /ui-api/layout/{objectApiName}: the administrator's layout replaces the generated one
// for its type and record type; the answer is the layout as GET now gives it.
func (h *Handler) UpdateLayout(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	o, key, err := h.layoutTarget(r, actor)
	if err != nil {
		return err
	}
	var in layoutInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	plan, err := in.plan(o)
	if err != nil {
		return err
	}
	text, _ := json.Marshal(plan)
	_, err = h.Engine.DB.Exec(r.Context(), `INSERT INTO sf_layout (object_api_name, layout_type, record_type_id, sections,
		updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (object_api_name, layout_type, record_type_id)
		DO UPDATE SET sections = excluded.sections, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
		o.APIName, key.layoutType, key.recordTypeID, string(text), actor.UserID, time.Now().UnixMilli())
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, h.render(actor, o, key, plan))
	return nil
}

// DeleteLayout answers DELETE /ui-api/layout/{objectApiName}: the generated layout serves again (204).
func (h *Handler) DeleteLayout(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	o, key, err := h.layoutTarget(r, actor)
	if err != nil {
		return err
	}
	if _, err := h.Engine.DB.Exec(r.Context(), `DELETE FROM sf_layout WHERE object_api_name = ? AND layout_type = ?
		AND record_type_id = ?`, o.APIName, key.layoutType, key.recordTypeID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
