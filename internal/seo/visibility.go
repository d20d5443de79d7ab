package seo

import (
	"context"

	"storefront/internal/commerce/pricing"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

const (
	productPrefix  = "01t"
	categoryPrefix = "0ZG"
)

// viewer is who asks: staff preview every page of the store's catalog; buyers see the products their effective
// account's buyer groups are entitled to in this store; guests those of the store's guest buyer group.
type viewer struct {
	store   *storecontext.Store
	staff   bool
	guest   bool
	account string
}

// sees returns whether the record's page is indexed by search engines, or a 404 error when the viewer may not see
// it at all.
func (v viewer) sees(ctx context.Context, d *db.DB, rec *records.Record) (bool, error) {
	if rec.Object.APIName == "ProductCategory" {
		inCatalog, err := v.categoryInCatalog(ctx, d, rec)
		if err != nil || !inCatalog {
			return false, orNotFound(err, rec.ID)
		}
		navigational, _ := rec.Get("IsNavigational").(bool)
		return navigational, nil
	}
	inCatalog, entitled, err := v.productAccess(ctx, d, rec.ID)
	if err != nil {
		return false, err
	}
	active, _ := rec.Get("IsActive").(bool)
	if !inCatalog || (!v.staff && !(active && entitled)) {
		return false, notFound(rec.ID)
	}
	return active && (entitled || v.staff), nil
}

func orNotFound(err error, id string) error {
	if err != nil {
		return err
	}
	return notFound(id)
}

// categoryInCatalog: the category belongs to one of the store's catalogs.
func (v viewer) categoryInCatalog(ctx context.Context, d *db.DB, rec *records.Record) (bool, error) {
	var n int
	err := d.QueryRow(ctx, `SELECT COUNT(*) FROM webstorecatalog WHERE salesstoreid = ? AND productcatalogid = ?`,
		v.store.ID, rec.String("CatalogId")).Scan(&n)
	return n > 0, err
}

// productAccess answers whether the product is in one of the store's catalogs (through a category) and whether
// the viewer's buyer groups are entitled to it (the pricing package's rule, the one the catalog calls use).
func (v viewer) productAccess(ctx context.Context, d *db.DB, productID string) (inCatalog, entitled bool, err error) {
	var n int
	err = d.QueryRow(ctx, `SELECT COUNT(*) FROM productcategoryproduct pcp
		JOIN productcategory c ON c.id = pcp.productcategoryid
		JOIN webstorecatalog wc ON wc.productcatalogid = c.catalogid AND wc.salesstoreid = ?
		WHERE pcp.productid = ?`, v.store.ID, productID).Scan(&n)
	if err != nil || n == 0 {
		return false, false, err
	}
	account := v.account
	if v.guest {
		account = "" // the store's guest buyer group
	}
	ents, err := pricing.Entitled(ctx, d, v.store.ID, account, []string{productID})
	return true, ents[productID], err
}
