package lookups

import (
	"net/http"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
	"storefront/internal/soql"
)

// maxFilterOptions is the most options a filter answers (a reference filter's records).
const maxFilterOptions = 20

// filterRep is one search filter of an object: a field a search can be narrowed by.
type filterRep struct {
	APIName    string         `json:"apiName"`
	Attributes map[string]any `json:"attributes"`
	Label      string         `json:"label"`
	Type       string         `json:"type"`
}

// filterable reports the fields a search offers as filters: picklists, checkboxes and references, the fields
// whose values make a short list of choices.
func filterable(f *records.Field) bool {
	switch f.Type {
	case records.TypePicklist, records.TypeMultiPicklist, records.TypeBoolean, records.TypeReference:
		return f.HasColumn()
	}
	return false
}

// Filters answers GET /search-info/{objectApiName}/filters?channel=&configurationName=: the object's search
// filters the caller may use (readable filterable fields), as {objectApiName, filters: [{apiName, attributes,
// label, type}]}.
func (h *Handler) Filters(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	o, err := h.searchable(r, actor, r.PathValue("objectApiName"))
	if err != nil {
		return err
	}
	out := struct {
		Filters       []filterRep `json:"filters"`
		ObjectAPIName string      `json:"objectApiName"`
	}{Filters: []filterRep{}, ObjectAPIName: o.APIName}
	for _, f := range recordsapi.ReadableFields(h.Engine, actor, o) {
		if filterable(f) {
			attrs := map[string]any{"affordance": "select"}
			if f.Type == records.TypeReference {
				attrs = map[string]any{"affordance": "lookup", "referenceTo": f.ReferenceTo}
			}
			out.Filters = append(out.Filters, filterRep{APIName: f.APIName, Attributes: attrs, Label: f.Label,
				Type: recordsapi.DataType(f.Type)})
		}
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

type optionRep struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// FilterOptions answers GET /search-info/{objectApiName}/filters/{filterApiName}/options?q=: the values a filter
// offers whose label contains q (case-insensitively): a picklist's values, a checkbox's two, or the records of a
// reference's target whose name matches q (at most 20, through the engine's query API).
func (h *Handler) FilterOptions(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	o, err := h.searchable(r, actor, r.PathValue("objectApiName"))
	if err != nil {
		return err
	}
	f := o.Field(r.PathValue("filterApiName"))
	if f == nil || !filterable(f) || !h.Engine.FieldReadable(actor, o, f) {
		return recordsapi.NotFound()
	}
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	options := []optionRep{}
	keep := func(label, value string) {
		if q == "" || strings.Contains(strings.ToLower(label), strings.ToLower(q)) {
			options = append(options, optionRep{Label: label, Value: value})
		}
	}
	switch f.Type {
	case records.TypeBoolean:
		keep("True", "true")
		keep("False", "false")
	case records.TypeReference:
		if options, err = h.referenceOptions(r, actor, f, q); err != nil {
			return err
		}
	default:
		for _, v := range f.Picklist {
			keep(v.Label, v.Value)
		}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"filterApiName": f.APIName, "objectApiName": o.APIName, "options": options})
	return nil
}

// referenceOptions are the target records a reference filter offers: by name, matching q when given.
func (h *Handler) referenceOptions(r *http.Request, actor *identity.Principal, f *records.Field, q string) ([]optionRep, error) {
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return nil, err
	}
	options := []optionRep{}
	for _, name := range f.ReferenceTo {
		t := cat.Object(name)
		if t == nil || !h.Engine.CanRead(actor, t) || t.NameFieldName() == "" {
			continue
		}
		nf := t.NameFieldName()
		query := records.Query{Object: t.APIName, Fields: []string{nf}, OrderBy: []records.Order{{Field: nf}},
			PageSize: maxFilterOptions - len(options)}
		if q != "" {
			cond, ok := soql.TermFilter(h.Engine, actor, t, q, "NAME")
			if !ok {
				continue
			}
			query.Where = cond
		}
		res, err := h.Engine.Query(r.Context(), h.Engine.DB, actor, query)
		if err != nil {
			return nil, filterError(err)
		}
		for _, row := range res.Rows {
			label, _ := row.Values[nf].(string)
			options = append(options, optionRep{Label: label, Value: row.ID})
		}
		if len(options) >= maxFilterOptions {
			break
		}
	}
	return options, nil
}

// targetInfo is one object a lookup field may point at, as lookup metadata describes it.
type targetInfo struct {
	APIName      string               `json:"apiName"`
	Label        string               `json:"label"`
	LabelPlural  string               `json:"labelPlural"`
	NameFields   []string             `json:"nameFields"`
	SearchFields []string             `json:"searchFields"`
	ThemeInfo    recordsapi.ThemeInfo `json:"themeInfo"`
}

// LookupMetadata answers GET /search-info/{objectApiName}/lookup/{fieldApiName}: the targets of a lookup field
// the caller may read, with the fields a lookup shows and searches: the name fields.
func (h *Handler) LookupMetadata(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return err
	}
	o := cat.Object(r.PathValue("objectApiName"))
	if o == nil || !h.Engine.CanRead(actor, o) {
		return recordsapi.NotFound()
	}
	f := o.Field(r.PathValue("fieldApiName"))
	if f == nil || f.Type != records.TypeReference || !h.Engine.FieldReadable(actor, o, f) {
		return recordsapi.NotFound()
	}
	out := struct {
		FieldAPIName  string       `json:"fieldApiName"`
		ObjectAPIName string       `json:"objectApiName"`
		TargetInfo    []targetInfo `json:"targetInfo"`
	}{FieldAPIName: f.APIName, ObjectAPIName: o.APIName, TargetInfo: []targetInfo{}}
	for _, name := range f.ReferenceTo {
		t := cat.Object(name)
		if t == nil || !h.Engine.CanRead(actor, t) {
			continue
		}
		ti := targetInfo{APIName: t.APIName, Label: t.Label, LabelPlural: t.LabelPlural, NameFields: []string{},
			SearchFields: []string{}, ThemeInfo: recordsapi.ThemeInfoOf(t)}
		for _, tf := range recordsapi.ReadableFields(h.Engine, actor, t) {
			if tf.NameField {
				ti.NameFields = append(ti.NameFields, tf.APIName)
				ti.SearchFields = append(ti.SearchFields, tf.APIName) // a lookup's Search matches name fields
			}
		}
		out.TargetInfo = append(out.TargetInfo, ti)
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}
