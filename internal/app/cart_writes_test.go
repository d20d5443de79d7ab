package app_test

import (
	"context"
	"slices"
	"strconv"
	"testing"

	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// maxStatements bound the statements of the write requests, the request's reads after the commit included, per
// database (PostgreSQL's transactions take an advisory lock first), as measured: a change that needs more says why
// here. "add" is the most of an add to an existing line and of a new line.
var maxStatements = map[string]map[db.Dialect]int64{
	"add":         {db.SQLite: 12, db.Postgres: 13},
	"batch add":   {db.SQLite: 19, db.Postgres: 18},
	"reprice":     {db.SQLite: 12, db.Postgres: 13},
	"place order": {db.SQLite: 26, db.Postgres: 36},
	// The checkout's steps (TestCheckoutStepStatements), each with the reads of its answer after the commit.
	"checkout start":   {db.SQLite: 16, db.Postgres: 18},
	"checkout address": {db.SQLite: 12, db.Postgres: 13},
	"checkout method":  {db.SQLite: 13, db.Postgres: 14},
	"checkout pay":     {db.SQLite: 9, db.Postgres: 12},
}

// wantAtMostStatements fails the test when the write request what ran more statements than maxStatements allows.
func wantAtMostStatements(t *testing.T, s *demoSite, what string, n int64) {
	t.Helper()
	if most := maxStatements[what][s.d.Dialect]; n > most {
		t.Fatalf("%s ran %d statements, want at most %d", what, n, most)
	}
}

// An add to cart runs a fixed, small number of statements: adding to a line the cart has, or a new line, costs the
// same in a 3-line cart as in a 40-line one, and within maxStatements. The promotions and line adjustments a run
// of adds leaves stored (each add keeps the rows it does not move) are those a calculation from nothing writes.
func TestAddToCartStatements(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		add := func(n int) {
			s.srv.Call(t, "POST", commercePath("carts/current/cart-items"), buyer,
				itemBody(records.StableID("01t", int64(n)), 1)).WantStatus(t, "add product "+strconv.Itoa(n), 201)
		}
		// Products without a quantity rule (the demo gives every 5th and 8th one), beyond the filled lines.
		next := 40
		unruled := func() int {
			for next++; next%5 == 0 || next%8 == 0; next++ {
			}
			return next
		}
		statementsOf := func(lines int) (existing, fresh int64) {
			fillCart(t, s.srv, buyer, lines)
			add(2) // warm the caches a first add fills
			existing = fewerOfTwo(s, func() {}, func() { add(2) })
			fresh = fewerOfTwo(s, func() {}, func() { add(unruled()) })
			return existing, fresh
		}
		existing3, fresh3 := statementsOf(3)
		existing40, fresh40 := statementsOf(40)
		t.Logf("an add to cart: %d statements to an existing line and %d for a new line in a 3-line cart; %d and %d in a 40-line cart",
			existing3, fresh3, existing40, fresh40)
		if existing3 != existing40 || fresh3 != fresh40 {
			t.Fatalf("an add's statements grow with the cart: %d/%d at 3 lines, %d/%d at 40", existing3, fresh3, existing40, fresh40)
		}
		wantAtMostStatements(t, s, "add", max(existing3, fresh3))

		ctx := context.Background()
		stored := func() []string {
			t.Helper()
			var out []string
			for _, q := range []string{
				`SELECT i.product2id || ':' || a.promotionid || ':' || a.name || ':' || CAST(a.adjustmentamount AS TEXT)
					FROM cartitempriceadjustment a JOIN cartitem i ON i.id = a.cartitemid`,
				`SELECT promotionid || ':' || name || ':' || COALESCE(couponcode, '') || ':' || targettype || ':' ||
					CAST(adjustmentamount AS TEXT) FROM webcartadjustmentgroup`} {
				rows, err := db.Strings(ctx, s.d, q)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, rows...)
			}
			slices.Sort(out)
			return out
		}
		afterAdds := stored()
		if len(afterAdds) == 0 {
			t.Fatal("no promotion applies to the cart: the comparison below would prove nothing")
		}
		// From nothing: the stored rows removed behind the engine's back, then any change recalculates the cart.
		s.exec(t, `DELETE FROM cartitempriceadjustment`)
		s.exec(t, `DELETE FROM webcartadjustmentgroup`)
		line := s.queryString(t, `SELECT id FROM cartitem WHERE product2id = ?`, records.StableID("01t", 2))
		qty := s.queryString(t, `SELECT CAST(quantity AS TEXT) FROM cartitem WHERE id = ?`, line)
		s.srv.Call(t, "PATCH", commercePath("carts/current/cart-items/"+line), buyer, `{"quantity":"`+qty+`"}`).
			WantStatus(t, "recalculate", 200)
		if fromNothing := stored(); !slices.Equal(afterAdds, fromNothing) {
			t.Fatalf("after the adds the cart holds adjustments\n%v\nwhere a calculation from nothing writes\n%v", afterAdds, fromNothing)
		}
	})
}
