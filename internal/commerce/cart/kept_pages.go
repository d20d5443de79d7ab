package cart

import (
	"strconv"
	"strings"

	"storefront/internal/platform/db"
)

// A cart page (GET cart-items) is read far more often than the cart changes: the cart page, the mini cart and the
// checkout all read it after every change. Its answer depends only on the cart's row (every change of its lines or
// coupons recalculates an open cart and moves its revision and modification time, whoever makes it: the cart API or
// staff through the records API, whose hooks recalculate), on the catalog (product names, images, fields) and the
// metadata, and on the request. So the encoded answer is kept per cart state and request while the catalog version
// holds; a cart that changes is a new state, read afresh.

// pageKey names one kept cart page.
type pageKey struct {
	cart                  string // cartState of the row read for this request
	path, query, currency string
	metadata              int64
}

// pagesBudget bounds the bytes of cart pages kept at a time; past it, the kept pages start afresh (pages of states
// long gone go with them).
const pagesBudget = 32 << 20

var pagesKey int

func pagesOf(d *db.DB) *db.Cache[pageKey, []byte] {
	return db.Shared(d, &pagesKey, func() *db.Cache[pageKey, []byte] {
		return db.NewCache[pageKey, []byte](d, "cart_pages", db.Catalog, pagesBudget)
	})
}

// keepsPages reports whether c's pages may be kept: a closed cart (or one being deleted) is not recalculated when
// its lines are edited, so its row does not say when they changed.
func keepsPages(c *Cart) bool { return c.Status != StatusClosed && c.Status != StatusPendingDelete }

// cartState is everything of the cart's row a page shows or that moves when the cart changes.
func cartState(c *Cart) string {
	var b strings.Builder
	for _, s := range []string{c.ID, c.StoreID, c.AccountID, c.OwnerID, c.Name, c.Status, c.Type, c.Currency,
		c.PoNumber, c.TaxType, c.Modified} {
		b.WriteString(s)
		b.WriteByte(0)
	}
	for _, n := range []int64{c.Revision, c.TotalProductCount, c.UniqueProductCount} {
		b.WriteString(strconv.FormatInt(n, 10))
		b.WriteByte(0)
	}
	for _, col := range totalColumns {
		b.WriteString(strconv.FormatInt(c.Totals[col], 10))
		b.WriteByte(0)
	}
	return b.String()
}
