package order_test

import (
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/commerce/order"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/demo"
	"storefront/internal/identity"
	"storefront/internal/platform/db/dbtest"
)

// The order history's page is read from an index in the order it shows (newest first), so a buyer of an account
// with years of orders waits for a page, not for all of them to be sorted (it read every order of the store, by the
// store's index, and sorted them). SQLite plans without statistics, so its plan follows from the indexes alone: it
// must search the index and sort nothing.
func TestTheOrderHistoryPageIsReadInOrderFromAnIndex(t *testing.T) {
	srv := apptest.Demo(t, "")
	store, err := storecontext.LoadStore(t.Context(), srv.App.DB, demo.StoreID)
	if err != nil {
		t.Fatal(err)
	}
	sh := &storecontext.Shopper{Store: store, AccountID: demo.BuyerAccountID,
		Principal: &identity.Principal{UserID: "005000000000001AAA", AccountID: demo.BuyerAccountID}}
	for _, c := range []struct{ scope, index string }{
		{"My", "ix_ordersummary_ownerid_accountid_webstoreid_createddate_id"},
		{"Account", "ix_ordersummary_accountid_webstoreid_createddate_id"},
	} {
		query, args, err := order.PageQuery(sh, c.scope, "CreatedDateDesc")
		if err != nil {
			t.Fatal(err)
		}
		plan := dbtest.QueryPlan(t, srv.App.DB, query, args...)
		if !strings.Contains(plan, c.index) {
			t.Errorf("%s: plan %q, want a search of %s", c.scope, plan, c.index)
		}
		if strings.Contains(plan, "TEMP B-TREE") {
			t.Errorf("%s: plan %q sorts the account's orders", c.scope, plan)
		}
	}
}
