// Package apps serves the UI API's apps and navigation calls: the console's apps with their tabs (nav items), the
// app each user last selected (stored per user in sf_selected_app), and the paged list of nav items. Apps are
// defined in code; a tab shows only when the caller may read its object, and an app whose first tab (its home
// object, what the app is for) is not theirs is not theirs: a support agent who reads products and orders gets no
// Commerce Admin.
package apps

import (
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"strings"

	"storefront/internal/identity"
	"storefront/internal/records"
)

// definition is one app: its identity and the objects of its tabs, in order.
type definition struct {
	id, developerName, label, description, color string
	objects                                      []string
}

// definitions are the storefront's apps. The first one a user may use is their default.
var definitions = []definition{
	{id: records.To18("02u000000000001"), developerName: "StorefrontConsole", label: "Storefront Console",
		description: "Accounts, contacts, products, orders and the service and sales work around them.", color: "#0070D2",
		objects: []string{"Account", "Contact", "Product2", "Pricebook2", "Order", "OrderSummary", "Case", "Lead", "Opportunity"}},
	// Price book entries, buyer group members and a policy's entitlement products and buyer groups are worked
	// from their parents' related lists.
	{id: records.To18("02u000000000002"), developerName: "CommerceAdmin", label: "Commerce Admin",
		description: "Stores, products, pricing, inventory, buyer groups, entitlements, promotions, coupons and orders.", color: "#1B5297",
		objects: []string{"WebStore", "Product2", "Pricebook2", "ProductInventory", "BuyerGroup", "CommerceEntitlementPolicy",
			"ProductCatalog", "Promotion", "Coupon", "OrderSummary"}},
}

// findDefinition returns the app of an id (15 or 18 characters) or developer name, or nil.
func findDefinition(id string) *definition {
	full, _ := records.NormalizeID(id)
	for i := range definitions {
		if d := &definitions[i]; d.id == full || strings.EqualFold(d.developerName, id) {
			return d
		}
	}
	return nil
}

// App is AppRepresentation, key for key.
type App struct {
	AppID                        string    `json:"appId"`
	Description                  string    `json:"description"`
	DeveloperName                string    `json:"developerName"`
	ETag                         string    `json:"eTag"`
	FormFactors                  []string  `json:"formFactors"`
	HeaderColor                  string    `json:"headerColor"`
	IconURL                      string    `json:"iconUrl"`
	IsNavAutoTempTabsDisabled    bool      `json:"isNavAutoTempTabsDisabled"`
	IsNavPersonalizationDisabled bool      `json:"isNavPersonalizationDisabled"`
	IsNavTabPersistenceDisabled  bool      `json:"isNavTabPersistenceDisabled"`
	Label                        string    `json:"label"`
	LogoURL                      string    `json:"logoUrl"`
	MobileStartURL               *string   `json:"mobileStartUrl"`
	NavItems                     []NavItem `json:"navItems"`
	Selected                     bool      `json:"selected"`
	StartURL                     string    `json:"startUrl"`
	Type                         string    `json:"type"`
	UserNavItems                 []NavItem `json:"userNavItems"`
}

// options are the query parameters every app call takes.
type options struct {
	formFactor         string
	userCustomizations bool
}

// app builds the representation of d for the actor; ok is false when the app is not theirs (tabs).
func app(e *records.Engine, actor *identity.Principal, cat *records.Catalog, d *definition, selected bool, opt options) (*App, bool) {
	items := tabs(e, actor, cat, d)
	if items == nil {
		return nil, false
	}
	a := &App{AppID: d.id, Description: d.description, DeveloperName: d.developerName, FormFactors: []string{"Large", "Medium", "Small"},
		HeaderColor: d.color, IconURL: "/img/icon/t4v35/standard/app_120.png", Label: d.label,
		LogoURL: "/img/icon/t4v35/standard/app_120.png", NavItems: items, Selected: selected,
		StartURL: "/lightning/app/" + d.id, Type: "Lightning", UserNavItems: []NavItem{},
		// No personalization is stored: a user's tabs are the app's.
		IsNavPersonalizationDisabled: true}
	if opt.userCustomizations {
		a.UserNavItems = items
	}
	a.ETag = hashOf(a)
	return a, true
}

func hashOf(v any) string {
	b, _ := json.Marshal(v)
	sum := md5.Sum(b)
	return hex.EncodeToString(sum[:])
}
