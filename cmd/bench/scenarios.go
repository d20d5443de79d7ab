package main

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"

	"storefront/internal/demo"
	"storefront/internal/records"
)

// env is what scenarios build requests from: the server under test, the in-process ceiling server, bearer tokens
// and the ids of the demo store.
type env struct {
	base         string // http://127.0.0.1:PORT of the storefront binary
	ceiling      string // http://127.0.0.1:PORT of the empty handler
	buyerToken   string
	adminToken   string
	storeID      string
	accountID    string
	updateNumber atomic.Int64
	searchNumber atomic.Int64
	users        []*vuser // the virtual users, kept from one scenario to the next
	orderNumber  atomic.Int64
	mu           sync.Mutex
	buyers       []string // the emails of the buyers created for the checkout scenario, one per user
	nextBuyer    int
}

// scenario is one row of the benchmark: a name and how to build one request. Later work adds rows to scenarios.
type scenario struct {
	name string
	// setup, when set, runs once per virtual user before the scenario is measured (a session, a full cart).
	setup func(ctx context.Context, client *http.Client, e *env, u *vuser) error
	// request builds one request of virtual user u; the users run at once, each in its own goroutine.
	request func(e *env, u *vuser) (*http.Request, error)
	// flow, when set instead of request, is one iteration made of several requests (a whole checkout): the row
	// counts iterations, an iteration with any failed step is one error, and unit names what one iteration is.
	flow func(ctx context.Context, client *http.Client, e *env, u *vuser) error
	unit string
}

const api = "/services/data/v64.0"

// scenarios are run in this order; "ceiling" must stay first: the others' ratios are to it.
var scenarios = []scenario{
	{name: "ceiling", request: func(e *env, _ *vuser) (*http.Request, error) {
		return http.NewRequest(http.MethodGet, e.ceiling+"/", nil)
	}},
	{name: "session-context", request: func(e *env, _ *vuser) (*http.Request, error) {
		return bearer(http.MethodGet, e.base+api+"/commerce/webstores/"+e.storeID+"/session-context", e.buyerToken, "")
	}},
	{name: "application-context", request: func(e *env, _ *vuser) (*http.Request, error) {
		return http.NewRequest(http.MethodGet, e.base+api+"/commerce/webstores/"+e.storeID+"/application-context?asGuest=true", nil)
	}},
	{name: "record read", request: func(e *env, _ *vuser) (*http.Request, error) {
		return bearer(http.MethodGet, e.base+api+"/ui-api/records/"+e.accountID+"?fields=Account.Name", e.adminToken, "")
	}},
	{name: "record update", request: func(e *env, _ *vuser) (*http.Request, error) {
		body := fmt.Sprintf(`{"fields":{"Description":"Benchmark update %d"}}`, e.updateNumber.Add(1))
		return bearer(http.MethodPatch, e.base+api+"/ui-api/records/"+e.accountID, e.adminToken, body)
	}},
	// SOQL as an integration would page price books: 200 entries with a parent path, as staff.
	{name: "soql 200 rows", request: func(e *env, _ *vuser) (*http.Request, error) {
		return bearer(http.MethodGet, e.base+api+"/query?q="+url.QueryEscape(soqlBench), e.adminToken, "")
	}},
	{name: "navigation menu", request: func(e *env, _ *vuser) (*http.Request, error) {
		params := url.QueryEscape(`{"communityId":"` + demo.CommunityID + `","navigationLinkSetDeveloperName":"` +
			demo.MainMenu + `","showHomeLink":true}`)
		return http.NewRequest(http.MethodGet, e.base+"/lwr/apex/v64.0/NavigationMenuItemsController/getConnectNavigationItems?methodParams="+params, nil)
	}},
	{name: "cms logo", request: func(e *env, _ *vuser) (*http.Request, error) {
		return http.NewRequest(http.MethodGet, e.base+api+"/connect/sites/"+demo.SiteID+"/cms/delivery/contents/"+demo.LogoContentKey, nil)
	}},
	{name: "seo product", request: func(e *env, _ *vuser) (*http.Request, error) {
		return http.NewRequest(http.MethodGet, e.base+api+"/connect/communities/"+demo.CommunityID+"/seo/properties/"+
			demoProduct+"?fields=Name,Description", nil)
	}},
	{name: "cart badge", request: func(e *env, _ *vuser) (*http.Request, error) {
		return bearer(http.MethodGet, e.base+api+"/commerce/webstores/"+e.storeID+"/carts/compact-summary", e.buyerToken, "")
	}},
	{name: "product detail", request: func(e *env, _ *vuser) (*http.Request, error) {
		return bearer(http.MethodGet, e.base+api+"/commerce/webstores/"+e.storeID+"/products/"+benchProduct, e.buyerToken, "")
	}},
	{name: "pricing", request: func(e *env, _ *vuser) (*http.Request, error) {
		return bearer(http.MethodGet, e.base+api+"/commerce/webstores/"+e.storeID+"/pricing/products/"+benchProduct, e.buyerToken, "")
	}},
	// Search as the buyer, first page of 20 with prices, as the search page asks. Terms and categories rotate so
	// that the figures are not one lucky query's.
	{name: "search term", request: func(e *env, _ *vuser) (*http.Request, error) {
		term := searchTerms[int(e.searchNumber.Add(1))%len(searchTerms)]
		return bearer(http.MethodPost, e.base+api+"/commerce/webstores/"+e.storeID+"/search/product-search",
			e.buyerToken, `{"searchTerm":"`+term+`","pageSize":20,"includePrices":true}`)
	}},
	{name: "search category", request: func(e *env, _ *vuser) (*http.Request, error) {
		category := searchCategories[int(e.searchNumber.Add(1))%len(searchCategories)]
		return bearer(http.MethodPost, e.base+api+"/commerce/webstores/"+e.storeID+"/search/product-search",
			e.buyerToken, `{"categoryId":"`+category+`","pageSize":20,"includePrices":true}`)
	}},
	{name: "search refinement", request: func(e *env, _ *vuser) (*http.Request, error) {
		term := searchTerms[int(e.searchNumber.Add(1))%len(searchTerms)]
		return bearer(http.MethodPost, e.base+api+"/commerce/webstores/"+e.storeID+"/search/product-search",
			e.buyerToken, `{"searchTerm":"`+term+`","pageSize":20,"includePrices":true,"refinements":[`+
				`{"attributeType":"Standard","nameOrId":"Brand","values":["Everline","Summit"],"type":"DistinctValue"}]}`)
	}},
}

func init() { scenarios = append(append(scenarios, cartScenarios...), checkoutScenario) }

// soqlBench is the SOQL scenario's query: 200 rows, each with its product through a parent path.
const soqlBench = "SELECT Id, UnitPrice, IsActive, Product2.Name, Product2.StockKeepingUnit FROM PricebookEntry ORDER BY UnitPrice LIMIT 200"

// demoProduct is the demo store's first product.
var demoProduct = records.StableID("01t", 1)

// benchProduct is demo product 6: it has volume tiers, so pricing does its full work.
var benchProduct = records.StableID("01t", 6)

// searchTerms are what buyers type: product words, a brand, a SKU prefix.
var searchTerms = []string{"stapler", "nitrile gloves", "led bulb", "copy paper", "everline", "GLV-0000", "drill", "cleaner"}

// searchCategories are the demo catalogue's top-level categories (the broadest listings: every descendant's
// products) and two leaves, by their stable ids.
var searchCategories = []string{records.StableID("0ZG", 1), records.StableID("0ZG", 10), records.StableID("0ZG", 17),
	records.StableID("0ZG", 3), records.StableID("0ZG", 20)}

func bearer(method, url, token, body string) (*http.Request, error) {
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	return req, nil
}

// selectScenarios keeps the named scenarios (comma-separated; empty keeps all), always with the ceiling first.
func selectScenarios(all []scenario, only string) ([]scenario, error) {
	if strings.TrimSpace(only) == "" {
		return all, nil
	}
	want := map[string]bool{"ceiling": true}
	for _, n := range strings.Split(only, ",") {
		want[strings.TrimSpace(n)] = true
	}
	var out []scenario
	for _, s := range all {
		if want[s.name] {
			out = append(out, s)
			delete(want, s.name)
		}
	}
	for n := range want {
		return nil, fmt.Errorf("unknown scenario %q", n)
	}
	return out, nil
}
