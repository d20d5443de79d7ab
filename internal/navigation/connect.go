package navigation

import (
	"net/http"
	"slices"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/connectapi"
	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// CacheControl lets a client keep a menu as long as its cache does (nav items live 2 minutes); menus depend on
// the caller's rights (drafts), so only privately.
const CacheControl = "private, max-age=120"

// Handlers serves the menus.
type Handlers struct{ DB *db.DB }

// Connect answers GET /connect/communities/{communityId}/navigation-menu/navigation-menu-items, the Connect resource
// of a community's menus. Query: navigationLinkSetDeveloperName or navigationLinkSetId (one is required),
// addHomeMenuItem, includeImageUrl, menuItemTypesToSkip (comma-separated), publishStatus (Live or Draft),
// effectiveAccountId.
func (h *Handlers) Connect() http.Handler {
	return httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		q := connectapi.NewQuery(r)
		req, err := connectRequest(q)
		if err != nil {
			return err
		}
		out, err := h.serve(r, r.PathValue("communityId"), q.Get("effectiveAccountId"), req)
		if err != nil {
			return err
		}
		w.Header().Set("Cache-Control", CacheControl)
		httpx.WriteJSON(w, http.StatusOK, out)
		return nil
	})
}

func connectRequest(q connectapi.Query) (Request, error) {
	req := Request{LinkSetName: q.Get("navigationLinkSetDeveloperName"), LinkSetID: q.Get("navigationLinkSetId")}
	if req.LinkSetName == "" && req.LinkSetID == "" {
		return req, connectapi.BadInput("Enter a value for navigationLinkSetId or navigationLinkSetDeveloperName.")
	}
	var err error
	if req.AddHome, err = q.Bool("addHomeMenuItem", false); err != nil {
		return req, err
	}
	if req.IncludeImageURLs, err = q.Bool("includeImageUrl", false); err != nil {
		return req, err
	}
	req.SkipTypes = map[string]bool{}
	for _, t := range q.List("menuItemTypesToSkip") {
		if !slices.Contains(ItemTypes, t) {
			return req, connectapi.BadInput("The value %q of menuItemTypesToSkip isn't valid. Enter one of: %v.", t, ItemTypes)
		}
		req.SkipTypes[t] = true
	}
	switch q.Get("publishStatus") {
	case "", "Live":
	case "Draft":
		req.Draft = true
	default:
		return req, connectapi.BadInput("The value %q of publishStatus isn't valid. Enter Live or Draft.", q.Get("publishStatus"))
	}
	return req, nil
}

// serve checks who may see the community's menus and loads one. Drafts are for staff only; others get the live
// menu.
func (h *Handlers) serve(r *http.Request, communityID, effectiveAccountID string, req Request) (*Collection, error) {
	ctx := r.Context()
	store, err := connectapi.StoreByCommunity(ctx, h.DB, communityID)
	if err != nil {
		return nil, err
	}
	p := identity.FromContext(ctx)
	if err := storecontext.RequireBrowsing(store, p); err != nil {
		return nil, err
	}
	if _, err := storecontext.EffectiveAccount(ctx, h.DB, p, effectiveAccountID); err != nil {
		return nil, err
	}
	req.CommunityID = records.To18(store.CommunityID)
	req.Draft = req.Draft && p.Staff
	return Load(ctx, h.DB, req)
}
