package app_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// sObject REST through the whole server: bearer tokens, a pinned old version, composite subrequests through the
// server's own routing, and a buyer kept to their own records.
func TestSObjectsOverTheDemoStore(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin := s.srv.Token(t, "admin@example.com")
		buyer := s.srv.Token(t, "buyer@example.com")

		r := s.srv.Call(t, "POST", "/services/data/v61.0/sobjects/Account", admin, `{"Name":"REST Co","Industry":"Energy"}`)
		var made struct {
			ID      string `json:"id"`
			Success bool   `json:"success"`
		}
		if r.Status != 201 || json.Unmarshal([]byte(r.Body), &made) != nil || !made.Success {
			t.Fatalf("create: %d %s", r.Status, r.Body)
		}
		if r = s.srv.Call(t, "PATCH", "/services/data/v61.0/sobjects/Account/"+made.ID, admin, `{"Industry":"Retail"}`); r.Status != 204 || r.Body != "" {
			t.Fatalf("update: %d %q", r.Status, r.Body)
		}
		if got := s.queryString(t, `SELECT industry FROM account WHERE id = '`+made.ID+`'`); got != "Retail" {
			t.Fatalf("industry %q", got)
		}
		r = s.srv.Get(t, "/services/data/v61.0/sobjects/Account/"+made.ID+"?fields=Name,Industry", admin)
		if r.Status != 200 || !strings.Contains(r.Body, `"url":"/services/data/v61.0/sobjects/Account/`+made.ID+`"`) ||
			!strings.Contains(r.Body, `"Industry":"Retail"`) {
			t.Fatalf("read: %d %s", r.Status, r.Body)
		}

		// The buyer does not see another account, and does not learn that it exists.
		notFound := `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`
		for _, method := range []string{"GET", "DELETE"} {
			if r = s.srv.Call(t, method, "/services/data/v64.0/sobjects/Account/"+made.ID, buyer, ""); r.Status != 404 || strings.TrimSpace(r.Body) != notFound {
				t.Fatalf("buyer %s: %d %s", method, r.Status, r.Body)
			}
		}
		if r = s.srv.Get(t, "/services/data/v64.0/sobjects", buyer); r.Status != 200 || strings.Contains(r.Body, `"name":"Lead"`) {
			t.Fatalf("buyer's global describe: %d", r.Status)
		}

		// Composite: references, and allOrNone leaving nothing behind.
		r = s.srv.Call(t, "POST", "/services/data/v61.0/composite", admin, `{"allOrNone":true,"compositeRequest":[
			{"method":"POST","url":"/services/data/v61.0/sobjects/Contact","referenceId":"c","body":{"LastName":"Ref","AccountId":"`+made.ID+`"}},
			{"method":"PATCH","url":"/services/data/v61.0/sobjects/Account/`+made.ID+`","referenceId":"u","body":{"Description":"has @{c.id}"}},
			{"method":"POST","url":"/services/data/v61.0/sobjects/Contact","referenceId":"bad","body":{"AccountId":"`+made.ID+`"}}]}`)
		if r.Status != 200 || strings.Count(r.Body, "PROCESSING_HALTED") != 2 || !strings.Contains(r.Body, "REQUIRED_FIELD_MISSING") {
			t.Fatalf("composite: %d %s", r.Status, r.Body)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM contact WHERE accountid = '`+made.ID+`'`); n != "0" {
			t.Fatalf("the rolled-back contact stayed: %s", n)
		}
		if d := s.queryString(t, `SELECT COALESCE(description, '') FROM account WHERE id = '`+made.ID+`'`); d != "" {
			t.Fatalf("the rolled-back update stayed: %q", d)
		}
		if r = s.srv.Call(t, "DELETE", "/services/data/v64.0/sobjects/Account/"+made.ID, admin, ""); r.Status != 204 {
			t.Fatalf("delete: %d %s", r.Status, r.Body)
		}
	})
}
