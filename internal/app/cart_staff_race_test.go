package app_test

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"testing"

	"storefront/internal/platform/db"
)

// A buyer adding to a line while staff set the same line's quantity through the records API, both many times at
// once: the add starts from the cart it kept from the last add (kept.go), and a staff write must leave that copy
// behind (its recalculation moves the cart's revision) rather than be overwritten by it. Every call answers 201 or
// 200 (or a conflict's error, refused whole), never a server error; afterwards the cart's stored totals are its
// lines', and the next add starts from the line as stored.
func TestStaffLineEditsRaceBuyerAdds(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		admin := s.srv.Token(t, "admin@example.com")
		var line cartItem
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).Decode(t, "first add", 201, &line)
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).WantStatus(t, "kept add", 201)
		var sum cartSummary
		s.srv.Get(t, commercePath("carts/current"), buyer).Decode(t, "the cart", 200, &sum)
		const rounds = 12
		var wg sync.WaitGroup
		type answer struct {
			who    string
			status int
			body   string
		}
		answers := make(chan answer, 2*rounds)
		for i := range rounds {
			wg.Add(2)
			go func() {
				defer wg.Done()
				r := s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1))
				answers <- answer{"buyer add", r.Status, r.Body}
			}()
			go func() {
				defer wg.Done()
				r := s.srv.Call(t, "PATCH", "/services/data/v64.0/ui-api/records/"+line.CartItemID, admin,
					fmt.Sprintf(`{"fields":{"Quantity":%d}}`, 100+i))
				answers <- answer{"staff edit", r.Status, r.Body}
			}()
		}
		wg.Wait()
		close(answers)
		written := 0
		for a := range answers {
			switch {
			case a.status == 201 || a.status == 200:
				written++
			case a.status == 409 || a.status == 400: // refused whole (the conflict's error body), never half-applied
			default:
				t.Fatalf("%s answered %d: %s", a.who, a.status, a.body)
			}
		}
		if written == 0 {
			t.Fatal("every write was refused")
		}
		// The cart's stored totals are its lines': the last write recalculated the cart from the lines as stored.
		if got, want := s.queryString(t, `SELECT CAST(CAST(totalproductcount AS INTEGER) AS TEXT) FROM webcart WHERE id = ?`, sum.CartID),
			s.queryString(t, `SELECT CAST(CAST(SUM(quantity) AS INTEGER) AS TEXT) FROM cartitem WHERE cartid = ? AND type = 'Product'`, sum.CartID); got != want {
			t.Fatalf("the cart counts %s products, its lines hold %s", got, want)
		}
		// One more add starts from what is stored (kept or read), not from a copy a staff edit made stale.
		qty := s.queryString(t, `SELECT CAST(CAST(quantity AS INTEGER) AS TEXT) FROM cartitem WHERE id = ?`, line.CartItemID)
		var after cartItem
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).Decode(t, "add after the race", 201, &after)
		var before int
		fmt.Sscan(qty, &before)
		if after.Quantity != strconv.Itoa(before+1) {
			t.Fatalf("after the race the line held %d, an add made it %s", before, after.Quantity)
		}
	})
}

// On PostgreSQL an add updates the line and cart rows its last add kept without reading them, on condition that
// each row is still as kept (records.KeepRows). A line changed after the cart's revision was checked (here by a
// statement outside the engine, standing in for a writer that commits in that moment) fails the condition: the add
// runs again, reading its rows, and adds to the quantity as stored rather than to the copy.
func TestAnAddWhoseKeptLineMovedRunsAgain(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		if s.d.Dialect != db.Postgres {
			t.Skip("SQLite's one writer runs the add: its kept rows cannot change under it")
		}
		buyer := s.srv.Token(t, "buyer@example.com")
		var line cartItem
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).Decode(t, "first add", 201, &line)
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).WantStatus(t, "kept add", 201)
		if _, err := s.d.Exec(context.Background(), `UPDATE cartitem SET quantity = 10,
			systemmodstamp = '2099-01-01T00:00:00.000Z' WHERE id = ?`, line.CartItemID); err != nil {
			t.Fatal(err)
		}
		var after cartItem
		s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer, itemBody(pen, 1)).Decode(t, "add after the line moved", 201, &after)
		if after.Quantity != "11" {
			t.Fatalf("the add made the line %s, want 11: it wrote over the row it kept instead of running again", after.Quantity)
		}
	})
}
