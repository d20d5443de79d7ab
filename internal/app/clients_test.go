package app_test

import (
	"context"
	"encoding/json"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/auth"
	"storefront/internal/demo"
)

// What real clients (the Salesforce CLI, jsforce, simple-salesforce) send by default, through real HTTP on both
// databases (issue 15, items 8, 10 and 12).

const data = "/services/data/v64.0/"

func q(soql string) string { return data + "query?q=" + url.QueryEscape(soql) }

// apiToken is Salesforce's access token form: the 15-character org id, '!', then the opaque part.
var apiToken = regexp.MustCompile(`^(00D\w{12})![.\w]{43}$`)

func TestAccessTokensInSalesforcesForm(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		org := s.orgID(t)
		access := s.srv.Token(t, "admin@example.com")
		if m := apiToken.FindStringSubmatch(access); m == nil || m[1] != org[:15] {
			t.Fatalf("access token %q is not <org id>!<opaque> of %s", access, org)
		}
		if status, _, body := s.srv.Get(t, "/services/oauth2/userinfo", access).Parts(); status != 200 || !strings.Contains(body, s.admin) {
			t.Fatalf("userinfo with the token: %d %s", status, body)
		}
		_, _, out := s.soap(t, "/services/Soap/u/64.0", soapLogin("buyer@example.com", "demo1234", ""))
		sid := out.Body.Response.Result.SessionID
		if m := apiToken.FindStringSubmatch(sid); m == nil || m[1] != org[:15] {
			t.Fatalf("session id %q is not <org id>!<opaque>", sid)
		}
		if status, _, _ := s.srv.Get(t, "/services/oauth2/userinfo", sid).Parts(); status != 200 {
			t.Fatalf("userinfo with the session id: %d", status)
		}

		// Another org's prefix, or the opaque part alone, is not the token.
		_, opaque, _ := strings.Cut(access, "!")
		for _, bad := range []string{"00DAAAAAAAAAAAA!" + opaque, opaque, org[:15] + "!" + opaque[1:], org[:15] + "!" + opaque + "-"} {
			if status, _, _ := s.srv.Get(t, "/services/oauth2/userinfo", bad).Parts(); status != 401 {
				t.Fatalf("%q: %d", bad, status)
			}
		}

		// A token issued before (bare base64url) still opens its session.
		old := "bareTokenFromBeforeTheOrgIdForm_0123456789A"
		insertSession(t, s, old, s.buyer)
		if status, _, body := s.srv.Get(t, "/services/oauth2/userinfo", old).Parts(); status != 200 || !strings.Contains(body, s.buyer) {
			t.Fatalf("a bare token from before: %d %s", status, body)
		}

		// Revoking takes the token in its form.
		if status, _, _ := s.post(t, "/services/oauth2/revoke", "application/x-www-form-urlencoded", "token="+url.QueryEscape(access)).Parts(); status != 200 {
			t.Fatalf("revoke: %d", status)
		}
		if status, _, _ := s.srv.Get(t, "/services/oauth2/userinfo", access).Parts(); status != 401 {
			t.Fatalf("after revoke: %d", status)
		}
	})
}

func insertSession(t *testing.T, s *store, token, userID string) {
	t.Helper()
	now := int64(1) << 40
	if _, err := s.d.Exec(context.Background(), `INSERT INTO sf_session (id, user_id, csrf_token, created_at, last_seen_at,
		expires_at) VALUES (?, ?, ?, ?, ?, ?)`, auth.HashToken(token), userID, "csrf", now, now*2, now*2); err != nil {
		t.Fatal(err)
	}
}

// TestTrailingSlashes: every API route answers with a trailing slash as without one, as Salesforce does (simple-
// salesforce always sends one), while the routes written with one ({$}) keep their own answer.
func TestTrailingSlashes(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin, buyer := s.srv.Token(t, "admin@example.com"), s.srv.Token(t, "buyer@example.com")
		if r := s.srv.Get(t, data+"query/?q="+url.QueryEscape("SELECT Id FROM Account LIMIT 1"), admin); r.Status != 200 ||
			!strings.Contains(r.Body, `"totalSize":1`) {
			t.Fatalf("query/: %d %s", r.Status, r.Body)
		}
		var created struct {
			ID      string `json:"id"`
			Success bool   `json:"success"`
		}
		s.srv.Call(t, "POST", data+"sobjects/Account/", admin, `{"Name":"Slash Co"}`).Decode(t, "create with a slash", 201, &created)
		if !created.Success || created.ID[:3] != "001" {
			t.Fatalf("create: %+v", created)
		}
		if r := s.srv.Get(t, data+"sobjects/Account/"+created.ID+"/", admin); r.Status != 200 || !strings.Contains(r.Body, `"Slash Co"`) {
			t.Fatalf("get with a slash: %d %s", r.Status, r.Body)
		}
		for _, path := range []string{data + "limits/", data + "sobjects/Account/describe/", "/services/oauth2/userinfo/"} {
			if r := s.srv.Get(t, path, admin); r.Status != 200 {
				t.Fatalf("%s: %d %s", path, r.Status, r.Body)
			}
		}

		// Cart and checkout calls answer the same with and without the slash.
		var line cartItem
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items/"), buyer, itemBody(pen, "2")).Decode(t, "add with a slash", 201, &line)
		s.srv.Call(t, "DELETE", commercePath("carts/current/cart-items/"+line.CartItemID+"/"), buyer, "").Want(t, "delete with a slash", 204, "")
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, "1")).Decode(t, "add", 201, &line)
		var started struct{ CheckoutID string }
		s.srv.Call(t, "POST", commercePath("checkouts/"), buyer, `{"cartId":"current"}`).Decode(t, "checkout with a slash", 202, &started)
		if started.CheckoutID == "" {
			t.Fatal("no checkout id")
		}

		// The routes written with a slash keep their answer; unknown paths stay 404, wrong methods 405.
		without, with := s.srv.Get(t, commercePath("effective-accounts"), buyer), s.srv.Get(t, commercePath("effective-accounts/"), buyer)
		if with.Status != 400 || with.Body != without.Body || !strings.Contains(with.Body, "required") {
			t.Fatalf("effective-accounts/: %d %s (without: %s)", with.Status, with.Body, without.Body)
		}
		s.srv.Get(t, data+"nothing-here/", admin).Want(t, "unknown path", 404, `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`)
		if r := s.srv.Call(t, "PUT", data+"query/", admin, "{}"); r.Status != 405 || r.Header.Get("Allow") != "GET, HEAD" {
			t.Fatalf("PUT query/: %d %v %s", r.Status, r.Header, r.Body)
		}
		// An instance URL ending in a slash joined with an absolute path (the Salesforce CLI does this).
		if r := s.srv.Get(t, "/"+data+"limits", admin); r.Status != 200 {
			t.Fatalf("//services/data/...: %d %s", r.Status, r.Body)
		}
	})
}

func TestLimits(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin := s.srv.Token(t, "admin@example.com")
		type limit struct{ Max, Remaining int64 }
		var first, second map[string]limit
		s.srv.Get(t, data+"limits", admin).Decode(t, "limits", 200, &first)
		if len(first) == 0 || first["DailyApiRequests"].Max != 100000 || first["DailyApiRequests"].Remaining >= 100000 {
			t.Fatalf("limits: %+v", first)
		}
		s.srv.Get(t, q("SELECT Id FROM Account LIMIT 1"), admin)
		s.srv.Get(t, "/services/data/v61.0/limits", admin).Decode(t, "limits again", 200, &second)
		// The query and this call itself: two more REST calls answered today.
		if got, want := second["DailyApiRequests"].Remaining, first["DailyApiRequests"].Remaining-2; got != want {
			t.Fatalf("remaining %d, want %d", got, want)
		}
		if r := s.srv.Get(t, data+"limits", ""); r.Status != 401 {
			t.Fatalf("guest: %d", r.Status)
		}
	})
}

func TestQueryColumns(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin := s.srv.Token(t, "admin@example.com")
		r := s.srv.Get(t, q("SELECT Id, Name, NumberOfEmployees, IsBuyer, Owner.Name, (SELECT LastName FROM Contacts) FROM Account")+"&columns=true", admin)
		var got struct {
			ColumnMetadata []map[string]any
			EntityName     string
			GroupBy        bool
			IDSelected     bool `json:"idSelected"`
			KeyPrefix      string
		}
		r.Decode(t, "columns", 200, &got)
		if got.EntityName != "Account" || got.GroupBy || !got.IDSelected || got.KeyPrefix != "001" || len(got.ColumnMetadata) != 6 {
			t.Fatalf("columns: %s", r.Body)
		}
		name, _ := json.Marshal(got.ColumnMetadata[1])
		if string(name) != `{"aggregate":false,"apexType":"String","booleanType":false,"columnName":"Name","custom":false,`+
			`"displayName":"Name","foreignKeyName":null,"insertable":true,"joinColumns":[],"numberType":false,"textType":true,"updatable":true}` {
			t.Fatalf("Name column: %s", name)
		}
		cols := got.ColumnMetadata
		join := cols[4]["joinColumns"].([]any)[0].(map[string]any)
		child := cols[5]["joinColumns"].([]any)[0].(map[string]any)
		if cols[0]["apexType"] != "Id" || cols[2]["numberType"] != true || cols[2]["apexType"] != "Integer" ||
			cols[3]["booleanType"] != true || cols[4]["columnName"] != "Owner" || join["columnName"] != "Name" ||
			join["displayName"] != "Owner.Name" || cols[5]["columnName"] != "Contacts" || cols[5]["aggregate"] != true ||
			child["columnName"] != "LastName" || cols[0]["insertable"] != false {
			t.Fatalf("columns: %s", r.Body)
		}
		agg := s.srv.Get(t, q("SELECT Industry, COUNT(Id) cnt, MAX(NumberOfEmployees) FROM Account GROUP BY Industry")+"&columns=true", admin)
		if !strings.Contains(agg.Body, `"columnName":"cnt","custom":false,"displayName":"COUNT(Id)"`) ||
			!strings.Contains(agg.Body, `"columnName":"expr0","custom":false,"displayName":"MAX(NumberOfEmployees)"`) ||
			!strings.Contains(agg.Body, `"groupBy":true,"idSelected":false`) {
			t.Fatalf("aggregate columns: %s", agg.Body)
		}
		// A query the caller may not run is refused as without columns=true.
		if r := s.srv.Get(t, q("SELECT Nope FROM Account")+"&columns=true", admin); r.Status != 400 || !strings.Contains(r.Body, "INVALID_FIELD") {
			t.Fatalf("bad query: %d %s", r.Status, r.Body)
		}
	})
}

func TestOrderIsAnObjectName(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin := s.srv.Token(t, "admin@example.com")
		for _, soql := range []string{"SELECT Id FROM Order", "SELECT Id, OrderNumber FROM Order ORDER BY OrderNumber DESC LIMIT 5"} {
			if r := s.srv.Get(t, q(soql), admin); r.Status != 200 || !strings.Contains(r.Body, `"done":true`) {
				t.Fatalf("%s: %d %s", soql, r.Status, r.Body)
			}
		}
	})
}

func TestOrganizationObject(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		org, err := auth.EnsureOrgID(context.Background(), s.d)
		if err != nil {
			t.Fatal(err)
		}
		soql := "SELECT Id, Name, OrganizationType, IsSandbox, InstanceName, NamespacePrefix, TrialExpirationDate, TimeZoneSidKey FROM Organization"
		want := `{"totalSize":1,"done":true,"records":[{"attributes":{"type":"Organization","url":"/services/data/v64.0/sobjects/Organization/` + org +
			`"},"Id":"` + org + `","Name":"` + demo.StoreName + `","OrganizationType":"Enterprise Edition","IsSandbox":false,` +
			`"InstanceName":"SF1","NamespacePrefix":null,"TrialExpirationDate":null,"TimeZoneSidKey":"America/Los_Angeles"}]}`
		for _, user := range []string{"admin@example.com", "buyer@example.com"} {
			s.srv.Get(t, q(soql), s.srv.Token(t, user)).Want(t, "Organization as "+user, 200, want)
		}
		admin := s.srv.Token(t, "admin@example.com")
		if r := s.srv.Get(t, data+"sobjects/Organization/"+org, admin); r.Status != 200 || !strings.Contains(r.Body, `"IsSandbox":false`) {
			t.Fatalf("retrieve: %d %s", r.Status, r.Body)
		}
		// Read-only for everyone.
		if r := s.srv.Call(t, "PATCH", data+"sobjects/Organization/"+org, admin, `{"Name":"Renamed"}`); r.Status < 400 || r.Status >= 500 {
			t.Fatalf("update: %d %s", r.Status, r.Body)
		}
		if r := s.srv.Call(t, "POST", data+"sobjects/Organization", admin, `{"Name":"Another"}`); r.Status < 400 || r.Status >= 500 {
			t.Fatalf("create: %d %s", r.Status, r.Body)
		}
		if r := s.srv.Call(t, "DELETE", data+"sobjects/Organization/"+org, admin, ""); r.Status < 400 || r.Status >= 500 {
			t.Fatalf("delete: %d %s", r.Status, r.Body)
		}
		// It follows the store's name.
		s.exec(t, `UPDATE webstore SET name = ? WHERE id = ?`, "Renamed Supply", demo.StoreID)
		if err := auth.SyncOrganization(context.Background(), s.d); err != nil {
			t.Fatal(err)
		}
		if got := s.queryString(t, `SELECT name FROM organization WHERE id = ?`, org); got != "Renamed Supply" {
			t.Fatalf("name %q", got)
		}
	})
}

func TestSearch(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin, buyer := s.srv.Token(t, "admin@example.com"), s.srv.Token(t, "buyer@example.com")
		sosl := func(token, find string) apitest.Reply {
			return s.srv.Get(t, data+"search?q="+url.QueryEscape(find), token)
		}
		type found struct {
			SearchRecords []struct {
				Attributes struct{ Type, URL string }
				ID         string `json:"Id"`
				Name       string
			}
		}
		var all found
		sosl(admin, "FIND {Northwind} IN ALL FIELDS RETURNING Account(Id, Name ORDER BY Name)").Decode(t, "search", 200, &all)
		if len(all.SearchRecords) < 2 || all.SearchRecords[0].Attributes.Type != "Account" ||
			!strings.Contains(all.SearchRecords[0].Name, "Northwind") || all.SearchRecords[0].ID[:3] != "001" {
			t.Fatalf("search: %+v", all)
		}
		// The buyer sees only the accounts they may see.
		var mine found
		sosl(buyer, "FIND {Northwind} RETURNING Account(Id, Name)").Decode(t, "buyer search", 200, &mine)
		if len(mine.SearchRecords) >= len(all.SearchRecords) {
			t.Fatalf("the buyer sees %d of %d", len(mine.SearchRecords), len(all.SearchRecords))
		}
		// Wildcards, several words, a WHERE and a LIMIT inside the object, the name scope.
		var some found
		sosl(admin, "FIND {north* harbor} IN NAME FIELDS RETURNING Account(Name WHERE Name != 'x' LIMIT 1)").Decode(t, "wildcards", 200, &some)
		if len(some.SearchRecords) != 1 || some.SearchRecords[0].Name != "Northwind - Harbor Office Park" {
			t.Fatalf("wildcards: %+v", some)
		}
		sosl(admin, "FIND {zzzz-nothing} RETURNING Account").Want(t, "nothing", 200, `{"searchRecords":[]}`)
		sosl(admin, "FIND {a} RETURNING Account").Want(t, "short", 400,
			`[{"errorCode":"INVALID_SEARCH","message":"search term must be longer than one character: a"}]`)
		sosl(admin, "FIND Northwind").Want(t, "no braces", 400,
			`[{"errorCode":"MALFORMED_SEARCH","message":"No search term found. The search term must be enclosed in braces."}]`)
		if r := sosl(admin, "FIND {Northwind} RETURNING Nope__c"); r.Status != 400 || !strings.Contains(r.Body, "INVALID_TYPE") {
			t.Fatalf("unknown object: %d %s", r.Status, r.Body)
		}

		// parameterizedSearch, GET and POST, answers what SOSL does.
		var get, post found
		s.srv.Get(t, data+"parameterizedSearch/?q=Northwind&sobject=Account&Account.fields=Id,Name&Account.limit=1", admin).Decode(t, "GET parameterizedSearch", 200, &get)
		s.srv.Call(t, "POST", data+"parameterizedSearch", admin, `{"q":"Northwind","fields":["Id","Name"],"sobjects":[{"name":"Account","limit":1}]}`).
			Decode(t, "POST parameterizedSearch", 200, &post)
		if len(get.SearchRecords) != 1 || len(post.SearchRecords) != 1 || get.SearchRecords[0].ID != post.SearchRecords[0].ID ||
			!strings.Contains(get.SearchRecords[0].Name, "Northwind") {
			t.Fatalf("parameterizedSearch: %+v %+v", get, post)
		}
		if r := s.srv.Get(t, data+"search?q="+url.QueryEscape("FIND {Northwind}"), ""); r.Status != 401 {
			t.Fatalf("guest: %d", r.Status)
		}
	})
}

func TestRecent(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin := s.srv.Token(t, "admin@example.com")
		var created struct{ ID string }
		s.srv.Call(t, "POST", data+"sobjects/Account", admin, `{"Name":"Recently Made"}`).Decode(t, "create", 201, &created)
		var recent []map[string]any
		s.srv.Get(t, data+"recent?limit=5", admin).Decode(t, "recent", 200, &recent)
		if len(recent) == 0 || len(recent) > 5 || recent[0]["Id"] != created.ID || recent[0]["Name"] != "Recently Made" ||
			recent[0]["attributes"].(map[string]any)["type"] != "Account" || len(recent[0]) != 3 {
			t.Fatalf("recent: %v", recent)
		}
		// Another user's recent records are their own.
		var theirs []map[string]any
		s.srv.Get(t, data+"recent", s.srv.Token(t, "buyer@example.com")).Decode(t, "buyer's recent", 200, &theirs)
		for _, r := range theirs {
			if r["Id"] == created.ID {
				t.Fatalf("the buyer lists the admin's record: %v", theirs)
			}
		}
		if r := s.srv.Get(t, data+"recent?limit=x", admin); r.Status != 400 {
			t.Fatalf("bad limit: %d", r.Status)
		}
	})
}

func TestSOAPLogout(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		_, _, out := s.soap(t, "/services/Soap/u/64.0", soapLogin("buyer@example.com", "demo1234", ""))
		sid := out.Body.Response.Result.SessionID
		logout := `<se:Envelope xmlns:se="http://schemas.xmlsoap.org/soap/envelope/"><se:Header><SessionHeader xmlns="urn:partner.soap.sforce.com">` +
			`<sessionId>` + sid + `</sessionId></SessionHeader></se:Header><se:Body><logout xmlns="urn:partner.soap.sforce.com"/></se:Body></se:Envelope>`
		status, _, body := s.post(t, "/services/Soap/u/64.0", "text/xml", logout, "SOAPAction", `""`).Parts()
		if status != 200 || !strings.Contains(body, `<logoutResponse></logoutResponse>`) {
			t.Fatalf("logout: %d %s", status, body)
		}
		if status, _, _ := s.srv.Get(t, "/services/oauth2/userinfo", sid).Parts(); status != 401 {
			t.Fatalf("the session outlived its logout: %d", status)
		}
		status, _, again := s.soap(t, "/services/Soap/u/64.0", logout)
		if status != 500 || again.Body.Fault.Code != "sf:INVALID_SESSION_ID" {
			t.Fatalf("logout again: %d %+v", status, again)
		}
	})
}

func TestChatterUsersMe(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		var me map[string]any
		status, _, body := s.srv.Get(t, "/services/data/v67.0/chatter/users/me", s.srv.Token(t, "buyer@example.com")).Parts()
		if status != 200 || json.Unmarshal([]byte(body), &me) != nil {
			t.Fatalf("me: %d %s", status, body)
		}
		for k, v := range map[string]any{"id": s.buyer, "name": "Bea Buyer", "displayName": "Bea Buyer", "firstName": "Bea",
			"lastName": "Buyer", "email": "buyer@example.com", "username": "buyer@example.com", "communityNickname": "buyer",
			"companyName": "Acme", "userType": "Portal", "type": "User", "isActive": true, "managerId": nil,
			"url": "/services/data/v67.0/chatter/users/" + s.buyer} {
			if me[k] != v {
				t.Errorf("%s = %v, want %v", k, me[k], v)
			}
		}
		status, _, body = s.srv.Get(t, data+"chatter/users/me", s.srv.Token(t, "admin@example.com")).Parts()
		if status != 200 || !strings.Contains(body, `"userType":"Internal"`) || !strings.Contains(body, `"id":"`+s.admin+`"`) {
			t.Fatalf("staff: %d %s", status, body)
		}
		if status, _, _ := s.srv.Get(t, data+"chatter/users/me", "").Parts(); status != 401 {
			t.Fatalf("guest: %d", status)
		}
	})
}
