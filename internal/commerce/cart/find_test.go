package cart_test

import (
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/commerce/cart"
	"storefront/internal/demo"
	"storefront/internal/platform/db/dbtest"
)

// Every cart change finds the owner's open cart first. An account's buyers leave a closed cart behind with every
// order, so finding it must go by the index of owner, account and status (a guest's: session and status), not by
// the account's or the store's carts: by the account's index, a checkout read every cart the account ever had, and
// the bench's checkouts slowed down as their orders piled up. SQLite plans without statistics, so the plan is
// fixed by the indexes alone; PostgreSQL's planner chooses by its statistics.
func TestTheOpenCartIsFoundByItsOwnersIndex(t *testing.T) {
	srv := apptest.Demo(t, "")
	buyer := cart.Owner{UserID: "005000000000001AAA", AccountID: "001000000000001AAA"}
	guest := cart.Owner{GuestSessionID: "session-hash"}
	for _, c := range []struct {
		name  string
		owner cart.Owner
		ref   string
		index string
	}{
		{"buyer's current cart", buyer, cart.Current, "ix_webcart_ownerid_accountid_status"},
		{"buyer's active cart", buyer, cart.Active, "ix_webcart_ownerid_accountid_status"},
		{"guest's current cart", guest, cart.Current, "ix_webcart_guestsessionid_status"},
	} {
		query, args, err := cart.FindQuery(demo.StoreID, c.owner, c.ref)
		if err != nil {
			t.Fatal(err)
		}
		if got := dbtest.QueryPlan(t, srv.App.DB, query, args...); !strings.Contains(got, "USING INDEX "+c.index+" ") {
			t.Errorf("%s: plan %q, want a search of %s", c.name, got, c.index)
		}
	}
}
