package search

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/demo"
	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
	"storefront/internal/records"
)

// eachLargeDemo runs fn, once per database, on the seeded demo store with a search service that treats its
// catalogue as large (searches do not wait for a reload; Warm loads the price tables).
func eachLargeDemo(t *testing.T, fn func(t *testing.T, d *db.DB, svc *Service, store *storecontext.Store)) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := records.SyncSchema(ctx, d, records.StandardObjects()); err != nil {
			t.Fatal(err)
		}
		if _, err := demo.Seed(ctx, records.NewEngine(d), demo.Options{}); err != nil {
			t.Fatal(err)
		}
		if err := Install(ctx, d); err != nil {
			t.Fatal(err)
		}
		store, err := storecontext.LoadStore(ctx, d, demo.StoreID)
		if err != nil {
			t.Fatal(err)
		}
		svc := New(d, records.NewRegistry(d))
		svc.snapshots.waited = 1
		fn(t, d, svc, store)
	})
}

// A large catalogue's search answered from the snapshot it has while a reload runs (stale) is good for that call
// only: the answers cache does not keep it, so the same search once the reload is done shows the write.
func TestAStaleAnswerIsNotKept(t *testing.T) {
	eachLargeDemo(t, func(t *testing.T, d *db.DB, svc *Service, store *storecontext.Store) {
		ctx := context.Background()
		shopper := &storecontext.Shopper{Store: store, Principal: &identity.Principal{Guest: true}}
		total := func(term string) int {
			t.Helper()
			body := []byte(`{"searchTerm":"` + term + `"}`)
			r := httptest.NewRequest(http.MethodPost, "/search/product-search", strings.NewReader(string(body)))
			w := httptest.NewRecorder()
			err := storecontext.Remember(w, r, d, shopper, body, func(w http.ResponseWriter) error {
				var in Input
				if err := json.Unmarshal(body, &in); err != nil {
					return err
				}
				return svc.answer(w, r, store, "", &in, http.StatusCreated)
			})
			if err != nil || w.Code != http.StatusCreated {
				t.Fatalf("search %q: %d, %v", term, w.Code, err)
			}
			var out struct {
				ProductsPage struct {
					Total int `json:"total"`
				} `json:"productsPage"`
			}
			if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
				t.Fatal(err)
			}
			return out.ProductsPage.Total
		}
		if n := total("zanzibarite"); n != 0 {
			t.Fatalf("before the rename: %d products found", n)
		}

		release := make(chan struct{})
		svc.snapshots.beforeLoad = func() error { <-release; return nil }
		if _, err := d.Exec(ctx, `UPDATE product2 SET name = 'Zanzibarite Valve' WHERE id = ?`, records.StableID("01t", 1)); err != nil {
			t.Fatal(err)
		}
		if n := total("zanzibarite"); n != 0 {
			t.Fatalf("while the reload is held: %d products found, want the stale snapshot's 0", n)
		}
		close(release)
		waitForReload(t, &svc.snapshots, d, len(svc.snapshots.current.Load().all))
		if n := total("zanzibarite"); n != 1 {
			t.Fatalf("the same search after the reload: %d products found, want the renamed one (a stale answer was kept)", n)
		}
	})
}

// Warm readies a large catalogue's listing prices too: once Ready, a buyer's search page costs no price statement.
func TestWarmLoadsALargeCataloguesPriceTables(t *testing.T) {
	eachLargeDemo(t, func(t *testing.T, d *db.DB, svc *Service, store *storecontext.Store) {
		ctx := context.Background()
		if svc.Ready() {
			t.Fatal("ready before Warm")
		}
		svc.Warm(ctx)
		if !svc.Ready() {
			t.Fatal("not ready after Warm")
		}
		search := func(term string) *Results {
			t.Helper()
			var in Input
			if err := json.Unmarshal([]byte(`{"searchTerm":"`+term+`","pageSize":12,"includePrices":true}`), &in); err != nil {
				t.Fatal(err)
			}
			q, err := in.validate()
			if err != nil {
				t.Fatal(err)
			}
			res, err := svc.run(ctx, store, demo.BuyerAccountID, q)
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		search("valve") // the account's books and policies are read once
		before := d.Statements()
		res := search("glove")
		if n := d.Statements() - before; n != 0 || len(res.ProductsPage.Products) == 0 || res.ProductsPage.Products[0].Prices == nil {
			t.Fatalf("a page of %d products after Warm took %d statements; want priced products and none",
				len(res.ProductsPage.Products), n)
		}
	})
}
