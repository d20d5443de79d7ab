package lists

import (
	"context"
	"net/http"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// Handler serves the list calls over the records engine.
type Handler struct {
	Engine *records.Engine
}

// listInfo is ListInfoRepresentation, key for key.
type listInfo struct {
	Cloneable          bool            `json:"cloneable"`
	Createable         bool            `json:"createable"`
	Deletable          bool            `json:"deletable"`
	DisplayColumns     []column        `json:"displayColumns"`
	ETag               string          `json:"eTag"`
	FilterLogicString  *string         `json:"filterLogicString"`
	FilteredByInfo     []filterInfo    `json:"filteredByInfo"`
	Label              *string         `json:"label"`
	ListReference      listReference   `json:"listReference"`
	ListShares         []shareCategory `json:"listShares"`
	OrderedByInfo      []orderInfo     `json:"orderedByInfo"`
	Scope              *scopeInfo      `json:"scope"`
	Searchable         bool            `json:"searchable"`
	Updateable         bool            `json:"updateable"`
	UserPreferences    userPreferences `json:"userPreferences"`
	Visibility         string          `json:"visibility"`
	VisibilityEditable bool            `json:"visibilityEditable"`
}

type column struct {
	FieldAPIName string `json:"fieldApiName"`
	Label        string `json:"label"`
	Sortable     bool   `json:"sortable"`
}

type filterInfo struct {
	FieldAPIName  string   `json:"fieldApiName"`
	Label         string   `json:"label"`
	OperandLabels []string `json:"operandLabels"`
	Operator      string   `json:"operator"`
}

type orderInfo struct {
	FieldAPIName string  `json:"fieldApiName"`
	IsAscending  bool    `json:"isAscending"`
	Label        *string `json:"label"`
}

// listReference is ListReferenceRepresentation: the recent list has neither id nor list view name on the wire.
type listReference struct {
	ID              *string `json:"id"`
	ListViewAPIName *string `json:"listViewApiName"`
	ObjectAPIName   string  `json:"objectApiName"`
	Type            string  `json:"type"`
}

type scopeInfo struct {
	APIName         string  `json:"apiName"`
	EntityID        *string `json:"entityId"`
	Label           string  `json:"label"`
	RelatedEntityID *string `json:"relatedEntityId"`
}

// shareCategory is ListInfoShareCategory: the users a view is shared with.
type shareCategory struct {
	ShareType string  `json:"shareType"`
	Shares    []share `json:"shares"`
}

type share struct {
	ID string `json:"id"`
}

type userPreferences struct {
	ColumnWidths map[string]int  `json:"columnWidths"`
	ColumnWrap   map[string]bool `json:"columnWrap"`
}

func reference(v *View) listReference {
	ref := listReference{ObjectAPIName: v.Object, Type: "listView"}
	if v.MRU() {
		ref.Type = "mru"
		return ref
	}
	id, name := v.ID, v.APIName
	ref.ID, ref.ListViewAPIName = &id, &name
	return ref
}

// object returns the object named in the path when the actor may read it; 404 otherwise, as for an unknown one.
func (h *Handler) object(ctx context.Context, actor *identity.Principal, name string) (*records.Catalog, *records.Object, error) {
	cat, err := h.Engine.Catalog(ctx)
	if err != nil {
		return nil, nil, err
	}
	o := cat.Object(name)
	if o == nil || !o.Queryable || !h.Engine.CanRead(actor, o) {
		return nil, nil, recordsapi.NotFound()
	}
	return cat, o, nil
}

// viewByName returns the object's view the actor sees, 404 otherwise.
func (h *Handler) viewByName(ctx context.Context, actor *identity.Principal, objectName, apiName string) (*records.Catalog, *records.Object, *View, error) {
	cat, o, err := h.object(ctx, actor, objectName)
	if err != nil {
		return nil, nil, nil, err
	}
	v, err := findView(ctx, h.Engine.DB, o, apiName)
	if err != nil {
		return nil, nil, nil, err
	}
	if v == nil || !v.VisibleTo(actor.UserID) {
		return nil, nil, nil, recordsapi.NotFound()
	}
	return cat, o, v, nil
}

// viewByID returns the view with the id when the actor sees it and its object; 404 otherwise. An id that is not a
// list view's is not a list config at all: "unrecognized config".
func (h *Handler) viewByID(ctx context.Context, actor *identity.Principal, id string) (*records.Catalog, *records.Object, *View, error) {
	if !isViewID(id) {
		return nil, nil, nil, unrecognized()
	}
	cat, err := h.Engine.Catalog(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	v, err := findViewByID(ctx, h.Engine.DB, cat, id)
	if err != nil {
		return nil, nil, nil, err
	}
	if v == nil {
		return nil, nil, nil, recordsapi.NotFound()
	}
	return h.viewByName(ctx, actor, v.Object, v.APIName)
}

// isViewID reports whether s is a list view id (15 or 18 characters with the 00B prefix).
func isViewID(s string) bool {
	id, ok := records.NormalizeID(s)
	return ok && records.KeyPrefix(id) == "00B"
}

func unrecognized() error { return httpx.BadRequest("INVALID_INPUT", "unrecognized config") }

// info builds the view's ListInfoRepresentation for the actor: columns and filters on fields the actor may not
// read are left out, and the actor's preferences (widths, wrap, order) are applied.
func (h *Handler) info(ctx context.Context, cat *records.Catalog, actor *identity.Principal, o *records.Object, v *View) (*listInfo, error) {
	prefs, err := loadPreferences(ctx, h.Engine.DB, actor.UserID, o.APIName, v.APIName)
	if err != nil {
		return nil, err
	}
	mine := !v.Standard() && v.OwnerID == actor.UserID
	label := v.Label
	out := &listInfo{Cloneable: !v.MRU(), Createable: true, Deletable: mine, DisplayColumns: []column{},
		ETag: v.ETag(), FilterLogicString: v.FilterLogic, FilteredByInfo: []filterInfo{}, Label: &label,
		ListReference: reference(v), ListShares: []shareCategory{}, OrderedByInfo: []orderInfo{},
		Searchable: o.Searchable, Updateable: mine,
		UserPreferences: userPreferences{ColumnWidths: map[string]int{}, ColumnWrap: map[string]bool{}},
		Visibility:      v.Visibility, VisibilityEditable: mine}
	for _, c := range v.Columns {
		if fp := h.resolve(cat, actor, o, c); fp != nil {
			out.DisplayColumns = append(out.DisplayColumns, column{FieldAPIName: fp.Path, Label: columnLabel(fp),
				Sortable: recordsapi.Sortable(fp.Field)})
			w, ok := prefs.ColumnWidths[fp.Path]
			if !ok {
				w = -1
			}
			out.UserPreferences.ColumnWidths[fp.Path] = w
			out.UserPreferences.ColumnWrap[fp.Path] = prefs.ColumnWrap[fp.Path]
		}
	}
	for _, f := range v.Filters {
		if fp := h.resolve(cat, actor, o, f.Field); fp != nil {
			out.FilteredByInfo = append(out.FilteredByInfo, filterInfo{FieldAPIName: fp.Path, Label: columnLabel(fp),
				OperandLabels: f.Operands, Operator: f.Operator})
		}
	}
	order := v.OrderBy
	if len(prefs.OrderBy) > 0 {
		order = prefs.OrderBy
	}
	for _, ob := range order {
		if fp := h.resolve(cat, actor, o, ob.Field); fp != nil {
			l := columnLabel(fp)
			out.OrderedByInfo = append(out.OrderedByInfo, orderInfo{FieldAPIName: fp.Path, IsAscending: ob.Ascending, Label: &l})
		}
	}
	if v.Scope != nil {
		out.Scope = &scopeInfo{APIName: v.Scope.APIName, EntityID: v.Scope.EntityID, Label: scopeLabel(o, v.Scope.APIName),
			RelatedEntityID: v.Scope.RelatedEntityID}
	}
	if len(v.Shares) > 0 {
		cat := shareCategory{ShareType: "User", Shares: []share{}}
		for _, id := range v.Shares {
			cat.Shares = append(cat.Shares, share{ID: id})
		}
		out.ListShares = append(out.ListShares, cat)
	}
	return out, nil
}

func scopeLabel(o *records.Object, scope string) string {
	switch scope {
	case ScopeMine:
		return "My " + o.LabelPlural
	case ScopeTeam:
		return "My Team's " + o.LabelPlural
	}
	return "All " + o.LabelPlural
}

// GetListInfo answers GET /list-info/{objectApiName}/{listViewApiName}.
func (h *Handler) GetListInfo(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, o, v, err := h.viewByName(r.Context(), actor, r.PathValue("objectApiName"), r.PathValue("listViewApiName"))
	if err != nil {
		return err
	}
	return h.writeInfo(w, r, cat, actor, o, v, http.StatusOK)
}

func (h *Handler) writeInfo(w http.ResponseWriter, r *http.Request, cat *records.Catalog, actor *identity.Principal, o *records.Object, v *View, status int) error {
	info, err := h.info(r.Context(), cat, actor, o, v)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, status, info)
	return nil
}

// GetListInfoOrSummaries answers GET /list-info/{objectApiNameOrListViewId}: a list view id reads that view's info
// (ListInfoRepresentation), an object name its list views (ListInfoSummaryCollection, as list-ui does).
func (h *Handler) GetListInfoOrSummaries(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	name := r.PathValue("objectApiName")
	if !isViewID(name) {
		return h.summaries(w, r, actor, "list-info")
	}
	cat, o, v, err := h.viewByID(r.Context(), actor, name)
	if err != nil {
		return err
	}
	return h.writeInfo(w, r, cat, actor, o, v, http.StatusOK)
}

// GetListInfoBatch answers GET /list-info/batch?ids=&names=Object.listView: one result per entry, in order, each
// with its own status (404 for a view the caller does not see, 400 for an entry that is no list config).
func (h *Handler) GetListInfoBatch(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	q := r.URL.Query()
	ids, names := recordsapi.SplitList(q["ids"]...), recordsapi.SplitList(q["names"]...)
	if len(ids)+len(names) == 0 {
		return unrecognized()
	}
	results := []recordsapi.BatchItem{}
	add := func(cat *records.Catalog, o *records.Object, v *View, err error) error {
		var info any
		if err == nil {
			if info, err = h.info(r.Context(), cat, actor, o, v); err != nil {
				return err
			}
		}
		item, err := recordsapi.ItemOf(info, err)
		results = append(results, item)
		return err
	}
	for _, id := range ids {
		if err := add(h.viewByID(r.Context(), actor, id)); err != nil {
			return err
		}
	}
	for _, n := range names {
		object, view, ok := strings.Cut(n, ".")
		var err error
		if ok && object != "" && view != "" {
			err = add(h.viewByName(r.Context(), actor, object, view))
		} else {
			err = add(nil, nil, nil, unrecognized())
		}
		if err != nil {
			return err
		}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"results": results})
	return nil
}
