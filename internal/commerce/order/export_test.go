package order

import (
	"net/url"

	"storefront/internal/commerce/storecontext"
)

// PageQuery is the statement and arguments of List's first page of 25 for the shopper, in the sortOrder asked.
func PageQuery(sh *storecontext.Shopper, ownerScope, sortOrder string) (string, []any, error) {
	sc, err := scopeFor(sh, url.Values{"ownerScope": {ownerScope}})
	if err != nil {
		return "", nil, err
	}
	return pageQuery(sc, sortOrders[sortOrder]), append(sc.args, 26, 0), nil
}
