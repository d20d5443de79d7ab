package search

import (
	"encoding/base64"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Limits of the Product Search Input.
const (
	maxRefinements      = 9
	maxRefinementValues = 20
	maxPageSize         = 200
	defaultPageSize     = 20
	maxResultWindow     = 5000 // page × pageSize
	maxTermLength       = 255
)

// Input is the Product Search Input body of POST search/product-search.
type Input struct {
	SearchTerm          *string      `json:"searchTerm"`
	CategoryID          *string      `json:"categoryId"`
	Refinements         []Refinement `json:"refinements"`
	SortRuleID          *string      `json:"sortRuleId"`
	SortOrderID         *string      `json:"sortOrderId"` // the name older API versions use
	Page                *int         `json:"page"`
	PageSize            *int         `json:"pageSize"`
	Fields              []string     `json:"fields"`
	IncludePrices       bool         `json:"includePrices"`
	IncludeQuantityRule *bool        `json:"includeQuantityRule"` // unset: included, as product detail does
	Grouping            *Grouping    `json:"grouping"`
}

// Refinement is a Distinct Value Refinement Input: products whose attribute nameOrId has one of values.
type Refinement struct {
	AttributeType string   `json:"attributeType"`
	NameOrID      string   `json:"nameOrId"`
	Values        []string `json:"values"`
	Type          string   `json:"type"`
}

// Grouping is the Product Search Grouping Input.
type Grouping struct {
	GroupingOption string `json:"groupingOption"`
}

// query is a validated search request.
type query struct {
	term                string   // trimmed search term ("" for a category listing)
	words               []string // the term's words as the index knows them
	categoryID          string   // 18-character id, "" for the whole catalogue
	refinements         map[string]map[string]bool
	sort                SortRule
	page, pageSize      int
	fields              []string // requested Product2 fields (API names as sent); nil means the defaults
	includePrices       bool
	includeQuantityRule bool
}

func invalid(format string, args ...any) error {
	return httpx.BadRequest("INVALID_INPUT", format, args...)
}

// validate checks the input against the API's rules and returns the query it asks for.
func (in *Input) validate() (*query, error) {
	// The quantity rule comes unless it is declined: a card without it cannot offer a valid quantity.
	q := &query{includePrices: in.IncludePrices, includeQuantityRule: in.IncludeQuantityRule == nil || *in.IncludeQuantityRule,
		fields: in.Fields}
	if in.SearchTerm != nil {
		q.term = strings.TrimSpace(*in.SearchTerm)
		if len([]rune(q.term)) > maxTermLength {
			return nil, invalid("The searchTerm is longer than %d characters.", maxTermLength)
		}
		q.words = queryWords(q.term)
	}
	if in.CategoryID != nil && strings.TrimSpace(*in.CategoryID) != "" {
		raw := strings.TrimSpace(*in.CategoryID)
		id, ok := records.NormalizeID(raw)
		if !ok || records.KeyPrefix(id) != "0ZG" {
			return nil, httpx.BadRequest("INVALID_ID_FIELD", "The categoryId %q is not a valid product category id.", raw)
		}
		q.categoryID = id
	}
	if q.term == "" && q.categoryID == "" {
		return nil, invalid("Specify a searchTerm or a categoryId.")
	}
	if err := q.setPaging(in.Page, in.PageSize); err != nil {
		return nil, err
	}
	sortID := in.SortRuleID
	if sortID == nil {
		sortID = in.SortOrderID
	}
	if sortID != nil {
		rule, ok := findSortRule(*sortID)
		if !ok {
			return nil, invalid("The sortRuleId %q is not a sort rule of this store.", *sortID)
		}
		q.sort = rule
	} else {
		q.sort = sortRules[0]
	}
	if in.Grouping != nil {
		switch in.Grouping.GroupingOption {
		case "", "NoGrouping", "VariationParent": // every product is Simple: nothing to group
		default:
			return nil, invalid("The groupingOption %q is not NoGrouping or VariationParent.", in.Grouping.GroupingOption)
		}
	}
	refinements, err := validRefinements(in.Refinements)
	if err != nil {
		return nil, err
	}
	q.refinements = refinements
	return q, nil
}

func (q *query) setPaging(page, pageSize *int) error {
	q.pageSize = defaultPageSize
	if pageSize != nil {
		if *pageSize < 1 || *pageSize > maxPageSize {
			return invalid("The pageSize must be from 1 through %d, not %d.", maxPageSize, *pageSize)
		}
		q.pageSize = *pageSize
	}
	if page != nil {
		if *page < 0 {
			return invalid("The page must be 0 or more, not %d.", *page)
		}
		q.page = *page
	}
	if q.page*q.pageSize > maxResultWindow {
		return invalid("page × pageSize can't exceed %d (page %d, pageSize %d).", maxResultWindow, q.page, q.pageSize)
	}
	return nil
}

// validRefinements checks the refinements and groups their values by facet (canonical nameOrId). Values of one
// facet are alternatives; refinements of different facets must all hold.
func validRefinements(in []Refinement) (map[string]map[string]bool, error) {
	if len(in) > maxRefinements {
		return nil, invalid("At most %d refinements are allowed, not %d.", maxRefinements, len(in))
	}
	out := map[string]map[string]bool{}
	for _, r := range in {
		f := facetByName(r.NameOrID)
		if f == nil {
			return nil, invalid("The refinement attribute %q is not a facet of this store.", r.NameOrID)
		}
		if r.Type != "" && r.Type != "DistinctValue" {
			return nil, invalid("The refinement type %q is not DistinctValue.", r.Type)
		}
		if r.AttributeType != "" && !strings.EqualFold(r.AttributeType, f.attributeType) {
			return nil, invalid("The attribute %s has attributeType %s, not %s.", f.nameOrID, f.attributeType, r.AttributeType)
		}
		if len(r.Values) > maxRefinementValues {
			return nil, invalid("A refinement takes at most %d values, not %d.", maxRefinementValues, len(r.Values))
		}
		for _, v := range r.Values {
			v = strings.TrimSpace(v)
			if f.isCategory {
				id, ok := records.NormalizeID(v)
				if !ok || records.KeyPrefix(id) != "0ZG" {
					return nil, httpx.BadRequest("INVALID_ID_FIELD", "The category refinement value %q is not a product category id.", v)
				}
				v = id
			}
			if out[f.nameOrID] == nil {
				out[f.nameOrID] = map[string]bool{}
			}
			out[f.nameOrID][v] = true
		}
	}
	return out, nil
}

// inputFromQuery reads GET search/products parameters into an Input. fields may repeat or be comma-separated;
// refinements is the Base64 encoding of the refinements' JSON array, as the API defines it.
func inputFromQuery(v url.Values) (*Input, error) {
	in := &Input{}
	if v.Has("searchTerm") {
		s := v.Get("searchTerm")
		in.SearchTerm = &s
	}
	if v.Has("categoryId") {
		s := v.Get("categoryId")
		in.CategoryID = &s
	}
	if v.Has("sortRuleId") {
		s := v.Get("sortRuleId")
		in.SortRuleID = &s
	}
	var err error
	if in.Page, err = intParam(v, "page"); err != nil {
		return nil, err
	}
	if in.PageSize, err = intParam(v, "pageSize"); err != nil {
		return nil, err
	}
	if in.IncludePrices, err = boolParam(v, "includePrices"); err != nil {
		return nil, err
	}
	if v.Has("includeQuantityRule") {
		b, err := boolParam(v, "includeQuantityRule")
		if err != nil {
			return nil, err
		}
		in.IncludeQuantityRule = &b
	}
	for _, f := range v["fields"] {
		for _, name := range strings.Split(f, ",") {
			if name = strings.TrimSpace(name); name != "" {
				in.Fields = append(in.Fields, name)
			}
		}
	}
	if g := v.Get("grouping"); g != "" {
		in.Grouping = &Grouping{GroupingOption: g}
	}
	if raw := v.Get("refinements"); raw != "" {
		data, err := base64.StdEncoding.DecodeString(raw)
		if err != nil {
			data, err = base64.URLEncoding.DecodeString(raw)
		}
		if err != nil || json.Unmarshal(data, &in.Refinements) != nil {
			return nil, invalid("The refinements parameter must be the Base64 encoding of a JSON array of refinements.")
		}
	}
	return in, nil
}

func intParam(v url.Values, name string) (*int, error) {
	if !v.Has(name) {
		return nil, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v.Get(name)))
	if err != nil {
		return nil, httpx.BadRequest("ILLEGAL_QUERY_PARAMETER_VALUE", "The %s parameter must be an integer, not %q.", name, v.Get(name))
	}
	return &n, nil
}

func boolParam(v url.Values, name string) (bool, error) {
	if !v.Has(name) {
		return false, nil
	}
	b, err := strconv.ParseBool(strings.TrimSpace(v.Get(name)))
	if err != nil {
		return false, httpx.BadRequest("ILLEGAL_QUERY_PARAMETER_VALUE", "The %s parameter must be true or false, not %q.", name, v.Get(name))
	}
	return b, nil
}
