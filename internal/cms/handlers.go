package cms

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/connectapi"
	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/siteroutes"
)

// Listing limits (CMS Delivery Contents resource).
const (
	DefaultPageSize     = 25
	MaxPageSize         = 250
	MaxPageSizeWithBody = 25 // when includeContentBody is true
	MaxContentKeys      = 50
	MaxManagedIDs       = 100
	MaxReferenceDepth   = 3
)

// maxAge is how long an answer may be reused: published content changes when staff edit it.
const maxAge = "max-age=300"

// Handlers serves CMS delivery.
type Handlers struct {
	DB       *db.DB
	BasePath string // the site base path, for absolute URLs
}

// Item answers one item of a site's or of its channel's content: GET /connect/sites/{siteId}/cms/delivery/contents/
// {contentKeyOrId} and GET /connect/cms/delivery/channels/{channelId}/contents/{contentKeyOrId}. Query: showAbsoluteUrl, language.
func (h *Handlers) Item() http.Handler {
	return httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		siteID, err := channelOrSiteID(r)
		if err != nil {
			return err
		}
		absolute, err := connectapi.NewQuery(r).Bool("showAbsoluteUrl", false)
		if err != nil {
			return err
		}
		key := strings.TrimSpace(r.PathValue("contentKeyOrId"))
		if key == "" {
			return connectapi.BadInput("Enter a value for contentKeyOrId.")
		}
		store, err := h.allowedStore(r, siteID)
		if err != nil {
			return err
		}
		it, err := one(r.Context(), h.DB, key)
		if err != nil {
			return err
		}
		h.write(w, store, it.document(true, h.mediaBase(r, absolute)))
		return nil
	})
}

// List answers the listings GET /connect/sites/{siteId}/cms/delivery/contents and
// GET /connect/cms/delivery/channels/{channelId}/contents. Query: contentKeys or managedContentIds (comma-separated),
// contentTypeFQN, page (from 0), pageSize, referenceDepth, includeContentBody, showAbsoluteUrl, language.
func (h *Handlers) List() http.Handler {
	return httpx.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		siteID, err := channelOrSiteID(r)
		if err != nil {
			return err
		}
		p, err := readListParams(connectapi.NewQuery(r))
		if err != nil {
			return err
		}
		store, err := h.allowedStore(r, siteID)
		if err != nil {
			return err
		}
		items, more, err := list(r.Context(), h.DB, p.filter)
		if err != nil {
			return err
		}
		out := Collection{Contents: make([]Document, 0, len(items)), CurrentPageURL: pageURL(r, p.page)}
		base := h.mediaBase(r, p.absolute)
		for _, it := range items {
			out.Contents = append(out.Contents, it.document(p.withBody, base))
		}
		if more {
			next := pageURL(r, p.page+1)
			out.NextPageURL = &next
		}
		h.write(w, store, out)
		return nil
	})
}

// channelOrSiteID checks the site or channel id of the path: present, and a site (0DM) or channel (0ap) id.
func channelOrSiteID(r *http.Request) (string, error) {
	id := r.PathValue("siteId")
	if id == "" {
		id = r.PathValue("channelId")
	}
	id = strings.TrimSpace(id)
	if id == "" {
		return "", connectapi.BadInput("Enter a value for channelOrSiteId.")
	}
	if p := records.KeyPrefix(id); p != connectapi.SitePrefix && p != connectapi.ChannelPrefix {
		return "", connectapi.BadInput("Enter a valid prefix for channelOrSiteId.")
	}
	return id, nil
}

// allowedStore finds the site's store (404 when none) and lets everyone read its published content (the logo
// shows to every visitor), except guests of a store that does not allow guest browsing (401).
func (h *Handlers) allowedStore(r *http.Request, siteID string) (*storecontext.Store, error) {
	store, err := connectapi.StoreBySiteOrChannel(r.Context(), h.DB, siteID)
	if err != nil {
		return nil, err
	}
	return store, storecontext.RequireBrowsing(store, identity.FromContext(r.Context()))
}

// write sends v; published content is the same for every caller, so shared caches may keep it when guests may
// read it.
func (h *Handlers) write(w http.ResponseWriter, store *storecontext.Store, v any) {
	cache := "private, " + maxAge
	if store.GuestBrowsingEnabled {
		cache = "public, " + maxAge
	}
	w.Header().Set("Cache-Control", cache)
	httpx.WriteJSON(w, http.StatusOK, v)
}

// mediaBase is what goes before a stored media path: the site's absolute URL when asked, otherwise nothing (the
// path is relative to the site, as Salesforce sends it).
func (h *Handlers) mediaBase(r *http.Request, absolute bool) string {
	if !absolute {
		return ""
	}
	return siteroutes.SiteURL(r, h.BasePath)
}

// pageURL is the request's own URL (API path, no base path) with page set.
func pageURL(r *http.Request, page int) string {
	q := r.URL.Query()
	q.Set("page", strconv.Itoa(page))
	return (&url.URL{Path: r.URL.Path, RawQuery: q.Encode()}).String()
}

// listParams are a listing's parameters, checked.
type listParams struct {
	filter
	page               int
	withBody, absolute bool
}

func readListParams(q connectapi.Query) (listParams, error) {
	var p listParams
	var err error
	if p.page, err = q.Int("page", 0); err != nil {
		return p, err
	}
	if p.pageSize, err = q.Int("pageSize", DefaultPageSize); err != nil {
		return p, err
	}
	depth, err := q.Int("referenceDepth", 0)
	if err != nil {
		return p, err
	}
	if p.withBody, err = q.Bool("includeContentBody", false); err != nil {
		return p, err
	}
	if p.absolute, err = q.Bool("showAbsoluteUrl", false); err != nil {
		return p, err
	}
	if err := p.checkRanges(depth); err != nil {
		return p, err
	}
	p.filter.page = p.page
	p.keys = q.List("contentKeys")
	if err := p.readIDs(q.List("managedContentIds")); err != nil {
		return p, err
	}
	if fqn := strings.TrimSpace(q.Get("contentTypeFQN")); fqn != "" {
		p.types = storedTypes(fqn)
	}
	return p, p.checkSelection()
}

func (p *listParams) checkRanges(depth int) error {
	maxSize := MaxPageSize
	if p.withBody {
		maxSize = MaxPageSizeWithBody
	}
	switch {
	case p.page < 0:
		return connectapi.BadInput("Enter a value of 0 or more for page.")
	case p.pageSize < 1 || p.pageSize > maxSize:
		return connectapi.BadInput("Enter a value from 1 through %d for pageSize.", maxSize)
	case depth < 0 || depth > MaxReferenceDepth:
		return connectapi.BadInput("Enter a value from 0 through %d for referenceDepth.", MaxReferenceDepth)
	}
	return nil
}

func (p *listParams) readIDs(raw []string) error {
	for _, v := range raw {
		id, ok := records.NormalizeID(v)
		if !ok || records.KeyPrefix(id) != contentPrefix {
			return connectapi.BadInput("The managed content ID %q isn't valid.", v)
		}
		p.ids = append(p.ids, id)
	}
	return nil
}

// checkSelection: a listing names its content by keys, by ids or by type; keys and ids do not mix.
func (p *listParams) checkSelection() error {
	switch {
	case len(p.keys) > MaxContentKeys:
		return connectapi.BadInput("Enter up to %d content keys.", MaxContentKeys)
	case len(p.ids) > MaxManagedIDs:
		return connectapi.BadInput("Enter up to %d managed content IDs.", MaxManagedIDs)
	case len(p.keys) > 0 && len(p.ids) > 0:
		return connectapi.BadInput("Specify either contentKeys or managedContentIds, not both.")
	case len(p.keys) == 0 && len(p.ids) == 0 && len(p.types) == 0:
		return connectapi.BadInput("Enter input parameters to execute the request.")
	}
	return nil
}
