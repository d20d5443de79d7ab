package records

import (
	"context"
	"strings"

	"storefront/internal/platform/db"
)

// The standard profiles every store has, installed once (InstallProfiles) and then edited as records by an
// administrator: each owns a permission set (PermissionSet.ProfileId) holding its permissions.
type standardProfile struct {
	n                      int64 // the profile's and its permission set's stable id number
	name, userType, about  string
	modifyAll, manageUsers bool
	objects                map[string]string // object -> its rights: any of "CRED" (create, read, edit, delete)
	// hidden fields ("Object.Field") get no field permission: the profile's users cannot read them; readOnly
	// fields are read only.
	hidden, readOnly []string
}

// Rights of the standard profiles' object groups.
const (
	allRights  = "CRED"
	readRights = "R"
)

func group(rights string, objects ...string) map[string]string {
	out := map[string]string{}
	for _, o := range objects {
		out[o] = rights
	}
	return out
}

func merge(groups ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, g := range groups {
		for k, v := range g {
			out[k] = v
		}
	}
	return out
}

var (
	catalogGroup = []string{"Product2", "ProductCatalog", "WebStoreCatalog", "ProductCategory",
		"ProductCategoryProduct", "ManagedContent", "ProductMedia", "ProductCategoryMedia", "ProductInventory"}
	pricingGroup = []string{"Pricebook2", "PricebookEntry", "PriceAdjustmentSchedule", "PriceAdjustmentTier",
		"BuyerGroup", "BuyerGroupMember", "BuyerGroupPricebook", "CommerceEntitlementPolicy",
		"CommerceEntitlementProduct", "CommerceEntitlementBuyerGroup", "Promotion", "Coupon"}
	orderGroup = []string{"Order", "OrderItem", "OrderDeliveryGroup", "OrderSummary", "OrderItemSummary",
		"OrderDeliveryGroupSummary", "OrderAdjustmentGroupSummary", "OrderPaymentSummary"}
	accountGroup = []string{"Account", "Contact", "ContactPointAddress", "ManagedAccount"}
	// fileGroup are Salesforce Files. Which files a user sees follows the records they are linked to (the rule of
	// catalog_files.go), so staff who work on records get the files: upload, new versions, share with a record.
	// Deleting a document or version is left to administrators, as a file may be shared with records the user
	// does not see; unsharing (deleting a link) is not.
	fileGroup = merge(group("CRE", "ContentDocument", "ContentVersion"), group(allRights, "ContentDocumentLink"))
)

func standardProfiles() []standardProfile {
	return []standardProfile{
		{n: 1, name: "Store Administrator", userType: "Standard", modifyAll: true, manageUsers: true,
			about: "Everything, including user administration."},
		{n: 2, name: "Buyer", userType: "PowerCustomerSuccess",
			about: "Store buyers: they read and write what the store's row rules allow (their accounts, carts and orders, the catalogue of their stores)."},
		{n: 3, name: "Store Manager", userType: "Standard",
			about: "Catalog, pricing, orders and accounts, and their files; no user administration.",
			objects: merge(group(allRights, catalogGroup...), group(allRights, pricingGroup...),
				group(allRights, orderGroup...), group(allRights, accountGroup...),
				group(readRights, "User", "WebStore", "OrderDeliveryMethod", "TaxRate"), fileGroup),
			hidden: []string{"Account.AnnualRevenue"}, readOnly: []string{"Account.AccountNumber"}},
		{n: 4, name: "Support Agent", userType: "Standard",
			about: "Cases and contacts; orders read only; the files of what they see.",
			objects: merge(group(allRights, "Case", "Contact"), group(readRights, orderGroup...),
				group(readRights, "Account", "User", "Product2"), fileGroup),
			hidden: []string{"Account.AnnualRevenue", "Order.GrandTotalAmount"}},
	}
}

// InstallProfiles creates the standard profiles that do not exist yet, each with its permission set and their
// object and field permissions (every field of an object the profile reads, but its hidden ones). A profile that
// exists is left as an administrator made it. It runs at every start, after the records schema.
func InstallProfiles(ctx context.Context, e *Engine) error {
	cat, err := e.Catalog(ctx)
	if err != nil {
		return err
	}
	return e.DB.InTx(ctx, func(tx *db.Tx) error {
		for _, p := range standardProfiles() {
			id, setID := StableID("00e", p.n), StableID("0PS", p.n)
			var found int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM "profile" WHERE "id" = ?`, id).Scan(&found); err != nil {
				return err
			}
			if found > 0 {
				continue
			}
			if _, err := e.Insert(ctx, tx, System, "Profile", []map[string]any{{"Id": id, "Name": p.name,
				"Description": p.about, "UserType": p.userType}}); err != nil {
				return err
			}
			if _, err := e.Insert(ctx, tx, System, "PermissionSet", []map[string]any{{"Id": setID,
				"Name": strings.ReplaceAll(p.name, " ", "_"), "Label": p.name, "Description": p.about,
				"IsOwnedByProfile": true, "ProfileId": id, "PermissionsModifyAllData": p.modifyAll,
				"PermissionsViewAllData": p.modifyAll, "PermissionsManageUsers": p.manageUsers}}); err != nil {
				return err
			}
			objects, fields := p.permissions(cat, setID)
			if len(objects) == 0 {
				continue
			}
			if _, err := e.Insert(ctx, tx, System, "ObjectPermissions", objects); err != nil {
				return err
			}
			if _, err := e.Insert(ctx, tx, System, "FieldPermissions", fields); err != nil {
				return err
			}
		}
		return nil
	})
}

// permissions are the profile's ObjectPermissions and FieldPermissions rows over the catalog's objects.
func (p standardProfile) permissions(cat *Catalog, setID string) (objects, fields []map[string]any) {
	listed := func(list []string, name string) bool {
		for _, l := range list {
			if strings.EqualFold(l, name) {
				return true
			}
		}
		return false
	}
	for _, o := range cat.Objects() {
		rights, ok := p.objects[o.APIName]
		if !ok {
			continue
		}
		has := func(r string) bool { return strings.Contains(rights, r) }
		objects = append(objects, map[string]any{"ParentId": setID, "SobjectType": o.APIName,
			"PermissionsCreate": has("C"), "PermissionsRead": true, "PermissionsEdit": has("E"),
			"PermissionsDelete": has("D")})
		for i := range o.Fields {
			f := &o.Fields[i]
			name := o.APIName + "." + f.APIName
			if !f.HasColumn() || f.Hidden || !secured(f) || listed(p.hidden, name) {
				continue
			}
			edit := has("E") && !f.ReadOnly && !f.AutoNumber && !listed(p.readOnly, name)
			fields = append(fields, map[string]any{"ParentId": setID, "SobjectType": o.APIName, "Field": name,
				"PermissionsRead": true, "PermissionsEdit": edit})
		}
	}
	return objects, fields
}
