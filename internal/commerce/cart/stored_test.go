package cart_test

import (
	"context"
	"reflect"
	"testing"

	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
	"storefront/internal/commerce/cart"
	"storefront/internal/demo"
	"storefront/internal/platform/db/dbtest"
	"storefront/internal/records"
)

// A cart change that ends by storing its calculation answers with the cart built from the record it wrote
// (cartFromRecord) instead of reading the row again: the two must be the same cart, field for field, on both
// databases, with amounts, counts, the revision and the modification time that page caches key on.
func TestCartFromTheStoredRecordIsTheCartAsRead(t *testing.T) {
	for kind, u := range dbtest.URLs(t) {
		t.Run(kind, func(t *testing.T) {
			srv := apptest.Demo(t, u)
			buyer := srv.Token(t, "buyer@example.com")
			path := "/services/data/v64.0/commerce/webstores/" + demo.StoreID + "/carts/current/cart-items"
			for i, qty := range []int{3, 2} { // a new line, then more of it (written with its prices)
				body := apitest.JSON(map[string]any{"productId": records.StableID("01t", int64(1+i%2)), "quantity": qty})
				srv.Call(t, "POST", path, buyer, body).WantStatus(t, "add", 201)
			}
			ctx := context.Background()
			var id string
			if err := srv.App.DB.QueryRow(ctx, `SELECT id FROM webcart WHERE status = 'Active'`).Scan(&id); err != nil {
				t.Fatal(err)
			}
			rec, err := srv.App.Engine.Get(ctx, records.System, id)
			if err != nil {
				t.Fatal(err)
			}
			owner := cart.Owner{UserID: rec.String("OwnerId"), AccountID: rec.String("AccountId")}
			read, err := cart.Find(ctx, srv.App.DB, demo.StoreID, owner, id)
			if err != nil {
				t.Fatal(err)
			}
			built := cart.CartFromRecord(rec)
			if !reflect.DeepEqual(built, read) {
				t.Fatalf("built from the record:\n%+v\nread:\n%+v", built, read)
			}
			if read.TotalProductCount != 5 || read.Totals["grandtotalamount"] == 0 || read.Revision < 2 {
				t.Fatalf("the cart after two adds: %+v", read)
			}
		})
	}
}
