package actions

import (
	"context"
	"net/http"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// resolved is a quick action the caller may use, with its target object.
type resolved struct {
	*QuickAction
	target *records.Object
}

// quickAction finds the {actionApiName} quick action; one the caller may not use does not exist for them (404).
func (h *Handler) quickAction(ctx context.Context, actor *identity.Principal, apiName string) (*resolved, *records.Catalog, error) {
	cat, err := h.Engine.Catalog(ctx)
	if err != nil {
		return nil, nil, err
	}
	q := findQuickAction(apiName)
	if q == nil || !q.usable(h.Engine, actor, cat) {
		return nil, nil, httpx.NotFound("The quick action %s does not exist or is not available to you", apiName)
	}
	return &resolved{QuickAction: q, target: cat.Object(q.Target)}, cat, nil
}

// fieldAllowed reports whether the caller may set the target field through this action: create or update access
// to it, by the action's type.
func (q *resolved) fieldAllowed(e *records.Engine, actor *identity.Principal, f *records.Field) bool {
	if q.Type == "Update" {
		return e.FieldUpdateable(actor, q.target, f)
	}
	return e.FieldCreateable(actor, q.target, f)
}

// layoutFields are the action's fields the caller may set, in layout order.
func (q *resolved) layoutFields(e *records.Engine, actor *identity.Principal) []*records.Field {
	var out []*records.Field
	for _, name := range q.Fields {
		if f := q.target.Field(name); f != nil && q.fieldAllowed(e, actor, f) {
			out = append(out, f)
		}
	}
	return out
}

// contextRecord reads the record an action runs on (parentRecordId, contextId): a record of the action's source
// object. Global actions take none; an update action needs one when required is set.
func (h *Handler) contextRecord(ctx context.Context, actor *identity.Principal, q *resolved, id, param string, required bool) (*records.Record, error) {
	if id == "" || q.Source == "Global" {
		if required && q.Type == "Update" {
			return nil, httpx.BadRequest("INVALID_INPUT", "%s is required for the %s quick action.", param, q.APIName)
		}
		return nil, nil
	}
	rec, err := h.Engine.Get(ctx, actor, id)
	if err != nil {
		return nil, err
	}
	if !strings.EqualFold(rec.Object.APIName, q.Source) {
		return nil, httpx.BadRequest("INVALID_INPUT", "%s must be the id of a %s record.", param, q.Source)
	}
	return rec, nil
}

// quickActionInfo is the quick action info of spec/data-layer.md section 3.
type quickActionInfo struct {
	ActionAPIName                      string      `json:"actionApiName"`
	AccessLevelRequired                *string     `json:"accessLevelRequired"`
	Colors                             []color     `json:"colors"`
	ETag                               string      `json:"eTag"`
	FlowDevName                        *string     `json:"flowDevName"`
	FlowRecordIDVar                    *string     `json:"flowRecordIdVar"`
	IconName                           string      `json:"iconName"`
	Icons                              []icon      `json:"icons"`
	Label                              string      `json:"label"`
	LightningComponentQualifiedName    *string     `json:"lightningComponentQualifiedName"`
	LightningWebComponentQualifiedName *string     `json:"lightningWebComponentQualifiedName"`
	Parameters                         []parameter `json:"parameters"`
	TargetParentField                  *string     `json:"targetParentField"`
	TargetRecordTypeID                 string      `json:"targetRecordTypeId"`
	TargetSobjectType                  string      `json:"targetSobjectType"`
	Type                               string      `json:"type"`
	VisualforcePageName                *string     `json:"visualforcePageName"`
}

type color struct {
	Color   string `json:"color"`
	Context string `json:"context"`
	Theme   string `json:"theme"`
}

type icon struct {
	ContentType string `json:"contentType"`
	Height      int    `json:"height"`
	Theme       string `json:"theme"`
	URL         string `json:"url"`
	Width       int    `json:"width"`
}

// parameter is one field the action asks for.
type parameter struct {
	APIName  string `json:"apiName"`
	Label    string `json:"label"`
	Required bool   `json:"required"`
}

// GetQuickActionInfo answers GET /actions/quick-action-info/{actionApiName}?parentRecordId=.
func (h *Handler) GetQuickActionInfo(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	q, _, err := h.quickAction(r.Context(), actor, r.PathValue("actionApiName"))
	if err != nil {
		return err
	}
	if _, err := h.contextRecord(r.Context(), actor, q, r.URL.Query().Get("parentRecordId"), "parentRecordId", false); err != nil {
		return err
	}
	info := quickActionInfo{ActionAPIName: q.APIName, Label: q.Label, Type: q.Type, TargetSobjectType: q.Target,
		TargetRecordTypeID: records.DefaultRecordTypeID, TargetParentField: strPtr(q.ParentField()),
		IconName: "action:" + q.Icon, Colors: []color{{Color: q.Color, Context: "primary", Theme: "theme4"}},
		Icons:      []icon{{ContentType: "image/png", Height: 120, Width: 120, Theme: "theme4", URL: "/img/icon/t4v35/action/" + q.Icon + "_120.png"}},
		Parameters: []parameter{}}
	for _, f := range q.layoutFields(h.Engine, actor) {
		info.Parameters = append(info.Parameters, parameter{APIName: f.APIName, Label: f.Label, Required: f.Required})
	}
	info.ETag = hashOf(info)
	httpx.WriteJSON(w, http.StatusOK, info)
	return nil
}

// GetQuickActionDefaults answers GET /actions/record-defaults/{actionApiName}?parentRecordId=&optionalFields=:
// QuickActionDefaultsRepresentation, the starting value of each field the caller may set.
func (h *Handler) GetQuickActionDefaults(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	q, _, err := h.quickAction(r.Context(), actor, r.PathValue("actionApiName"))
	if err != nil {
		return err
	}
	query := r.URL.Query()
	parent, err := h.contextRecord(r.Context(), actor, q, query.Get("parentRecordId"), "parentRecordId", false)
	if err != nil {
		return err
	}
	wanted := q.layoutFields(h.Engine, actor)
	for _, path := range recordsapi.SplitList(query["optionalFields"]...) {
		object, name, ok := strings.Cut(path, ".")
		if f := q.target.Field(name); ok && strings.EqualFold(object, q.Target) && f != nil && f.HasColumn() &&
			h.Engine.FieldReadable(actor, q.target, f) {
			wanted = append(wanted, f)
		}
	}
	rep := struct {
		ActionAPIName string                           `json:"actionApiName"`
		ETag          string                           `json:"eTag"`
		Fields        map[string]recordsapi.FieldValue `json:"fields"`
		ObjectAPIName string                           `json:"objectApiName"`
	}{ActionAPIName: q.APIName, Fields: map[string]recordsapi.FieldValue{}, ObjectAPIName: q.Target}
	for _, f := range wanted {
		rep.Fields[f.APIName] = h.startingValue(actor, q, parent, f)
	}
	rep.ETag = hashOf(rep.Fields)
	httpx.WriteJSON(w, http.StatusOK, rep)
	return nil
}

// startingValue is a field's value when the action opens: copied from the context record, else the action's
// literal default, else (an update) the record's current value.
func (h *Handler) startingValue(actor *identity.Principal, q *resolved, ctxRec *records.Record, f *records.Field) recordsapi.FieldValue {
	if from, ok := q.FromContext[f.APIName]; ok && ctxRec != nil {
		if src := ctxRec.Object.Field(from); src != nil && h.Engine.FieldReadable(actor, ctxRec.Object, src) {
			return recordsapi.FieldValue{Value: records.WireValue(src, ctxRec.Values[src.APIName])}
		}
	}
	if def, ok := q.Defaults[f.APIName]; ok {
		return recordsapi.FieldValue{Value: def}
	}
	if q.Type == "Update" && ctxRec != nil {
		return recordsapi.FieldValueOf(ctxRec, f)
	}
	return recordsapi.FieldValue{}
}

// GetActionOverrides answers GET /actions/overrides/{objectApiName}?defaultTemplateOnly=&type=: the storefront
// overrides no standard action, so the answer for a known object is no override (url null).
func (h *Handler) GetActionOverrides(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return err
	}
	if o := cat.Object(r.PathValue("objectApiName")); o == nil || !h.Engine.CanRead(actor, o) {
		return recordsapi.NotFound()
	}
	if v := r.URL.Query().Get("defaultTemplateOnly"); v != "" && v != "true" && v != "false" {
		return httpx.BadRequest("INVALID_INPUT", "defaultTemplateOnly must be true or false.")
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"url": nil})
	return nil
}

// GetFormulaActivation answers GET /actions/formula-activation/{actionFeature}?application=&objectApiNames=: no
// action of the storefront is shown by a formula, so every named object readable to the caller is false.
func (h *Handler) GetFormulaActivation(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return err
	}
	activations := map[string]bool{}
	for _, name := range recordsapi.SplitList(r.URL.Query()["objectApiNames"]...) {
		o := cat.Object(name)
		if o == nil || !h.Engine.CanRead(actor, o) {
			return recordsapi.NotFound()
		}
		activations[o.APIName] = false
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"activations": activations})
	return nil
}
