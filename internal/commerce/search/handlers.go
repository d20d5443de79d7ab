package search

import (
	"net/http"
	"strconv"
	"strings"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/httpx"
)

// caller runs the commerce preamble (storecontext.ShopperFor) and returns the store and effective account.
func (s *Service) caller(r *http.Request) (*storecontext.Store, string, error) {
	sh, err := storecontext.ShopperFor(r, s.DB)
	if err != nil {
		return nil, "", err
	}
	return sh.Store, sh.AccountID, nil
}

// ProductSearch is POST search/product-search. The API answers 201 (a POST), which real clients expect. A search
// reads rows of the catalog domain only, so its answer is kept per body (storecontext.Remember): the same listing
// asked again is not searched, priced and encoded again.
func (s *Service) ProductSearch(w http.ResponseWriter, r *http.Request) error {
	sh, err := storecontext.ShopperFor(r, s.DB)
	if err != nil {
		return err
	}
	body, err := httpx.ReadBody(w, r)
	if err != nil {
		return err
	}
	return storecontext.Remember(w, r, s.DB, sh, body, func(w http.ResponseWriter) error {
		var in Input
		if err := httpx.DecodeJSONBytes(body, &in); err != nil {
			return err
		}
		return s.answer(w, r, sh.Store, sh.AccountID, &in, http.StatusCreated)
	})
}

// GetProductSearch is GET search/products, the cacheable variant with the input as query parameters.
func (s *Service) GetProductSearch(w http.ResponseWriter, r *http.Request) error {
	sh, err := storecontext.ShopperFor(r, s.DB)
	if err != nil {
		return err
	}
	return storecontext.Remember(w, r, s.DB, sh, nil, func(w http.ResponseWriter) error {
		in, err := inputFromQuery(r.URL.Query())
		if err != nil {
			return err
		}
		return s.answer(w, r, sh.Store, sh.AccountID, in, http.StatusOK)
	})
}

// answer validates a search's input and writes its results.
func (s *Service) answer(w http.ResponseWriter, r *http.Request, store *storecontext.Store, account string, in *Input,
	status int) error {
	q, err := in.validate()
	if err != nil {
		return err
	}
	res, err := s.run(r.Context(), store, account, q)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "private, no-store") // entitlement and prices are the buyer's own
	if res.stale {
		storecontext.Forget(w) // the same call shows the latest writes once the reload is done
	}
	httpx.WriteJSONBytes(w, status, res.appendJSON(make([]byte, 0, res.sizeHint())))
	return nil
}

// GetSuggestions is GET search/suggestions?searchTerm=&limit=.
func (s *Service) GetSuggestions(w http.ResponseWriter, r *http.Request) error {
	store, account, err := s.caller(r)
	if err != nil {
		return err
	}
	v := r.URL.Query()
	term := strings.TrimSpace(v.Get("searchTerm"))
	if len([]rune(term)) > maxSuggestTerm {
		return invalid("The searchTerm is longer than %d characters.", maxSuggestTerm)
	}
	limit := maxSuggestions
	if raw := v.Get("limit"); raw != "" {
		n, err := strconv.Atoi(strings.TrimSpace(raw))
		if err != nil || n < 1 || n > maxSuggestions {
			return httpx.BadRequest("ILLEGAL_QUERY_PARAMETER_VALUE", "The limit must be an integer from 1 through %d, not %q.",
				maxSuggestions, raw)
		}
		limit = n
	}
	out, err := s.Suggest(r.Context(), store, account, term, limit)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "private, no-store")
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// SortRules is the Sort Rules Collection of GET search/sort-rules.
type SortRules struct {
	SortRules []SortRule `json:"sortRules"`
}

// GetSortRules is GET search/sort-rules: the orders POST search/product-search accepts as sortRuleId.
func (s *Service) GetSortRules(w http.ResponseWriter, r *http.Request) error {
	if _, _, err := s.caller(r); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, SortRules{SortRules: sortRules})
	return nil
}
