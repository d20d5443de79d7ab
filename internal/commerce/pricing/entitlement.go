// Package pricing answers the two questions every catalog, search and cart call asks about a buyer: which products
// may this account (or a guest) see, and at what price. Both are set-based: one call covers a page of products
// with a fixed handful of queries, never a query per product.
//
// Entitlement: a product is visible to an account when it is active and an active entitlement policy that can view
// products lists it (CommerceEntitlementProduct) and is assigned (CommerceEntitlementBuyerGroup) to one of the
// account's buyer groups (BuyerGroupMember) that sells in the store (WebStoreBuyerGroup). A guest (account "") gets
// the store's guest buyer group, WebStore.GuestBuyerGroupId.
//
// Pricing: see Prices.
package pricing

import (
	"context"
	"database/sql"
	"regexp"
	"storefront/internal/identity"
	"storefront/internal/platform/db"
)

// Querier is what the functions read through: *db.DB, or *db.Tx inside a transaction. Queries use `?`
// placeholders, which both rebind for the database in use.
type Querier = db.Querier

// Entitlement is what an account may do with one product.
type Entitlement struct {
	CanViewProduct bool
	CanViewPrice   bool // some policy granting the product also lets the buyer see its price
}

// buyerGroupsSQL selects the buyer groups whose entitlements and price books apply: the account's groups that sell
// in the store, or the store's guest group when accountID is "".
func buyerGroupsSQL(storeID, accountID string) (string, []any) {
	if accountID == "" {
		return `SELECT ws.guestbuyergroupid FROM webstore ws WHERE ws.id = ? AND ws.guestbuyergroupid IS NOT NULL`,
			[]any{storeID}
	}
	return `SELECT m.buyergroupid FROM buyergroupmember m
		JOIN webstorebuyergroup sg ON sg.buyergroupid = m.buyergroupid
		WHERE m.buyerid = ? AND sg.webstoreid = ?`, []any{accountID, storeID}
}

// grantsSQL is the FROM and WHERE of a subquery over the grants (policy, product, buyer group) that let one of the
// groups selected by groupsSQL view the product of the outer row aliased alias.
func grantsSQL(alias, groupsSQL string) string {
	return `FROM commerceentitlementproduct ep
		JOIN commerceentitlementpolicy pol ON pol.id = ep.policyid
		JOIN commerceentitlementbuyergroup eg ON eg.policyid = ep.policyid
		WHERE ep.productid = ` + alias + `.id AND pol.isactive AND pol.canviewproduct
		AND eg.buyergroupid IN (` + groupsSQL + `)`
}

// viewingPoliciesSQL selects the entitlement policies that let the account (or the guest, for "") see products in
// the store: active policies that can view products, assigned to one of the groups of buyerGroupsSQL.
func viewingPoliciesSQL(storeID, accountID string) (string, []any) {
	groups, args := buyerGroupsSQL(storeID, accountID)
	return `SELECT eg.policyid FROM commerceentitlementbuyergroup eg
		JOIN commerceentitlementpolicy pol ON pol.id = eg.policyid
		WHERE pol.isactive AND pol.canviewproduct AND eg.buyergroupid IN (` + groups + `)`, args
}

// EntitledProductsSQL returns a subquery selecting the ids of the products the account (or the guest, for "") is
// entitled to see in the store, for `product2.id IN (<sql>)`, with its arguments (`?` placeholders, in order).
// It does not check Product2.IsActive: the caller filters active products itself. An id may appear more than once
// (one row per granting policy), which IN ignores. Prefer EntitledFilter when the rest of the query already
// narrows the products: this form lists every entitled product of the catalogue.
func EntitledProductsSQL(storeID, accountID string) (string, []any) {
	policies, args := viewingPoliciesSQL(storeID, accountID)
	return `SELECT ep.productid FROM commerceentitlementproduct ep WHERE ep.policyid IN (` + policies + `)`, args
}

// ViewingPolicies returns the ids of the policies of viewingPoliciesSQL: a product is visible to the account when
// it is active and one of these policies lists it. Callers holding products with their policies (search's
// in-memory index) apply the rule without a query per product.
// The answer is kept in memory per store and account while the catalog version holds; it is shared and must not be
// changed.
func ViewingPolicies(ctx context.Context, q Querier, storeID, accountID string) (map[string]bool, error) {
	load := func(ctx context.Context) (map[string]bool, error) {
		policies, args := viewingPoliciesSQL(storeID, accountID)
		ids, err := db.Strings(ctx, q, policies, args...)
		out := make(map[string]bool, len(ids))
		for _, id := range ids {
			out[id] = true
		}
		return out, err
	}
	return perAccount(ctx, q, &viewingPoliciesKey, "viewing_policies", storeID, accountID, load)
}

var viewingPoliciesKey int

// PricePolicies is ViewingPolicies with, for each policy, whether it also lets the account see prices
// (CanViewPrice): a visible product's price shows when one of these policies listing it says so. Callers holding
// products with their policies check entitlement and price visibility of a whole page without a query. The answer
// is kept like ViewingPolicies'.
func PricePolicies(ctx context.Context, q Querier, storeID, accountID string) (map[string]bool, error) {
	return perAccount(ctx, q, &pricePoliciesKey, "price_policies", storeID, accountID, func(ctx context.Context) (map[string]bool, error) {
		groups, args := buyerGroupsSQL(storeID, accountID)
		rows, err := q.Query(ctx, `SELECT eg.policyid, MAX(CASE WHEN pol.canviewprice THEN 1 ELSE 0 END)
			FROM commerceentitlementbuyergroup eg JOIN commerceentitlementpolicy pol ON pol.id = eg.policyid
			WHERE pol.isactive AND pol.canviewproduct AND eg.buyergroupid IN (`+groups+`) GROUP BY eg.policyid`, args...)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		out := map[string]bool{}
		for rows.Next() {
			var id string
			var price int
			if err := rows.Scan(&id, &price); err != nil {
				return nil, err
			}
			out[id] = price == 1
		}
		return out, rows.Err()
	})
}

var pricePoliciesKey int

var aliasPattern = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func checkAlias(alias string) {
	if !aliasPattern.MatchString(alias) {
		panic("pricing: a product2 alias must be an SQL identifier, got " + alias)
	}
}

// EntitledFilter returns a WHERE predicate that is true for the rows of a query over product2 (aliased as alias)
// that are active and that the account (or the guest, for "") is entitled to see in the store, with its arguments.
// It is a correlated EXISTS that walks the indexes from the product row, so its cost follows the rows the rest of
// the query has already narrowed (a category, a search term), whatever the size of the catalogue. Use it as
//
//	pred, args := pricing.EntitledFilter("p", storeID, accountID)
//	q := `SELECT p.id FROM product2 p WHERE p.name LIKE ? AND ` + pred
//	rows, err := d.Query(ctx, q, append([]any{term}, args...)...)
//
// alias is a table alias from the caller's own code, never from a request; an alias that is not a plain
// identifier panics.
func EntitledFilter(alias, storeID, accountID string) (string, []any) {
	checkAlias(alias)
	groups, args := buyerGroupsSQL(storeID, accountID)
	return `(` + alias + `.isactive AND EXISTS (SELECT 1 ` + grantsSQL(alias, groups) + `))`, args
}

// EntitlementSQL returns a scalar expression for the select list of a query over product2 (aliased as alias): NULL
// when the account (or the guest, for "") may not see the product, 0 when it may see the product but not its
// price, 1 when it may see both. It does not check Product2.IsActive. Its arguments come first among the query's
// when the expression stands in the select list.
func EntitlementSQL(alias, storeID, accountID string) (string, []any) {
	checkAlias(alias)
	groups, args := buyerGroupsSQL(storeID, accountID)
	return `(SELECT MAX(CASE WHEN pol.canviewprice THEN 1 ELSE 0 END) ` + grantsSQL(alias, groups) + `)`, args
}

// Entitlements returns, for each of the given products that is active and that the account (or the guest, for
// "") may see in the store, what it may do with it. Products missing from the map are not visible: unknown,
// inactive, or outside the account's entitlement. One query, whatever the number of products.
func Entitlements(ctx context.Context, q Querier, storeID, accountID string, productIDs []string) (map[string]Entitlement, error) {
	return remembered(ctx, q, &entitlementsKey, "entitlements", storeID, accountID, productIDs, loadEntitlements)
}

var entitlementsKey int

func loadEntitlements(ctx context.Context, q Querier, storeID, accountID string, productIDs []string) (map[string]Entitlement, error) {
	out := map[string]Entitlement{}
	ids := distinct(productIDs)
	if len(ids) == 0 {
		return out, nil
	}
	expr, args := EntitlementSQL("p", storeID, accountID)
	in, inArgs := db.InList(ids)
	rows, err := q.Query(ctx, `SELECT p.id, `+expr+` FROM product2 p WHERE p.id IN (`+in+`)
		AND p.isactive`, append(args, inArgs...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var price sql.NullInt64
		if err := rows.Scan(&id, &price); err != nil {
			return nil, err
		}
		if price.Valid {
			out[id] = Entitlement{CanViewProduct: true, CanViewPrice: price.Int64 == 1}
		}
	}
	return out, rows.Err()
}

// Entitled reports which of the given products the account (or the guest, for "") may see in the store: true for
// active, entitled products; the others are absent. One query, whatever the number of products.
func Entitled(ctx context.Context, q Querier, storeID, accountID string, productIDs []string) (map[string]bool, error) {
	ents, err := Entitlements(ctx, q, storeID, accountID, productIDs)
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(ents))
	for id := range ents {
		out[id] = true
	}
	return out, nil
}

// distinct drops duplicates and blanks, keeping the first occurrence's order.
func distinct(ids []string) []string {
	seen := make(map[string]bool, len(ids))
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if id == "" || seen[id] {
			continue
		}
		seen[id] = true
		out = append(out, id)
	}
	return out
}

// ProductVisibility is Product2's row rule in the records API (records.Visibility): a buyer reads the active
// products that an entitlement policy lets a buyer group of one of their accounts (their own or one they manage)
// see. It is the storefront's grant, so the records API never shows a product the commerce API answers 404 for.
func ProductVisibility(alias string, actor *identity.Principal) (string, []any) {
	checkAlias(alias)
	groups := `SELECT m.buyergroupid FROM buyergroupmember m WHERE m.buyerid = ?
		OR m.buyerid IN (SELECT ma.accountid FROM managedaccount ma WHERE ma.userid = ?)`
	return alias + `.isactive AND EXISTS (SELECT 1 ` + grantsSQL(alias, groups) + `)`, []any{actor.AccountID, actor.UserID}
}
