package search

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"storefront/internal/commerce/pricing"
	"storefront/internal/commerce/storecontext"
)

// Suggestion limits (the Connect API's): a term of up to 100 characters, 1 to 10 completions, 10 by default.
const (
	maxSuggestTerm    = 100
	maxSuggestions    = 10
	suggestCandidates = 60 // products read to choose completions from
)

// Suggestions is the Product Search Suggestions Results response.
type Suggestions struct {
	Completions []Completion `json:"completions"`
	Locale      string       `json:"locale"`
}

// Completion is a Suggested Completion: a product name, or a SKU when the term is the start of one.
type Completion struct {
	SimpleString string `json:"simpleString"`
}

// Suggest completes what the buyer is typing from the names and SKUs of the products they may see. It reads a
// bounded number of prefix matches straight from the full-text index (in index order, no ranking pass over every
// match), so it costs the same on a catalogue of 300 or 100,000 products, and orders those few in memory.
func (s *Service) Suggest(ctx context.Context, store *storecontext.Store, accountID, term string, limit int) (*Suggestions, error) {
	out := &Suggestions{Completions: []Completion{}, Locale: store.DefaultLanguage}
	ws := queryWords(term)
	if len(ws) == 0 {
		return out, nil
	}
	from, args := candidateFrom(s.DB.Dialect, candidateSource{words: ws})
	entitled, entArgs := pricing.EntitledFilter("p", store.ID, accountID)
	query := `SELECT COALESCE(p.name, ''), COALESCE(p.stockkeepingunit, '') FROM ` + from + ` AND ` + entitled + `
		AND EXISTS (SELECT 1 FROM productcategoryproduct pcp JOIN productcategory c ON c.id = pcp.productcategoryid
			JOIN webstorecatalog wc ON wc.productcatalogid = c.catalogid WHERE pcp.productid = p.id AND wc.salesstoreid = ?)
		LIMIT ` + strconv.Itoa(suggestCandidates)
	args = append(append(args, entArgs...), store.ID)
	rows, err := s.DB.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	type option struct {
		text string
		rank int
	}
	var opts []option
	lower := strings.ToLower(strings.TrimSpace(term))
	for rows.Next() {
		var name, sku string
		if err := rows.Scan(&name, &sku); err != nil {
			return nil, err
		}
		switch {
		case sku != "" && strings.HasPrefix(strings.ToLower(sku), lower):
			opts = append(opts, option{sku, 0})
		case strings.HasPrefix(strings.ToLower(name), lower):
			opts = append(opts, option{name, 1})
		case name != "":
			opts = append(opts, option{name, 2})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	sort.SliceStable(opts, func(i, j int) bool {
		a, b := opts[i], opts[j]
		if a.rank != b.rank {
			return a.rank < b.rank
		}
		if len(a.text) != len(b.text) {
			return len(a.text) < len(b.text)
		}
		return strings.ToLower(a.text) < strings.ToLower(b.text)
	})
	seen := map[string]bool{}
	for _, o := range opts {
		key := strings.ToLower(o.text)
		if seen[key] {
			continue
		}
		seen[key] = true
		out.Completions = append(out.Completions, Completion{SimpleString: o.text})
		if len(out.Completions) == limit {
			break
		}
	}
	return out, nil
}
