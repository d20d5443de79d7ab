package app_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/auth"
)

// The integration surface's login and identity calls, through real HTTP on both databases (issue 10, items 1-2).

// post sends a body of a content type with extra headers (a forged Host among them) and returns the answer.
func (s *store) post(t *testing.T, path, contentType, body string, header ...string) apitest.Reply {
	t.Helper()
	return s.srv.Call(t, "POST", path, "", body, append([]string{"Content-Type", contentType}, header...)...)
}

func (s *store) form(t *testing.T, path string, v url.Values, header ...string) (int, map[string]any, string) {
	t.Helper()
	status, _, body := s.post(t, path, "application/x-www-form-urlencoded", v.Encode(), header...).Parts()
	var out map[string]any
	_ = json.Unmarshal([]byte(body), &out)
	return status, out, body
}

func (s *store) orgID(t *testing.T) string {
	t.Helper()
	id, err := auth.EnsureOrgID(context.Background(), s.d)
	if err != nil || len(id) != 18 || !strings.HasPrefix(id, "00D") {
		t.Fatalf("org id %q: %v", id, err)
	}
	return id
}

func TestTokenEndpointWithAndWithoutAClient(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		org := s.orgID(t)
		if again := s.orgID(t); again != org {
			t.Fatalf("the organization id changed: %s then %s", org, again)
		}
		client, secret, err := auth.CreateClient(context.Background(), s.d, "ERP sync")
		if err != nil {
			t.Fatal(err)
		}
		password := url.Values{"grant_type": {"password"}, "username": {"admin@example.com"}, "password": {"demo1234"}}

		// Without a client: the earlier form, no refresh token; the Host header never leaks into the answer.
		status, tok, body := s.form(t, "/services/oauth2/token", password, "Host", "evil.example")
		if status != 200 || len(tok) != 6 || tok["instance_url"] != publicURL || tok["token_type"] != "Bearer" ||
			tok["id"] != publicURL+"/id/"+org+"/"+s.admin || tok["refresh_token"] != nil || strings.Contains(body, "evil") {
			t.Fatalf("token without a client: %d %s", status, body)
		}

		// With the client: a refresh token and the scope; the signature is keyed with the secret.
		withClient := url.Values{"client_id": {client.ID}, "client_secret": {secret}}
		for k, v := range password {
			withClient[k] = v
		}
		status, tok, body = s.form(t, "/services/oauth2/token", withClient)
		if status != 200 || len(tok) != 8 || tok["scope"] != "refresh_token api" || tok["instance_url"] != publicURL {
			t.Fatalf("token with a client: %d %s", status, body)
		}
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write([]byte(tok["id"].(string) + tok["issued_at"].(string)))
		if tok["signature"] != base64.StdEncoding.EncodeToString(mac.Sum(nil)) {
			t.Fatalf("signature %v", tok["signature"])
		}
		access, refresh := tok["access_token"].(string), tok["refresh_token"].(string)
		if status, _, _ := s.srv.Get(t, s.base()+"session-context", access).Parts(); status != 200 {
			t.Fatalf("the access token does not work: %d", status)
		}

		// A wrong secret for a registered client.
		bad := url.Values{"client_id": {client.ID}, "client_secret": {"nope"}}
		for k, v := range password {
			bad[k] = v
		}
		if status, _, body = s.form(t, "/services/oauth2/token", bad); status != 400 ||
			body != `{"error":"invalid_client","error_description":"invalid client credentials"}`+"\n" {
			t.Fatalf("bad secret: %d %s", status, body)
		}

		// Refresh: a new access token; another client's id is refused.
		status, tok, body = s.form(t, "/services/oauth2/token", url.Values{"grant_type": {"refresh_token"},
			"refresh_token": {refresh}, "client_id": {client.ID}, "client_secret": {secret}})
		if status != 200 || tok["access_token"] == access || tok["refresh_token"] != nil || tok["instance_url"] != publicURL {
			t.Fatalf("refresh: %d %s", status, body)
		}
		if status, _, _ := s.srv.Get(t, s.base()+"session-context", tok["access_token"].(string)).Parts(); status != 200 {
			t.Fatalf("the refreshed token does not work: %d", status)
		}
		if status, _, body = s.form(t, "/services/oauth2/token", url.Values{"grant_type": {"refresh_token"},
			"refresh_token": {refresh}, "client_id": {"3MVG9other"}}); status != 400 || !strings.Contains(body, `"invalid_client_id"`) {
			t.Fatalf("refresh with another client: %d %s", status, body)
		}

		// Revoke the refresh token, then the access token.
		if status, _, body = s.form(t, "/services/oauth2/revoke", url.Values{"token": {refresh}}); status != 200 || body != "" {
			t.Fatalf("revoke refresh: %d %s", status, body)
		}
		if status, _, body = s.form(t, "/services/oauth2/token", url.Values{"grant_type": {"refresh_token"},
			"refresh_token": {refresh}, "client_id": {client.ID}}); status != 400 ||
			body != `{"error":"invalid_grant","error_description":"expired access/refresh token"}`+"\n" {
			t.Fatalf("revoked refresh: %d %s", status, body)
		}
		// The access token issued with the refresh token ended with it (as on Salesforce).
		if status, _, _ := s.srv.Get(t, s.base()+"session-context", access).Parts(); status != 401 {
			t.Fatalf("an access token of a revoked refresh token still works: %d", status)
		}
		_, tok, _ = s.form(t, "/services/oauth2/token", password)
		access = tok["access_token"].(string)
		if status, _, _ = s.form(t, "/services/oauth2/revoke", url.Values{"token": {access}}); status != 200 {
			t.Fatalf("revoke access: %d", status)
		}
		if status, _, _ := s.srv.Get(t, s.base()+"session-context", access).Parts(); status != 401 {
			t.Fatalf("a revoked access token still works: %d", status)
		}
		if status, _, body = s.form(t, "/services/oauth2/revoke", url.Values{"token": {access}}); status != 400 ||
			!strings.Contains(body, `"unsupported_token_type"`) {
			t.Fatalf("revoke twice: %d %s", status, body)
		}

		// Deleting the client kills its refresh tokens.
		_, tok, _ = s.form(t, "/services/oauth2/token", withClient)
		if found, err := auth.DeleteClient(context.Background(), s.d, client.ID); err != nil || !found {
			t.Fatalf("delete client: %v %v", found, err)
		}
		if status, _, _ = s.form(t, "/services/oauth2/token", url.Values{"grant_type": {"refresh_token"},
			"refresh_token": {tok["refresh_token"].(string)}, "client_id": {client.ID}}); status != 400 {
			t.Fatalf("refresh after the client was deleted: %d", status)
		}
	})
}

func TestUserInfoAndIdentityURL(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		org := s.orgID(t)
		buyer := s.srv.Token(t, "buyer@example.com")
		status, _, body := s.srv.Get(t, "/services/oauth2/userinfo", buyer).Parts()
		var info map[string]any
		_ = json.Unmarshal([]byte(body), &info)
		urls, _ := info["urls"].(map[string]any)
		if status != 200 || info["sub"] != publicURL+"/id/"+org+"/"+s.buyer || info["user_id"] != s.buyer ||
			info["organization_id"] != org || info["preferred_username"] != "buyer@example.com" ||
			info["email"] != "buyer@example.com" || info["name"] != "Bea Buyer" || info["given_name"] != "Bea" ||
			info["family_name"] != "Buyer" || info["zoneinfo"] != "America/Los_Angeles" || info["active"] != true ||
			info["user_type"] != "POWER_CUSTOMER_SUCCESS" || urls["rest"] != publicURL+"/services/data/v{version}/" ||
			urls["partner"] != publicURL+"/services/Soap/u/{version}/"+org[:15] {
			t.Fatalf("userinfo: %d %s", status, body)
		}

		own := "/id/" + org + "/" + s.buyer
		status, _, body = s.srv.Get(t, own+"?version=61.0", buyer).Parts()
		var id map[string]any
		_ = json.Unmarshal([]byte(body), &id)
		urls, _ = id["urls"].(map[string]any)
		if status != 200 || id["id"] != publicURL+own || id["asserted_user"] != true || id["user_id"] != s.buyer ||
			id["organization_id"] != org || id["username"] != "buyer@example.com" || id["display_name"] != "Bea Buyer" ||
			id["first_name"] != "Bea" || id["last_name"] != "Buyer" || id["user_type"] != "POWER_CUSTOMER_SUCCESS" ||
			urls["sobjects"] != publicURL+"/services/data/v61.0/sobjects/" {
			t.Fatalf("identity: %d %s", status, body)
		}
		// latest is the newest version released.
		status, _, body = s.srv.Get(t, own+"?version=latest", buyer).Parts()
		if status != 200 || !strings.Contains(body, `"sobjects":"`+publicURL+`/services/data/v68.0/sobjects/"`) {
			t.Fatalf("identity, latest: %d %s", status, body)
		}
		// The 15-character org id is the same org; under the base path too.
		if status, _, _ = s.srv.Get(t, "/shop/id/"+org[:15]+"/"+s.buyer, buyer).Parts(); status != 200 {
			t.Fatalf("15-character org id: %d", status)
		}
		for _, c := range []struct {
			path, authn string
			status      int
			code        string
		}{
			{"/id/" + org + "/" + s.manager, buyer, 403, "INSUFFICIENT_ACCESS"}, // someone else's
			{"/id/00DSF0000000000AAA/" + s.buyer, buyer, 404, "NOT_FOUND"},      // another org
			{"/id/" + org + "/nope", buyer, 404, "NOT_FOUND"},
			{"/id/" + org + "/" + s.buyer + "/more", buyer, 404, "NOT_FOUND"}, // the API's 404, not the web app
			{own, "", 401, "INVALID_SESSION_ID"},                              // no token
			{"/services/oauth2/userinfo", "", 401, "INVALID_SESSION_ID"},
		} {
			if status, _, body = s.srv.Get(t, c.path, c.authn).Parts(); status != c.status || !strings.HasPrefix(body, `[{"errorCode":"`+c.code+`"`) {
				t.Fatalf("%s: %d %s", c.path, status, body)
			}
		}
		// Staff read anyone's identity.
		status, _, body = s.srv.Get(t, "/id/"+org+"/"+s.manager, s.srv.Token(t, "admin@example.com")).Parts()
		if status != 200 || !strings.Contains(body, `"asserted_user":false,"user_id":"`+s.manager+`"`) {
			t.Fatalf("staff reading a buyer's identity: %d %s", status, body)
		}
	})
}

// soapResult is the part of a loginResponse a client reads.
type soapResult struct {
	Body struct {
		Response struct {
			Result struct {
				MetadataServerURL string `xml:"metadataServerUrl"`
				PasswordExpired   string `xml:"passwordExpired"`
				Sandbox           string `xml:"sandbox"`
				ServerURL         string `xml:"serverUrl"`
				SessionID         string `xml:"sessionId"`
				UserID            string `xml:"userId"`
				UserInfo          struct {
					OrganizationID      string `xml:"organizationId"`
					OrganizationName    string `xml:"organizationName"`
					UserEmail           string `xml:"userEmail"`
					UserFullName        string `xml:"userFullName"`
					UserName            string `xml:"userName"`
					UserType            string `xml:"userType"`
					SessionSecondsValid int    `xml:"sessionSecondsValid"`
					RoleID              struct {
						Nil string `xml:"http://www.w3.org/2001/XMLSchema-instance nil,attr"`
					} `xml:"roleId"`
				} `xml:"userInfo"`
			} `xml:"result"`
		} `xml:"urn:partner.soap.sforce.com loginResponse"`
		Fault struct {
			Code   string `xml:"faultcode"`
			String string `xml:"faultstring"`
			Detail struct {
				LoginFault struct {
					Type    string `xml:"http://www.w3.org/2001/XMLSchema-instance type,attr"`
					Code    string `xml:"exceptionCode"`
					Message string `xml:"exceptionMessage"`
				} `xml:"urn:fault.partner.soap.sforce.com LoginFault"`
			} `xml:"detail"`
		} `xml:"http://schemas.xmlsoap.org/soap/envelope/ Fault"`
	} `xml:"http://schemas.xmlsoap.org/soap/envelope/ Body"`
}

func soapLogin(username, password, header string) string {
	return `<?xml version="1.0" encoding="utf-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" ` +
		`xmlns:urn="urn:partner.soap.sforce.com"><soapenv:Header>` + header + `</soapenv:Header><soapenv:Body><urn:login>` +
		`<urn:username>` + username + `</urn:username><urn:password>` + password + `</urn:password></urn:login></soapenv:Body></soapenv:Envelope>`
}

func (s *store) soap(t *testing.T, path, body string, header ...string) (int, http.Header, soapResult) {
	t.Helper()
	status, h, raw := s.post(t, path, "text/xml; charset=utf-8", body, header...).Parts()
	var out soapResult
	if err := xml.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatalf("%s: not a SOAP envelope (%v): %d %s", path, err, status, raw)
	}
	if h.Get("Content-Type") != "text/xml; charset=utf-8" {
		t.Fatalf("content type %q", h.Get("Content-Type"))
	}
	return status, h, out
}

const invalidLogin = "INVALID_LOGIN: Invalid username, password, security token; or user locked out."

func TestSOAPLogin(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		org := s.orgID(t)
		status, _, out := s.soap(t, "/services/Soap/u/61.0", soapLogin("admin@example.com", "demo1234", ""),
			"SOAPAction", `"login"`, "Host", "evil.example")
		res := out.Body.Response.Result
		if status != 200 || res.ServerURL != publicURL+"/services/Soap/u/61.0/"+org[:15] ||
			res.MetadataServerURL != publicURL+"/services/Soap/m/61.0/"+org[:15] || res.PasswordExpired != "false" ||
			res.Sandbox != "false" || res.UserID != s.admin || res.UserInfo.OrganizationID != org ||
			res.UserInfo.OrganizationName != "Demo Store" || res.UserInfo.UserName != "admin@example.com" ||
			res.UserInfo.UserEmail != "admin@example.com" || res.UserInfo.UserFullName != "Admin" ||
			res.UserInfo.UserType != "Standard" || res.UserInfo.SessionSecondsValid != 43200 || res.UserInfo.RoleID.Nil != "true" {
			t.Fatalf("login result: %d %+v", status, out)
		}
		// The session id is a bearer token on every API.
		if status, _, body := s.srv.Get(t, "/services/oauth2/userinfo", res.SessionID).Parts(); status != 200 || !strings.Contains(body, s.admin) {
			t.Fatalf("session id as bearer: %d %s", status, body)
		}
		// SOAPAction unquoted or empty (jsforce sends ""), and a LoginScopeHeader naming this org (15 characters).
		scope := `<urn:LoginScopeHeader><urn:organizationId>` + org[:15] + `</urn:organizationId></urn:LoginScopeHeader>`
		for _, action := range []string{"login", `""`} {
			if status, _, out = s.soap(t, "/shop/services/Soap/u/64.0", soapLogin("buyer@example.com", "demo1234", scope),
				"SOAPAction", action); status != 200 || out.Body.Response.Result.UserID != s.buyer {
				t.Fatalf("SOAPAction %s: %d %+v", action, status, out)
			}
		}

		// Wrong password, unknown user, another org: the one INVALID_LOGIN fault.
		wrongOrg := `<urn:LoginScopeHeader><urn:organizationId>00DSF0000000000AAA</urn:organizationId></urn:LoginScopeHeader>`
		for _, body := range []string{soapLogin("admin@example.com", "wrong", ""), soapLogin("nobody@example.com", "demo1234", ""),
			soapLogin("admin@example.com", "demo1234", wrongOrg)} {
			status, _, out = s.soap(t, "/services/Soap/u/64.0", body, "SOAPAction", "login")
			f := out.Body.Fault
			if status != 500 || f.Code != "sf:INVALID_LOGIN" || f.String != invalidLogin || f.Detail.LoginFault.Type != "sf:LoginFault" ||
				f.Detail.LoginFault.Code != "INVALID_LOGIN" || f.Detail.LoginFault.Message != strings.TrimPrefix(invalidLogin, "INVALID_LOGIN: ") {
				t.Fatalf("invalid login: %d %+v", status, out)
			}
		}

		// Malformed XML and an envelope without a login: client faults.
		status, _, out = s.soap(t, "/services/Soap/u/64.0", `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><login>`)
		if status != 500 || out.Body.Fault.Code != "soapenv:Client" || out.Body.Fault.String == "" {
			t.Fatalf("malformed: %d %+v", status, out)
		}
		status, _, out = s.soap(t, "/services/Soap/u/64.0", `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">`+
			`<soapenv:Body><query xmlns="urn:partner.soap.sforce.com"/></soapenv:Body></soapenv:Envelope>`)
		if status != 500 || out.Body.Fault.Code != "soapenv:Client" ||
			out.Body.Fault.String != "No operation available for request {urn:partner.soap.sforce.com}query, please check the WSDL for the service." {
			t.Fatalf("no login element: %d %+v", status, out)
		}
		// logout is served: without a SessionHeader it names no session.
		status, _, out = s.soap(t, "/services/Soap/u/64.0", `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">`+
			`<soapenv:Body><logout xmlns="urn:partner.soap.sforce.com"/></soapenv:Body></soapenv:Envelope>`)
		if status != 500 || out.Body.Fault.Code != "sf:INVALID_SESSION_ID" {
			t.Fatalf("logout without a session: %d %+v", status, out)
		}
		if status, _, out = s.soap(t, "/services/Soap/u/30.0", soapLogin("admin@example.com", "demo1234", "")); status != 500 ||
			out.Body.Fault.Code != "sf:UNSUPPORTED_API_VERSION" {
			t.Fatalf("unknown version: %d %+v", status, out)
		}
	})
}

// TestSOAPLoginIsThrottled: the sign-in throttle covers the SOAP login, and a throttled attempt is a fault that does
// not say INVALID_LOGIN (the password was not checked).
func TestSOAPLoginIsThrottled(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		for range 5 {
			if _, _, out := s.soap(t, "/services/Soap/u/64.0", soapLogin("manager@example.com", "guess", "")); out.Body.Fault.Code != "sf:INVALID_LOGIN" {
				t.Fatalf("failure: %+v", out)
			}
		}
		status, h, out := s.soap(t, "/services/Soap/u/64.0", soapLogin("manager@example.com", "demo1234", ""))
		if status != 500 || out.Body.Fault.Code != "sf:REQUEST_LIMIT_EXCEEDED" || h.Get("Retry-After") == "" {
			t.Fatalf("throttled: %d %v %+v", status, h, out)
		}
	})
}

func TestAPIVersions(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		status, _, body := s.srv.Get(t, "/services/data", "").Parts()
		var list []map[string]string
		_ = json.Unmarshal([]byte(body), &list)
		if status != 200 || len(list) != 38 || list[0]["version"] != "31.0" || list[37]["url"] != "/services/data/v68.0" ||
			!strings.Contains(body, `{"label":"Winter '25","url":"/services/data/v62.0","version":"62.0"}`) ||
			!strings.Contains(body, `{"label":"Summer '26","url":"/services/data/v67.0","version":"67.0"}`) ||
			!strings.Contains(body, `{"label":"Winter '27","url":"/services/data/v68.0","version":"68.0"}`) {
			t.Fatalf("versions: %d %s", status, body)
		}
		admin := s.srv.Token(t, "admin@example.com")
		status, _, body = s.srv.Get(t, "/services/data/v61.0", admin).Parts()
		var res map[string]string
		_ = json.Unmarshal([]byte(body), &res)
		if status != 200 || res["sobjects"] != "/services/data/v61.0/sobjects" || res["query"] != "/services/data/v61.0/query" ||
			res["commerce"] != "/services/data/v61.0/commerce" || res["ui-api"] != "/services/data/v61.0/ui-api" ||
			res["identity"] != publicURL+"/id/"+s.orgID(t)+"/"+s.admin {
			t.Fatalf("resources: %d %s", status, body)
		}
		if status, _, again := s.srv.Get(t, "/services/data/v61.0/", admin).Parts(); status != 200 || again != body {
			t.Fatalf("resources with a trailing slash: %d %s", status, again)
		}
		if status, _, again := s.srv.Get(t, "/shop/services/data/", "").Parts(); status != 200 || !strings.Contains(again, `"version":"64.0"`) {
			t.Fatalf("versions with a trailing slash: %d %s", status, again)
		}
		if status, _, _ = s.srv.Get(t, "/services/data/v64.0/", "").Parts(); status != 401 {
			t.Fatalf("resources without a session: %d", status)
		}

		// A commerce call under v61.0, or a version released after the table's (a headless storefront built today
		// asks for v67.0), answers as under v64.0, at the root and under the base path.
		buyer := s.srv.Token(t, "buyer@example.com")
		_, _, want := s.srv.Get(t, s.base()+"session-context", buyer).Parts()
		for _, prefix := range []string{"", "/shop"} {
			for _, v := range []string{"v31.0", "v61.0", "v67.0", "v68.0"} {
				path := prefix + strings.Replace(s.base(), "v64.0", v, 1) + "session-context"
				if status, _, body = s.srv.Get(t, path, buyer).Parts(); status != 200 || body != want {
					t.Fatalf("%s: %d %s\nwant %s", path, status, body, want)
				}
			}
		}

		// Answers that embed their own URLs keep the client's version.
		if status, _, body = s.srv.Get(t, "/services/data/v61.0/ui-api/object-info", admin).Parts(); status != 200 ||
			!strings.Contains(body, `"objectInfoUrl":"/services/data/v61.0/ui-api/object-info/Account"`) {
			t.Fatalf("object-info under v61.0: %d %.300s", status, body)
		}

		notFound := `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]` + "\n"
		for _, v := range []string{"v30.0", "v69.0", "v99.0", "vabc", "v64.5", "64.0"} {
			for _, path := range []string{"/services/data/" + v, strings.Replace(s.base(), "v64.0", v, 1) + "session-context"} {
				if status, _, body = s.srv.Get(t, path, buyer).Parts(); status != 404 || body != notFound {
					t.Fatalf("%s: %d %s", path, status, body)
				}
			}
		}
	})
}
