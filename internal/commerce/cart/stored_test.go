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

// An add keeps its cart and lines for the owner's next add (kept.go): the copy must be the cart as stored, row and
// lines with their amounts, after new lines, more of a line and a promotion's adjustments; a staff change through
// the records engine leaves it behind, and the next add must add to the staff's quantity, not the copy's.
func TestAKeptCartIsTheCartAsStored(t *testing.T) {
	for kind, u := range dbtest.URLs(t) {
		t.Run(kind, func(t *testing.T) {
			srv := apptest.Demo(t, u)
			ctx := context.Background()
			buyer := srv.Token(t, "buyer@example.com")
			path := "/services/data/v64.0/commerce/webstores/" + demo.StoreID + "/carts/current/cart-items"
			pen, marker := records.StableID("01t", 1), records.StableID("01t", 2)
			add := func(product string, qty int) (line struct{ CartItemID, Quantity string }) {
				t.Helper()
				body := apitest.JSON(map[string]any{"productId": product, "quantity": qty})
				srv.Call(t, "POST", path, buyer, body).Decode(t, "add", 201, &line)
				return line
			}
			var owner cart.Owner
			compare := func(step string) {
				t.Helper()
				kept, stored, err := srv.App.Carts().KeptAndStored(ctx, demo.StoreID, owner, "current")
				if err != nil {
					t.Fatal(err)
				}
				if kept == nil || !reflect.DeepEqual(kept, stored) {
					t.Fatalf("%s: kept\n%+v\n%+v\nstored\n%+v\n%+v", step, kept, kept.Known(), stored, stored.Known())
				}
			}
			first := add(pen, 3)
			rec, err := srv.App.Engine.Get(ctx, records.System, first.CartItemID)
			if err != nil {
				t.Fatal(err)
			}
			cartRec, err := srv.App.Engine.Get(ctx, records.System, rec.String("CartId"))
			if err != nil {
				t.Fatal(err)
			}
			owner = cart.Owner{UserID: cartRec.String("OwnerId"), AccountID: cartRec.String("AccountId")}
			compare("a new cart")
			add(marker, 2)
			compare("a second line")
			if again := add(pen, 1); again.CartItemID != first.CartItemID || again.Quantity != "4" {
				t.Fatalf("more of the first line: %+v", again)
			}
			compare("more of a line")

			// Staff set the pen's quantity; the cart recalculates, and the next add starts from the staff's 10.
			if _, err := srv.App.Engine.Update(ctx, records.System, first.CartItemID, map[string]any{"Quantity": 10},
				records.UpdateOptions{}); err != nil {
				t.Fatal(err)
			}
			if again := add(pen, 1); again.Quantity != "11" {
				t.Fatalf("an add after the staff's change: quantity %s, want 11", again.Quantity)
			}
			compare("an add after a staff change")
		})
	}
}
