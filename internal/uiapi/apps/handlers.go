package apps

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// Handler holds what the app routes need.
type Handler struct {
	Engine *records.Engine
}

var formFactors = []string{"Large", "Medium", "Small"}

// readOptions checks formFactor (Large, Medium or Small; Large when omitted) and userCustomizations (a boolean).
func readOptions(q url.Values) (options, error) {
	var opt options
	if ff := q.Get("formFactor"); ff != "" && !slices.Contains(formFactors, ff) {
		return opt, httpx.BadRequest("INVALID_INPUT", "Invalid value for formFactor: %s. Valid values are Large, Medium, Small.", ff)
	}
	if v := q.Get("userCustomizations"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return opt, httpx.BadRequest("INVALID_INPUT", "userCustomizations must be true or false.")
		}
		opt.userCustomizations = b
	}
	return opt, nil
}

// GetApps answers GET /apps: the apps the caller may use, the selected one marked.
func (h *Handler) GetApps(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	req, err := h.begin(r, actor)
	if err != nil {
		return err
	}
	out := struct {
		Apps []*App `json:"apps"`
		ETag string `json:"eTag"`
	}{Apps: []*App{}}
	for i := range definitions {
		if a, ok := app(h.Engine, actor, req.cat, &definitions[i], definitions[i].id == req.selected, req.opt); ok {
			out.Apps = append(out.Apps, a)
		}
	}
	out.ETag = hashOf(out.Apps)
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// GetApp answers GET /apps/{appId}; an app that is not the caller's is 404.
func (h *Handler) GetApp(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	return h.answerApp(w, r, actor, false)
}

// SelectApp answers PATCH /apps/{appId}: the app, now remembered as the caller's selected app.
func (h *Handler) SelectApp(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	return h.answerApp(w, r, actor, true)
}

func (h *Handler) answerApp(w http.ResponseWriter, r *http.Request, actor *identity.Principal, choose bool) error {
	req, err := h.begin(r, actor)
	if err != nil {
		return err
	}
	d := findDefinition(r.PathValue("appId"))
	if d == nil {
		return recordsapi.NotFound()
	}
	a, ok := app(h.Engine, actor, req.cat, d, d.id == req.selected || choose, req.opt)
	if !ok {
		return recordsapi.NotFound()
	}
	if choose {
		if err := h.storeSelected(r.Context(), actor.UserID, d.id); err != nil {
			return err
		}
	}
	httpx.WriteJSON(w, http.StatusOK, a)
	return nil
}

// GetSelectedApp answers GET /apps/selected: the app the caller last selected, else the first one they may use;
// 404 when they may use none.
func (h *Handler) GetSelectedApp(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	req, err := h.begin(r, actor)
	if err != nil {
		return err
	}
	d := findDefinition(req.selected)
	if d == nil {
		return recordsapi.NotFound()
	}
	a, _ := app(h.Engine, actor, req.cat, d, true, req.opt)
	httpx.WriteJSON(w, http.StatusOK, a)
	return nil
}

// request is what every app call reads first: its options, the metadata and the caller's selected app.
type request struct {
	opt      options
	cat      *records.Catalog
	selected string
}

// begin reads the request's options (a 400 when they are bad), the metadata and the caller's selected app.
func (h *Handler) begin(r *http.Request, actor *identity.Principal) (*request, error) {
	opt, err := readOptions(r.URL.Query())
	if err != nil {
		return nil, err
	}
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return nil, err
	}
	selected, err := h.selectedID(r.Context(), actor, cat)
	if err != nil {
		return nil, err
	}
	return &request{opt: opt, cat: cat, selected: selected}, nil
}

// selectedID is the id of the caller's selected app: the stored one while it is still theirs, else the first app
// they may use ("" when none).
func (h *Handler) selectedID(ctx context.Context, actor *identity.Principal, cat *records.Catalog) (string, error) {
	var stored string
	err := h.Engine.DB.QueryRow(ctx, `SELECT app_id FROM sf_selected_app WHERE user_id = ?`, actor.UserID).Scan(&stored)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	first := ""
	for i := range definitions {
		d := &definitions[i]
		if tabs(h.Engine, actor, cat, d) == nil {
			continue
		}
		if d.id == stored {
			return stored, nil
		}
		if first == "" {
			first = d.id
		}
	}
	return first, nil
}

func (h *Handler) storeSelected(ctx context.Context, userID, appID string) error {
	_, err := h.Engine.DB.Exec(ctx, `INSERT INTO sf_selected_app (user_id, app_id, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET app_id = excluded.app_id, updated_at = excluded.updated_at`,
		userID, appID, time.Now().UnixMilli())
	return err
}

// Nav item paging: page is 0-based; pageSize defaults to 25 and is at most 200.
const (
	defaultNavPageSize = 25
	maxNavPageSize     = 200
)

// GetNavItems answers GET /nav-items?formFactor=&navItemNames=&page=&pageSize=: the tabs of every app the caller
// may read, optionally only the named ones, a page at a time.
func (h *Handler) GetNavItems(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	q := r.URL.Query()
	if _, err := readOptions(q); err != nil {
		return err
	}
	page, err := intParam(q, "page", 0, 0, 1<<20)
	if err != nil {
		return err
	}
	size, err := intParam(q, "pageSize", defaultNavPageSize, 1, maxNavPageSize)
	if err != nil {
		return err
	}
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return err
	}
	items := visibleNavItems(h.Engine, actor, cat, allNavObjects())
	if names := navItemNames(q["navItemNames"]); len(names) > 0 {
		items = slices.DeleteFunc(items, func(it NavItem) bool {
			return !slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, it.DeveloperName) })
		})
	}
	start := min(page*size, len(items))
	end := min(start+size, len(items))
	out := struct {
		CurrentPageURL string    `json:"currentPageUrl"`
		ETag           string    `json:"eTag"`
		NavItems       []NavItem `json:"navItems"`
		NextPageURL    *string   `json:"nextPageUrl"`
	}{CurrentPageURL: pageURL(r, page, size), NavItems: items[start:end]}
	if end < len(items) {
		next := pageURL(r, page+1, size)
		out.NextPageURL = &next
	}
	out.ETag = hashOf(out.NavItems)
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// navItemNames reads the names, given comma-separated and optionally bracketed ("[standard-Account, t1]").
func navItemNames(values []string) []string {
	var trimmed []string
	for _, v := range values {
		trimmed = append(trimmed, strings.Trim(strings.TrimSpace(v), "[]"))
	}
	return recordsapi.SplitList(trimmed...)
}

// intParam reads an integer query parameter within [lo, hi], def when absent.
func intParam(q url.Values, name string, def, lo, hi int) (int, error) {
	v := q.Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, httpx.BadRequest("INVALID_INPUT", "%s must be an integer from %d to %d.", name, lo, hi)
	}
	return n, nil
}

// pageURL is the call's URL at another page, its version and other parameters kept.
func pageURL(r *http.Request, page, size int) string {
	q := r.URL.Query()
	q.Set("page", strconv.Itoa(page))
	q.Set("pageSize", strconv.Itoa(size))
	return recordsapi.RequestPath(r) + "?" + q.Encode()
}
