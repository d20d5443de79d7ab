// Package pagecache keeps encoded cart pages (GET cart-items). A cart page is read far more often than the cart
// changes: the cart page, the mini cart and the checkout all read it after every change. Its answer depends only
// on the cart's row (every change of its lines or coupons recalculates an open cart and moves its revision and
// modification time, whoever makes it: the cart API or staff through the records API, whose hooks recalculate),
// on the catalog (product names, images, fields) and the metadata, and on the request. So the encoded answer is
// kept per cart state (cart.Cart.State) and request while the catalog version holds; a cart that changes is a new
// state, read afresh.
package pagecache

import (
	"storefront/internal/platform/db"
)

// Key names one kept cart page.
type Key struct {
	Cart                  string // the State of the cart row read for this request
	Path, Query, Currency string
	Metadata              int64 // the metadata version
}

// weight is what keeping body under k costs of the budget.
func (k Key) weight(body []byte) int64 {
	return int64(len(body) + len(k.Cart) + len(k.Path) + len(k.Query))
}

// budget bounds the bytes of cart pages kept at a time; past it, the kept pages start afresh (pages of states
// long gone go with them).
const budget = 32 << 20

var pagesKey int

func pagesOf(d *db.DB) *db.Cache[Key, []byte] {
	return db.Shared(d, &pagesKey, func() *db.Cache[Key, []byte] {
		return db.NewCache[Key, []byte](d, "cart_pages", db.Catalog, budget)
	})
}

// Get returns the page kept under k, or builds it with build and keeps it when keep is set (see
// cart.Cart.KeepsPages). The catalog version is read before build reads any row.
func Get(d *db.DB, k Key, keep bool, build func() ([]byte, error)) ([]byte, error) {
	kept := pagesOf(d).Begin()
	if body, ok := kept.Lookup(k); ok {
		return body, nil
	}
	body, err := build()
	if err != nil {
		return nil, err
	}
	if keep {
		kept.StoreWeighing(k, body, k.weight(body))
	}
	return body, nil
}
