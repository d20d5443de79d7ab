package app_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/demo"
)

// soqlPage is a query answer as clients read it.
type soqlPage struct {
	TotalSize      int              `json:"totalSize"`
	Done           bool             `json:"done"`
	NextRecordsURL string           `json:"nextRecordsUrl"`
	Records        []map[string]any `json:"records"`
}

func (s *demoSite) soql(t *testing.T, token, q string, headers map[string]string) (apitest.Reply, soqlPage) {
	t.Helper()
	r := s.srv.Do(t, apitest.Request{As: apitest.Auth(token), Path: "/services/data/v64.0/query?q=" + url.QueryEscape(q), Headers: headers})
	var p soqlPage
	if r.Status == 200 {
		if err := json.Unmarshal([]byte(r.Body), &p); err != nil {
			t.Fatalf("%s: %v", r.Body, err)
		}
	}
	return r, p
}

// SOQL through the whole server: bearer tokens, the store's own setup objects, a buyer within their visibility,
// paging, and guests refused.
func TestSOQLOverTheDemoStore(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		admin := s.srv.Token(t, "admin@example.com")
		buyer := s.srv.Token(t, "buyer@example.com")

		_, p := s.soql(t, admin, "SELECT Id, Name FROM WebStore WHERE Name = '"+demo.StoreName+"'", nil)
		if p.TotalSize != 1 || p.Records[0]["Id"] != demo.StoreID {
			t.Fatalf("store by name: %+v", p)
		}
		_, p = s.soql(t, admin, "SELECT Id, UnitPrice, Product2.Name, Product2.StockKeepingUnit FROM PricebookEntry ORDER BY UnitPrice LIMIT 200", nil)
		if len(p.Records) != 200 || p.Records[0]["Product2"].(map[string]any)["Name"] == nil {
			t.Fatalf("price book entries with their products: %d records", len(p.Records))
		}
		// Paging: the next page is served by the locator, to its end.
		r, p := s.soql(t, admin, "SELECT Id FROM PricebookEntry", map[string]string{"Sforce-Query-Options": "batchSize=200"})
		seen := map[string]bool{}
		for pages := 0; ; pages++ {
			for _, rec := range p.Records {
				seen[rec["Id"].(string)] = true
			}
			if p.Done {
				break
			}
			if pages > 100 || !strings.HasPrefix(p.NextRecordsURL, "/services/data/v64.0/query/01g") {
				t.Fatalf("paging: %s", r.Body[:min(300, len(r.Body))])
			}
			r = s.srv.Get(t, p.NextRecordsURL, admin)
			p = soqlPage{}
			if err := json.Unmarshal([]byte(r.Body), &p); err != nil {
				t.Fatalf("%d %s", r.Status, r.Body)
			}
		}
		if len(seen) != p.TotalSize || p.TotalSize <= 200 {
			t.Fatalf("paging read %d distinct of %d", len(seen), p.TotalSize)
		}

		// The buyer reads their own account only, and no other account's orders.
		_, p = s.soql(t, buyer, "SELECT Id, Name FROM Account", nil)
		if p.TotalSize != 1 || p.Records[0]["Id"] != demo.BuyerAccountID {
			t.Fatalf("buyer's accounts: %+v", p)
		}
		_, p = s.soql(t, buyer, "SELECT Id, Account.Name FROM OrderSummary WHERE AccountId != '"+demo.BuyerAccountID+"'", nil)
		if p.TotalSize != 0 {
			t.Fatalf("buyer read another account's orders: %+v", p)
		}
		if r, _ := s.soql(t, buyer, "SELECT Id FROM Product2 LIMIT 5", nil); r.Status != 200 {
			t.Fatalf("buyer's products: %d %s", r.Status, r.Body)
		}
		s.srv.Get(t, "/services/data/v64.0/query?q=SELECT+Id+FROM+Account", "").Want(t, "guest", 401,
			`[{"errorCode":"INVALID_SESSION_ID","message":"Session expired or invalid"}]`)
	})
}
