package lists

import (
	"net/http"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// listPreferences is the list preferences representation: one user's column widths and wrap and order for a list.
type listPreferences struct {
	ColumnWidths  map[string]int  `json:"columnWidths"`
	ColumnWrap    map[string]bool `json:"columnWrap"`
	ListReference listReference   `json:"listReference"`
	OrderedBy     []orderInfo     `json:"orderedBy"`
}

func (h *Handler) writePreferences(w http.ResponseWriter, r *http.Request, actor *identity.Principal, cat *records.Catalog, o *records.Object, v *View, p *Preferences) {
	out := &listPreferences{ColumnWidths: p.ColumnWidths, ColumnWrap: p.ColumnWrap, ListReference: reference(v), OrderedBy: []orderInfo{}}
	for _, ob := range p.OrderBy {
		if fp := h.resolve(cat, actor, o, ob.Field); fp != nil {
			l := columnLabel(fp)
			out.OrderedBy = append(out.OrderedBy, orderInfo{FieldAPIName: fp.Path, IsAscending: ob.Ascending, Label: &l})
		}
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}

// GetListPreferences answers GET /list-preferences/{objectApiName}/{listViewApiName}: the caller's own.
func (h *Handler) GetListPreferences(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, o, v, err := h.viewByName(r.Context(), actor, r.PathValue("objectApiName"), r.PathValue("listViewApiName"))
	if err != nil {
		return err
	}
	p, err := loadPreferences(r.Context(), h.Engine.DB, actor.UserID, o.APIName, v.APIName)
	if err != nil {
		return err
	}
	h.writePreferences(w, r, actor, cat, o, v, p)
	return nil
}

// UpdateListPreferences answers PATCH /list-preferences/{objectApiName}/{listViewApiName}: columnWidths (whole
// numbers), columnWrap (booleans) and orderedBy (string fieldApiName, boolean isAscending) each replace the
// caller's setting when given.
func (h *Handler) UpdateListPreferences(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, o, v, err := h.viewByName(r.Context(), actor, r.PathValue("objectApiName"), r.PathValue("listViewApiName"))
	if err != nil {
		return err
	}
	body, err := decodeObject(w, r, opPreferences)
	if err != nil {
		return err
	}
	p, err := loadPreferences(r.Context(), h.Engine.DB, actor.UserID, o.APIName, v.APIName)
	if err != nil {
		return err
	}
	bad := func(format string, args ...any) error { return invalidConfig(opPreferences, format, args...) }
	for k, val := range body {
		m, isObject := val.(map[string]any)
		switch k {
		case "columnWidths":
			if !isObject {
				return bad("columnWidths must be an object of whole numbers")
			}
			widths := map[string]int{}
			for col, x := range m {
				n, ok := wholeNumber(x)
				if !ok || n < -1 {
					return bad("columnWidths.%s must be a whole number", col)
				}
				widths[col] = n
			}
			p.ColumnWidths = widths
		case "columnWrap":
			if !isObject {
				return bad("columnWrap must be an object of booleans")
			}
			wrap := map[string]bool{}
			for col, x := range m {
				b, ok := x.(bool)
				if !ok {
					return bad("columnWrap.%s must be a boolean", col)
				}
				wrap[col] = b
			}
			p.ColumnWrap = wrap
		case "orderedBy":
			list, ok := val.([]any)
			if !ok {
				return bad("orderedBy must be a list")
			}
			order := []OrderItem{}
			for i, x := range list {
				item, _ := x.(map[string]any)
				field, ok1 := item["fieldApiName"].(string)
				asc, ok2 := item["isAscending"].(bool)
				if !ok1 || !ok2 {
					return bad("orderedBy[%d] needs a string fieldApiName and a boolean isAscending", i)
				}
				if h.resolve(cat, actor, o, field) == nil {
					return bad("orderedBy[%d]: no such field %s on %s", i, field, o.APIName)
				}
				order = append(order, OrderItem{Field: field, Ascending: asc})
			}
			p.OrderBy = order
		default:
			return bad("unrecognized property %s", k)
		}
	}
	if err := savePreferences(r.Context(), h.Engine.DB, actor.UserID, o.APIName, v.APIName, p); err != nil {
		return err
	}
	h.writePreferences(w, r, actor, cat, o, v, p)
	return nil
}
