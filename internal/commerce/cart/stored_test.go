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
			// add adds, and checks that the line it answers (from the rows the add stored, not read back) is the
			// line as the cart's items read it afterwards, member for member.
			add := func(product string, qty int) (line addedLine) {
				t.Helper()
				body := apitest.JSON(map[string]any{"productId": product, "quantity": qty})
				var answered map[string]any
				srv.Call(t, "POST", path, buyer, body).Decode(t, "add", 201, &answered)
				var items struct {
					CartItems []struct{ CartItem map[string]any }
				}
				srv.Get(t, path+"?pageSize=100", buyer).Decode(t, "the cart's items", 200, &items)
				var read map[string]any
				for _, it := range items.CartItems {
					if it.CartItem["cartItemId"] == answered["cartItemId"] {
						read = it.CartItem
					}
				}
				if !reflect.DeepEqual(answered, read) {
					t.Fatalf("the add answered\n%v\nthe cart's items read\n%v", answered, read)
				}
				line = addedLine{CartItemID: answered["cartItemId"].(string), Quantity: answered["quantity"].(string),
					TotalPrice: answered["totalPrice"].(string), TotalAdjustmentAmount: answered["totalAdjustmentAmount"].(string)}
				return line
			}
			var owner cart.Owner
			// compare checks the kept cart against the stored one, and whether its facts are kept (read ahead of the
			// transaction, on both databases).
			everyRow, stepping, factsEither := true, false, false
			compare := func(step string, wantFacts bool) {
				t.Helper()
				kept, stored, facts, rows, err := srv.App.Carts().KeptAndStored(ctx, demo.StoreID, owner, "current")
				if err != nil {
					t.Fatal(err)
				}
				if kept == nil || !reflect.DeepEqual(kept, stored) {
					t.Fatalf("%s: kept\n%+v\n%+v\nstored\n%+v\n%+v", step, kept, kept.Known(), stored, stored.Known())
				}
				if facts != wantFacts && !factsEither {
					t.Fatalf("%s: facts kept %v, want %v", step, facts, wantFacts)
				}
				if !kept.HasAdjustments() {
					t.Fatalf("%s: the kept cart's adjustments are not known", step)
				}
				if stepping { // a checkout's step keeps what it wrote and started from; the rows of an add are above
					return
				}
				// An add keeps the rows it wrote (the cart's always, and its line's, from which it answers) and, on
				// SQLite, those it started from, for the next add's updates: here, where every line was written by an
				// add since the cart was made, every line's (after staff wrote a line, the add that read afresh keeps
				// the rows of the lines it wrote only). PostgreSQL reads (and locks) the rows it did not write.
				all := 1 + kept.LineCount()
				switch {
				case kind == "sqlite" && everyRow && rows != all:
					t.Fatalf("%s: %d rows kept with the cart, want %d", step, rows, all)
				case rows < 2 || rows > all:
					t.Fatalf("%s: %d rows kept with the cart, want the cart's, the added line's and at most its other %d lines'",
						step, rows, all-2)
				}
			}
			// An empty cart first, as a visitor's first PUT carts makes it: the first add then reads it ahead with
			// no delivery group, and writes the default one.
			srv.Call(t, "PUT", "/services/data/v64.0/commerce/webstores/"+demo.StoreID+"/carts", buyer, "{}").
				WantStatus(t, "an empty cart", 201)
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
			compare("a new cart", false) // the first add wrote the default group its facts lacked
			add(marker, 2)
			compare("a second line", true)
			if again := add(pen, 1); again.CartItemID != first.CartItemID || again.Quantity != "4" {
				t.Fatalf("more of the first line: %+v", again)
			}
			compare("more of a line", true)

			// Staff set the pen's quantity; the cart recalculates, and the next add starts from the staff's 10.
			if _, err := srv.App.Engine.Update(ctx, records.System, first.CartItemID, map[string]any{"Quantity": 10},
				records.UpdateOptions{}); err != nil {
				t.Fatal(err)
			}
			again := add(pen, 1)
			if again.Quantity != "11" {
				t.Fatalf("an add after the staff's change: quantity %s, want 11", again.Quantity)
			}
			everyRow = false
			compare("an add after a staff change", false) // its copy was behind: it read in its transaction
			if again = add(pen, 1); again.Quantity != "12" {
				t.Fatalf("the next add: quantity %s, want 12", again.Quantity)
			}
			compare("the next add", true)
			if off := share(t, again); off != 15 {
				t.Fatalf("the pen line is %d%% off, want the Writing Week's 15%%: %+v", off, again)
			}

			// Staff overwrite the pen's Writing Week adjustment (the calculation's output): the cart is calculated
			// again, which puts the calculated amount back and moves its revision, so the next add does not trust
			// its kept adjustments.
			var adjustmentID string
			if err := srv.App.DB.QueryRow(ctx, `SELECT id FROM cartitempriceadjustment WHERE cartitemid = ?`,
				first.CartItemID).Scan(&adjustmentID); err != nil {
				t.Fatal(err)
			}
			if _, err := srv.App.Engine.Update(ctx, records.System, adjustmentID, map[string]any{"AdjustmentAmount": "-0.01"},
				records.UpdateOptions{}); err != nil {
				t.Fatal(err)
			}
			var amount string
			if err := srv.App.DB.QueryRow(ctx, `SELECT CAST(adjustmentamount AS TEXT) FROM cartitempriceadjustment
				WHERE cartitemid = ?`, first.CartItemID).Scan(&amount); err != nil || amount == "-1" {
				t.Fatalf("after staff set the adjustment to -0.01, it is %s cents (%v): want the calculated amount back", amount, err)
			}
			// Staff delete it: the cart is calculated again, which writes it back.
			if err := srv.App.Engine.Delete(ctx, records.System, adjustmentID); err != nil {
				t.Fatal(err)
			}
			var adjustments int
			if err := srv.App.DB.QueryRow(ctx, `SELECT COUNT(*) FROM cartitempriceadjustment WHERE cartitemid = ?`,
				first.CartItemID).Scan(&adjustments); err != nil || adjustments != 1 {
				t.Fatalf("after staff deleted the pen's adjustment it has %d (%v), want the calculated one back", adjustments, err)
			}
			if again = add(pen, 1); again.Quantity != "13" || share(t, again) != 15 {
				t.Fatalf("the add after staff wrote and deleted an adjustment: %+v", again)
			}
			compare("an add after staff wrote an adjustment", false)

			// The promotion the kept facts hold changes (not a row of the cart): the next add prices with the new one.
			writingWeek := records.StableID("0c8", 10)
			if _, err := srv.App.Engine.Update(ctx, records.System, writingWeek, map[string]any{"DiscountValue": "50.00"},
				records.UpdateOptions{}); err != nil {
				t.Fatal(err)
			}
			again = add(pen, 1)
			if off := share(t, again); again.Quantity != "14" || off != 50 {
				t.Fatalf("an add after the promotion became 50%% off: %d%% off, %+v", off, again)
			}
			// On PostgreSQL the promotion's write also notifies (at its commit) and moves the version once more, maybe
			// after the add read the facts again: they may be dropped then, and read afresh by the next add.
			factsEither = kind == "postgres"
			compare("an add after a promotion changed", true)
			factsEither = false
			var groups int
			if err := srv.App.DB.QueryRow(ctx, `SELECT COUNT(*) FROM cartdeliverygroup WHERE cartid = ?`,
				rec.String("CartId")).Scan(&groups); err != nil || groups != 1 {
				t.Fatalf("the cart has %d delivery groups (%v), want its one default group", groups, err)
			}

			// A checkout's steps start from the copy and keep the cart as they leave it (AdoptKept, KeepStep): after
			// each, the copy is the cart as stored; placing the order closes the cart and drops it.
			stepping = true
			checkouts := "/services/data/v64.0/commerce/webstores/" + demo.StoreID + "/checkouts"
			var started struct{ CheckoutID string }
			srv.Call(t, "PUT", checkouts, buyer, `{"cartId":"current"}`).Decode(t, "start", 202, &started)
			compare("a checkout's start", false)
			var book struct{ Items []struct{ AddressID string } }
			srv.Get(t, "/services/data/v64.0/commerce/webstores/"+demo.StoreID+
				"/accounts/current/addresses?addressType=Shipping&defaultOnly=true", buyer).Decode(t, "address book", 200, &book)
			if len(book.Items) == 0 {
				t.Fatal("the buyer has no default shipping address")
			}
			srv.Call(t, "PATCH", checkouts+"/"+started.CheckoutID, buyer,
				`{"deliveryAddress":{"id":"`+book.Items[0].AddressID+`"}}`).WantStatus(t, "an address", 202)
			compare("a checkout's address", false)
			srv.Call(t, "PATCH", checkouts+"/"+started.CheckoutID, buyer,
				`{"deliveryMethodId":"`+records.StableID("2Dm", 2)+`"}`).WantStatus(t, "a delivery method", 202)
			compare("a checkout's delivery method", false)
			srv.Call(t, "POST", checkouts+"/"+started.CheckoutID+"/payments", buyer, `{"requestType":"SimplePurchaseOrder",`+
				`"paymentToken":"PO-7","billingAddress":{"name":"Buyer","street":"1 Main St","city":"Denver",`+
				`"region":"CO","country":"US","postalCode":"80202"}}`).WantStatus(t, "a payment", 201)
			compare("a checkout's payment", false)
			var placed struct{ OrderReferenceNumber string }
			srv.Call(t, "POST", checkouts+"/"+started.CheckoutID+"/orders", buyer, "").Decode(t, "place", 201, &placed)
			var ordered string
			if err := srv.App.DB.QueryRow(ctx, `SELECT CAST(grandtotalamount AS TEXT) FROM "order" WHERE ordernumber = ?`,
				placed.OrderReferenceNumber).Scan(&ordered); err != nil {
				t.Fatal(err)
			}
			var charged string
			if err := srv.App.DB.QueryRow(ctx, `SELECT CAST(grandtotalamount AS TEXT) FROM webcart WHERE id = ?`,
				rec.String("CartId")).Scan(&charged); err != nil || ordered != charged {
				t.Fatalf("the order's grand total %s, the cart's %s (%v)", ordered, charged, err)
			}
			kept, _, _, _, err := srv.App.Carts().KeptAndStored(ctx, demo.StoreID, owner, "current")
			if err != nil || kept != nil {
				t.Fatalf("after the order the closed cart is kept: %+v (%v)", kept, err)
			}
		})
	}
}

// addedLine is what the tests read of an add's answer.
type addedLine struct{ CartItemID, Quantity, TotalPrice, TotalAdjustmentAmount string }

// share is how much of a line's total its adjustments take, in whole percent.
func share(t *testing.T, l addedLine) int64 {
	t.Helper()
	total, ok1 := records.ParseScaled(l.TotalPrice, 2)
	adjustment, ok2 := records.ParseScaled(l.TotalAdjustmentAmount, 2)
	if !ok1 || !ok2 || total == 0 {
		t.Fatalf("line amounts %+v", l)
	}
	return (-adjustment*100 + total/2) / total // rounded to the nearest percent
}
