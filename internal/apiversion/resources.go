package apiversion

import (
	"net/http"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// ListHandler is GET /services/data: the versions served. Like Salesforce's, it needs no session.
func ListHandler() http.Handler {
	list := List()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		httpx.WriteJSON(w, http.StatusOK, list)
	})
}

// resources are the resource names a version lists, each at /services/data/vXX.X/{name}, in the order Salesforce
// lists the ones Storefront serves or will serve.
var resources = []string{"limits", "parameterizedSearch", "sobjects", "search", "query", "queryAll", "recent",
	"composite", "commerce", "connect", "chatter", "ui-api"}

// ResourcesHandler is GET /services/data/vXX.X: the resources of the requested version, for a signed-in caller (an
// unsigned one gets 401 INVALID_SESSION_ID, as from Salesforce). identityURL, when not nil, gives the caller's
// identity URL, listed as "identity".
func ResourcesHandler(identityURL func(r *http.Request) (string, error)) http.Handler {
	return httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		if !records.Signed(identity.FromContext(r.Context())) {
			return httpx.Unauthorized()
		}
		base := Prefix + "v" + FromContext(r.Context()) + "/"
		out := make(map[string]string, len(resources)+1)
		for _, name := range resources {
			out[name] = base + name
		}
		if identityURL != nil {
			id, err := identityURL(r)
			if err != nil {
				return err
			}
			out["identity"] = id
		}
		w.Header().Set("Cache-Control", "no-store")
		httpx.WriteJSON(w, http.StatusOK, out)
		return nil
	})
}
