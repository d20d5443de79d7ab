package metadata

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
)

// RecordUI is RecordUiRepresentation: the records, their objects' infos, the layouts asked for (by object, record
// type, layout type and mode) and the caller's state of each layout.
type RecordUI struct {
	ETag             string                                                    `json:"eTag"`
	LayoutUserStates map[string]*LayoutUserState                               `json:"layoutUserStates"`
	Layouts          map[string]map[string]map[string]map[string]*RecordLayout `json:"layouts"`
	ObjectInfos      map[string]*ObjectInfo                                    `json:"objectInfos"`
	Records          map[string]*recordsapi.RecordRep                          `json:"records"`
}

// MaxRecordUIIDs is the most records one record-ui call names.
const MaxRecordUIIDs = 200

// recordUIUnsupported are the parameters record-ui does not take (spec/data-layer.md section 5).
var recordUIUnsupported = []string{"formFactor", "childRelationships", "pageSize", "updateMru"}

// recordUIFields are read with every record for its representation (eTag, record type, modstamps), whether or not
// a layout shows them.
var recordUIFields = []string{"LastModifiedById", "LastModifiedDate", "SystemModstamp", "RecordTypeId", "CurrencyIsoCode"}

// GetRecordUI answers GET /ui-api/record-ui/{recordIds}?layoutTypes&modes&optionalFields. layoutTypes is
// needed; modes defaults to View. Each record has the fields of its layouts and the optional fields it has (others
// are ignored); a record that is unknown or out of the caller's sight makes the whole answer NOT_FOUND.
func (h *Handler) GetRecordUI(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	q := r.URL.Query()
	for _, p := range recordUIUnsupported {
		if q.Has(p) {
			return invalidInput("record-ui does not support the %s parameter.", p)
		}
	}
	ids := recordsapi.SplitList(r.PathValue("recordIds"))
	layoutTypesAsked := recordsapi.SplitList(q["layoutTypes"]...)
	modesAsked := recordsapi.SplitList(q["modes"]...)
	switch {
	case len(ids) == 0:
		return invalidInput("Specify at least one record ID.")
	case len(ids) > MaxRecordUIIDs:
		return invalidInput("Specify at most %d record IDs.", MaxRecordUIIDs)
	case len(layoutTypesAsked) == 0:
		return invalidInput("Specify layoutTypes: Full, Compact or both.")
	}
	if len(modesAsked) == 0 {
		modesAsked = []string{"View"}
	}
	for i := range layoutTypesAsked {
		if err := oneOf(&layoutTypesAsked[i], "layoutTypes", layoutTypes); err != nil {
			return err
		}
	}
	for i := range modesAsked {
		if err := oneOf(&modesAsked[i], "modes", modes); err != nil {
			return err
		}
	}
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return err
	}
	out := &RecordUI{LayoutUserStates: map[string]*LayoutUserState{},
		Layouts:     map[string]map[string]map[string]map[string]*RecordLayout{},
		ObjectInfos: map[string]*ObjectInfo{}, Records: map[string]*recordsapi.RecordRep{}}
	optional := recordsapi.SplitList(q["optionalFields"]...)
	for _, group := range groupByObject(cat, ids) {
		if err := h.addObject(r.Context(), actor, cat, out, group, layoutTypesAsked, modesAsked, optional); err != nil {
			return err
		}
	}
	out.ETag = eTag(out)
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// idGroup is the records of one object a call names, in the order named.
type idGroup struct {
	object *records.Object
	ids    []string
}

// groupByObject sorts ids by their object's key prefix; an id that is malformed or of no object is a group of
// its own with no object (NOT_FOUND).
func groupByObject(cat *records.Catalog, ids []string) []*idGroup {
	var groups []*idGroup
	byObject := map[*records.Object]*idGroup{}
	for _, id := range ids {
		full, ok := records.NormalizeID(id)
		var o *records.Object
		if ok {
			o = cat.ByPrefix(full[:3])
		}
		g := byObject[o]
		if g == nil || o == nil {
			g = &idGroup{object: o}
			byObject[o] = g
			groups = append(groups, g)
		}
		if !slices.Contains(g.ids, full) {
			g.ids = append(g.ids, full)
		}
	}
	return groups
}

// addObject adds one object's records, layouts, layout states and object info to the answer.
func (h *Handler) addObject(ctx context.Context, actor *identity.Principal, cat *records.Catalog, out *RecordUI,
	g *idGroup, layoutTypesAsked, modesAsked, optional []string) error {
	o := g.object
	if o == nil || !h.Engine.CanRead(actor, o) {
		return recordsapi.NotFound()
	}
	// Every record type of the object has its own layouts; which one a record has is known once it is read, so
	// the fields read are those of every layout asked for, of every record type.
	layouts := map[layoutKey]*RecordLayout{}
	fields := []string{}
	for _, rt := range recordsapi.RecordTypes(o) {
		for _, lt := range layoutTypesAsked {
			for _, mode := range modesAsked {
				key := layoutKey{layoutType: lt, mode: mode, recordTypeID: rt.ID}
				layout, err := h.Layout(ctx, actor, o, key)
				if err != nil {
					return err
				}
				layouts[key] = layout
				fields = appendNew(fields, layoutFieldNames(o, layout)...)
			}
		}
	}
	for _, name := range optional {
		if obj, field, ok := cut(name); ok && strings.EqualFold(obj, o.APIName) {
			if f := o.Field(field); f != nil && f.HasColumn() && h.Engine.FieldReadable(actor, o, f) {
				fields = appendNew(fields, f.APIName)
			}
		}
	}
	recs, err := h.readRecords(ctx, actor, o, g.ids, fields)
	if err != nil {
		return err
	}
	layoutFields := make([]*records.Field, len(fields))
	for i, name := range fields {
		layoutFields[i] = o.Field(name)
	}
	r := &recordsapi.Representer{Engine: h.Engine, Catalog: cat, Actor: actor, RelatedFields: []string{"Id"}}
	reps, err := r.Represent(ctx, o, recs, recordsapi.LayoutPaths(h.Engine, cat, actor, o, layoutFields))
	if err != nil {
		return err
	}
	out.ObjectInfos[o.APIName] = h.ObjectInfo(cat, actor, o)
	for _, rec := range recs {
		out.Records[rec.ID] = reps[rec.ID]
		for key, layout := range layouts {
			if key.recordTypeID != rec.RecordTypeID() {
				continue
			}
			if err := h.addLayout(ctx, actor, o, out, key, layout); err != nil {
				return err
			}
		}
	}
	return nil
}

// addLayout puts a layout and the caller's state of it in the answer, once.
func (h *Handler) addLayout(ctx context.Context, actor *identity.Principal, o *records.Object, out *RecordUI, key layoutKey, layout *RecordLayout) error {
	byType := out.Layouts[o.APIName][key.recordTypeID][key.layoutType]
	if byType[key.mode] != nil {
		return nil
	}
	if out.Layouts[o.APIName] == nil {
		out.Layouts[o.APIName] = map[string]map[string]map[string]*RecordLayout{}
	}
	if out.Layouts[o.APIName][key.recordTypeID] == nil {
		out.Layouts[o.APIName][key.recordTypeID] = map[string]map[string]*RecordLayout{}
	}
	if byType == nil {
		byType = map[string]*RecordLayout{}
		out.Layouts[o.APIName][key.recordTypeID][key.layoutType] = byType
	}
	byType[key.mode] = layout
	state, err := h.UserState(ctx, h.Engine.DB, actor, o, key, layout)
	if err != nil {
		return err
	}
	out.LayoutUserStates[*layout.ID] = state
	return nil
}

// readRecords reads the records by id through the engine's query API (visibility and field-level security
// inside); any id it does not answer is NOT_FOUND.
func (h *Handler) readRecords(ctx context.Context, actor *identity.Principal, o *records.Object, ids, fields []string) ([]*records.Record, error) {
	paths := slices.Clone(fields)
	for _, name := range recordUIFields {
		if f := o.Field(name); f != nil && h.Engine.FieldReadable(actor, o, f) {
			paths = appendNew(paths, f.APIName)
		}
	}
	values := make([]any, len(ids))
	for i, id := range ids {
		values[i] = id
	}
	res, err := h.Engine.Query(ctx, h.Engine.DB, actor, records.Query{Object: o.APIName, Fields: paths,
		Where: &records.Cond{Field: "Id", Op: "IN", Values: values}, PageSize: len(ids)})
	if err != nil {
		return nil, err
	}
	if len(res.Rows) != len(ids) {
		return nil, recordsapi.NotFound()
	}
	byID := map[string]*records.Record{}
	for _, row := range res.Rows {
		byID[row.ID] = &records.Record{Object: o, ID: row.ID, Values: row.Values}
	}
	out := make([]*records.Record, len(ids))
	for i, id := range ids {
		out[i] = byID[id]
	}
	return out, nil
}

// appendNew appends the names list lacks.
func appendNew(list []string, names ...string) []string {
	for _, n := range names {
		if !slices.Contains(list, n) {
			list = append(list, n)
		}
	}
	return list
}

// cut splits an optional field "Account.Phone" into its object and field; paths through relationships are not
// read by record-ui.
func cut(path string) (object, field string, ok bool) {
	object, field, ok = strings.Cut(path, ".")
	return object, field, ok && !strings.Contains(field, ".")
}
