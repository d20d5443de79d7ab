package metadata

import (
	"net/http"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// PathLayout is the path of an object (GET /ui-api/path/layout/{objectApiName}): the status or stage picklist a
// record moves along, and its steps for the record type in order, each with its attributes (closed, won,
// converted...). The v64.0 wire's representation is not in contracts/uiapi; its keys follow the layout's.
type PathLayout struct {
	ETag          string          `json:"eTag"`
	FieldAPIName  string          `json:"fieldApiName"`
	FieldLabel    string          `json:"fieldLabel"`
	ID            string          `json:"id"`
	Mode          string          `json:"mode"`
	ObjectAPIName string          `json:"objectApiName"`
	RecordTypeID  string          `json:"recordTypeId"`
	Steps         []PicklistValue `json:"steps"`
}

// pathFields are the picklists a path follows, by preference: an opportunity's stage, then a status.
var pathFields = []string{"StageName", "Status"}

// pathField is o's path picklist the actor may read, or nil when o has none.
func (h *Handler) pathField(actor *identity.Principal, o *records.Object) *records.Field {
	for _, name := range pathFields {
		if f := o.Field(name); f != nil && f.Type == records.TypePicklist && h.Engine.FieldReadable(actor, o, f) {
			return f
		}
	}
	return nil
}

// GetPathLayout answers GET /ui-api/path/layout/{objectApiName} (recordTypeId, mode, formFactor as for layouts;
// layoutOverride accepted). An object without a path is NOT_FOUND.
func (h *Handler) GetPathLayout(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return err
	}
	o, err := h.object(r, cat, actor)
	if err != nil {
		return err
	}
	key, err := layoutParams(r, o)
	if err != nil {
		return err
	}
	f := h.pathField(actor, o)
	if f == nil {
		return recordsapi.NotFound()
	}
	rt, _ := recordType(o, key.recordTypeID)
	values := h.picklistValues(r, actor, o, rt, f)
	out := PathLayout{FieldAPIName: f.APIName, FieldLabel: f.Label, ID: stableID("0Ph", o.APIName+"/"+rt.ID),
		Mode: key.mode, ObjectAPIName: o.APIName, RecordTypeID: rt.ID, Steps: values.Values}
	out.ETag = eTag(out)
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}
