package search_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/commerce/pricing"
	"storefront/internal/demo"
	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/metrics"
	"storefront/internal/platform/wire"
	"storefront/internal/records"
)

// fixture is the demo store served over real HTTP on one database.
type fixture struct {
	t          *testing.T
	d          *db.DB
	srv        *apptest.Server
	base       string // the commerce prefix of the demo store
	buyerToken string
	engine     *records.Engine
	staff      *identity.Principal
}

// eachDemo runs fn on the seeded demo store, once per database.
func eachDemo(t *testing.T, fn func(t *testing.T, f *fixture)) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		f := &fixture{t: t, d: s.App.DB, srv: s, base: s.Commerce, engine: s.App.Engine,
			staff: &identity.Principal{UserID: demo.AdminUserID, Staff: true}}
		f.buyerToken = f.token("buyer@example.com")
		fn(t, f)
	})
}

func (f *fixture) token(user string) string { return f.srv.Token(f.t, user) }

// call sends a request as the buyer (token != "") or a guest and decodes the JSON answer into out.
func (f *fixture) call(method, path, token, body string, out any) int {
	f.t.Helper()
	req, err := http.NewRequest(method, f.base+path, strings.NewReader(body))
	if err != nil {
		f.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			f.t.Fatalf("%s %s: status %d, body not JSON: %s", method, path, resp.StatusCode, raw)
		}
	}
	return resp.StatusCode
}

// results mirrors the wire shape the web app reads.
type results struct {
	Categories struct {
		Category *struct {
			ID   string `json:"id"`
			Name string `json:"name"`
		} `json:"category"`
		Children []struct {
			Category struct {
				ID   string `json:"id"`
				Name string `json:"name"`
			} `json:"category"`
			ProductCount int `json:"productCount"`
		} `json:"children"`
		ProductCount int `json:"productCount"`
	} `json:"categories"`
	Facets []struct {
		AttributeType string `json:"attributeType"`
		DisplayName   string `json:"displayName"`
		DisplayRank   int    `json:"displayRank"`
		DisplayType   string `json:"displayType"`
		FacetType     string `json:"facetType"`
		NameOrID      string `json:"nameOrId"`
		Values        []struct {
			DisplayName  string `json:"displayName"`
			NameOrID     string `json:"nameOrId"`
			ProductCount int    `json:"productCount"`
		} `json:"values"`
	} `json:"facets"`
	Locale       string `json:"locale"`
	ProductsPage struct {
		CurrencyIsoCode string    `json:"currencyIsoCode"`
		PageSize        int       `json:"pageSize"`
		Products        []product `json:"products"`
		Total           int       `json:"total"`
	} `json:"productsPage"`
}

type product struct {
	ID     string                        `json:"id"`
	Name   string                        `json:"name"`
	Fields map[string]map[string]*string `json:"fields"`
	Prices *struct {
		ListPrice        *string `json:"listPrice"`
		UnitPrice        string  `json:"unitPrice"`
		PricebookEntryID string  `json:"pricebookEntryId"`
		CurrencyIsoCode  string  `json:"currencyIsoCode"`
	} `json:"prices"`
	PurchaseQuantityRule *struct {
		Increment, Maximum, Minimum *string
	} `json:"purchaseQuantityRule"`
	DefaultImage struct {
		URL string `json:"url"`
	} `json:"defaultImage"`
	ProductClass string `json:"productClass"`
}

func (p product) field(name string) string {
	if v := p.Fields[name]["value"]; v != nil {
		return *v
	}
	return ""
}

func (r *results) facet(name string) map[string]int {
	for _, f := range r.Facets {
		if f.NameOrID == name {
			out := map[string]int{}
			for _, v := range f.Values {
				out[v.NameOrID] = v.ProductCount
			}
			return out
		}
	}
	return nil
}

// search posts a Product Search Input as the buyer and expects 201.
func (f *fixture) search(body string) *results {
	f.t.Helper()
	var r results
	if status := f.call(http.MethodPost, "search/product-search", f.buyerToken, body, &r); status != http.StatusCreated {
		f.t.Fatalf("POST product-search %s: status %d", body, status)
	}
	return &r
}

// all fetches every result of a search (up to 200) with the given fields.
func (f *fixture) all(input map[string]any) *results {
	f.t.Helper()
	input["pageSize"] = 200
	if _, ok := input["fields"]; !ok {
		input["fields"] = []string{"Name", "StockKeepingUnit", "Brand", "Family", "QuantityUnitOfMeasure"}
	}
	raw, _ := json.Marshal(input)
	r := f.search(string(raw))
	if r.ProductsPage.Total > 200 {
		f.t.Fatalf("search %s has %d results: too many for one page", raw, r.ProductsPage.Total)
	}
	return r
}

func (f *fixture) count(query string, args ...any) int {
	f.t.Helper()
	var n int
	if err := f.d.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		f.t.Fatal(err)
	}
	return n
}

// run runs a subtest whose fixture helpers report to the subtest.
func (f *fixture) run(name string, fn func(t *testing.T, f *fixture)) {
	parent := f.t
	parent.Run(name, func(t *testing.T) {
		f.t = t
		defer func() { f.t = parent }()
		fn(t, f)
	})
}

func TestProductSearch(t *testing.T) {
	eachDemo(t, func(t *testing.T, f *fixture) {
		f.run("term matches name SKU and description, name matches first", termRanking)
		f.run("exact and prefix SKU first", skuFirst)
		f.run("facets count every result", facetCounts)
		f.run("refinements narrow, own facet keeps its values", refinements)
		f.run("sort orders", sortOrders)
		f.run("paging", paging)
		f.run("category includes descendants", categorySearch)
		f.run("product shape with prices and rules", productShape)
		f.run("GET variant", getVariant)
		f.run("bad input", badInput)
		f.run("guests and accounts", guests)
		f.run("suggestions", suggestions)
		f.run("index follows the records engine, entitlement respected", indexMaintenance)
	})
}

// termRanking: "highlighter" is in the names of the highlighters and only in the descriptions of the other pens
// and markers (their category blurb); the name matches come first.
func termRanking(t *testing.T, f *fixture) {
	r := f.all(map[string]any{"searchTerm": "highlighter"})
	want := f.count(`SELECT COUNT(*) FROM product2 WHERE isactive = TRUE AND (lower(name) LIKE '%highlighter%'
		OR lower(description) LIKE '%highlighter%' OR lower(stockkeepingunit) LIKE '%highlighter%')`)
	if r.ProductsPage.Total != want || len(r.ProductsPage.Products) != want {
		t.Fatalf("total %d (%d on the page), want %d", r.ProductsPage.Total, len(r.ProductsPage.Products), want)
	}
	inName := f.count(`SELECT COUNT(*) FROM product2 WHERE isactive = TRUE AND lower(name) LIKE '%highlighter%'`)
	if inName == 0 || inName == want {
		t.Fatalf("the demo data should have both name and description-only matches (%d of %d)", inName, want)
	}
	// Search's entitlement agrees with the pricing package's: every result is entitled for the buyer.
	var ids []string
	for _, p := range r.ProductsPage.Products {
		ids = append(ids, p.ID)
	}
	entitled, err := pricing.Entitled(context.Background(), f.d, demo.StoreID, demo.BuyerAccountID, ids)
	if err != nil || len(entitled) != len(ids) {
		t.Fatalf("pricing.Entitled: %d of %d results, %v", len(entitled), len(ids), err)
	}
	for i, p := range r.ProductsPage.Products {
		named := strings.Contains(strings.ToLower(p.Name), "highlighter")
		if (i < inName) != named {
			t.Fatalf("result %d %q: name matches must come first (%d of them)", i, p.Name, inName)
		}
	}
}

func skuFirst(t *testing.T, f *fixture) {
	var sku, name string
	if err := f.d.QueryRow(context.Background(), `SELECT stockkeepingunit, name FROM product2 WHERE stockkeepingunit LIKE 'GLV-%'
		ORDER BY stockkeepingunit LIMIT 1`).Scan(&sku, &name); err != nil {
		t.Fatal(err)
	}
	r := f.all(map[string]any{"searchTerm": strings.ToLower(sku)})
	if len(r.ProductsPage.Products) == 0 || r.ProductsPage.Products[0].field("StockKeepingUnit") != sku {
		t.Fatalf("search %q: first result is not the SKU's product: %+v", sku, r.ProductsPage.Products)
	}
	prefix := sku[:len(sku)-2] // "GLV-0000"
	r = f.all(map[string]any{"searchTerm": prefix})
	if len(r.ProductsPage.Products) == 0 {
		t.Fatalf("search %q found nothing", prefix)
	}
	seenOther := false
	for _, p := range r.ProductsPage.Products {
		has := strings.HasPrefix(p.field("StockKeepingUnit"), prefix)
		if has && seenOther {
			t.Fatalf("search %q: SKU prefix matches must come first: %q after others", prefix, p.field("StockKeepingUnit"))
		}
		seenOther = seenOther || !has
	}
}

func facetCounts(t *testing.T, f *fixture) {
	full := f.all(map[string]any{"searchTerm": "gloves"})
	page := f.search(`{"searchTerm": "gloves", "pageSize": 2}`)
	if page.ProductsPage.Total != full.ProductsPage.Total || len(page.ProductsPage.Products) != 2 {
		t.Fatalf("total %d with 2 products, want %d", page.ProductsPage.Total, full.ProductsPage.Total)
	}
	for facet, field := range map[string]string{"Brand": "Brand", "Family": "Family", "QuantityUnitOfMeasure": "QuantityUnitOfMeasure"} {
		want := map[string]int{}
		for _, p := range full.ProductsPage.Products {
			want[p.field(field)]++
		}
		got := page.facet(facet)
		if len(got) != len(want) {
			t.Fatalf("facet %s = %v, want %v", facet, got, want)
		}
		for v, n := range want {
			if got[v] != n {
				t.Fatalf("facet %s = %v, want %v", facet, got, want)
			}
		}
	}
	for _, fc := range page.Facets {
		if fc.FacetType != "DistinctValue" || fc.DisplayName == "" || fc.DisplayType == "" || fc.AttributeType == "" {
			t.Fatalf("facet shape: %+v", fc)
		}
		for i := 1; i < len(fc.Values); i++ {
			if strings.ToLower(fc.Values[i-1].DisplayName) > strings.ToLower(fc.Values[i].DisplayName) {
				t.Fatalf("facet %s values are not sorted by display name: %+v", fc.NameOrID, fc.Values)
			}
		}
	}
	cats := page.facet("ProductCategory")
	sum := 0
	for _, n := range cats {
		sum += n
	}
	if sum < full.ProductsPage.Total || page.Categories.ProductCount != full.ProductsPage.Total {
		t.Fatalf("category facet %v (sum %d), categories.productCount %d, total %d", cats, sum,
			page.Categories.ProductCount, full.ProductsPage.Total)
	}
}

func refinements(t *testing.T, f *fixture) {
	before := f.all(map[string]any{"searchTerm": "gloves"})
	brands := before.facet("Brand")
	var brand string
	for b, n := range brands {
		if n > 0 && n < before.ProductsPage.Total && (brand == "" || b < brand) {
			brand = b
		}
	}
	if brand == "" {
		t.Fatalf("no brand narrows the gloves: %v", brands)
	}
	after := f.all(map[string]any{"searchTerm": "gloves", "refinements": []map[string]any{
		{"attributeType": "Standard", "nameOrId": "Brand", "values": []string{brand}, "type": "DistinctValue"}}})
	if after.ProductsPage.Total != brands[brand] || len(after.ProductsPage.Products) != brands[brand] {
		t.Fatalf("refined total %d, want the facet's count %d", after.ProductsPage.Total, brands[brand])
	}
	for _, p := range after.ProductsPage.Products {
		if p.field("Brand") != brand {
			t.Fatalf("refined to %s, got %s", brand, p.field("Brand"))
		}
	}
	// The refined facet keeps every value with its unrefined count; the other facets count the refined results.
	if got := after.facet("Brand"); len(got) != len(brands) || got[brand] != brands[brand] {
		t.Fatalf("Brand facet after refining = %v, want %v", got, brands)
	}
	sum := 0
	for _, n := range after.facet("Family") {
		sum += n
	}
	if sum != after.ProductsPage.Total {
		t.Fatalf("Family facet sums to %d, want the refined total %d", sum, after.ProductsPage.Total)
	}
	// Two values of one facet are alternatives.
	var second string
	for b := range brands {
		if b != brand && (second == "" || b < second) {
			second = b
		}
	}
	both := f.all(map[string]any{"searchTerm": "gloves", "refinements": []map[string]any{
		{"nameOrId": "Brand", "values": []string{brand, second}}}})
	if both.ProductsPage.Total != brands[brand]+brands[second] {
		t.Fatalf("two brands: total %d, want %d", both.ProductsPage.Total, brands[brand]+brands[second])
	}
}

func sortOrders(t *testing.T, f *fixture) {
	var rules struct {
		SortRules []struct {
			SortRuleID, NameOrID, Direction, Type, Label string
			SortOrder                                    int
		} `json:"sortRules"`
	}
	if status := f.call(http.MethodGet, "search/sort-rules", f.buyerToken, "", &rules); status != http.StatusOK || len(rules.SortRules) != 6 {
		t.Fatalf("sort-rules: status %d, %+v", status, rules)
	}
	id := map[string]string{}
	for _, r := range rules.SortRules {
		id[r.NameOrID+":"+r.Direction] = r.SortRuleID
	}
	names := func(sortID string) []product {
		r := f.all(map[string]any{"searchTerm": "gloves", "sortRuleId": sortID, "includePrices": true})
		return r.ProductsPage.Products
	}
	asc := names(id["Name:Ascending"])
	for i := 1; i < len(asc); i++ {
		if strings.ToLower(asc[i-1].Name) > strings.ToLower(asc[i].Name) {
			t.Fatalf("Name A-Z: %q before %q", asc[i-1].Name, asc[i].Name)
		}
	}
	desc := names(id["Name:Descending"])
	for i := 1; i < len(desc); i++ {
		if strings.ToLower(desc[i-1].Name) < strings.ToLower(desc[i].Name) {
			t.Fatalf("Name Z-A: %q before %q", desc[i-1].Name, desc[i].Name)
		}
	}
	for _, dir := range []string{"Ascending", "Descending"} {
		ps := names(id["UnitPrice:"+dir])
		for i := 1; i < len(ps); i++ {
			a, b := money(t, ps[i-1]), money(t, ps[i])
			if (dir == "Ascending" && a > b) || (dir == "Descending" && a < b) {
				t.Fatalf("price %s: %d before %d", dir, a, b)
			}
		}
	}
	if len(names(id["CreatedDate:Descending"])) != len(asc) {
		t.Fatal("newest first does not return the same products")
	}
}

// money reads a list price as cents.
func money(t *testing.T, p product) int64 {
	if p.Prices == nil || p.Prices.ListPrice == nil {
		t.Fatalf("%s has no list price", p.Name)
	}
	s := *p.Prices.ListPrice
	whole, frac, _ := strings.Cut(s, ".")
	var n int64
	for _, c := range whole + (frac + "00")[:2] {
		n = n*10 + int64(c-'0')
	}
	return n
}

func paging(t *testing.T, f *fixture) {
	ten := f.search(`{"searchTerm": "sold", "pageSize": 10}`)
	p0 := f.search(`{"searchTerm": "sold", "pageSize": 5, "page": 0}`)
	p1 := f.search(`{"searchTerm": "sold", "pageSize": 5, "page": 1}`)
	var got []string
	for _, p := range append(p0.ProductsPage.Products, p1.ProductsPage.Products...) {
		got = append(got, p.ID)
	}
	var want []string
	for _, p := range ten.ProductsPage.Products {
		want = append(want, p.ID)
	}
	if strings.Join(got, ",") != strings.Join(want, ",") || len(want) != 10 {
		t.Fatalf("pages 0 and 1 of 5 = %v, want the first 10 %v", got, want)
	}
	if p1.ProductsPage.PageSize != 5 || p1.ProductsPage.CurrencyIsoCode != "USD" {
		t.Fatalf("productsPage: %+v", p1.ProductsPage)
	}
	beyond := f.search(`{"searchTerm": "sold", "pageSize": 20, "page": 250}`)
	if beyond.ProductsPage.Total != ten.ProductsPage.Total || len(beyond.ProductsPage.Products) != 0 {
		t.Fatalf("page 250: %+v", beyond.ProductsPage)
	}
}

func categorySearch(t *testing.T, f *fixture) {
	var top, name string
	if err := f.d.QueryRow(context.Background(), `SELECT id, name FROM productcategory WHERE parentcategoryid IS NULL
		AND name = 'Office Supplies'`).Scan(&top, &name); err != nil {
		t.Fatal(err)
	}
	// The oracle: products linked to the category or to any category below it, two levels deep at most in the demo.
	want := f.count(`SELECT COUNT(DISTINCT pcp.productid) FROM productcategoryproduct pcp JOIN product2 p ON p.id = pcp.productid
		WHERE p.isactive = TRUE AND pcp.productcategoryid IN (
			SELECT id FROM productcategory WHERE id = ? OR parentcategoryid = ?
			OR parentcategoryid IN (SELECT id FROM productcategory WHERE parentcategoryid = ?))`, top, top, top)
	direct := f.count(`SELECT COUNT(*) FROM productcategoryproduct WHERE productcategoryid = ?`, top)
	r := f.search(`{"categoryId": "` + top[:15] + `", "pageSize": 3}`)
	if r.ProductsPage.Total != want || want == 0 || direct != 0 {
		t.Fatalf("category total %d, want %d (products linked to the top level itself: %d)", r.ProductsPage.Total, want, direct)
	}
	if r.Categories.Category == nil || r.Categories.Category.ID != top || r.Categories.Category.Name != name {
		t.Fatalf("categories.category = %+v", r.Categories.Category)
	}
	sum := 0
	for _, c := range r.Categories.Children {
		sum += c.ProductCount
		if f.count(`SELECT COUNT(*) FROM productcategory WHERE id = ? AND parentcategoryid = ?`, c.Category.ID, top) != 1 {
			t.Fatalf("child %+v is not a child of %s", c, name)
		}
	}
	if sum != want || len(r.Categories.Children) < 2 {
		t.Fatalf("children %+v sum to %d, want %d", r.Categories.Children, sum, want)
	}
	// Term and category together: the gloves are not office supplies.
	none := f.search(`{"categoryId": "` + top + `", "searchTerm": "nitrile gloves"}`)
	if none.ProductsPage.Total != 0 {
		t.Fatalf("gloves among office supplies: %d", none.ProductsPage.Total)
	}
	// Category listings are alphabetical by default.
	list := f.all(map[string]any{"categoryId": r.Categories.Children[0].Category.ID})
	for i := 1; i < len(list.ProductsPage.Products); i++ {
		a, b := list.ProductsPage.Products[i-1].Name, list.ProductsPage.Products[i].Name
		if strings.ToLower(a) > strings.ToLower(b) {
			t.Fatalf("category listing: %q before %q", a, b)
		}
	}
}

func productShape(t *testing.T, f *fixture) {
	// A product with a quantity rule: every 5th demo product is sold in steps of 5.
	var id, sku string
	if err := f.d.QueryRow(context.Background(), `SELECT id, stockkeepingunit FROM product2
		WHERE purchasequantityincrement = 5 ORDER BY id LIMIT 1`).Scan(&id, &sku); err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	body := `{"searchTerm": "` + sku + `", "pageSize": 1, "includePrices": true, "includeQuantityRule": true, "fields": ["name", "StockKeepingUnit", "PackSize", "IsActive", "NoSuchField"]}`
	if status := f.call(http.MethodPost, "search/product-search", f.buyerToken, body, &raw); status != http.StatusCreated {
		t.Fatalf("status %d", status)
	}
	page := raw["productsPage"].(map[string]any)
	p := page["products"].([]any)[0].(map[string]any)
	for _, k := range []string{"id", "name", "fields", "defaultImage", "prices", "productClass", "purchaseQuantityRule", "urlName"} {
		if _, ok := p[k]; !ok {
			t.Fatalf("product has no %s: %v", k, p)
		}
	}
	fields := p["fields"].(map[string]any)
	if len(fields) != 4 || fields["Name"].(map[string]any)["value"] != p["name"] ||
		fields["IsActive"].(map[string]any)["value"] != "true" || fields["StockKeepingUnit"].(map[string]any)["value"] != sku {
		t.Fatalf("fields = %v", fields)
	}
	if _, isString := fields["PackSize"].(map[string]any)["value"].(string); !isString {
		t.Fatalf("PackSize is not a string: %v", fields["PackSize"])
	}
	rule := p["purchaseQuantityRule"].(map[string]any)
	if rule["increment"] != "5" || rule["minimum"] != "5" || rule["maximum"] != "500" {
		t.Fatalf("purchaseQuantityRule = %v", rule)
	}
	prices := p["prices"].(map[string]any)
	// Bonnie Buyer's account is a contractor: 8% off list.
	var list, contract int64 // whole cents
	if err := f.d.QueryRow(context.Background(), `SELECT unitprice FROM pricebookentry WHERE product2id = ? AND pricebook2id = ?`,
		id, demo.StandardBook).Scan(&list); err != nil {
		t.Fatal(err)
	}
	if err := f.d.QueryRow(context.Background(), `SELECT unitprice FROM pricebookentry WHERE product2id = ? AND pricebook2id = ?`,
		id, demo.ContractBook).Scan(&contract); err != nil {
		t.Fatal(err)
	}
	if prices["listPrice"] != wire.Money(list, 2) || prices["unitPrice"] != wire.Money(contract, 2) || prices["currencyIsoCode"] != "USD" {
		t.Fatalf("prices = %v, want list %d unit %d cents", prices, list, contract)
	}
	img := p["defaultImage"].(map[string]any)
	if !strings.HasPrefix(img["url"].(string), "/cms/delivery/media/") || img["mediaType"] != "Image" {
		t.Fatalf("defaultImage = %v", img)
	}
	// A datetime field comes in whole seconds, as Salesforce sends a product's fields.
	var dated results
	f.call(http.MethodPost, "search/product-search", f.buyerToken, `{"searchTerm": "`+sku+`", "pageSize": 1, "fields": ["CreatedDate"]}`, &dated)
	if v := dated.ProductsPage.Products[0].Fields["CreatedDate"]["value"]; v == nil ||
		!regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`).MatchString(*v) {
		t.Fatalf("CreatedDate = %v", dated.ProductsPage.Products[0].Fields)
	}
	// Without the flags: no prices, but the quantity rule, as the product's detail has it (a card needs it to offer
	// a valid quantity); declined, no rule.
	var plain results
	f.call(http.MethodPost, "search/product-search", f.buyerToken, `{"searchTerm": "`+sku+`", "pageSize": 1}`, &plain)
	var detail struct {
		PurchaseQuantityRule *struct{ Increment, Maximum, Minimum *string } `json:"purchaseQuantityRule"`
	}
	if status := f.call(http.MethodGet, "products/"+id, f.buyerToken, "", &detail); status != http.StatusOK || detail.PurchaseQuantityRule == nil {
		t.Fatalf("detail: %d %+v", status, detail)
	}
	q := plain.ProductsPage.Products[0]
	if q.Prices != nil || len(q.Fields) != 5 || q.PurchaseQuantityRule == nil ||
		*q.PurchaseQuantityRule.Minimum != *detail.PurchaseQuantityRule.Minimum || *q.PurchaseQuantityRule.Minimum != "5" ||
		*q.PurchaseQuantityRule.Increment != *detail.PurchaseQuantityRule.Increment ||
		*q.PurchaseQuantityRule.Maximum != *detail.PurchaseQuantityRule.Maximum {
		t.Fatalf("without flags: %+v, detail %+v", q, detail)
	}
	for _, declined := range []string{`POST search/product-search {"searchTerm": "` + sku + `", "pageSize": 1, "includeQuantityRule": false}`,
		"GET search/products?pageSize=1&includeQuantityRule=false&searchTerm=" + sku} {
		method, rest, _ := strings.Cut(declined, " ")
		path, body, _ := strings.Cut(rest, " ")
		var got results
		f.call(method, path, f.buyerToken, body, &got)
		if len(got.ProductsPage.Products) != 1 || got.ProductsPage.Products[0].PurchaseQuantityRule != nil {
			t.Fatalf("%s: %+v", declined, got.ProductsPage.Products)
		}
	}
}

func getVariant(t *testing.T, f *fixture) {
	post := f.all(map[string]any{"searchTerm": "gloves", "refinements": []map[string]any{
		{"nameOrId": "QuantityUnitOfMeasure", "values": []string{"Box"}}}})
	ref, _ := json.Marshal([]map[string]any{{"attributeType": "Standard", "nameOrId": "QuantityUnitOfMeasure",
		"values": []string{"Box"}, "type": "DistinctValue"}})
	q := url.Values{"searchTerm": {"gloves"}, "pageSize": {"200"}, "fields": {"Name,Brand"},
		"refinements": {base64.StdEncoding.EncodeToString(ref)}}
	var got results
	if status := f.call(http.MethodGet, "search/products?"+q.Encode(), f.buyerToken, "", &got); status != http.StatusOK {
		t.Fatalf("GET search/products: %d", status)
	}
	if got.ProductsPage.Total != post.ProductsPage.Total || got.ProductsPage.Total == 0 {
		t.Fatalf("GET total %d, POST total %d", got.ProductsPage.Total, post.ProductsPage.Total)
	}
	var errs []map[string]string
	if status := f.call(http.MethodGet, "search/products?searchTerm=x&refinements=%21%21", f.buyerToken, "", &errs); status != 400 {
		t.Fatalf("bad refinements parameter: %d", status)
	}
}

func badInput(t *testing.T, f *fixture) {
	tooMany := make([]string, 10)
	for i := range tooMany {
		tooMany[i] = `{"nameOrId": "Brand", "values": ["Everline"]}`
	}
	values := make([]string, 21)
	for i := range values {
		values[i] = `"v` + string(rune('a'+i)) + `"`
	}
	cases := []struct{ name, body, code string }{
		{"malformed JSON", `{"searchTerm": `, "JSON_PARSER_ERROR"},
		{"wrong type", `{"searchTerm": "gloves", "pageSize": "ten"}`, "JSON_PARSER_ERROR"},
		{"fractional page", `{"searchTerm": "gloves", "page": 1.5}`, "JSON_PARSER_ERROR"},
		{"no term nor category", `{"pageSize": 10}`, "INVALID_INPUT"},
		{"blank term", `{"searchTerm": "   "}`, "INVALID_INPUT"},
		{"pageSize 0", `{"searchTerm": "gloves", "pageSize": 0}`, "INVALID_INPUT"},
		{"pageSize 201", `{"searchTerm": "gloves", "pageSize": 201}`, "INVALID_INPUT"},
		{"negative page", `{"searchTerm": "gloves", "page": -1}`, "INVALID_INPUT"},
		{"beyond 5000", `{"searchTerm": "gloves", "page": 251, "pageSize": 20}`, "INVALID_INPUT"},
		{"10 refinements", `{"searchTerm": "gloves", "refinements": [` + strings.Join(tooMany, ",") + `]}`, "INVALID_INPUT"},
		{"21 values", `{"searchTerm": "gloves", "refinements": [{"nameOrId": "Brand", "values": [` + strings.Join(values, ",") + `]}]}`, "INVALID_INPUT"},
		{"unknown facet", `{"searchTerm": "gloves", "refinements": [{"nameOrId": "Color__c", "values": ["red"]}]}`, "INVALID_INPUT"},
		{"wrong refinement type", `{"searchTerm": "gloves", "refinements": [{"nameOrId": "Brand", "values": ["x"], "type": "Range"}]}`, "INVALID_INPUT"},
		{"unknown sort rule", `{"searchTerm": "gloves", "sortRuleId": "0lD000000000099"}`, "INVALID_INPUT"},
		{"bad grouping", `{"searchTerm": "gloves", "grouping": {"groupingOption": "Colour"}}`, "INVALID_INPUT"},
		{"malformed category", `{"categoryId": "not-an-id"}`, "INVALID_ID_FIELD"},
		{"term too long", `{"searchTerm": "` + strings.Repeat("a", 256) + `"}`, "INVALID_INPUT"},
	}
	for _, c := range cases {
		var errs []map[string]string
		status := f.call(http.MethodPost, "search/product-search", f.buyerToken, c.body, &errs)
		if status != http.StatusBadRequest || len(errs) != 1 || errs[0]["errorCode"] != c.code || errs[0]["message"] == "" {
			t.Errorf("%s: status %d, body %v, want 400 %s", c.name, status, errs, c.code)
		}
	}
	var errs []map[string]string
	unknown := records.StableID("0ZG", 99999)
	if status := f.call(http.MethodPost, "search/product-search", f.buyerToken, `{"categoryId": "`+unknown+`"}`, &errs); status != http.StatusNotFound || errs[0]["errorCode"] != "NOT_FOUND" {
		t.Errorf("unknown category: %d %v", status, errs)
	}
	if status := f.call(http.MethodPost, "search/product-search", f.buyerToken, `{"searchTerm": "%%%"}`, nil); status != http.StatusCreated {
		t.Errorf("punctuation-only term: %d, want 201 with no results", status)
	}
}

func guests(t *testing.T, f *fixture) {
	var r results
	if status := f.call(http.MethodPost, "search/product-search", "", `{"searchTerm": "gloves", "includePrices": true}`, &r); status != http.StatusCreated || r.ProductsPage.Total == 0 {
		t.Fatalf("guest search: %d, total %d", status, r.ProductsPage.Total)
	}
	if p := r.ProductsPage.Products[0]; p.Prices == nil || p.Prices.ListPrice == nil || p.Prices.UnitPrice != *p.Prices.ListPrice {
		t.Fatalf("guest prices are the guest book's list prices: %+v", p.Prices)
	}
	var errs []map[string]string
	other := demo.ManagedAccountIDs[0]
	if status := f.call(http.MethodPost, "search/product-search?effectiveAccountId="+other, f.buyerToken, `{"searchTerm": "gloves"}`, &errs); status != http.StatusForbidden {
		t.Fatalf("someone else's account: %d %v", status, errs)
	}
	ctx := context.Background()
	if _, err := f.d.Exec(ctx, `UPDATE webstore SET guestbrowsingenabled = FALSE WHERE id = ?`, demo.StoreID); err != nil {
		t.Fatal(err)
	}
	defer f.d.Exec(ctx, `UPDATE webstore SET guestbrowsingenabled = TRUE WHERE id = ?`, demo.StoreID)
	for _, path := range []string{"search/product-search", "search/suggestions?searchTerm=glo", "search/sort-rules", "search/products?searchTerm=glo"} {
		method := http.MethodGet
		body := ""
		if path == "search/product-search" {
			method, body = http.MethodPost, `{"searchTerm": "gloves"}`
		}
		if status := f.call(method, path, "", body, &errs); status != http.StatusUnauthorized || errs[0]["errorCode"] != "INVALID_SESSION_ID" {
			t.Fatalf("guest %s with browsing off: %d %v", path, status, errs)
		}
	}
	if status := f.call(http.MethodPost, "search/product-search", f.buyerToken, `{"searchTerm": "gloves"}`, nil); status != http.StatusCreated {
		t.Fatalf("buyer with guest browsing off: %d", status)
	}
}

type suggestionsOut struct {
	Completions []struct {
		SimpleString string `json:"simpleString"`
	} `json:"completions"`
	Locale string `json:"locale"`
}

func suggestions(t *testing.T, f *fixture) {
	var s suggestionsOut
	if status := f.call(http.MethodGet, "search/suggestions?searchTerm=nitr&limit=3", f.buyerToken, "", &s); status != http.StatusOK {
		t.Fatalf("suggestions: %d", status)
	}
	if len(s.Completions) == 0 || len(s.Completions) > 3 || s.Locale != "en_US" {
		t.Fatalf("suggestions for nitr: %+v", s)
	}
	for _, c := range s.Completions {
		if !strings.Contains(strings.ToLower(c.SimpleString), "nitrile") {
			t.Fatalf("suggestion %q does not complete nitr", c.SimpleString)
		}
	}
	var sku string
	if err := f.d.QueryRow(context.Background(), `SELECT stockkeepingunit FROM product2 WHERE stockkeepingunit LIKE 'GLV-%' ORDER BY 1 LIMIT 1`).Scan(&sku); err != nil {
		t.Fatal(err)
	}
	prefix := sku[:6] // "GLV-00"
	f.call(http.MethodGet, "search/suggestions?searchTerm="+url.QueryEscape(strings.ToLower(prefix)), f.buyerToken, "", &s)
	if len(s.Completions) == 0 || len(s.Completions) > 10 {
		t.Fatalf("SKU suggestions: %+v", s)
	}
	for _, c := range s.Completions {
		if !strings.HasPrefix(c.SimpleString, prefix) {
			t.Fatalf("SKU suggestion %q does not start with %s", c.SimpleString, prefix)
		}
	}
	f.call(http.MethodGet, "search/suggestions", "", "", &s)
	if len(s.Completions) != 0 {
		t.Fatalf("no term: %+v", s)
	}
	for _, q := range []string{"searchTerm=glo&limit=0", "searchTerm=glo&limit=11", "searchTerm=glo&limit=x", "searchTerm=" + strings.Repeat("a", 101)} {
		var errs []map[string]string
		if status := f.call(http.MethodGet, "search/suggestions?"+q, f.buyerToken, "", &errs); status != http.StatusBadRequest || len(errs) != 1 {
			t.Fatalf("suggestions %s: %d %v", q, status, errs)
		}
	}
}

// indexMaintenance creates, updates and deletes products through the records engine (as the console does) and
// checks that search follows, and that a product outside the buyer's entitlement never appears.
func indexMaintenance(t *testing.T, f *fixture) {
	ctx := context.Background()
	var leaf string
	if err := f.d.QueryRow(ctx, `SELECT productcategoryid FROM productcategoryproduct ORDER BY id LIMIT 1`).Scan(&leaf); err != nil {
		t.Fatal(err)
	}
	create := func(object string, fields map[string]any) string {
		rec, err := f.engine.Create(ctx, f.staff, object, fields)
		if err != nil {
			t.Fatalf("create %s: %v", object, err)
		}
		return rec.ID
	}
	total := func(term string) int { return f.search(`{"searchTerm": "` + term + `"}`).ProductsPage.Total }

	named := create("Product2", map[string]any{"Name": "Quokkatron Widget", "StockKeepingUnit": "QKT-1",
		"Description": "A widget.", "Brand": "Everline", "Family": "Tools", "IsActive": true})
	described := create("Product2", map[string]any{"Name": "Plain Widget", "StockKeepingUnit": "PLN-1",
		"Description": "Works with every quokkatron.", "Brand": "Everline", "Family": "Tools", "IsActive": true})
	for _, id := range []string{named, described} {
		create("ProductCategoryProduct", map[string]any{"ProductCategoryId": leaf, "ProductId": id})
	}
	if n := total("quokkatron"); n != 0 {
		t.Fatalf("products outside the entitlement are found: %d", n)
	}
	policy := records.StableID("1Ce", 1)
	for _, id := range []string{named, described} {
		create("CommerceEntitlementProduct", map[string]any{"PolicyId": policy, "ProductId": id})
	}
	r := f.all(map[string]any{"searchTerm": "Quokkatron"})
	if r.ProductsPage.Total != 2 || r.ProductsPage.Products[0].ID != named || r.ProductsPage.Products[1].ID != described {
		t.Fatalf("after entitlement: %+v, want %s (name) before %s (description)", r.ProductsPage.Products, named, described)
	}
	var s suggestionsOut
	f.call(http.MethodGet, "search/suggestions?searchTerm=quokk", f.buyerToken, "", &s)
	if len(s.Completions) != 2 || s.Completions[0].SimpleString != "Quokkatron Widget" {
		t.Fatalf("suggestions for quokk: %+v", s)
	}

	if _, err := f.engine.Update(ctx, f.staff, named, map[string]any{"Name": "Wallabyx Widget"}, records.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	if n := total("wallabyx"); n != 1 {
		t.Fatalf("renamed product found %d times by its new name", n)
	}
	if n := total("quokkatron"); n != 1 {
		t.Fatalf("after the rename, quokkatron matches %d products, want only the description", n)
	}
	if _, err := f.engine.Update(ctx, f.staff, named, map[string]any{"IsActive": false}, records.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	if n := total("wallabyx"); n != 0 {
		t.Fatalf("inactive product found: %d", n)
	}
	if err := f.engine.Delete(ctx, f.staff, described); err != nil {
		t.Fatal(err)
	}
	if n := total("quokkatron"); n != 0 {
		t.Fatalf("deleted product found: %d", n)
	}
}

// TestResultCardsFollowWrites: a page of results is built from the snapshot's cards, and a write by plain SQL to
// what a card shows (a product's code and quantity rule, its image's content, its media) is on the next search.
func TestResultCardsFollowWrites(t *testing.T) {
	eachDemo(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		var id, sku, content, media string
		if err := f.d.QueryRow(ctx, `SELECT p.id, p.stockkeepingunit, mc.id, pm.id FROM productmedia pm
			JOIN product2 p ON p.id = pm.productid JOIN managedcontent mc ON mc.id = pm.electronicmediaid
			WHERE pm.usagetype = 'ListImage' AND p.stockkeepingunit <> '' ORDER BY p.id LIMIT 1`).
			Scan(&id, &sku, &content, &media); err != nil {
			t.Fatal(err)
		}
		card := func() product {
			t.Helper()
			r := f.search(`{"searchTerm":"` + sku + `","pageSize":50,"fields":["ProductCode","Name"]}`)
			for _, p := range r.ProductsPage.Products {
				if p.ID == id {
					return p
				}
			}
			t.Fatalf("searching %s does not find %s", sku, id)
			return product{}
		}
		exec := func(query string, args ...any) {
			t.Helper()
			if _, err := f.d.Exec(ctx, query, args...); err != nil {
				t.Fatal(err)
			}
		}
		before := card()
		if before.DefaultImage.URL == defaultImage {
			t.Fatalf("%s shows the placeholder before any change", id)
		}
		if n := gauge(t, "storefront_search_index_cards_bytes"); n < 1000 {
			t.Errorf("/metrics reports %v bytes of result cards", n)
		}
		exec(`UPDATE product2 SET productcode = 'CARD-CODE-1', purchasequantityminimum = 3 WHERE id = ?`, id)
		exec(`UPDATE managedcontent SET url = '/img/card-test.png' WHERE id = ?`, content)
		after := card()
		if got := after.field("ProductCode"); got != "CARD-CODE-1" {
			t.Errorf("ProductCode %q after the update, want CARD-CODE-1", got)
		}
		if r := after.PurchaseQuantityRule; r == nil || r.Minimum == nil || *r.Minimum != "3" {
			t.Errorf("quantity rule %+v after the update, want minimum 3", r)
		}
		if after.DefaultImage.URL != "/img/card-test.png" {
			t.Errorf("image %q after the content's update", after.DefaultImage.URL)
		}
		exec(`DELETE FROM productmedia WHERE productid = ?`, id)
		if got := card().DefaultImage.URL; got != defaultImage {
			t.Errorf("image %q after the media's deletion, want the placeholder", got)
		}
	})
}

const defaultImage = "/img/b2b/default-product-image.svg"

// gauge reads a gauge of the metrics registry /metrics serves.
func gauge(t *testing.T, name string) float64 {
	t.Helper()
	families, err := metrics.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() == name && len(f.GetMetric()) == 1 {
			return f.GetMetric()[0].GetGauge().GetValue()
		}
	}
	t.Fatalf("no gauge %s on /metrics", name)
	return 0
}
