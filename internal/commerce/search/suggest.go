package search

import (
	"context"
	"sort"
	"strings"

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
// bounded number of prefix matches from the in-memory full-text index (in name order, no ranking pass over every
// match), so it costs the same on a catalogue of 300 or 100,000 products, and orders those few in memory. The
// bound applies before entitlement: a buyer who may see few of many matching products can get fewer completions.
func (s *Service) Suggest(ctx context.Context, store *storecontext.Store, accountID, term string, limit int) (*Suggestions, error) {
	out := &Suggestions{Completions: []Completion{}, Locale: store.DefaultLanguage}
	ws := queryWords(term)
	if len(ws) == 0 {
		return out, nil
	}
	snap, _, err := s.snapshots.get(ctx, s.DB)
	if err != nil {
		return nil, err
	}
	visible, err := allowedPolicies(ctx, s.DB, store.ID, accountID)
	if err != nil {
		return nil, err
	}
	tree, err := snap.categories(ctx, s.DB, store.ID)
	if err != nil {
		return nil, err
	}
	type option struct {
		text string
		rank int
	}
	var opts []option
	lower := strings.ToLower(strings.TrimSpace(term))
	matched, _ := snap.text.match(ws, nil)
	it := matched.Iterator()
	for n := 0; it.HasNext() && n < suggestCandidates; n++ {
		x := snap.all[it.Next()]
		if !visible.allows(x) || !tree.inStore(x.categories) {
			continue
		}
		name, sku := x.name, x.sku
		switch {
		case sku != "" && strings.HasPrefix(strings.ToLower(sku), lower):
			opts = append(opts, option{sku, 0})
		case strings.HasPrefix(strings.ToLower(name), lower):
			opts = append(opts, option{name, 1})
		case name != "":
			opts = append(opts, option{name, 2})
		}
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
