package soql

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"storefront/internal/identity"

	"storefront/internal/app/apitest"
	"storefront/internal/platform/db"
	"storefront/internal/records/recordstest"
)

// TestBuyerSeesOnlyTheirRows: every way of reaching another account's rows (directly, through a parent path, in
// a filter, in a child subquery, in a count or an aggregate) finds nothing, as if the rows did not exist.
func TestBuyerSeesOnlyTheirRows(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		cases := []struct{ soql, key, want string }{
			{"SELECT Name FROM Account ORDER BY Name", "Name", "Acme"},
			{"SELECT Name FROM Account WHERE Name = 'Globex'", "Name", ""},
			{"SELECT Name FROM Account WHERE Id = '" + e.globex.ID + "'", "Name", ""},
			// Acme's parent is Globex, which the buyer may not read: the parent reads as null and cannot be filtered on.
			{"SELECT Name, Parent.Name FROM Account", "Parent", "<nil>"},
			{"SELECT Name FROM Account WHERE Parent.Name = 'Globex'", "Name", ""},
			{"SELECT Name FROM Account WHERE Parent.Name = null", "Name", "Acme"},
			{"SELECT Name FROM Account ORDER BY Parent.Name", "Name", "Acme"},
			{"SELECT LastName, Account.Name FROM Contact ORDER BY LastName", "LastName", "Able,O'Brien"},
			{"SELECT Name FROM Widget__c ORDER BY Name", "Name", "W1,W2"},
			{"SELECT Name FROM Widget__c WHERE Account__r.Parent.Name = 'Globex'", "Name", ""},
			{"SELECT Name, (SELECT LastName FROM Contacts ORDER BY LastName) FROM Account", "Contacts.totalSize", "2"},
			{"SELECT Name, LastName FROM User", "LastName", "Buyer"},
			// A semi-join reads only rows the buyer may see: Globex's contact is out of sight.
			{"SELECT Name FROM Account WHERE Id IN (SELECT AccountId FROM Contact WHERE LastName = 'Crane')", "Name", ""},
			{"SELECT Name FROM Account WHERE Id NOT IN (SELECT Account__c FROM Widget__c)", "Name", ""},
			{"SELECT Industry, COUNT(Id) FROM Account GROUP BY Industry", "expr0", "1"},
		}
		for _, c := range cases {
			r := e.ok("buyer", c.soql)
			if got := column(r, c.key); got != c.want {
				t.Errorf("%s: got %s, want %s", c.soql, got, c.want)
			}
		}
		if r := e.ok("buyer", "SELECT COUNT() FROM Contact"); r.TotalSize != 2 {
			t.Errorf("buyer count: %d", r.TotalSize)
		}
		if r := e.ok("buyer", "SELECT COUNT() FROM Widget__c WHERE Price__c < 100"); r.TotalSize != 2 {
			t.Errorf("buyer widget count: %d", r.TotalSize)
		}
		// The buyer's child subquery over Globex's contacts finds the account itself out of sight.
		r := e.ok("buyer", "SELECT Name, (SELECT LastName FROM Contacts) FROM Account WHERE Name = 'Globex'")
		if r.TotalSize != 0 {
			t.Errorf("buyer reached Globex: %+v", r)
		}
	})
}

// TestPaging reads a query page by page: the locator, batch sizes, LIMIT across pages, and a locator that belongs
// to another user.
func TestPaging(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		inputs := make([]map[string]any, 450)
		for i := range inputs {
			inputs[i] = map[string]any{"Name": fmt.Sprintf("P%03d", i), "Account__c": e.acme.ID, "Price__c": "1"}
		}
		if err := d.InTx(ctx, func(tx *db.Tx) error {
			_, err := e.engine.Insert(ctx, tx, e.staff, "Widget__c", inputs)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		next := regexp.MustCompile(`^/services/data/v64\.0/query/01g[0-9A-Za-z]{15}-(\d+)$`)
		read := func(as, soql string, headers ...string) (names []string, pages []int, total int) {
			r := e.ok(as, soql, headers...)
			total = r.TotalSize
			for {
				pages = append(pages, len(r.Records))
				for _, rec := range r.Records {
					names = append(names, rec["Name"].(string))
				}
				if r.TotalSize != total {
					t.Fatalf("totalSize moved from %d to %d", total, r.TotalSize)
				}
				if r.Done {
					if r.NextRecordsURL != "" {
						t.Fatalf("done with a next page: %+v", r.NextRecordsURL)
					}
					return names, pages, total
				}
				m := next.FindStringSubmatch(r.NextRecordsURL)
				if m == nil || m[1] != fmt.Sprint(len(names)) {
					t.Fatalf("next records URL %q after %d rows", r.NextRecordsURL, len(names))
				}
				page := e.srv.Get(t, r.NextRecordsURL, as, headers...)
				r = result{}
				page.Decode(t, "the next page", http.StatusOK, &r)
			}
		}
		names, pages, total := read("staff", "SELECT Name FROM Widget__c WHERE Name LIKE 'P%' ORDER BY Name DESC", "Sforce-Query-Options", "batchSize=200")
		if total != 450 || fmt.Sprint(pages) != "[200 200 50]" || names[0] != "P449" || names[449] != "P000" || !distinct(names) {
			t.Fatalf("paged: total %d pages %v first %s", total, pages, names[0])
		}
		// The batch size is kept within 200..2000: 50 reads as 200, the default is 2000.
		if _, pages, _ := read("staff", "SELECT Name FROM Widget__c", "Sforce-Query-Options", "batchSize=50"); fmt.Sprint(pages) != "[200 200 53]" {
			t.Fatalf("batch of 50: %v", pages)
		}
		if _, pages, _ := read("staff", "SELECT Name FROM Widget__c"); fmt.Sprint(pages) != "[453]" {
			t.Fatalf("default batch: %v", pages)
		}
		// LIMIT and OFFSET span pages: 250 rows from the 11th.
		names, pages, total = read("staff", "SELECT Name FROM Widget__c WHERE Name LIKE 'P%' ORDER BY Name LIMIT 250 OFFSET 10", "Sforce-Query-Options", "batchSize=200")
		if total != 250 || fmt.Sprint(pages) != "[200 50]" || names[0] != "P010" || names[249] != "P259" {
			t.Fatalf("limit across pages: total %d pages %v %s..%s", total, pages, names[0], names[len(names)-1])
		}
		// Parent paths and child subqueries on later pages, for the buyer within their visibility.
		names, pages, _ = read("buyer", "SELECT Name, Account__r.Name FROM Widget__c ORDER BY Name", "Sforce-Query-Options", "batchSize=200")
		if len(names) != 452 || fmt.Sprint(pages) != "[200 200 52]" {
			t.Fatalf("buyer pages: %v", pages)
		}
		// Another user's locator is no locator.
		r := e.ok("staff", "SELECT Name FROM Widget__c", "Sforce-Query-Options", "batchSize=200")
		wantError(t, e.srv.Get(e.t, r.NextRecordsURL, "buyer"), http.StatusBadRequest, CodeInvalidLocator, "invalid query locator")
		past := r.NextRecordsURL[:strings.LastIndex(r.NextRecordsURL, "-")] + "-9999"
		wantError(t, e.srv.Get(e.t, past, "staff"), http.StatusBadRequest, CodeInvalidLocator, "invalid query locator")
		// A locator unused for 15 minutes is forgotten.
		r = e.ok("staff", "SELECT Name FROM Widget__c", "Sforce-Query-Options", "batchSize=200")
		if _, err := d.Exec(ctx, `UPDATE sf_query_locator SET used_at = ?`, testNow.Add(-LocatorTTL-time.Second).UnixMilli()); err != nil {
			t.Fatal(err)
		}
		wantError(t, e.srv.Get(e.t, r.NextRecordsURL, "staff"), http.StatusBadRequest, CodeInvalidLocator, "invalid query locator")
		// queryAll answers as query (the engine keeps no deleted rows) and pages the same way.
		var all result
		e.srv.Get(t, "queryAll?q=SELECT+Name+FROM+Widget__c", "staff", "Sforce-Query-Options", "batchSize=200").Decode(t, "queryAll", 200, &all)
		if all.TotalSize != 453 || len(all.Records) != 200 || all.Done {
			t.Fatalf("queryAll: %d records of %d, done %v", len(all.Records), all.TotalSize, all.Done)
		}
	})
}

func distinct(names []string) bool {
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			return false
		}
		seen[n] = true
	}
	return true
}

// TestStatementTimeout: a query that outlives the call's deadline is cancelled and answers QUERY_TIMEOUT.
func TestStatementTimeout(t *testing.T) {
	recordstest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		h := &Handler{Engine: e.engine, Timeout: time.Nanosecond}
		req := httptest.NewRequest(http.MethodGet, base+"query?q=SELECT+Name+FROM+Account", nil)
		req = req.WithContext(identity.WithPrincipal(req.Context(), e.staff))
		rec := httptest.NewRecorder()
		h.Query().ServeHTTP(rec, req)
		wantError(t, apitest.Reply{Status: rec.Code, Body: rec.Body.String()}, http.StatusBadRequest, "QUERY_TIMEOUT", "Your query request was running for too long.")
	})
}
