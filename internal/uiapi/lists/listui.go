package lists

import (
	"net/http"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// listUI is ListUiRepresentation: the view's info and a page of its records.
type listUI struct {
	ETag    string                           `json:"eTag"`
	Info    *listInfo                        `json:"info"`
	Records *recordsapi.ListRecordCollection `json:"records"`
}

func (h *Handler) base(r *http.Request) string {
	return "/services/data/" + recordsapi.Version(r) + "/ui-api/"
}

// writeRecords answers a page of the view's records (ListRecordCollectionRepresentation); path is the call's own
// URL path for the page URLs.
func (h *Handler) writeRecords(w http.ResponseWriter, r *http.Request, actor *identity.Principal, cat *records.Catalog, o *records.Object, v *View, p *params, path string) error {
	page, err := h.page(r.Context(), cat, actor, o, v, p, path)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, page)
	return nil
}

// writeListUI answers the view's info with a page of its records.
func (h *Handler) writeListUI(w http.ResponseWriter, r *http.Request, actor *identity.Principal, cat *records.Catalog, o *records.Object, v *View, p *params, recordsPath string) error {
	info, err := h.info(r.Context(), cat, actor, o, v)
	if err != nil {
		return err
	}
	page, err := h.page(r.Context(), cat, actor, o, v, p, recordsPath)
	if err != nil {
		return err
	}
	etag := info.ETag
	for _, rec := range page.Records {
		etag += rec.ETag
	}
	httpx.WriteJSON(w, http.StatusOK, &listUI{ETag: hashOf(etag), Info: info, Records: page})
	return nil
}

// GetListRecords answers GET /list-records/{objectApiName}/{listViewApiName}.
func (h *Handler) GetListRecords(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	return h.listRecordsByName(w, r, actor, queryParams)
}

// PostListRecords answers POST /list-records/{objectApiName}/{listViewApiName} (the parameters in the body, with
// searchTerm and where).
func (h *Handler) PostListRecords(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	return h.listRecordsByName(w, r, actor, func(r *http.Request) (*params, error) { return bodyParams(w, r) })
}

func (h *Handler) listRecordsByName(w http.ResponseWriter, r *http.Request, actor *identity.Principal, read func(*http.Request) (*params, error)) error {
	cat, o, v, err := h.viewByName(r.Context(), actor, r.PathValue("objectApiName"), r.PathValue("listViewApiName"))
	if err != nil {
		return err
	}
	p, err := read(r)
	if err != nil {
		return err
	}
	return h.writeRecords(w, r, actor, cat, o, v, p, h.base(r)+"list-records/"+o.APIName+"/"+v.APIName)
}

// GetListRecordsByID answers GET /list-records/{listViewId}.
func (h *Handler) GetListRecordsByID(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	id := r.PathValue("listViewId")
	cat, o, v, err := h.viewByID(r.Context(), actor, id)
	if err != nil {
		return err
	}
	p, err := queryParams(r)
	if err != nil {
		return err
	}
	return h.writeRecords(w, r, actor, cat, o, v, p, h.base(r)+"list-records/"+id)
}

// GetListUI answers GET /list-ui/{objectApiName}/{listViewApiName}.
func (h *Handler) GetListUI(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, o, v, err := h.viewByName(r.Context(), actor, r.PathValue("objectApiName"), r.PathValue("listViewApiName"))
	if err != nil {
		return err
	}
	p, err := queryParams(r)
	if err != nil {
		return err
	}
	return h.writeListUI(w, r, actor, cat, o, v, p, h.base(r)+"list-records/"+o.APIName+"/"+v.APIName)
}

// listUIByID answers GET /list-ui/{listViewId}.
func (h *Handler) listUIByID(w http.ResponseWriter, r *http.Request, actor *identity.Principal, id string) error {
	cat, o, v, err := h.viewByID(r.Context(), actor, id)
	if err != nil {
		return err
	}
	p, err := queryParams(r)
	if err != nil {
		return err
	}
	return h.writeListUI(w, r, actor, cat, o, v, p, h.base(r)+"list-records/"+id)
}

// recent is the object's recent list (mru) when the actor reads the object.
func (h *Handler) recent(r *http.Request, actor *identity.Principal) (*records.Catalog, *records.Object, *View, *params, error) {
	cat, o, v, err := h.viewByName(r.Context(), actor, r.PathValue("objectApiName"), RecentName)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	p, err := queryParams(r)
	return cat, o, v, p, err
}

// GetMRUListUI answers GET /mru-list-ui/{objectApiName}: the recent list's info and records.
func (h *Handler) GetMRUListUI(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, o, v, p, err := h.recent(r, actor)
	if err != nil {
		return err
	}
	return h.writeListUI(w, r, actor, cat, o, v, p, h.base(r)+"mru-list-records/"+o.APIName)
}

// GetMRURecords answers GET /mru-list-records/{objectApiName}; its listInfoETag tells a client whether the info it
// holds is current.
func (h *Handler) GetMRURecords(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, o, v, p, err := h.recent(r, actor)
	if err != nil {
		return err
	}
	return h.writeRecords(w, r, actor, cat, o, v, p, h.base(r)+"mru-list-records/"+o.APIName)
}

// GetMRUInfo answers GET /mru-list-info/{objectApiName}.
func (h *Handler) GetMRUInfo(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, o, v, _, err := h.recent(r, actor)
	if err != nil {
		return err
	}
	return h.writeInfo(w, r, cat, actor, o, v, http.StatusOK)
}
