package demo

import (
	"fmt"

	"storefront/internal/records"
)

// StoreName is the demo store's name.
const StoreName = "Storefront Demo Supply"

// seedStore queues the demo store's rows: everything except accounts, users and products.
func (w *writer) seedStore(cats []category) error {
	steps := []func() error{
		w.seedStoreRow,
		func() error { return w.seedCategories(cats) },
		w.seedPricing,
		w.seedBuyers,
		w.seedFulfilment,
		func() error { return w.seedNavigation(cats) },
		w.seedSiteContent,
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

func (w *writer) seedStoreRow() error {
	store := w.table("WebStore", "Name", "SiteId", "CommunityId", "UrlPathPrefix", "DefaultLanguage", "DefaultCurrency",
		"SupportedCurrencies", "Country", "ShippingCountries", "TaxType", "GuestBrowsingEnabled", "GuestCartEnabled",
		"GuestCheckoutEnabled", "SplitShipmentEnabled", "CartCalculateEnabled", "PlaceOrderV2Enabled",
		"InventoryEnabled", "SessionDrivenCurrency", "HighScaleCartEnabled", "UsesSingleEntitlementPolicy",
		"ReservationInSeconds", "ManagedCheckoutVersion", "HeaderBackgroundColor", "PromoBarBackgroundColor",
		"GuestPricebookId", "StandardPricebookId", "GuestBuyerGroupId")
	if err := store.add(StoreID, StoreName, SiteID, CommunityID, "", "en_US", "USD", "USD", "US", "US;CA", "Net",
		true, true, false, true, true, true, true, false, false, true, 14400, "0.117.0", "#1B2A41", "#C23934",
		GuestBook, StandardBook, GuestGroup); err != nil {
		return err
	}
	catalog := w.table("ProductCatalog", "Name", "Description")
	if err := catalog.add(CatalogID, "Storefront Demo Catalog", "Facility, office and maintenance supplies."); err != nil {
		return err
	}
	return w.table("WebStoreCatalog", "SalesStoreId", "ProductCatalogId").
		add(records.StableID(prefixStoreCatalog, 1), StoreID, CatalogID)
}

func (w *writer) seedCategories(cats []category) error {
	rows := w.table("ProductCategory", "Name", "ParentCategoryId", "CatalogId", "Description", "SortOrder",
		"IsNavigational", "UrlName")
	content := w.table("ManagedContent", "ContentKey", "Title", "ContentType", "UrlName", "Url", "AltText",
		"MimeType", "IsPublished")
	media := w.table("ProductCategoryMedia", "ProductCategoryId", "ElectronicMediaId", "UsageType", "SortOrder")
	for _, c := range cats {
		var parent any
		if c.ParentID != "" {
			parent = c.ParentID
		}
		if err := rows.add(c.ID, c.Name, parent, CatalogID, c.Blurb, c.Sort, true, c.UrlName); err != nil {
			return err
		}
		contentID := records.StableID(prefixContent, contentCategoryBase+int64(c.Seq))
		key := contentKey("category", c.Seq)
		if err := content.add(contentID, key, c.Name, "cms_image", c.UrlName, mediaURL(key), c.Name,
			"image/svg+xml", true); err != nil {
			return err
		}
		if err := media.add(records.StableID(prefixCategoryMedia, int64(c.Seq)), c.ID, contentID, "TileImage", 0); err != nil {
			return err
		}
	}
	return nil
}

func (w *writer) seedPricing() error {
	books := w.table("Pricebook2", "Name", "IsActive", "IsStandard", "Description")
	for i, b := range demoBooks {
		if err := books.add(records.StableID(prefixPricebook, int64(i+1)), b.name, true, b.standard, b.description); err != nil {
			return err
		}
	}
	schedules := w.table("PriceAdjustmentSchedule", "Name", "Description", "ScheduleType", "IsActive")
	if err := schedules.add(records.StableID(prefixSchedule, 1), "Volume Saver",
		"5% off from 10 units, 10% from 50, 15% from 100.", "Volume", true); err != nil {
		return err
	}
	if err := schedules.add(records.StableID(prefixSchedule, 2), "Case Break",
		"$0.50 off each unit from 12 units, $1.50 from 48.", "Volume", true); err != nil {
		return err
	}
	tiers := w.table("PriceAdjustmentTier", "PriceAdjustmentScheduleId", "LowerBound", "UpperBound", "TierType", "TierValue")
	for i, t := range []struct {
		schedule     int64
		lower        int
		upper        any
		kind, amount string
	}{
		{1, 10, 49, "Percentage", "5.00"}, {1, 50, 99, "Percentage", "10.00"}, {1, 100, nil, "Percentage", "15.00"},
		{2, 12, 47, "Amount", "0.50"}, {2, 48, nil, "Amount", "1.50"},
	} {
		if err := tiers.add(records.StableID(prefixTier, int64(i+1)), records.StableID(prefixSchedule, t.schedule),
			t.lower, t.upper, t.kind, t.amount); err != nil {
			return err
		}
	}
	return nil
}

// demoAccounts: the buyer's, the manager's own and her three managed accounts, with their buyer group.
var demoAccounts = []struct {
	name, industry, city, state, postal, street string
	group                                       string
}{
	{"Acme Facilities Group", "Construction", "Denver", "CO", "80202", "1550 Wynkoop St", "contractors"},
	{"Northwind Property Management", "Retail", "Seattle", "WA", "98101", "400 Pine St", "enterprise"},
	{"Northwind - Riverside Campus", "Education", "Portland", "OR", "97201", "1800 SW River Dr", "enterprise"},
	{"Northwind - Harbor Office Park", "Technology", "San Diego", "CA", "92101", "750 Harbor Dr", "enterprise"},
	{"Summit Medical Center", "Healthcare", "Salt Lake City", "UT", "84111", "50 N Medical Dr", "contractors"},
}

func (w *writer) seedBuyers() error {
	groups := w.table("BuyerGroup", "Name", "Description")
	storeGroups := w.table("WebStoreBuyerGroup", "WebStoreId", "BuyerGroupId")
	groupBooks := w.table("BuyerGroupPricebook", "BuyerGroupId", "Pricebook2Id", "Priority", "IsActive")
	policyGroups := w.table("CommerceEntitlementBuyerGroup", "PolicyId", "BuyerGroupId")
	policy := records.StableID(prefixPolicy, 1)
	if err := w.table("CommerceEntitlementPolicy", "Name", "Description", "IsActive", "CanViewProduct", "CanViewPrice").
		add(policy, "Storefront Demo Catalog Access", "Every product of the demo catalog, for buyers and guests.",
			true, true, true); err != nil {
		return err
	}
	for i, g := range []struct{ id, name, description, book string }{
		{ContractorsGroup, "Contractors", "Contractor accounts: Contractor Pricing.", ContractBook},
		{EnterpriseGroup, "Enterprise Accounts", "Enterprise accounts: Enterprise Pricing.", EnterpriseBook},
		{GuestGroup, "Guest Buyers", "Visitors who are not signed in: Guest Price Book.", GuestBook},
	} {
		n := int64(i + 1)
		if err := groups.add(g.id, g.name, g.description); err != nil {
			return err
		}
		if err := storeGroups.add(records.StableID(prefixStoreGroup, n), StoreID, g.id); err != nil {
			return err
		}
		if err := groupBooks.add(records.StableID(prefixGroupPricebook, n), g.id, g.book, 1, true); err != nil {
			return err
		}
		if err := policyGroups.add(records.StableID(prefixPolicyGroup, n), policy, g.id); err != nil {
			return err
		}
	}
	members := w.table("BuyerGroupMember", "BuyerGroupId", "BuyerId")
	for i, a := range demoAccounts {
		group := ContractorsGroup
		if a.group == "enterprise" {
			group = EnterpriseGroup
		}
		if err := members.add(records.StableID(prefixGroupMember, int64(i+1)), group,
			records.StableID(prefixAccount, int64(i+1))); err != nil {
			return err
		}
	}
	managed := w.table("ManagedAccount", "UserId", "AccountId")
	for i, acc := range ManagedAccountIDs {
		if err := managed.add(records.StableID(prefixManagedAccount, int64(i+1)), w.managerID, acc); err != nil {
			return err
		}
	}
	return nil
}

// seedAccounts writes the buyer accounts and their addresses. It runs in a transaction of its own, before the
// buyers are created: creating a buyer checks that its account exists.

func (w *writer) seedAccounts() error {
	accounts := w.table("Account", "Name", "AccountNumber", "Type", "Industry", "Phone", "Description", "IsBuyer",
		"BillingStreet", "BillingCity", "BillingState", "BillingPostalCode", "BillingCountry",
		"ShippingStreet", "ShippingCity", "ShippingState", "ShippingPostalCode", "ShippingCountry")
	addresses := w.table("ContactPointAddress", "Name", "ParentId", "AddressType", "IsDefault", "FirstName",
		"LastName", "CompanyName", "Street", "City", "State", "PostalCode", "Country", "CountryCode", "Phone")
	addr := int64(0)
	for i, a := range demoAccounts {
		id := records.StableID(prefixAccount, int64(i+1))
		phone := fmt.Sprintf("(555) 010-%04d", 1000+i*111)
		if err := accounts.add(id, a.name, fmt.Sprintf("ACC-%04d", 1001+i), "Customer - Direct", a.industry, phone,
			"Demo buyer account.", true, a.street, a.city, a.state, a.postal, "United States",
			a.street, a.city, a.state, a.postal, "United States"); err != nil {
			return err
		}
		first, last := "Morgan", "Manager"
		if id == BuyerAccountID {
			first, last = "Bonnie", "Buyer"
		}
		for _, ad := range []struct {
			kind, label, street string
			isDefault           bool
		}{
			{"Shipping", "Receiving Dock", a.street, true},
			{"Shipping", "Maintenance Shop", "20 Service Rd", false},
			{"Billing", "Accounts Payable", a.street + ", Suite 200", true},
		} {
			addr++
			if err := addresses.add(records.StableID(prefixAddress, addr), a.name+" - "+ad.label, id, ad.kind,
				ad.isDefault, first, last, a.name, ad.street, a.city, a.state, a.postal, "United States",
				"US", phone); err != nil {
				return err
			}
		}
	}
	return nil
}

func (w *writer) seedFulfilment() error {
	methods := w.table("OrderDeliveryMethod", "Name", "Description", "Carrier", "ClassOfService", "ShippingFee",
		"IsActive", "ProcessTime", "ProcessTimeUnit", "TransitTimeMin", "TransitTimeMax", "TransitTimeUnit", "ReferenceNumber")
	if err := methods.add(records.StableID(prefixDeliveryMethod, 1), "Ground", "Delivered in 3 to 5 business days.",
		"UPS", "UPS Ground", "9.99", true, 1, "Days", 3, 5, "Days", "GND"); err != nil {
		return err
	}
	if err := methods.add(records.StableID(prefixDeliveryMethod, 2), "Express", "Delivered in 1 to 2 business days.",
		"FedEx", "FedEx 2Day", "24.99", true, 0, "Days", 1, 2, "Days", "EXP"); err != nil {
		return err
	}
	promos := w.table("Promotion", "Name", "DisplayName", "Description", "TermsAndConditions", "DiscountType",
		"DiscountValue", "TargetType", "MinimumOrderAmount", "IsActive", "StartDate", "EndDate", "Priority",
		"IsAutomatic", "TargetCategoryId")
	coupons := w.table("Coupon", "CouponCode", "PromotionId", "Status", "UsageLimit", "UsageCount", "StartDate", "EndDate")
	for i, p := range []struct {
		name, display, description, kind, value, minimum, code string
		limit                                                  int
	}{
		{"Welcome 10", "10% off your order", "10% off the products of one order.", "PercentageOff", "10.00", "0.00", "WELCOME10", 1000},
		{"Bulk 25", "$25 off orders of $250 or more", "$25 off an order whose products total $250 or more.", "AmountOff", "25.00", "250.00", "BULK25", 500},
		{"Spring 10", "Spring sale: 10% off your order", "10% off the products of one order, this spring.", "PercentageOff", "10.00", "0.00", "SPRING10", 0},
	} {
		id := records.StableID(prefixPromotion, int64(i+1))
		if err := promos.add(id, p.name, p.display, p.description, "One coupon per order. Not valid with other offers.",
			p.kind, p.value, "Cart", p.minimum, true, "2024-01-01", "2030-12-31", i+1, false, nil); err != nil {
			return err
		}
		var limit any = p.limit
		if p.limit == 0 {
			limit = nil // unlimited
		}
		if err := coupons.add(records.StableID(prefixCoupon, int64(i+1)), p.code, id, "Active", limit, 0,
			"2024-01-01", "2030-12-31"); err != nil {
			return err
		}
	}
	// An automatic promotion on one category: 15% off writing instruments, no coupon needed.
	if err := promos.add(records.StableID(prefixPromotion, 10), "Writing Week", "15% off writing instruments",
		"15% off every pen, marker and highlighter.", "Applies automatically.", "PercentageOff", "15.00", "Item",
		"0.00", true, "2024-01-01", "2030-12-31", 10, true, categoryID("Writing Instruments")); err != nil {
		return err
	}
	return w.seedTaxRates()
}

// seedTaxRates sets the sales tax of the store's ship-to regions: the states of the demo accounts and Canada's GST.
func (w *writer) seedTaxRates() error {
	rates := w.table("TaxRate", "Name", "WebStoreId", "Country", "State", "Rate", "IsActive")
	for i, r := range []struct{ name, country, state, rate string }{
		{"Colorado", "US", "CO", "2.9000"}, {"Washington", "US", "WA", "6.5000"}, {"Oregon", "US", "OR", "0.0000"},
		{"California", "US", "CA", "7.2500"}, {"Utah", "US", "UT", "4.8500"}, {"New York", "US", "NY", "8.8750"},
		{"Canada (GST)", "CA", "", "5.0000"},
	} {
		var state any = r.state
		if r.state == "" {
			state = nil
		}
		if err := rates.add(records.StableID(prefixTaxRate, int64(i+1)), r.name, StoreID, r.country, state, r.rate,
			true); err != nil {
			return err
		}
	}
	return nil
}
