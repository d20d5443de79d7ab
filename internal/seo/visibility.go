package seo

import (
	"context"

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

// productAccess answers, in one query, whether the product is in one of the store's catalogs (through a category)
// and whether an active entitlement policy that shows products grants it to the viewer's buyer groups.
func (v viewer) productAccess(ctx context.Context, d *db.DB, productID string) (inCatalog, entitled bool, err error) {
	groups := `eg.buyergroupid IN (SELECT m.buyergroupid FROM buyergroupmember m
			JOIN webstorebuyergroup sg ON sg.buyergroupid = m.buyergroupid AND sg.webstoreid = ?
			WHERE m.buyerid = ?)`
	groupArgs := []any{v.store.ID, v.account}
	if v.guest {
		groups = `eg.buyergroupid = (SELECT guestbuyergroupid FROM webstore WHERE id = ?)`
		groupArgs = []any{v.store.ID}
	}
	query := `SELECT
		CASE WHEN EXISTS (SELECT 1 FROM productcategoryproduct pcp
			JOIN productcategory c ON c.id = pcp.productcategoryid
			JOIN webstorecatalog wc ON wc.productcatalogid = c.catalogid AND wc.salesstoreid = ?
			WHERE pcp.productid = ?) THEN 1 ELSE 0 END,
		CASE WHEN EXISTS (SELECT 1 FROM commerceentitlementproduct ep
			JOIN commerceentitlementpolicy pol ON pol.id = ep.policyid AND pol.isactive = ? AND pol.canviewproduct = ?
			JOIN commerceentitlementbuyergroup eg ON eg.policyid = pol.id
			WHERE ep.productid = ? AND ` + groups + `) THEN 1 ELSE 0 END`
	args := append([]any{v.store.ID, productID, true, true, productID}, groupArgs...)
	var inCat, ent int
	if err := d.QueryRow(ctx, query, args...).Scan(&inCat, &ent); err != nil {
		return false, false, err
	}
	return inCat == 1, ent == 1, nil
}
