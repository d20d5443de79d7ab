package app_test

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/connectapi"
	"storefront/internal/demo"
	"storefront/internal/navigation"
	"storefront/internal/records"
)

// Bad input is a 4xx with the API's JSON error body, never a 500: malformed requests are fired at every route of the
// routing table, on each database, as a guest, a buyer and staff. Each request breaks one thing: a path value, a
// query parameter or a body value holding a NUL, bytes that are not UTF-8, an overlong text, a number out of range
// or a value of the wrong JSON type; or a body that is not JSON at all.
func TestMalformedRequestsAreRefusedWithTheAPIsError(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		var probes []probe
		for _, rt := range s.App.Routes() {
			probes = append(probes, malformed(rt.Pattern)...)
		}
		// Signing out ends the caller's session: those requests go last.
		sort.SliceStable(probes, func(i, j int) bool {
			return !strings.HasPrefix(probes[i].path, "/logout") && strings.HasPrefix(probes[j].path, "/logout")
		})
		callers := []struct{ name, token string }{
			{"guest", ""}, {"buyer", s.Token(t, "buyer@example.com")}, {"staff", s.Token(t, "admin@example.com")},
		}
		for _, c := range callers {
			failures := fire(t, s.URL, c.token, probes)
			for i, f := range failures {
				if i == 20 {
					t.Errorf("as %s: ... and %d more", c.name, len(failures)-i)
					break
				}
				t.Errorf("as %s: %s", c.name, f)
			}
		}
		t.Logf("%d malformed requests per caller", len(probes))
	})
}

// probe is one malformed request and what it breaks.
type probe struct {
	method, path, query, contentType, body, what string
}

// fire sends the probes (a few at a time) and returns the answers that are a 5xx, or an error without a JSON body.
func fire(t *testing.T, base, token string, probes []probe) []string {
	var mu sync.Mutex
	var failures []string
	work := make(chan int)
	var wg sync.WaitGroup
	clients := loopbackClients()
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				p := probes[i]
				if problem := send(clients[i%len(clients)], base, token, p); problem != "" {
					mu.Lock()
					failures = append(failures, fmt.Sprintf("%s %s (%s): %s", p.method, p.path, p.what, problem))
					mu.Unlock()
				}
			}
		}()
	}
	for i := range probes {
		work <- i
	}
	close(work)
	wg.Wait()
	sort.Strings(failures)
	return failures
}

// loopbackClients are HTTP clients that each connect from their own loopback address (127.0.0.2, .3...), so that
// sign-in probes reach the password check instead of the per-address limit on failed sign-ins. Where only
// 127.0.0.1 exists (macOS), they connect from it: those probes then stop at the limit, still a 4xx.
func loopbackClients() []*http.Client {
	clients := make([]*http.Client, 200)
	for i := range clients {
		local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+i))}
		dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
			if conn, err := (&net.Dialer{LocalAddr: local}).DialContext(ctx, network, addr); err == nil {
				return conn, nil
			}
			return (&net.Dialer{}).DialContext(ctx, network, addr)
		}
		clients[i] = &http.Client{Transport: &http.Transport{DialContext: dial},
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	}
	return clients
}

func send(client *http.Client, base, token string, p probe) string {
	target := base + p.path
	if p.query != "" {
		target += "?" + p.query
	}
	req, err := http.NewRequest(p.method, target, strings.NewReader(p.body))
	if err != nil {
		return err.Error()
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if p.contentType != "" {
		req.Header.Set("Content-Type", p.contentType)
	}
	resp, err := client.Do(req)
	if err != nil {
		return err.Error()
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if strings.HasPrefix(p.path, "/services/Soap/") && resp.StatusCode == 500 {
		return soapProblem(resp, body)
	}
	switch {
	case resp.StatusCode >= 500:
		return fmt.Sprintf("%d %.300s", resp.StatusCode, body)
	case resp.StatusCode >= 400 && (!strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") || !json.Valid(body)):
		return fmt.Sprintf("%d with a body that is not JSON (%s): %.300s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	return ""
}

// soapProblem checks a SOAP 500: SOAP 1.1 sends every fault with HTTP 500, so there bad input must be a fault envelope
// that blames the client or the credentials (soapenv:Client, sf:...), never soapenv:Server or a JSON 500. (What the
// server refuses before the SOAP handler, text no database can store, is the API's JSON 400 like everywhere.)
func soapProblem(resp *http.Response, body []byte) string {
	var env struct {
		Code string `xml:"Body>Fault>faultcode"`
	}
	if resp.Header.Get("Content-Type") != "text/xml; charset=utf-8" || xml.Unmarshal(body, &env) != nil ||
		!(env.Code == "soapenv:Client" || strings.HasPrefix(env.Code, "sf:")) {
		return fmt.Sprintf("%d not a client fault (%s): %.300s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	return ""
}

// pathValues are good values of the routes' wildcards on the demo store, so that each request goes as deep as its
// one malformed part lets it. Deletes get ids of records that do not exist: a probe must not delete demo data.
var pathValues = map[string]string{
	"webstoreId":     demo.StoreID,
	"recordId":       demo.BuyerAccountID,
	"objectApiName":  "Account",
	"productId":      records.StableID("01t", 1),
	"categoryId":     records.StableID("0ZG", 2),
	"cartStateOrId":  "current",
	"cartItemId":     records.StableID("0a9", 999999),
	"cartCouponId":   records.StableID("0cB", 999999),
	"apexClass":      navigation.ApexClass,
	"apexMethod":     navigation.ApexMethod,
	"communityId":    demo.CommunityID,
	"siteId":         demo.SiteID,
	"channelId":      connectapi.ChannelID(demo.SiteID),
	"contentKeyOrId": demo.LogoContentKey,
	"contentKey":     demo.LogoContentKey,
	"orgId":          "00DSF0000000001AAA", // the installation's is random: probes stop at the org check, still a 4xx
	"userId":         demo.BuyerUserID,
	"version":        "64.0",
	// The UI API groups' (records, lists, related lists, actions, lookups, layouts, list preferences).
	"recordIds":           demo.BuyerAccountID,
	"listViewApiName":     "AllAccounts",
	"relatedListId":       "Contacts",
	"parentRecordId":      demo.BuyerAccountID,
	"parentObjectApiName": "Account",
	"preferencesId":       "Account.Contacts",
	"fieldApiName":        "ParentId",
	"actionApiName":       "Account.NewContact",
}

// queryNames are the query parameters the routes read, by a part of their path.
var queryNames = []struct {
	in    string
	names []string
}{
	{"/commerce/webstores/", []string{"effectiveAccountId", "asGuest"}},
	{"external-managed-accounts", []string{"includeMyAccount"}},
	{"/ui-api/records/{recordId}", []string{"fields", "optionalFields", "layoutTypes", "modes"}},
	{"/products/{productId}", []string{"fields", "mediaGroups", "excludeFields", "excludeMedia"}},
	{"pricing/products", []string{"productIds"}},
	{"product-categories/", []string{"parentProductCategoryId", "fields", "mediaGroups"}},
	{"search/products", []string{"searchTerm", "categoryId", "fields", "page", "pageSize", "sortRuleId", "includePrices"}},
	{"search/suggestions", []string{"searchTerm", "limit"}},
	{"/carts", []string{"currencyIsoCode", "includeCoupons", "includePromotions", "pageSize", "pageToken", "sort",
		"productFields", "targetType"}},
	{"navigation-menu-items", []string{"navigationLinkSetDeveloperName", "navigationLinkSetId", "addHomeMenuItem",
		"includeImageUrl", "menuItemTypesToSkip", "publishStatus"}},
	{"/lwr/apex/", []string{"methodParams"}},
	{"/cms/delivery/", []string{"showAbsoluteUrl", "language", "contentKeys", "managedContentIds", "contentTypeFQN",
		"page", "pageSize", "referenceDepth", "includeContentBody"}},
	{"/seo/properties/", []string{"fields"}},
}

// bodies are good request bodies of the routes that take one (by pattern), each value of which is broken in turn.
var bodies = map[string]string{
	"POST /api/auth/login":   `{"username":"buyer@example.com","password":"demo1234"}`,
	"POST /ui-api/records":   `{"apiName":"Account","fields":{"Name":"Probe","AnnualRevenue":1000,"Industry":"Retail"}}`,
	"PATCH /ui-api/records/": `{"fields":{"Name":"Probe","AnnualRevenue":1000,"Industry":"Retail"}}`,
	"POST pricing/products":  `{"pricingLineItems":[{"productId":"` + records.StableID("01t", 1) + `"}]}`,
	"POST search/product-search": `{"searchTerm":"pen","categoryId":"` + records.StableID("0ZG", 2) + `","page":0,"pageSize":20,` +
		`"fields":["Name"],"refinements":[{"attributeType":"Custom","nameOrId":"Color","type":"DistinctValue","values":["Black"]}],` +
		`"sortRuleId":"x","includePrices":true,"grouping":{"groupingOption":"NoGrouping"}}`,
	"POST /ui-api/records/batch": `{"allOrNone":true,"useDefaultRule":false,"operations":[{"type":"CREATE",` +
		`"records":[{"apiName":"Account","fields":{"Name":"Probe"}}]}]}`,
	"POST /ui-api/list-info/": `{"label":"Probe","filteredByInfo":[{"fieldApiName":"Name","operandLabels":["x"],"operator":"Equals"}],` +
		`"scope":{"apiName":"everything","entityId":null},"displayColumns":["Name"],"visibility":"Private"}`,
	"PATCH /ui-api/list-preferences/": `{"columnWidths":{"Name":120},"columnWrap":{"Name":true},` +
		`"orderedBy":[{"fieldApiName":"Name","isAscending":true}]}`,
	"PATCH /ui-api/related-list-info/": `{"orderedByInfo":[{"fieldApiName":"Name","isAscending":true}],` +
		`"userPreferences":{"columnWidths":{"Name":120},"columnWrap":{"Name":true}}}`,
	"PATCH /ui-api/related-list-preferences/": `{"columnWidths":{"Name":120},"columnWrap":{"Name":true},` +
		`"orderedBy":[{"fieldApiName":"Name","isAscending":true}]}`,
	"POST /ui-api/related-list-records/": `{"fields":["Contact.Name"],"optionalFields":["Contact.Email"],"sortBy":["Name"],` +
		`"pageSize":5,"where":"LastName != null"}`,
	"POST /ui-api/related-list-records/batch/": `{"relatedListParameters":[{"relatedListId":"Contacts","fields":["Contact.Name"],` +
		`"sortBy":["Name"],"pageSize":5,"where":"LastName != null"}]}`,
	"POST /related-list/batch":    `{"relatedListsActionParameters":[{"relatedListId":"Contacts","sections":["Page"]}]}`,
	"POST /ui-api/lookups/":       `{"sourceRecord":{"apiName":"Account","fields":{"Name":"x","AnnualRevenue":1,"IsDeleted":false,"Site":null}}}`,
	"PATCH /user-state":           `{"sectionUserStates":{"01B000000000000AAA":{"collapsed":true}}}`,
	"POST /association":           `{"type":"Theme"}`,
	"PUT /carts":                  `{"name":"Probe"}`,
	"POST /carts":                 `{"name":"Probe"}`,
	"POST /cart-items":            `{"productId":"` + records.StableID("01t", 1) + `","quantity":"1","type":"Product"}`,
	"POST /cart-items/batch":      `{"inputs":[{"richInput":{"productId":"` + records.StableID("01t", 1) + `","quantity":"1","type":"Product"}}]}`,
	"PATCH /cart-items/":          `{"quantity":"2"}`,
	"POST /cart-coupons":          `{"couponCode":"SAVE10"}`,
	"PUT /inventory-reservations": `{"durationInSeconds":600}`,
	"POST /lwr/apex/": `{"communityId":"` + demo.CommunityID + `","navigationLinkSetDeveloperName":"` + demo.MainMenu +
		`","showHomeLink":true,"includeImageUrl":true,"effectiveAccountId":"` + demo.BuyerAccountID + `"}`,
}

const tokenForm = "grant_type=password&username=buyer%40example.com&password=demo1234"

// Broken parts. Path and query values are URL-escaped text; the JSON values are raw JSON.
var (
	long     = strings.Repeat("x", 10000)
	badPath  = []string{"%00", "a%00b", "%FF", "caf%E9", long}
	badQuery = []string{"a%00", "%FF", long, "99999999999999999999999", "-1", "1e400", "x"}
	badJSON  = []string{`"a\u0000b"`, "\"\xff\xfe\"", `"` + strings.Repeat("y", 40000) + `"`, `1e400`, `-1`, `99999999999999999999999`,
		`1.5`, `true`, `null`, `{}`, `[]`, `"x"`}
	notJSON  = []string{``, `{`, `{"a":1}}`, `[`, `null`, `"text"`, `123`, `[]`, "\xff"}
	wildcard = regexp.MustCompile(`\{([A-Za-z]+)(\.\.\.)?\}`)
)

// malformed returns the broken requests of one route pattern.
func malformed(pattern string) []probe {
	method, path, _ := strings.Cut(pattern, " ")
	fill := func(broken string, value string) string {
		return wildcard.ReplaceAllStringFunc(path, func(w string) string {
			name := wildcard.FindStringSubmatch(w)[1]
			if name == broken {
				return value
			}
			if method == http.MethodDelete && strings.HasSuffix(name, "Id") && name != "webstoreId" {
				return records.StableID("001", 999999) // an id of nothing
			}
			return url.PathEscape(pathValues[name])
		})
	}
	good := fill("", "")
	var out []probe
	for _, m := range wildcard.FindAllStringSubmatch(path, -1) {
		for _, v := range badPath {
			out = append(out, probe{method: method, path: fill(m[1], v), what: "path value " + m[1] + "=" + clip(v)})
		}
	}
	names := []string{"unknownParameter"}
	for _, q := range queryNames {
		if strings.Contains(path, q.in) {
			names = append(names, q.names...)
		}
	}
	for _, name := range names {
		for _, v := range badQuery {
			out = append(out, probe{method: method, path: good, query: name + "=" + v, what: "query " + name + "=" + clip(v)})
		}
	}
	if method == http.MethodGet || method == http.MethodDelete {
		return out
	}
	if strings.HasSuffix(path, "/oauth2/token") {
		for _, field := range []string{"grant_type", "username", "password"} {
			for _, v := range badPath {
				form := regexp.MustCompile(field+`=[^&]*`).ReplaceAllString(tokenForm, field+"="+v)
				out = append(out, probe{method: method, path: good, contentType: "application/x-www-form-urlencoded",
					body: form, what: "form " + field + "=" + clip(v)})
			}
		}
		return out
	}
	for _, b := range notJSON {
		out = append(out, probe{method: method, path: good, contentType: "application/json", body: b, what: "body " + clip(b)})
	}
	for key, tmpl := range bodies {
		m, suffix, _ := strings.Cut(key, " ")
		if m != method || !(strings.HasSuffix(path, suffix) || strings.Contains(path, suffix) && strings.HasSuffix(suffix, "/")) {
			continue
		}
		for _, b := range brokenBodies(tmpl) {
			out = append(out, probe{method: method, path: good, contentType: "application/json", body: b.body, what: b.what})
		}
	}
	return out
}

type brokenBody struct{ body, what string }

// brokenBodies returns tmpl (a JSON document) with each of its values, in turn, replaced by each broken JSON value.
func brokenBodies(tmpl string) []brokenBody {
	var doc any
	if err := json.Unmarshal([]byte(tmpl), &doc); err != nil {
		panic(tmpl + ": " + err.Error())
	}
	const marker = "\x01BROKEN\x01"
	var out []brokenBody
	var walk func(v any, at string, set func(any))
	walk = func(v any, at string, set func(any)) {
		set(marker)
		raw, _ := json.Marshal(doc)
		set(v)
		for _, bad := range badJSON {
			out = append(out, brokenBody{strings.Replace(string(raw), `"\u0001BROKEN\u0001"`, bad, 1), "body " + at + "=" + clip(bad)})
		}
		switch c := v.(type) {
		case map[string]any:
			for k, child := range c {
				walk(child, at+"."+k, func(x any) { c[k] = x })
			}
		case []any:
			for i, child := range c {
				walk(child, fmt.Sprintf("%s[%d]", at, i), func(x any) { c[i] = x })
			}
		}
	}
	switch c := doc.(type) {
	case map[string]any:
		for k, child := range c {
			walk(child, k, func(x any) { c[k] = x })
		}
	}
	return out
}

func clip(s string) string {
	if len(s) > 24 {
		return fmt.Sprintf("%.24s... (%d bytes)", s, len(s))
	}
	return fmt.Sprintf("%q", s)
}
