package relatedlists

import (
	"context"
	"net/http"
	"slices"
	"strconv"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
	"storefront/internal/uiapi/metadata"
)

// columnRep is RelatedListColumnRepresentation.
type columnRep struct {
	FieldAPIName string  `json:"fieldApiName"`
	Label        string  `json:"label"`
	LookupID     *string `json:"lookupId"`
	Sortable     bool    `json:"sortable"`
}

// userPrefsRep is ListUserPreferenceRepresentation.
type userPrefsRep struct {
	ColumnWidths map[string]int64 `json:"columnWidths"`
	ColumnWrap   map[string]bool  `json:"columnWrap"`
}

// infoRep is RelatedListInfoRepresentation. A related list has no filters of its own and is public; whether a
// caller may create, update or delete its records is what the engine allows on the child object.
type infoRep struct {
	Cloneable          bool          `json:"cloneable"`
	Createable         bool          `json:"createable"`
	Deletable          bool          `json:"deletable"`
	DisplayColumns     []columnRep   `json:"displayColumns"`
	ETag               string        `json:"eTag"`
	FieldAPIName       string        `json:"fieldApiName"`
	FilterLogicString  string        `json:"filterLogicString"`
	FilteredByInfo     []any         `json:"filteredByInfo"`
	Label              string        `json:"label"`
	ListReference      listReference `json:"listReference"`
	ObjectAPINames     []string      `json:"objectApiNames"`
	OrderedByInfo      []orderInfo   `json:"orderedByInfo"`
	Updateable         bool          `json:"updateable"`
	UserPreferences    userPrefsRep  `json:"userPreferences"`
	Visibility         string        `json:"visibility"`
	VisibilityEditable bool          `json:"visibilityEditable"`
}

// infoOptions are the query parameters of a related-list-info read.
type infoOptions struct {
	RecordTypeID string
	Fields       []string // more display columns; an unknown one is an error
	Optional     []string // more display columns; an unknown one is skipped
	Restrict     bool     // restrictColumnsToLayout: only the list's own columns
}

// readInfoOptions reads recordTypeId (a record type of the parent), fields, optionalFields and
// restrictColumnsToLayout.
func readInfoOptions(r *http.Request, parent *records.Object) (*infoOptions, error) {
	q := r.URL.Query()
	opts := &infoOptions{Fields: recordsapi.SplitList(q["fields"]...), Optional: recordsapi.SplitList(q["optionalFields"]...)}
	if v := q.Get("restrictColumnsToLayout"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return nil, httpx.BadRequest("INVALID_INPUT", "restrictColumnsToLayout must be true or false: %s", v)
		}
		opts.Restrict = b
	}
	if v := q.Get("recordTypeId"); v != "" {
		id, ok := records.NormalizeID(v)
		for _, rt := range recordsapi.RecordTypes(parent) {
			if ok && records.To18(rt.ID) == id {
				opts.RecordTypeID = id
			}
		}
		if opts.RecordTypeID == "" {
			return nil, httpx.BadRequest("INVALID_INPUT", "Invalid recordTypeId for %s: %s", parent.APIName, v)
		}
	}
	return opts, nil
}

// info is the list's info for the actor: its display columns (the defaults, then the columns asked for), order and
// the actor's preferences.
func (h *Handler) info(ctx context.Context, cat *records.Catalog, actor *identity.Principal, rl *relatedList, opts *infoOptions) (*infoRep, error) {
	prefs, err := h.preferences(ctx, cat, actor, rl)
	if err != nil {
		return nil, err
	}
	return h.infoOf(cat, actor, rl, opts, prefs)
}

// infoOf is info with the actor's preferences of the list already read.
func (h *Handler) infoOf(cat *records.Catalog, actor *identity.Principal, rl *relatedList, opts *infoOptions, prefs *listPrefs) (*infoRep, error) {
	cols := prefs.Columns
	if !opts.Restrict {
		seen := map[string]bool{}
		for _, c := range cols {
			seen[c.Path] = true
		}
		add := func(path string, must bool) error {
			c := h.resolve(cat, actor, rl.Object, path)
			if c == nil {
				if must {
					return recordsapi.InvalidField(path)
				}
				return nil
			}
			if !seen[c.Path] {
				seen[c.Path] = true
				cols = append(cols, c)
			}
			return nil
		}
		for _, f := range opts.Fields {
			if err := add(f, true); err != nil {
				return nil, err
			}
		}
		for _, f := range opts.Optional {
			_ = add(f, false)
		}
	}
	rep := &infoRep{Createable: h.Engine.CanCreate(actor, rl.Object), Deletable: h.Engine.CanDelete(actor, rl.Object),
		DisplayColumns: []columnRep{}, FieldAPIName: rl.Field.APIName, FilteredByInfo: []any{}, Label: rl.Label,
		ListReference: rl.reference("", opts.RecordTypeID), ObjectAPINames: []string{rl.Object.APIName},
		OrderedByInfo: prefs.OrderedBy, Updateable: h.Engine.CanUpdate(actor, rl.Object),
		UserPreferences: userPrefsRep{ColumnWidths: prefs.ColumnWidths, ColumnWrap: prefs.ColumnWrap}, Visibility: "Public"}
	for _, c := range cols {
		rep.DisplayColumns = append(rep.DisplayColumns, columnRep{FieldAPIName: c.Path, Label: columnLabel(c),
			LookupID: lookupID(c), Sortable: recordsapi.Sortable(c.Field)})
		for _, o := range c.Objs {
			if !slices.Contains(rep.ObjectAPINames, o.APIName) {
				rep.ObjectAPINames = append(rep.ObjectAPINames, o.APIName)
			}
		}
	}
	rep.ETag = eTag(rep)
	return rep, nil
}

// namedList is the related list the path names ({parentObjectApiName}/{relatedListId}) as the actor sees it, with
// the info options of the query string; 404 when either is unknown or hidden.
func (h *Handler) namedList(r *http.Request, actor *identity.Principal) (*records.Catalog, *relatedList, *infoOptions, error) {
	cat, parent, err := h.parentObject(r.Context(), actor, r.PathValue("parentObjectApiName"))
	if err != nil {
		return nil, nil, nil, err
	}
	opts, err := readInfoOptions(r, parent)
	if err != nil {
		return nil, nil, nil, err
	}
	rl := h.find(cat, actor, parent, r.PathValue("relatedListId"))
	if rl == nil {
		return nil, nil, nil, listNotFound(r.PathValue("relatedListId"))
	}
	return cat, rl, opts, nil
}

// GetInfo answers GET /related-list-info/{parentObjectApiName}/{relatedListId}.
func (h *Handler) GetInfo(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, rl, opts, err := h.namedList(r, actor)
	if err != nil {
		return err
	}
	rep, err := h.info(r.Context(), cat, actor, rl, opts)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, rep)
	return nil
}

// GetInfoBatch answers GET /related-list-info/batch/{parentObjectApiName}/{relatedListNames}: one result per name;
// an unknown parent object is a 404 of the whole batch.
func (h *Handler) GetInfoBatch(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	ids, err := names(r.PathValue("relatedListNames"), "related list name")
	if err != nil {
		return err
	}
	cat, parent, err := h.parentObject(r.Context(), actor, r.PathValue("parentObjectApiName"))
	if err != nil {
		return err
	}
	opts, err := readInfoOptions(r, parent)
	if err != nil {
		return err
	}
	out := batch{Results: []recordsapi.BatchItem{}}
	for _, id := range ids {
		var rep *infoRep
		var err error
		if rl := h.find(cat, actor, parent, id); rl == nil {
			err = listNotFound(id)
		} else {
			rep, err = h.info(r.Context(), cat, actor, rl, opts)
		}
		item, err := recordsapi.ItemOf(rep, err)
		if err != nil {
			return err
		}
		out.Results = append(out.Results, item)
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// UpdateInfo answers PATCH /related-list-info/{parentObjectApiName}/{relatedListId}: the caller's order and column
// preferences of the list (stored per user), then the list's info as they now see it.
func (h *Handler) UpdateInfo(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, rl, opts, err := h.namedList(r, actor)
	if err != nil {
		return err
	}
	body, err := readObject(w, r, configInfo)
	if err != nil {
		return err
	}
	change, err := h.readInfoChange(cat, actor, rl, body)
	if err != nil {
		return err
	}
	if err := h.change(r.Context(), actor, rl, change); err != nil {
		return err
	}
	rep, err := h.info(r.Context(), cat, actor, rl, opts)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, rep)
	return nil
}

// change stores a change of the actor's preferences of the list over what they had.
func (h *Handler) change(ctx context.Context, actor *identity.Principal, rl *relatedList, change *stored) error {
	s, err := loadPreferences(ctx, h.Engine.DB, actor.UserID, rl.PreferencesID())
	if err != nil {
		return err
	}
	s.merge(change)
	return savePreferences(ctx, h.Engine.DB, actor.UserID, rl.PreferencesID(), s)
}

// summaryRep is RelatedListSummaryInfoRepresentation.
type summaryRep struct {
	ETag               string             `json:"eTag"`
	EntityLabel        string             `json:"entityLabel"`
	EntityPluralLabel  string             `json:"entityPluralLabel"`
	FieldAPIName       string             `json:"fieldApiName"`
	KeyPrefix          *string            `json:"keyPrefix"`
	Label              string             `json:"label"`
	ObjectAPIName      string             `json:"objectApiName"`
	ParentFieldAPIName string             `json:"parentFieldApiName"`
	RelatedListID      string             `json:"relatedListId"`
	RelatedListInfoURL *string            `json:"relatedListInfoUrl"`
	ThemeInfo          metadata.ThemeInfo `json:"themeInfo"`
	UIAPIEnabledLayout bool               `json:"uiApiEnabledLayout"`
}

// summariesRep is RelatedListSummaryInfoCollectionRepresentation.
type summariesRep struct {
	ETag                string       `json:"eTag"`
	ParentObjectAPIName string       `json:"parentObjectApiName"`
	ParentRecordTypeID  *string      `json:"parentRecordTypeId"`
	RelatedLists        []summaryRep `json:"relatedLists"`
}

// GetSummaries answers GET /related-list-info/{parentObjectApiName}: every related list of the object the caller
// sees.
func (h *Handler) GetSummaries(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, parent, err := h.parentObject(r.Context(), actor, r.PathValue("parentObjectApiName"))
	if err != nil {
		return err
	}
	opts, err := readInfoOptions(r, parent)
	if err != nil {
		return err
	}
	rt := opts.RecordTypeID
	if rt == "" {
		rt = records.DefaultRecordTypeID
	}
	out := summariesRep{ParentObjectAPIName: parent.APIName, ParentRecordTypeID: &rt, RelatedLists: []summaryRep{}}
	for _, rl := range h.lists(cat, actor, parent) {
		url := "/services/data/" + recordsapi.Version(r) + "/ui-api/related-list-info/" + parent.APIName + "/" + rl.ID()
		s := summaryRep{EntityLabel: rl.Object.Label, EntityPluralLabel: rl.Object.LabelPlural, FieldAPIName: rl.Field.APIName,
			KeyPrefix: nonEmpty(rl.Object.KeyPrefix), Label: rl.Label, ObjectAPIName: rl.Object.APIName,
			ParentFieldAPIName: "Id", RelatedListID: rl.ID(), RelatedListInfoURL: &url, ThemeInfo: metadata.Theme(rl.Object),
			UIAPIEnabledLayout: true}
		s.ETag = eTag(s)
		out.RelatedLists = append(out.RelatedLists, s)
	}
	out.ETag = eTag(out)
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}
