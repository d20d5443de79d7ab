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
		admin := s.login(t, "admin@example.com")
		buyer := s.login(t, "buyer@example.com")

		r := s.call(t, "POST", "/services/data/v61.0/sobjects/Account", admin, `{"Name":"REST Co","Industry":"Energy"}`)
		var made struct {
			ID      string `json:"id"`
			Success bool   `json:"success"`
		}
		if r.status != 201 || json.Unmarshal([]byte(r.body), &made) != nil || !made.Success {
			t.Fatalf("create: %d %s", r.status, r.body)
		}
		if r = s.call(t, "PATCH", "/services/data/v61.0/sobjects/Account/"+made.ID, admin, `{"Industry":"Retail"}`); r.status != 204 || r.body != "" {
			t.Fatalf("update: %d %q", r.status, r.body)
		}
		if got := s.queryString(t, `SELECT industry FROM account WHERE id = '`+made.ID+`'`); got != "Retail" {
			t.Fatalf("industry %q", got)
		}
		r = s.get(t, "/services/data/v61.0/sobjects/Account/"+made.ID+"?fields=Name,Industry", admin)
		if r.status != 200 || !strings.Contains(r.body, `"url":"/services/data/v61.0/sobjects/Account/`+made.ID+`"`) ||
			!strings.Contains(r.body, `"Industry":"Retail"`) {
			t.Fatalf("read: %d %s", r.status, r.body)
		}

		// The buyer does not see another account, and does not learn that it exists.
		notFound := `[{"errorCode":"NOT_FOUND","message":"The requested resource does not exist"}]`
		for _, method := range []string{"GET", "DELETE"} {
			if r = s.call(t, method, "/services/data/v64.0/sobjects/Account/"+made.ID, buyer, ""); r.status != 404 || strings.TrimSpace(r.body) != notFound {
				t.Fatalf("buyer %s: %d %s", method, r.status, r.body)
			}
		}
		if r = s.get(t, "/services/data/v64.0/sobjects", buyer); r.status != 200 || strings.Contains(r.body, `"name":"Lead"`) {
			t.Fatalf("buyer's global describe: %d", r.status)
		}

		// Composite: references, and allOrNone leaving nothing behind.
		r = s.call(t, "POST", "/services/data/v61.0/composite", admin, `{"allOrNone":true,"compositeRequest":[
			{"method":"POST","url":"/services/data/v61.0/sobjects/Contact","referenceId":"c","body":{"LastName":"Ref","AccountId":"`+made.ID+`"}},
			{"method":"PATCH","url":"/services/data/v61.0/sobjects/Account/`+made.ID+`","referenceId":"u","body":{"Description":"has @{c.id}"}},
			{"method":"POST","url":"/services/data/v61.0/sobjects/Contact","referenceId":"bad","body":{"AccountId":"`+made.ID+`"}}]}`)
		if r.status != 200 || strings.Count(r.body, "PROCESSING_HALTED") != 2 || !strings.Contains(r.body, "REQUIRED_FIELD_MISSING") {
			t.Fatalf("composite: %d %s", r.status, r.body)
		}
		if n := s.queryString(t, `SELECT CAST(COUNT(*) AS TEXT) FROM contact WHERE accountid = '`+made.ID+`'`); n != "0" {
			t.Fatalf("the rolled-back contact stayed: %s", n)
		}
		if d := s.queryString(t, `SELECT COALESCE(description, '') FROM account WHERE id = '`+made.ID+`'`); d != "" {
			t.Fatalf("the rolled-back update stayed: %q", d)
		}
		if r = s.call(t, "DELETE", "/services/data/v64.0/sobjects/Account/"+made.ID, admin, ""); r.status != 204 {
			t.Fatalf("delete: %d %s", r.status, r.body)
		}
	})
}
