package uiapi

import (
	"net/http"

	"storefront/internal/identity"
	"storefront/internal/records"
	"storefront/internal/uiapi/metadata"
)

// Object info lives in package uiapi/metadata. These forwarders keep package uiapi's own tests (which are moving
// to the scenario harness) compiling; the app routes to uiapi/metadata directly.

func (h *Handler) metadata() *metadata.Handler { return &metadata.Handler{Engine: h.Engine} }

func (h *Handler) GetObjectInfo(w http.ResponseWriter, r *http.Request, a *identity.Principal) error {
	return h.metadata().GetObjectInfo(w, r, a)
}

func (h *Handler) GetObjectInfoDirectory(w http.ResponseWriter, r *http.Request, a *identity.Principal) error {
	return h.metadata().GetObjectInfoDirectory(w, r, a)
}

// ObjectInfoOf is the object-info representation of o for the actor, for other groups that embed object infos
// (record defaults and templates).
func (h *Handler) ObjectInfoOf(cat *records.Catalog, actor *identity.Principal, o *records.Object) any {
	return h.metadata().ObjectInfoOf(cat, actor, o)
}
