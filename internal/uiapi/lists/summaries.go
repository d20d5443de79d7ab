package lists

import (
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/recordsapi"
)

// Page sizes of section 9: list records and the recent list 50, list summaries 20; no page above maxPageSize.
const (
	defaultRecordPageSize  = 50
	defaultSummaryPageSize = 20
	maxPageSize            = 2000
)

// summary is ListViewSummaryRepresentation.
type summary struct {
	APIName   string `json:"apiName"`
	ID        string `json:"id"`
	Label     string `json:"label"`
	ListUIURL string `json:"listUiUrl"`
}

// summaryCollection is ListViewSummaryCollectionRepresentation.
type summaryCollection struct {
	Count             int       `json:"count"`
	CurrentPageToken  string    `json:"currentPageToken"`
	CurrentPageURL    string    `json:"currentPageUrl"`
	ETag              string    `json:"eTag"`
	Lists             []summary `json:"lists"`
	NextPageToken     *string   `json:"nextPageToken"`
	NextPageURL       *string   `json:"nextPageUrl"`
	ObjectAPIName     string    `json:"objectApiName"`
	PageSize          int       `json:"pageSize"`
	PreviousPageToken *string   `json:"previousPageToken"`
	PreviousPageURL   *string   `json:"previousPageUrl"`
	QueryString       *string   `json:"queryString"`
	RecentListsOnly   bool      `json:"recentListsOnly"`
}

// pageOf reads pageSize (default def, 1 to maxPageSize) and pageToken (an opaque position this API handed out).
func pageOf(size, token string, def int) (int, int, error) {
	n := def
	if size != "" {
		v, err := strconv.Atoi(size)
		if err != nil || v < 1 || v > maxPageSize {
			return 0, 0, httpx.BadRequest("INVALID_INPUT", "pageSize must be a whole number from 1 to %d: %s", maxPageSize, size)
		}
		n = v
	}
	start := 0
	if token != "" {
		v, err := strconv.Atoi(token)
		if err != nil || v < 0 {
			return 0, 0, httpx.BadRequest("INVALID_INPUT", "Invalid pageToken: %s", token)
		}
		start = v
	}
	return n, start, nil
}

// summaries answers GET /list-ui/{objectApiName} and /list-info/{objectApiName}: the list views of the object the
// caller sees, by label, filtered by q (in the label) and recentListsOnly (the views the caller made or set
// preferences for), a page at a time.
func (h *Handler) summaries(w http.ResponseWriter, r *http.Request, actor *identity.Principal, resource string) error {
	ctx := r.Context()
	_, o, err := h.object(ctx, actor, r.PathValue("objectApiName"))
	if err != nil {
		return err
	}
	qp := r.URL.Query()
	size, start, err := pageOf(qp.Get("pageSize"), qp.Get("pageToken"), defaultSummaryPageSize)
	if err != nil {
		return err
	}
	recentOnly := false
	if v := qp.Get("recentListsOnly"); v != "" {
		if recentOnly, err = strconv.ParseBool(v); err != nil {
			return httpx.BadRequest("INVALID_INPUT", "recentListsOnly must be true or false: %s", v)
		}
	}
	stored, err := storedViews(ctx, h.Engine.DB, o.APIName)
	if err != nil {
		return err
	}
	used, err := usedLists(ctx, h.Engine.DB, actor.UserID, o.APIName)
	if err != nil {
		return err
	}
	q := strings.ToLower(qp.Get("q"))
	var views []*View
	for _, v := range append(StandardViews(o), stored...) {
		if !v.VisibleTo(actor.UserID) || (q != "" && !strings.Contains(strings.ToLower(v.Label), q)) {
			continue
		}
		if recentOnly && !used[v.APIName] && v.OwnerID != actor.UserID {
			continue
		}
		views = append(views, v)
	}
	sort.SliceStable(views, func(i, j int) bool { return strings.ToLower(views[i].Label) < strings.ToLower(views[j].Label) })
	base := recordsapi.Version(r)
	pageURL := func(token int) string {
		v := url.Values{"pageSize": {itoa(size)}, "pageToken": {itoa(token)}}
		if q != "" {
			v.Set("q", qp.Get("q"))
		}
		if recentOnly {
			v.Set("recentListsOnly", "true")
		}
		return "/services/data/" + base + "/ui-api/" + resource + "/" + o.APIName + "?" + v.Encode()
	}
	out := &summaryCollection{CurrentPageToken: itoa(start), CurrentPageURL: pageURL(start), Lists: []summary{},
		ObjectAPIName: o.APIName, PageSize: size, RecentListsOnly: recentOnly}
	if q != "" {
		s := qp.Get("q")
		out.QueryString = &s
	}
	etag := ""
	for i := start; i < len(views) && i < start+size; i++ {
		v := views[i]
		out.Lists = append(out.Lists, summary{APIName: v.APIName, ID: v.ID, Label: v.Label,
			ListUIURL: "/services/data/" + base + "/ui-api/list-ui/" + o.APIName + "/" + v.APIName})
		etag += v.ETag()
	}
	out.Count = len(out.Lists)
	if start+size < len(views) {
		next, u := itoa(start+size), pageURL(start+size)
		out.NextPageToken, out.NextPageURL = &next, &u
	}
	if start > 0 {
		prev, u := itoa(max(0, start-size)), pageURL(max(0, start-size))
		out.PreviousPageToken, out.PreviousPageURL = &prev, &u
	}
	out.ETag = hashOf(etag)
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// GetListSummaries answers GET /list-ui/{objectApiName} (summaries); a list view id in its place reads the view's
// list UI (GET /list-ui/{listViewId}), the two sharing one path pattern.
func (h *Handler) GetListSummaries(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	if isViewID(r.PathValue("objectApiName")) {
		return h.listUIByID(w, r, actor, r.PathValue("objectApiName"))
	}
	return h.summaries(w, r, actor, "list-ui")
}
