package metadata

import (
	"net/http"

	"storefront/internal/apiversion"
	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/recordsapi"
)

// DirectoryEntry is ObjectInfoDirectoryEntryRepresentation: the six keys of api.raml and spec/data-layer.md
// section 3 (rights and theme are in the object's own info, at objectInfoUrl).
type DirectoryEntry struct {
	APIName       string   `json:"apiName"`
	KeyPrefix     *string  `json:"keyPrefix"`
	Label         string   `json:"label"`
	LabelPlural   string   `json:"labelPlural"`
	NameFields    []string `json:"nameFields"`
	ObjectInfoURL string   `json:"objectInfoUrl"`
}

// GetObjectInfoDirectory answers GET /ui-api/object-info with the objects the actor may read.
func (h *Handler) GetObjectInfoDirectory(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return err
	}
	objects := map[string]DirectoryEntry{}
	for _, o := range cat.Objects() {
		if !h.Engine.CanRead(actor, o) {
			continue
		}
		objects[o.APIName] = DirectoryEntry{APIName: o.APIName, KeyPrefix: strPtr(o.KeyPrefix), Label: o.Label,
			LabelPlural: o.LabelPlural, NameFields: nameFields(o),
			ObjectInfoURL: apiversion.Path(r.Context(), uiBase+"/object-info/"+o.APIName)}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"objects": objects})
	return nil
}

// GetObjectInfoBatch answers GET /ui-api/object-info/batch/{objectApiNames}: one result per name, in order, 404
// for an object that is unknown or the actor may not read.
func (h *Handler) GetObjectInfoBatch(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	names := recordsapi.SplitList(r.PathValue("objectApiNames"))
	if len(names) == 0 {
		return invalidInput("Specify at least one object API name.")
	}
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return err
	}
	results := make([]recordsapi.BatchItem, 0, len(names))
	for _, name := range names {
		var item recordsapi.BatchItem
		if o := cat.Object(name); o == nil || !h.Engine.CanRead(actor, o) {
			item, err = recordsapi.ItemOf(nil, recordsapi.NotFound())
		} else {
			item, err = recordsapi.ItemOf(h.ObjectInfo(cat, actor, o), nil)
		}
		if err != nil {
			return err
		}
		results = append(results, item)
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"results": results})
	return nil
}
