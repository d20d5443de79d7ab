package lookups

import (
	"encoding/json"
	"net/http"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
	"storefront/internal/recordsapi"
	"storefront/internal/soql"
)

// Search result paging: 25 records an object by default, at most 200.
const (
	searchPageSize    = 25
	maxSearchPageSize = 200
)

// ResultCollection is SearchResultCollectionRepresentation: one object's page of search results.
type ResultCollection struct {
	CurrentPageToken string                  `json:"currentPageToken"`
	Error            any                     `json:"error"`
	FilteredBy       []Filter                `json:"filteredBy"`
	NextPageToken    *string                 `json:"nextPageToken"`
	ObjectAPIName    string                  `json:"objectApiName"`
	OrderBy          []orderRep              `json:"orderBy"`
	PageSize         int                     `json:"pageSize"`
	Records          []*recordsapi.RecordRep `json:"records"`
}

type orderRep struct {
	FieldAPIName string `json:"fieldApiName"`
	IsAscending  bool   `json:"isAscending"`
}

// objectSearch is one object's search: its filters, page and order.
type objectSearch struct {
	object     *records.Object
	filters    []Filter
	categories []DataCategory
	size       int
	token      string
	order      []records.Order
}

// run reads one page of the object's records matching the term and the filters. Records carry their name fields.
func (h *Handler) run(r *http.Request, actor *identity.Principal, term string, s objectSearch) (*ResultCollection, error) {
	out := &ResultCollection{CurrentPageToken: s.token, FilteredBy: nonNilFilters(s.filters), ObjectAPIName: s.object.APIName,
		OrderBy: []orderRep{}, PageSize: s.size, Records: []*recordsapi.RecordRep{}}
	for _, o := range s.order {
		out.OrderBy = append(out.OrderBy, orderRep{FieldAPIName: o.Field, IsAscending: !o.Desc})
	}
	match, ok := soql.TermFilter(h.Engine, actor, s.object, term, "ALL")
	if !ok || len(s.categories) > 0 { // no object here is categorised: a data category filter keeps nothing
		return out, nil
	}
	cond, err := condition(s.object, s.filters)
	if err != nil {
		return nil, err
	}
	order := s.order
	if order == nil && s.object.NameFieldName() != "" {
		order = []records.Order{{Field: s.object.NameFieldName()}}
	}
	p, err := h.readPage(r.Context(), actor, s.object, records.Query{Object: s.object.APIName,
		Where: records.And{match, cond}, OrderBy: order, PageSize: s.size, PageToken: s.token}, h.nameFields(actor, s.object))
	if err != nil {
		return nil, filterError(err)
	}
	out.Records = p.Records
	if p.Next != "" {
		out.NextPageToken = &p.Next
	}
	return out, nil
}

func nonNilFilters(f []Filter) []Filter {
	if f == nil {
		return []Filter{}
	}
	return f
}

// term is the q parameter, required and at least two characters as SOSL requires.
func term(r *http.Request) (string, error) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if q == "" {
		return "", badInput("q is required.")
	}
	if soql.TermTooShort(q) {
		return "", badInput("search term must be longer than one character: %s", q)
	}
	return q, nil
}

// searchable is the object of that name when the caller may search it, else a 404.
func (h *Handler) searchable(r *http.Request, actor *identity.Principal, name string) (*records.Object, error) {
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return nil, err
	}
	o := cat.Object(name)
	if o == nil || !o.Searchable || !o.Queryable || !h.Engine.CanRead(actor, o) {
		return nil, recordsapi.NotFound()
	}
	return o, nil
}

// pageOf reads pageSize (1..200, default 25) and pageToken (a string) of a body.
func pageOf(body map[string]json.RawMessage) (int, string, error) {
	size, token := searchPageSize, ""
	if present(body, "pageSize") {
		if err := json.Unmarshal(body["pageSize"], &size); err != nil || size < 1 || size > maxSearchPageSize {
			return 0, "", badInput("pageSize must be a whole number from 1 to %d.", maxSearchPageSize)
		}
	}
	if present(body, "pageToken") {
		if err := json.Unmarshal(body["pageToken"], &token); err != nil {
			return 0, "", badInput("pageToken must be a string.")
		}
		if _, err := records.PageStart(token); err != nil {
			return 0, "", badInput("Invalid pageToken: %s", token)
		}
	}
	return size, token, nil
}

// stringOrNull reads an optional string of a body (configurationName).
func stringOrNull(body map[string]json.RawMessage, key string) (*string, error) {
	if !present(body, key) {
		return nil, nil
	}
	var s string
	if err := json.Unmarshal(body[key], &s); err != nil {
		return nil, badInput("%s must be a string.", key)
	}
	return &s, nil
}

// Keyword answers POST /search/results/keyword?objectApiName=&q= with {configurationName, dataCategories,
// filters, pageSize, pageToken, sortBy}: KeywordSearchResultsSummaryRepresentation, one object's page.
func (h *Handler) Keyword(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	q, err := term(r)
	if err != nil {
		return err
	}
	name := r.URL.Query().Get("objectApiName")
	if name == "" {
		return badInput("objectApiName is required.")
	}
	o, err := h.searchable(r, actor, name)
	if err != nil {
		return err
	}
	body, err := decodeBody(w, r)
	if err != nil {
		return err
	}
	if _, err := stringOrNull(body, "configurationName"); err != nil {
		return err
	}
	s := objectSearch{object: o}
	if s.filters, err = decodeFilters(body["filters"]); err != nil {
		return err
	}
	if s.categories, err = decodeDataCategories(body["dataCategories"]); err != nil {
		return err
	}
	if s.size, s.token, err = pageOf(body); err != nil {
		return err
	}
	if s.order, err = decodeSortBy(body["sortBy"]); err != nil {
		return err
	}
	res, err := h.run(r, actor, q, s)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"keywordSearchResult": res, "objectApiName": o.APIName, "query": q})
	return nil
}

// objectResult is one object's part of a search summary.
type objectResult struct {
	KeywordSearchResult *ResultCollection `json:"keywordSearchResult"`
	ObjectAPIName       string            `json:"objectApiName"`
}

// answerTypes a search may ask for; only keyword answers (VIEW_ALL) are given here, others are empty.
var answerTypes = map[string]bool{"VIEW_ALL": true, "TOP_RESULTS": true, "QNA": true, "MRU": true}

// Results answers POST /search/results?q= with {answerTypes, configurationName, objectApiNames,
// searchObjectOptions}: SearchResultsSummaryRepresentation, a page of each object asked (every searchable object
// the caller may read when none is), each with the options searchObjectOptions gives it (filters, pageSize,
// pageToken, dataCategories).
func (h *Handler) Results(w http.ResponseWriter, r *http.Request, actor *identity.Principal) error {
	q, err := term(r)
	if err != nil {
		return err
	}
	body, err := decodeBody(w, r)
	if err != nil {
		return err
	}
	config, err := stringOrNull(body, "configurationName")
	if err != nil {
		return err
	}
	var types, names []string
	if present(body, "answerTypes") {
		if err := json.Unmarshal(body["answerTypes"], &types); err != nil {
			return badInput("answerTypes must be a list of strings.")
		}
		for _, t := range types {
			if !answerTypes[t] {
				return badInput("Invalid answerType: %s. Use VIEW_ALL, TOP_RESULTS, QNA or MRU.", t)
			}
		}
	}
	if present(body, "objectApiNames") {
		if err := json.Unmarshal(body["objectApiNames"], &names); err != nil {
			return badInput("objectApiNames must be a list of strings.")
		}
	}
	options := map[string]map[string]json.RawMessage{}
	if present(body, "searchObjectOptions") {
		if err := json.Unmarshal(body["searchObjectOptions"], &options); err != nil {
			return badInput("searchObjectOptions must be an object of object names to options.")
		}
	}
	objects, err := h.searchObjects(r, actor, names)
	if err != nil {
		return err
	}
	out := struct {
		ConfigurationName *string        `json:"configurationName"`
		ObjectResults     []objectResult `json:"objectResults"`
		QnaResult         any            `json:"qnaResult"`
		Query             string         `json:"query"`
	}{ConfigurationName: config, ObjectResults: []objectResult{}, Query: q}
	for _, o := range objects {
		s := objectSearch{object: o, size: searchPageSize}
		if opt := options[o.APIName]; opt != nil {
			if s.filters, err = decodeFilters(opt["filters"]); err != nil {
				return err
			}
			if s.categories, err = decodeDataCategories(opt["dataCategories"]); err != nil {
				return err
			}
			if s.size, s.token, err = pageOf(opt); err != nil {
				return err
			}
		}
		res, err := h.run(r, actor, q, s)
		if err != nil {
			return err
		}
		out.ObjectResults = append(out.ObjectResults, objectResult{KeywordSearchResult: res, ObjectAPIName: o.APIName})
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// searchObjects are the objects named (each searchable by the caller, else 404) or, with none named, every
// searchable object the caller may read, in the catalog's order.
func (h *Handler) searchObjects(r *http.Request, actor *identity.Principal, names []string) ([]*records.Object, error) {
	if len(names) > 0 {
		out := make([]*records.Object, 0, len(names))
		for _, n := range names {
			o, err := h.searchable(r, actor, n)
			if err != nil {
				return nil, err
			}
			out = append(out, o)
		}
		return out, nil
	}
	cat, err := h.Engine.Catalog(r.Context())
	if err != nil {
		return nil, err
	}
	var out []*records.Object
	for _, o := range cat.Objects() {
		if o.Searchable && o.Queryable && h.Engine.CanRead(actor, o) && o.NameFieldName() != "" {
			out = append(out, o)
		}
	}
	return out, nil
}
