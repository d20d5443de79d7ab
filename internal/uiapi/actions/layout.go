package actions

import (
	"net/http"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/uiapi/metadata"
)

// The quick action layout: QuickActionLayoutRepresentation {actionApiName, eTag, layout}, its layout one section
// of the action's fields the caller may set, built by the layouts' own rules (metadata.FormLayout).

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
	layout := (&metadata.Handler{Engine: h.Engine}).FormLayout(actor, q.target, q.Label, mode, q.layoutFields(h.Engine, actor))
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"actionApiName": q.APIName, "eTag": layout.ETag, "layout": layout})
	return nil
}
