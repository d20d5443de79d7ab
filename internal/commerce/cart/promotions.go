package cart

import (
	"context"
	"database/sql"

	"storefront/internal/commerce/cart/calc"
	"storefront/internal/platform/db"
)

// What the cart calculation (and the product pages' promotion prices, evaluate.go) read of promotions: the ones
// that may apply today, and the products' categories that category promotions target.

// loadPromotions reads the promotions that may apply to the cart today: the active automatic ones and those a
// coupon applied to the cart unlocks (the coupon itself active, in its dates and under its usage limit).
func loadPromotions(ctx context.Context, q db.Querier, cartID, today string) ([]calc.Promotion, error) {
	const cols = `p.id, COALESCE(p.displayname, p.name), p.termsandconditions, p.discounttype, p.discountvalue,
		p.targettype, p.targetproductid, p.targetcategoryid, p.minimumorderamount, p.priority`
	const live = ` p.isactive AND (p.startdate IS NULL OR p.startdate <= ?) AND (p.enddate IS NULL OR p.enddate >= ?)`
	rows, err := q.Query(ctx, `SELECT `+cols+`, '', '' FROM promotion p WHERE p.isautomatic AND`+live+`
		UNION ALL
		SELECT `+cols+`, c.couponcode, b.id FROM webcartadjustmentbasis b JOIN coupon c ON c.id = b.couponid
		JOIN promotion p ON p.id = c.promotionid
		WHERE b.webcartid = ? AND NOT p.isautomatic AND c.status = 'Active' AND`+live+`
		AND (c.startdate IS NULL OR c.startdate <= ?) AND (c.enddate IS NULL OR c.enddate >= ?)
		AND (c.usagelimit IS NULL OR COALESCE(c.usagecount, 0) < c.usagelimit)`,
		today, today, cartID, today, today, today, today)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []calc.Promotion
	seen := map[string]bool{}
	for rows.Next() {
		var p calc.Promotion
		var terms, kind, target, product, category sql.NullString
		var value, minimum, priority sql.NullInt64
		if err := rows.Scan(&p.ID, &p.DisplayName, &terms, &kind, &value, &target, &product, &category, &minimum,
			&priority, &p.CouponCode, &p.CartCouponID); err != nil {
			return nil, err
		}
		if seen[p.ID] { // two coupons of one promotion unlock it once
			continue
		}
		seen[p.ID] = true
		p.TermsAndConditions, p.TargetProductID, p.TargetCategoryID = terms.String, product.String, category.String
		p.DiscountType, p.TargetType = calc.DiscountType(kind.String), calc.TargetType(target.String)
		p.MinimumOrderAmount, p.Priority = calc.Cents(minimum.Int64), int(priority.Int64)
		if p.DiscountType == calc.PercentageOff { // DiscountValue has two decimals; a Rate has four
			p.Percent = calc.Rate(value.Int64 * 100)
		} else {
			p.Amount = calc.Cents(value.Int64)
		}
		if p.TargetType == "" {
			p.TargetType = calc.TargetCart
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// categoriesFor lists each product's categories with all their ancestors, read only when a promotion targets a
// category, and kept in memory per product while the catalog holds when q is the database.
func categoriesFor(ctx context.Context, q db.Querier, promos []calc.Promotion, productIDs []string) (map[string][]string, error) {
	needed := false
	for _, p := range promos {
		needed = needed || p.TargetCategoryID != ""
	}
	if !needed || len(productIDs) == 0 {
		return nil, nil
	}
	return db.Remembered(ctx, q, &productCategoriesKey, "cart_product_categories", db.Catalog, productCategoriesLimit, "",
		productIDs, loadCategories)
}

var productCategoriesKey int

// productCategoriesLimit bounds the products whose categories are kept: a large catalogue's.
const productCategoriesLimit = 200_000

// loadCategories reads the products' categories with their ancestors.
func loadCategories(ctx context.Context, q db.Querier, productIDs []string) (map[string][]string, error) {
	parents := map[string]string{}
	rows, err := q.Query(ctx, `SELECT id, parentcategoryid FROM productcategory`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id string
		var parent sql.NullString
		if err := rows.Scan(&id, &parent); err != nil {
			rows.Close()
			return nil, err
		}
		parents[id] = parent.String
	}
	rows.Close()
	in, args := db.InList(productIDs)
	rows, err = q.Query(ctx, `SELECT productid, productcategoryid FROM productcategoryproduct WHERE productid IN (`+in+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string][]string{}
	for rows.Next() {
		var product, category string
		if err := rows.Scan(&product, &category); err != nil {
			return nil, err
		}
		for depth := 0; category != "" && depth < 32; depth++ { // a cycle in bad data ends here
			out[product] = append(out[product], category)
			category = parents[category]
		}
	}
	return out, rows.Err()
}
