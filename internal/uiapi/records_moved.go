package uiapi

import (
	"net/http"

	"storefront/internal/identity"
	uirecords "storefront/internal/uiapi/records"
)

// The records calls live in package uiapi/records. These forwarders keep package uiapi's own tests (which are
// moving to the scenario harness) compiling; the app routes to uiapi/records directly.

func (h *Handler) recordsHandler() *uirecords.Handler {
	return &uirecords.Handler{Engine: h.Engine, ObjectInfo: h.ObjectInfoOf}
}

func (h *Handler) GetRecord(w http.ResponseWriter, r *http.Request, a *identity.Principal) error {
	return h.recordsHandler().GetRecord(w, r, a)
}

func (h *Handler) CreateRecord(w http.ResponseWriter, r *http.Request, a *identity.Principal) error {
	return h.recordsHandler().CreateRecord(w, r, a)
}

func (h *Handler) UpdateRecord(w http.ResponseWriter, r *http.Request, a *identity.Principal) error {
	return h.recordsHandler().UpdateRecord(w, r, a)
}

func (h *Handler) DeleteRecord(w http.ResponseWriter, r *http.Request, a *identity.Principal) error {
	return h.recordsHandler().DeleteRecord(w, r, a)
}
