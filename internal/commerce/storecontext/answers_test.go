package storecontext

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"storefront/internal/apiversion"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
)

// A kept answer is given again, byte for byte and with its status, to the same request of the same account while
// the catalog version holds; anything that changes the answer (body, account, API version, query) or a catalog
// write builds it afresh, and errors are never kept.
func TestRememberKeepsAnswersWhileTheCatalogHolds(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := d.InstallVersionTriggers(ctx, db.VersionedTables{db.Catalog: {"webstore"}}); err != nil {
			t.Fatal(err)
		}
		store := insert(t, d, "webstore", "0ZE", map[string]any{"name": "Kept"})
		builds := 0
		fail, forget := false, false
		handler := apiversion.Rewrite(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			account := r.Header.Get("X-Account")
			body := []byte(r.Header.Get("X-Body"))
			err := Remember(w, r, d, &Shopper{AccountID: account}, body, func(w http.ResponseWriter) error {
				builds++
				if fail {
					w.WriteHeader(http.StatusNotFound)
					_, _ = w.Write([]byte(`[{"errorCode":"NOT_FOUND"}]`))
					return nil
				}
				w.Header().Set("Cache-Control", "private, no-store")
				if forget {
					Forget(w)
				}
				w.WriteHeader(http.StatusCreated)
				httpx.WriteShared(w, []byte(`{"build":`+strconv.Itoa(builds)+`}`))
				return nil
			})
			if err != nil {
				t.Error(err)
			}
		}))
		call := func(version, query, account, body string) (int, string, string) {
			t.Helper()
			req := httptest.NewRequest(http.MethodPost, "/services/data/"+version+"/commerce/webstores/"+store+
				"/search/product-search"+query, nil)
			req.Header.Set("X-Account", account)
			req.Header.Set("X-Body", body)
			rec := httptest.NewRecorder()
			handler.ServeHTTP(rec, req)
			return rec.Code, rec.Body.String(), rec.Header().Get("Cache-Control")
		}
		// expect asks and wants the answer of build answerOf, after builds builds in all.
		expect := func(what string, answerOf, wantBuilds int, version, query, account, body string) {
			t.Helper()
			status, got, cc := call(version, query, account, body)
			if status != http.StatusCreated || got != `{"build":`+strconv.Itoa(answerOf)+`}` ||
				cc != "private, no-store" || builds != wantBuilds {
				t.Fatalf("%s: %d %s (Cache-Control %q) after %d builds, want the answer of build %d after %d", what,
					status, got, cc, builds, answerOf, wantBuilds)
			}
		}
		expect("first search", 1, 1, "v64.0", "", "001A", `{"searchTerm":"drill"}`)
		expect("the same search again", 1, 1, "v64.0", "", "001A", `{"searchTerm":"drill"}`)
		expect("another body", 2, 2, "v64.0", "", "001A", `{"searchTerm":"glove"}`)
		expect("another account", 3, 3, "v64.0", "", "001B", `{"searchTerm":"drill"}`)
		expect("another API version", 4, 4, "v58.0", "", "001A", `{"searchTerm":"drill"}`)
		expect("another query string", 5, 5, "v64.0", "?effectiveAccountId=001A", "001A", `{"searchTerm":"drill"}`)
		expect("the first again", 1, 5, "v64.0", "", "001A", `{"searchTerm":"drill"}`)

		if _, err := d.Exec(ctx, "UPDATE webstore SET name = 'Renamed' WHERE id = ?", store); err != nil {
			t.Fatal(err)
		}
		expect("after a catalog write", 6, 6, "v64.0", "", "001A", `{"searchTerm":"drill"}`)

		// An answer its handler says not to keep (a search answered while the index reloads) is given once.
		forget = true
		expect("an answer not to keep", 7, 7, "v64.0", "", "001A", `{"searchTerm":"lamp"}`)
		forget = false
		expect("the same search after it", 8, 8, "v64.0", "", "001A", `{"searchTerm":"lamp"}`)
		expect("and again", 8, 8, "v64.0", "", "001A", `{"searchTerm":"lamp"}`)

		fail = true
		for i := 9; i <= 10; i++ {
			status, got, _ := call("v64.0", "", "001A", `{"searchTerm":"nothing"}`)
			if status != http.StatusNotFound || !strings.Contains(got, "NOT_FOUND") || builds != i {
				t.Fatalf("an error answer, asked twice: %d %s after %d builds", status, got, builds)
			}
		}
	})
}
