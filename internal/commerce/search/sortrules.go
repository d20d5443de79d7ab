package search

import (
	"strings"

	"storefront/internal/records"
)

// sortKind is how results are ordered.
type sortKind int

const (
	sortRelevance sortKind = iota
	sortNameAsc
	sortNameDesc
	sortPriceAsc
	sortPriceDesc
	sortNewest
)

// SortRule is one entry of GET search/sort-rules (the Connect API's Sort Rule output).
type SortRule struct {
	Direction   string  `json:"direction"`
	Label       string  `json:"label"`
	LabelSuffix *string `json:"labelSuffix"`
	NameOrID    string  `json:"nameOrId"`
	SortOrder   int     `json:"sortOrder"`
	SortRuleID  string  `json:"sortRuleId"`
	Type        string  `json:"type"`
	kind        sortKind
}

// sortRulePrefix is the key prefix of sort rule ids. Sort rules are fixed by the server, not records; their ids
// only have to be stable and Salesforce-shaped.
const sortRulePrefix = "0lD"

// sortRules are the orders a storefront may ask for, in the order a sort menu shows them. The first is the default.
// Prices sort by the store's list price (its standard price book), as a "sort by price book" rule does.
var sortRules = []SortRule{
	{"Default", "Best Match", nil, "Relevancy", 1, records.StableID(sortRulePrefix, 1), "Relevancy", sortRelevance},
	{"Ascending", "Name", suffix("Az"), "Name", 2, records.StableID(sortRulePrefix, 2), "ProductBased", sortNameAsc},
	{"Descending", "Name", suffix("Za"), "Name", 3, records.StableID(sortRulePrefix, 3), "ProductBased", sortNameDesc},
	{"Ascending", "Price", suffix("LowHigh"), "UnitPrice", 4, records.StableID(sortRulePrefix, 4), "SortByPricebook", sortPriceAsc},
	{"Descending", "Price", suffix("HighLow"), "UnitPrice", 5, records.StableID(sortRulePrefix, 5), "SortByPricebook", sortPriceDesc},
	{"Descending", "Date Added", suffix("Newest"), "CreatedDate", 6, records.StableID(sortRulePrefix, 6), "ProductBased", sortNewest},
}

func suffix(s string) *string { return &s }

// findSortRule resolves a sortRuleId: the 18- or 15-character id, or (for hand-written calls) the rule's type and
// direction such as "Relevancy" or "Name:Descending". Blank is the default rule.
func findSortRule(id string) (SortRule, bool) {
	id = strings.TrimSpace(id)
	if id == "" {
		return sortRules[0], true
	}
	full, _ := records.NormalizeID(id)
	for _, r := range sortRules {
		if r.SortRuleID == full || strings.EqualFold(id, r.NameOrID+":"+r.Direction) ||
			(r.Direction == "Default" && strings.EqualFold(id, r.NameOrID)) {
			return r, true
		}
	}
	return SortRule{}, false
}
