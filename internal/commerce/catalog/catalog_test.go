package catalog_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
	"storefront/internal/domains"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// env is the real server (every route, the auth middleware) over a fresh database seeded with the demo store.
type env struct {
	srv    *apptest.Server
	d      *db.DB
	tokens map[string]string
}

func eachEnv(t *testing.T, fn func(t *testing.T, e *env)) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		fn(t, &env{srv: s, d: s.App.DB, tokens: map[string]string{}})
	})
}

const (
	guest   = ""
	buyer   = "buyer@example.com"
	manager = "manager@example.com"
	admin   = "admin@example.com"
)

var (
	base        = "/services/data/v64.0/commerce/webstores/" + demo.StoreID + "/"
	riverside   = demo.ManagedAccountIDs[0] // an enterprise account the manager buys for
	asRiverside = "?effectiveAccountId=" + riverside
)

func product(n int64) string { return records.StableID("01t", n) }

func category(n int64) string { return records.StableID("0ZG", n) }

func entry(product, slot int64) string { return records.StableID("01u", product*16+slot) }

// token signs a demo user in for a bearer token (once per test database).
func (e *env) token(t testing.TB, user string) string {
	t.Helper()
	if user == guest {
		return ""
	}
	if e.tokens[user] == "" {
		e.tokens[user] = e.srv.Token(t, user)
	}
	return e.tokens[user]
}

// call sends a request as a demo user (guest for "") and returns the status and body.
func (e *env) call(t *testing.T, method, path, user, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(method, e.srv.URL+path, strings.NewReader(body))
	if tok := e.token(t, user); tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func (e *env) get(t *testing.T, path, user string) (int, string) {
	t.Helper()
	return e.call(t, http.MethodGet, path, user, "")
}

// getJSON GETs and decodes a 200 answer.
func (e *env) getJSON(t *testing.T, path, user string) map[string]any {
	t.Helper()
	status, body := e.get(t, path, user)
	if status != 200 {
		t.Fatalf("GET %s as %q: %d %s", path, user, status, body)
	}
	var out map[string]any
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatalf("GET %s: %v: %s", path, err, body)
	}
	return out
}

func (e *env) exec(t *testing.T, q string, args ...any) {
	t.Helper()
	if _, err := e.d.Exec(context.Background(), q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func (e *env) insert(t *testing.T, object, _ string, cols map[string]any) string {
	t.Helper()
	rec, err := fullEngine(e.d).Create(context.Background(), records.System, object, cols)
	if err != nil {
		t.Fatalf("insert %s: %v", object, err)
	}
	return rec.ID
}

// enterpriseOnly adds a product that only enterprise accounts are entitled to.
func (e *env) enterpriseOnly(t *testing.T) string {
	id := e.insert(t, "product2", "01t", map[string]any{"name": "Enterprise Only Widget", "isactive": true,
		"productclass": "Simple"})
	policy := e.insert(t, "commerceentitlementpolicy", "1Ce", map[string]any{"name": "Enterprise Extras",
		"isactive": true, "canviewproduct": true, "canviewprice": true})
	e.insert(t, "commerceentitlementproduct", "1Cp", map[string]any{"policyid": policy, "productid": id})
	e.insert(t, "commerceentitlementbuyergroup", "1Cb", map[string]any{"policyid": policy, "buyergroupid": demo.EnterpriseGroup})
	e.insert(t, "pricebookentry", "01u", map[string]any{"pricebook2id": demo.EnterpriseBook, "product2id": id,
		"unitprice": "99.00", "isactive": true})
	return id
}

func errorBody(code, message string) string {
	b, _ := json.Marshal([]map[string]string{{"errorCode": code, "message": message}})
	return string(b) + "\n"
}

func wantError(t *testing.T, what string, status int, body string, wantStatus int, wantCode string) {
	t.Helper()
	var errs []struct{ ErrorCode, Message string }
	if status != wantStatus || json.Unmarshal([]byte(body), &errs) != nil || len(errs) != 1 ||
		errs[0].ErrorCode != wantCode || errs[0].Message == "" {
		t.Fatalf("%s: %d %s, want %d [{errorCode: %s, message}]", what, status, body, wantStatus, wantCode)
	}
}

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func wantKeys(t *testing.T, what string, v any, want ...string) {
	t.Helper()
	m, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("%s is %T, want an object", what, v)
	}
	sort.Strings(want)
	if got := keys(m); !reflect.DeepEqual(got, want) {
		t.Fatalf("%s keys:\n got %v\nwant %v", what, got, want)
	}
}

// conforms checks that got has every key of the real example with the same JSON type (a null in the example
// accepts any type): a client written against the example reads our answer.
func conforms(t *testing.T, path string, example, got any) {
	t.Helper()
	switch ex := example.(type) {
	case nil:
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			t.Errorf("%s: %T, want an object", path, got)
			return
		}
		for k, v := range ex {
			gv, present := g[k]
			if !present {
				t.Errorf("%s.%s: missing", path, k)
				continue
			}
			conforms(t, path+"."+k, v, gv)
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) == 0 {
			t.Errorf("%s: %v, want a non-empty array", path, got)
			return
		}
		for i, item := range g {
			conforms(t, fmt.Sprintf("%s[%d]", path, i), ex[0], item)
		}
	default:
		if reflect.TypeOf(ex) != reflect.TypeOf(got) {
			t.Errorf("%s: %T (%v), want %T like the example", path, got, got, ex)
		}
	}
}

func TestProductDetailMatchesTheRealShape(t *testing.T) {
	raw, err := os.ReadFile("testdata/getproduct-response.json")
	if err != nil {
		t.Fatal(err)
	}
	var example map[string]any
	if err := json.Unmarshal(raw, &example); err != nil {
		t.Fatal(err)
	}
	eachEnv(t, func(t *testing.T, e *env) {
		got := e.getJSON(t, base+"products/"+product(1), guest)
		conforms(t, "product", example, got)
		wantKeys(t, "product", got, "attributeSetInfo", "defaultImage", "dynamicAttributeCount", "entitlement", "fields",
			"id", "mediaGroups", "primaryProductCategoryPath", "productClass", "productSellingModels",
			"purchaseQuantityRule", "urlName", "variationAttributeSet", "variationInfo", "variationParentId")
		image := got["defaultImage"].(map[string]any)
		wantKeys(t, "defaultImage", image, "alternateText", "alternativeText", "contentVersionId", "id", "mediaType",
			"sortOrder", "thumbnailUrl", "title", "url")
		name := "Northpoint Ballpoint Pen, Black, Medium 1.0 mm"
		if image["mediaType"] != "Image" || image["sortOrder"] != 0.0 || image["title"] != name ||
			image["contentVersionId"] != nil || !strings.HasPrefix(image["url"].(string), "/cms/delivery/media/MC") {
			t.Fatalf("defaultImage: %v", image)
		}
		if status, _ := e.get(t, image["url"].(string), guest); status != 200 {
			t.Fatalf("the default image's url answers %d", status)
		}
		fields := got["fields"].(map[string]any)
		for k, v := range fields {
			if _, ok := v.(string); !ok && v != nil {
				t.Errorf("fields.%s is %T, want a string or null", k, v)
			}
		}
		if fields["Name"] != name || fields["StockKeepingUnit"] != "PEN-000001" || fields["PackSize"] != "12" && fields["PackSize"] != "24" ||
			fields["IsActive"] != "true" || fields["Weight"] != nil {
			t.Fatalf("fields: %v", fields)
		}
		// The system fields a real product record carries are there, as the records API has them; datetimes in whole
		// seconds, as Salesforce sends them in a product's fields ("2026-11-25T22:13:11Z").
		system := []string{"CreatedById", "CreatedDate", "LastModifiedById", "LastModifiedDate", "SystemModstamp"}
		var record struct {
			Fields map[string]struct{ Value string } `json:"fields"`
		}
		status, body := e.get(t, "/services/data/v64.0/ui-api/records/"+product(1)+"?fields=Product2."+strings.Join(system, ",Product2."), admin)
		if err := json.Unmarshal([]byte(body), &record); status != 200 || err != nil {
			t.Fatalf("the product's record: %d %s", status, body)
		}
		for _, name := range system {
			want := record.Fields[name].Value
			if at, err := time.Parse(records.DateTimeLayout, want); err == nil {
				want = at.Format("2006-01-02T15:04:05Z")
			}
			if want == "" || fields[name] != want {
				t.Errorf("fields.%s = %v, want %q as the records API has it", name, fields[name], want)
			}
		}
		if !regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`).MatchString(fmt.Sprint(fields["CreatedDate"])) ||
			!strings.HasPrefix(fmt.Sprint(fields["CreatedById"]), "005") || fields["IsDeleted"] != "false" {
			t.Errorf("system fields: %v", fields)
		}
		for _, name := range []string{"Id", "OwnerId", "RecordTypeId"} {
			if _, ok := fields[name]; ok {
				t.Errorf("fields has %s", name)
			}
		}
		if got["id"] != product(1) || got["productClass"] != "Simple" || got["urlName"] != "ballpoint-pen-black-medium-1-0-mm-1" ||
			!reflect.DeepEqual(got["entitlement"], map[string]any{"canViewPrice": true}) ||
			got["purchaseQuantityRule"] != nil || got["variationParentId"] != nil || got["dynamicAttributeCount"] != 0.0 ||
			!reflect.DeepEqual(got["productSellingModels"], []any{}) {
			t.Fatalf("product: %v", got)
		}
		wantPath := map[string]any{"path": []any{
			map[string]any{"id": category(1), "name": "Office Supplies", "description": "Everyday supplies that keep an office running.", "urlName": "office-supplies"},
			map[string]any{"id": category(2), "name": "Writing Instruments", "description": "Pens, markers and highlighters for every desk.", "urlName": "writing-instruments"},
			map[string]any{"id": category(3), "name": "Pens", "description": "Pens, markers and highlighters for every desk.", "urlName": "pens"},
		}}
		if !reflect.DeepEqual(got["primaryProductCategoryPath"], wantPath) {
			t.Fatalf("primaryProductCategoryPath: %v", got["primaryProductCategoryPath"])
		}
		groups := got["mediaGroups"].([]any)
		var names []string
		for _, g := range groups {
			wantKeys(t, "mediaGroup", g, "developerName", "id", "mediaItems", "name", "usageType")
			names = append(names, g.(map[string]any)["developerName"].(string)+"/"+g.(map[string]any)["usageType"].(string))
		}
		if !reflect.DeepEqual(names, []string{"productDetailImage/Standard", "productListImage/Listing", "attachment/Attachment"}) {
			t.Fatalf("media groups: %v", names)
		}
		if items := groups[0].(map[string]any)["mediaItems"].([]any); len(items) != 1 || items[0].(map[string]any)["id"] != image["id"] {
			t.Fatalf("detail images: %v (default image %v)", items, image["id"])
		}

		// Every 5th demo product is sold in steps of 5.
		rule := e.getJSON(t, base+"products/"+product(5), guest)["purchaseQuantityRule"]
		if !reflect.DeepEqual(rule, map[string]any{"increment": "5", "maximum": "500", "minimum": "5"}) {
			t.Fatalf("purchaseQuantityRule: %v", rule)
		}
		// A 15-character id names the same product.
		if got := e.getJSON(t, base+"products/"+product(1)[:15], buyer); got["id"] != product(1) {
			t.Fatalf("15-character id: %v", got["id"])
		}
	})
}

func TestProductDetailOptions(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p := base + "products/" + product(5)
		got := e.getJSON(t, p+"?fields=Name,product2.StockKeepingUnit,name,PurchaseQuantityMinimum", buyer)
		if !reflect.DeepEqual(got["fields"], map[string]any{"Name": "ProGrade Desk Organizer, Black Mesh",
			"StockKeepingUnit": "DSK-000005", "PurchaseQuantityMinimum": "5"}) {
			t.Fatalf("fields=...: %v", got["fields"])
		}
		// System fields are there when asked, IsDeleted included; the others are not.
		got = e.getJSON(t, p+"?fields=isdeleted,LastModifiedById", buyer)
		if f := got["fields"].(map[string]any); !reflect.DeepEqual(keys(f), []string{"IsDeleted", "LastModifiedById"}) || f["IsDeleted"] != "false" {
			t.Fatalf("fields=isdeleted,LastModifiedById: %v", f)
		}
		got = e.getJSON(t, p+"?excludeFields=true&excludeMedia=TRUE&excludePrimaryProductCategory=true&excludeEntitlementDetails=true&excludeQuantityRule=true", buyer)
		if !reflect.DeepEqual(got["fields"], map[string]any{}) || got["defaultImage"] != nil ||
			!reflect.DeepEqual(got["mediaGroups"], []any{}) || got["primaryProductCategoryPath"] != nil ||
			got["entitlement"] != nil || got["purchaseQuantityRule"] != nil || got["id"] != product(5) {
			t.Fatalf("everything excluded: %v", got)
		}
		got = e.getJSON(t, p+"?mediaGroups=productListImage&excludeEntitlement=true", buyer)
		if groups := got["mediaGroups"].([]any); len(groups) != 1 || groups[0].(map[string]any)["developerName"] != "productListImage" ||
			got["entitlement"] != nil {
			t.Fatalf("one media group: %v", got["mediaGroups"])
		}
		status, body := e.get(t, p+"?fields=Name,Bogus__c", buyer)
		if status != 400 || body != errorBody("INVALID_FIELD", "No such column 'Bogus__c' on entity 'Product2'.") {
			t.Fatalf("unknown field: %d %s", status, body)
		}
		for what, query := range map[string]string{
			"a Boolean that is not one":   "?excludeMedia=yes",
			"too many fields":             "?fields=" + strings.Repeat("Name,", 201),
			"a field name too long":       "?fields=" + strings.Repeat("x", 300),
			"an unknown media group":      "?mediaGroups=hero",
			"a Boolean in another option": "?excludeFields=1",
		} {
			status, body := e.get(t, p+query, buyer)
			wantError(t, what, status, body, 400, "INVALID_API_INPUT")
		}
	})
}

func TestProductVisibility(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		extra := e.enterpriseOnly(t)
		notFound := func(id string) string {
			return errorBody("ITEM_NOT_FOUND", "The product "+id+" doesn't exist or isn't available to this account.")
		}
		unknown := records.StableID("01t", 999999)
		e.exec(t, `UPDATE product2 SET isactive = FALSE WHERE id = ?`, product(2))
		for _, c := range []struct {
			what, path, user string
			status           int
			body             string
		}{
			{"unknown product", "products/" + unknown, buyer, 404, notFound(unknown)},
			{"inactive product", "products/" + product(2), buyer, 404, notFound(product(2))},
			{"an account id", "products/" + demo.BuyerAccountID, buyer, 404, notFound(demo.BuyerAccountID)},
			{"enterprise product, guest", "products/" + extra, guest, 404, notFound(extra)},
			{"enterprise product, contractor buyer", "products/" + extra, buyer, 404, notFound(extra)},
			{"enterprise product, its price", "pricing/products/" + extra, buyer, 404, notFound(extra)},
			{"enterprise product, its stock", "products/" + extra + "/availability", buyer, 404, notFound(extra)},
			{"malformed id", "products/not-an-id", buyer, 400, errorBody("INVALID_ID_FIELD", `productId "not-an-id" is not a valid id.`)},
			{"wrong case-safe suffix", "products/" + product(1)[:15] + "ZZZ", buyer, 400,
				errorBody("INVALID_ID_FIELD", `productId "`+product(1)[:15]+`ZZZ" is not a valid id.`)},
			{"someone else's account", "products/" + product(1) + asRiverside, buyer, 403,
				errorBody("INSUFFICIENT_ACCESS", `You don't have access to the effective account "`+riverside+`".`)},
			{"a guest naming an account", "products/" + product(1) + "?effectiveAccountId=" + demo.BuyerAccountID, guest, 403,
				errorBody("INSUFFICIENT_ACCESS", `You don't have access to the effective account "`+demo.BuyerAccountID+`".`)},
			{"an effective account that is no account id", "products/" + product(1) + "?effectiveAccountId=" + product(1), buyer, 400,
				errorBody("INVALID_ID_FIELD", `effectiveAccountId "`+product(1)+`" is not a valid account id.`)},
		} {
			status, body := e.get(t, base+c.path, c.user)
			if status != c.status || body != c.body {
				t.Errorf("%s: %d %s\nwant %d %s", c.what, status, body, c.status, c.body)
			}
		}
		// The manager sees it when acting for an enterprise account, and so does her own (enterprise) account.
		for _, path := range []string{"products/" + extra + asRiverside, "products/" + extra} {
			if got := e.getJSON(t, base+path, manager); got["id"] != extra {
				t.Fatalf("%s as the manager: %v", path, got)
			}
		}
		status, body := e.get(t, "/services/data/v64.0/commerce/webstores/"+records.StableID("0ZE", 77)+"/products/"+product(1), buyer)
		wantError(t, "unknown store", status, body, 404, "NOT_FOUND")
	})
}

// With guest browsing off, every catalog call answers 401 to guests and keeps answering buyers.
func TestGuestBrowsingRule(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		paths := []string{
			"products/" + product(1), "products/" + product(1) + "/availability", "pricing/products/" + product(1),
			"pricing/products?productIds=" + product(1), "product-categories/children",
			"product-categories/" + category(1), "product-category-path/product-categories/" + category(3),
		}
		for _, p := range paths {
			if status, body := e.get(t, base+p, guest); status != 200 {
				t.Fatalf("guest, browsing on: %s: %d %s", p, status, body)
			}
		}
		e.exec(t, `UPDATE webstore SET guestbrowsingenabled = FALSE WHERE id = ?`, demo.StoreID)
		unauthorized := errorBody("INVALID_SESSION_ID", "Session expired or invalid")
		for _, p := range paths {
			if status, body := e.get(t, base+p, guest); status != 401 || body != unauthorized {
				t.Fatalf("guest, browsing off: %s: %d %s", p, status, body)
			}
			if status, body := e.get(t, base+p, buyer); status != 200 {
				t.Fatalf("buyer, browsing off: %s: %d %s", p, status, body)
			}
		}
		status, body := e.call(t, http.MethodPost, base+"pricing/products", guest, `{"pricingLineItems":[{"productId":"`+product(1)+`"}]}`)
		if status != 401 || body != unauthorized {
			t.Fatalf("guest batch POST, browsing off: %d %s", status, body)
		}
	})
}

func TestCategories(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		top := e.getJSON(t, base+"product-categories/children", guest)["productCategories"].([]any)
		if len(top) != 12 {
			t.Fatalf("%d top-level categories, want the demo's 12", len(top))
		}
		total := 0
		var names []string
		for _, c := range top {
			wantKeys(t, "category", c, "fields", "id", "tileImage", "urlName")
			// The tile image in the list is the one the category's own detail sends.
			id := c.(map[string]any)["id"].(string)
			detail := e.getJSON(t, base+"product-categories/"+id, guest)["tileImage"]
			if tile := c.(map[string]any)["tileImage"]; tile == nil || !reflect.DeepEqual(tile, detail) {
				t.Fatalf("tile image of %s: %v in the list, %v in the detail", id, tile, detail)
			}
			f := c.(map[string]any)["fields"]
			wantKeys(t, "category fields", f, "Description", "IsNavigational", "Name", "NumberOfProducts", "ParentCategoryId")
			fields := f.(map[string]any)
			var n int
			fmt.Sscan(fields["NumberOfProducts"].(string), &n)
			total += n
			names = append(names, fields["Name"].(string))
			if fields["IsNavigational"] != "true" || fields["ParentCategoryId"] != nil {
				t.Fatalf("top-level fields: %v", fields)
			}
		}
		if total != demo.DemoProducts || names[0] != "Office Supplies" || names[11] != "Grounds & Outdoor" {
			t.Fatalf("top level: %v with %d products in all, want the demo's order and %d", names, total, demo.DemoProducts)
		}
		office := top[0].(map[string]any)
		if office["id"] != category(1) || office["urlName"] != "office-supplies" {
			t.Fatalf("first category: %v", office)
		}

		children := e.getJSON(t, base+"product-categories/children?parentProductCategoryId="+category(1)[:15], buyer)["productCategories"].([]any)
		var childNames []string
		for _, c := range children {
			fields := c.(map[string]any)["fields"].(map[string]any)
			childNames = append(childNames, fields["Name"].(string))
			if fields["ParentCategoryId"] != category(1) {
				t.Fatalf("child of Office Supplies: %v", fields)
			}
		}
		if !reflect.DeepEqual(childNames, []string{"Writing Instruments", "Paper & Notebooks", "Desk Accessories", "Binders & Filing"}) {
			t.Fatalf("children of Office Supplies: %v", childNames)
		}
		leaf := e.getJSON(t, base+"product-categories/children?parentProductCategoryId="+category(3), buyer)
		if !reflect.DeepEqual(leaf, map[string]any{"productCategories": []any{}}) {
			t.Fatalf("children of a leaf: %v", leaf)
		}

		status, body := e.get(t, base+"product-category-path/product-categories/"+category(3), guest)
		wantPath := `{"path":[{"description":"Everyday supplies that keep an office running.","id":"` + category(1) +
			`","name":"Office Supplies","urlName":"office-supplies"},{"description":"Pens, markers and highlighters for every desk.","id":"` +
			category(2) + `","name":"Writing Instruments","urlName":"writing-instruments"},{"description":"Pens, markers and highlighters for every desk.","id":"` +
			category(3) + `","name":"Pens","urlName":"pens"}]}` + "\n"
		if status != 200 || body != wantPath {
			t.Fatalf("path: %d\n got %s\nwant %s", status, body, wantPath)
		}

		detail := e.getJSON(t, base+"product-categories/"+category(3), guest)
		wantKeys(t, "category detail", detail, "bannerImage", "fields", "id", "mediaGroups", "tileImage")
		fields := detail["fields"].(map[string]any)
		if fields["Name"] != "Pens" || fields["ParentCategoryId"] != category(2) || fields["NumberOfProducts"] == "0" ||
			fields["SortOrder"] != "10" || fields["IsDeleted"] != "false" || fields["CreatedDate"] == nil || detail["bannerImage"] != nil {
			t.Fatalf("category detail: %v", detail)
		}
		wantKeys(t, "tileImage", detail["tileImage"], "alternateText", "alternativeText", "contentVersionId", "id", "mediaType", "sortOrder", "title", "url")
		got := e.getJSON(t, base+"product-categories/"+category(3)+"?fields=Name,NumberOfProducts&excludeMedia=true", guest)
		if !reflect.DeepEqual(keys(got["fields"].(map[string]any)), []string{"Name", "NumberOfProducts"}) || got["tileImage"] != nil ||
			!reflect.DeepEqual(got["mediaGroups"], []any{}) {
			t.Fatalf("category detail with options: %v", got)
		}

		unknown := records.StableID("0ZG", 9999)
		notFound := errorBody("ITEM_NOT_FOUND", "The product category "+unknown+" doesn't exist in this store.")
		for _, p := range []string{"product-categories/children?parentProductCategoryId=" + unknown,
			"product-category-path/product-categories/" + unknown, "product-categories/" + unknown} {
			if status, body := e.get(t, base+p, buyer); status != 404 || body != notFound {
				t.Fatalf("%s: %d %s", p, status, body)
			}
		}
		status, body = e.get(t, base+"product-categories/children?parentProductCategoryId=x", buyer)
		wantError(t, "malformed parent", status, body, 400, "INVALID_ID_FIELD")
		status, body = e.get(t, base+"product-categories/"+category(3)+"?fields=Nope", buyer)
		wantError(t, "unknown category field", status, body, 400, "INVALID_FIELD")
	})
}

func TestAvailability(t *testing.T) {
	raw, err := os.ReadFile("testdata/checkproductisinstock-response.json")
	if err != nil {
		t.Fatal(err)
	}
	var example map[string]any
	if err := json.Unmarshal(raw, &example); err != nil {
		t.Fatal(err)
	}
	eachEnv(t, func(t *testing.T, e *env) {
		stock := func(n int64) string {
			t.Helper()
			_, body := e.get(t, base+"products/"+product(n)+"/availability", buyer)
			return body
		}
		got := e.getJSON(t, base+"products/"+product(1)+"/availability", guest)
		conforms(t, "availability", example, got)
		// Demo stock: product 1 has 75, product 7 one (low), product 13 none.
		for n, want := range map[int64]string{
			1:  `{"availableToOrder":"75","inStock":true,"lowStock":false,"productId":"` + product(1) + `"}`,
			7:  `{"availableToOrder":"1","inStock":true,"lowStock":true,"productId":"` + product(7) + `"}`,
			13: `{"availableToOrder":"0","inStock":false,"lowStock":false,"productId":"` + product(13) + `"}`,
		} {
			if got := stock(n); got != want+"\n" {
				t.Errorf("product %d: %s, want %s", n, got, want)
			}
		}
		// Reservations count against stock.
		e.exec(t, `UPDATE productinventory SET quantityreserved = 70 WHERE productid = ?`, product(1))
		if got := stock(1); !strings.Contains(got, `"availableToOrder":"5","inStock":true,"lowStock":true`) {
			t.Fatalf("with reservations: %s", got)
		}
		e.exec(t, `UPDATE webstore SET inventoryenabled = FALSE WHERE id = ?`, demo.StoreID)
		if got := stock(13); got != `{"availableToOrder":null,"inStock":true,"lowStock":false,"productId":"`+product(13)+`"}`+"\n" {
			t.Fatalf("inventory off: %s", got)
		}
	})
}

// The stock of several products in one call (the cart page's lines): in the order asked, each once, products the
// caller may not see left out, malformed ids and a missing list refused.
func TestAvailabilityOfSeveral(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		extra := e.enterpriseOnly(t)
		_, body := e.get(t, base+"products/availability?productIds="+product(13)+","+product(7)+","+extra+","+product(7), buyer)
		want := `{"availability":[{"availableToOrder":"0","inStock":false,"lowStock":false,"productId":"` + product(13) +
			`"},{"availableToOrder":"1","inStock":true,"lowStock":true,"productId":"` + product(7) + `"}]}` + "\n"
		if body != want {
			t.Fatalf("several: %s, want %s", body, want)
		}
		status, body := e.get(t, base+"products/availability", buyer)
		wantError(t, "no ids", status, body, 400, "INVALID_API_INPUT")
		status, body = e.get(t, base+"products/availability?productIds=nope", buyer)
		wantError(t, "malformed id", status, body, 400, "INVALID_ID_FIELD")
	})
}

// Answers that depend on the caller are never reused by the browser without asking (a guest's price must not
// show after sign-in); the category tree may be reused for a minute.
func TestCachePolicy(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		for path, want := range map[string]string{
			"products/" + product(1):                                  "private, no-cache",
			"products/" + product(1) + "/availability":                "private, no-cache",
			"pricing/products/" + product(1):                          "private, no-cache",
			"pricing/products?productIds=" + product(1):               "private, no-cache",
			"product-categories/children":                             "private, max-age=60",
			"product-categories/" + category(1):                       "private, max-age=60",
			"product-category-path/product-categories/" + category(3): "private, max-age=60",
		} {
			resp, err := http.Get(e.srv.URL + base + path)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if got := resp.Header.Get("Cache-Control"); resp.StatusCode != 200 || got != want {
				t.Errorf("%s: %d Cache-Control %q, want %q", path, resp.StatusCode, got, want)
			}
		}
	})
}

// fullEngine is the app's engine over d, with every domain's rules (package domains).
func fullEngine(d *db.DB) *records.Engine {
	engine, _ := domains.Engine(d, nil)
	return engine
}
