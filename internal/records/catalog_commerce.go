package records

// commerceObjects are the catalogue, pricing, entitlement, inventory, shipping, promotion, content and navigation
// objects of the store. Key prefixes are Salesforce's where known (01t Product2, 0ZG ProductCategory, 01s Pricebook2,
// 01u PricebookEntry, 20Y ManagedContent, 2Dm OrderDeliveryMethod, 0c8 Promotion) and otherwise unique to us.
// Cart objects are the cart package's own (cart.Objects).
func commerceObjects() []Object {
	var all []Object
	all = append(all, catalogObjects()...)
	all = append(all, pricingObjects()...)
	all = append(all, fulfilmentObjects()...)
	all = append(all, siteObjects()...)
	return all
}

func catalogObjects() []Object {
	product := StandardObject("Product2", "Product", "Products", "01t", false,
		NameField("Product Name", 255),
		Text("ProductCode", "Product Code", 255),
		Unique(Text("StockKeepingUnit", "Product SKU", 180)),
		LongText("Description", "Product Description"),
		Picklist("Family", "Product Family", "Office Supplies", "Janitorial", "Safety", "Tools", "Electrical",
			"Plumbing", "Packaging", "Breakroom", "Technology", "Furniture", "Other"),
		Bool("IsActive", "Active", true),
		Required(WithDefault(Picklist("ProductClass", "Product Class", "Simple", "Variation", "VariationParent",
			"Bundle", "Set"), "Simple")),
		WithDefault(Picklist("QuantityUnitOfMeasure", "Quantity Unit Of Measure", "Each", "Box", "Case", "Pack",
			"Roll", "Pair", "Carton", "Pallet", "Dozen", "Gallon", "Foot", "Bundle", "Bag"), "Each"),
		WithDefault(Int("PackSize", "Units per Pack"), "1"),
		// The purchase quantity rule (purchaseQuantityRule on the wire): minimum, maximum and step of a cart line.
		Int("PurchaseQuantityMinimum", "Minimum Purchase Quantity"),
		Int("PurchaseQuantityMaximum", "Maximum Purchase Quantity"),
		Int("PurchaseQuantityIncrement", "Purchase Quantity Increment"),
		Text("Brand", "Brand", 80),
		Text("UrlName", "URL Name", 255),
		Field{APIName: "DisplayUrl", Label: "Display URL", Type: TypeURL, Length: 1000},
		Decimal("Weight", "Shipping Weight (lb)", 12, 3),
	)

	catalog := StandardObject("ProductCatalog", "Catalog", "Catalogs", "0ZS", false,
		NameField("Catalog Name", 255),
		TextArea("Description", "Description"),
	)
	storeCatalog := StandardObject("WebStoreCatalog", "Store Catalog", "Store Catalogs", "0ZT", false,
		Cascade(Required(Ref("SalesStoreId", "Store ID", "WebStore"))),
		Cascade(Required(Ref("ProductCatalogId", "Catalog ID", "ProductCatalog"))),
	)
	storeCatalog.UniqueTogether = [][]string{{"SalesStoreId", "ProductCatalogId"}}

	// Categories form a tree through ParentCategoryId (no parent: a top-level category).
	category := StandardObject("ProductCategory", "Product Category", "Product Categories", "0ZG", false,
		NameField("Category Name", 255),
		// A category with subcategories stays until they are moved or deleted; a catalog takes its categories along.
		Restrict(Ref("ParentCategoryId", "Parent Category ID", "ProductCategory")),
		Cascade(Required(Ref("CatalogId", "Catalog ID", "ProductCatalog"))),
		TextArea("Description", "Description"),
		WithDefault(Int("SortOrder", "Sort Order"), "0"),
		Bool("IsNavigational", "Navigational", true),
		Text("UrlName", "URL Name", 255),
	)
	categoryProduct := StandardObject("ProductCategoryProduct", "Product Category Product", "Product Category Products", "0ZH", false,
		Cascade(Required(Ref("ProductCategoryId", "Product Category ID", "ProductCategory"))),
		Cascade(Required(Ref("ProductId", "Product ID", "Product2"))),
		Bool("IsPrimaryCategory", "Primary Category", false),
	)
	categoryProduct.UniqueTogether = [][]string{{"ProductCategoryId", "ProductId"}}

	content := StandardObject("ManagedContent", "Managed Content", "Managed Content", "20Y", false,
		Unique(Required(Text("ContentKey", "Content Key", 40))),
		Field{APIName: "Title", Label: "Title", Type: TypeText, Length: 255, Required: true, NameField: true},
		Required(WithDefault(Picklist("ContentType", "Content Type", "cms_image", "cms_document", "news",
			"sfdc_cms__image", "sfdc_cms__document"), "cms_image")),
		Text("UrlName", "URL Name", 255),
		// Url is where the media is served (/cms/delivery/media/{ContentKey} for stored images).
		Text("Url", "URL", 1000),
		Text("AltText", "Alternative Text", 255),
		Text("MimeType", "MIME Type", 100),
		LongText("Body", "Body"),
		Bool("IsPublished", "Published", true),
	)
	productMedia := StandardObject("ProductMedia", "Product Media", "Product Media", "2pm", false,
		Cascade(Required(Ref("ProductId", "Product ID", "Product2"))),
		Cascade(Required(Ref("ElectronicMediaId", "Content ID", "ManagedContent"))),
		Required(WithDefault(Picklist("UsageType", "Usage", "ListImage", "ProductDetailImage", "Attachment"),
			"ProductDetailImage")),
		WithDefault(Int("SortOrder", "Sort Order"), "0"),
	)
	categoryMedia := StandardObject("ProductCategoryMedia", "Product Category Media", "Product Category Media", "0ZM", false,
		Cascade(Required(Ref("ProductCategoryId", "Product Category ID", "ProductCategory"))),
		Cascade(Required(Ref("ElectronicMediaId", "Content ID", "ManagedContent"))),
		Required(WithDefault(Picklist("UsageType", "Usage", "TileImage", "BannerImage"), "TileImage")),
		WithDefault(Int("SortOrder", "Sort Order"), "0"),
	)
	return []Object{product, catalog, storeCatalog, category, categoryProduct, content, productMedia, categoryMedia}
}

func pricingObjects() []Object {
	book := StandardObject("Pricebook2", "Price Book", "Price Books", "01s", false,
		NameField("Price Book Name", 255),
		Bool("IsActive", "Active", true),
		Bool("IsStandard", "Is Standard Price Book", false),
		TextArea("Description", "Description"),
	)
	// Volume pricing: a schedule holds tiers by quantity; a price book entry points at the schedule it uses.
	schedule := StandardObject("PriceAdjustmentSchedule", "Price Adjustment Schedule", "Price Adjustment Schedules", "0ry", false,
		NameField("Schedule Name", 255),
		TextArea("Description", "Description"),
		Required(WithDefault(Picklist("ScheduleType", "Schedule Type", "Volume"), "Volume")),
		Bool("IsActive", "Active", true),
	)
	tier := StandardObject("PriceAdjustmentTier", "Price Adjustment Tier", "Price Adjustment Tiers", "0rz", false,
		Cascade(Required(Ref("PriceAdjustmentScheduleId", "Schedule ID", "PriceAdjustmentSchedule"))),
		Required(Int("LowerBound", "Lower Bound")),
		Int("UpperBound", "Upper Bound"), // empty: no upper bound
		Required(WithDefault(Picklist("TierType", "Tier Type", "Percentage", "Amount"), "Percentage")),
		Required(Decimal("TierValue", "Tier Value", 18, 2)),
	)
	entry := StandardObject("PricebookEntry", "Price Book Entry", "Price Book Entries", "01u", false,
		// A book's and a product's prices go with them; a book a store or buyer group uses stays (see those).
		Cascade(Required(Ref("Pricebook2Id", "Price Book ID", "Pricebook2"))),
		Cascade(Required(Ref("Product2Id", "Product ID", "Product2"))),
		Required(Currency("UnitPrice", "List Price")),
		Bool("IsActive", "Active", true),
		Ref("PriceAdjustmentScheduleId", "Volume Schedule ID", "PriceAdjustmentSchedule"),
	)
	entry.UniqueTogether = [][]string{{"Pricebook2Id", "Product2Id"}}
	groupBook := StandardObject("BuyerGroupPricebook", "Buyer Group Price Book", "Buyer Group Price Books", "0ZL", false,
		Cascade(Required(Ref("BuyerGroupId", "Buyer Group ID", "BuyerGroup"))),
		Required(Ref("Pricebook2Id", "Price Book ID", "Pricebook2")), // required: a book in use stays
		WithDefault(Int("Priority", "Priority"), "1"),
		Bool("IsActive", "Active", true),
	)
	groupBook.UniqueTogether = [][]string{{"BuyerGroupId", "Pricebook2Id"}}

	policy := StandardObject("CommerceEntitlementPolicy", "Entitlement Policy", "Entitlement Policies", "1Ce", false,
		NameField("Policy Name", 255),
		TextArea("Description", "Description"),
		Bool("IsActive", "Active", true),
		Bool("CanViewProduct", "Can View Product", true),
		Bool("CanViewPrice", "Can View Price", true),
	)
	policyProduct := StandardObject("CommerceEntitlementProduct", "Entitlement Product", "Entitlement Products", "1Cp", false,
		Cascade(Required(Ref("PolicyId", "Policy ID", "CommerceEntitlementPolicy"))),
		Cascade(Required(Ref("ProductId", "Product ID", "Product2"))),
	)
	policyProduct.UniqueTogether = [][]string{{"PolicyId", "ProductId"}}
	policyGroup := StandardObject("CommerceEntitlementBuyerGroup", "Entitlement Buyer Group", "Entitlement Buyer Groups", "1Cb", false,
		Cascade(Required(Ref("PolicyId", "Policy ID", "CommerceEntitlementPolicy"))),
		Cascade(Required(Ref("BuyerGroupId", "Buyer Group ID", "BuyerGroup"))),
	)
	policyGroup.UniqueTogether = [][]string{{"PolicyId", "BuyerGroupId"}}
	return []Object{book, schedule, tier, entry, groupBook, policy, policyProduct, policyGroup}
}

func fulfilmentObjects() []Object {
	// One stock row per product; QuantityReserved is held by inventory reservations for carts in checkout.
	inventory := StandardObject("ProductInventory", "Product Inventory", "Product Inventory", "0iv", false,
		Cascade(Unique(Required(Ref("ProductId", "Product ID", "Product2")))),
		Required(WithDefault(Int("QuantityOnHand", "Quantity On Hand"), "0")),
		Required(WithDefault(Int("QuantityReserved", "Quantity Reserved"), "0")),
		WithDefault(Int("LowStockThreshold", "Low Stock Threshold"), "10"),
		Text("LocationName", "Location", 80),
	)
	delivery := StandardObject("OrderDeliveryMethod", "Order Delivery Method", "Order Delivery Methods", "2Dm", false,
		NameField("Name", 255),
		TextArea("Description", "Description"),
		Text("Carrier", "Carrier", 80),
		Text("ClassOfService", "Class of Service", 80),
		Required(Currency("ShippingFee", "Shipping Fee")),
		Bool("IsActive", "Active", true),
		Int("ProcessTime", "Process Time"),
		WithDefault(Picklist("ProcessTimeUnit", "Process Time Unit", "Hours", "Days", "Weeks"), "Days"),
		Int("TransitTimeMin", "Minimum Transit Time"),
		Int("TransitTimeMax", "Maximum Transit Time"),
		WithDefault(Picklist("TransitTimeUnit", "Transit Time Unit", "Hours", "Days", "Weeks"), "Days"),
		Text("ReferenceNumber", "Reference Number", 255),
	)
	promotion := StandardObject("Promotion", "Promotion", "Promotions", "0c8", false,
		NameField("Promotion Name", 255),
		Text("DisplayName", "Display Name", 255),
		TextArea("Description", "Description"),
		TextArea("TermsAndConditions", "Terms and Conditions"),
		Required(WithDefault(Picklist("DiscountType", "Discount Type", "PercentageOff", "AmountOff",
			"FreeShipping"), "PercentageOff")),
		Decimal("DiscountValue", "Discount Value", 18, 2),
		WithDefault(Picklist("TargetType", "Target", "Cart", "Item", "DeliveryCharge"), "Cart"),
		Currency("MinimumOrderAmount", "Minimum Order Amount"),
		Bool("IsActive", "Active", true),
		Date("StartDate", "Start Date"),
		Date("EndDate", "End Date"),
		WithDefault(Int("Priority", "Priority"), "1"),
		// Item promotions target a product, a category (and its subcategories), or, with neither, every line.
		// Restricting: cleared, the promotion would apply to every line.
		Restrict(Ref("TargetProductId", "Target Product ID", "Product2")),
		Restrict(Ref("TargetCategoryId", "Target Category ID", "ProductCategory")),
		// An automatic promotion applies by itself; any other needs one of its coupons applied to the cart.
		Bool("IsAutomatic", "Automatic", true),
	)
	coupon := StandardObject("Coupon", "Coupon", "Coupons", "0cB", false,
		// The code is what staff and buyers call a coupon: its name field.
		Unique(Field{APIName: "CouponCode", Label: "Coupon Code", Type: TypeText, Length: 80, Required: true, NameField: true}),
		Cascade(Required(Ref("PromotionId", "Promotion ID", "Promotion"))),
		Required(WithDefault(Picklist("Status", "Status", "Active", "Inactive", "Expired"), "Active")),
		Int("UsageLimit", "Usage Limit"), // empty: unlimited
		WithDefault(Int("UsageCount", "Times Used"), "0"),
		Date("StartDate", "Start Date"),
		Date("EndDate", "End Date"),
	)
	// Tax rates by ship-to region: a state's rate, or the country's when no state matches.
	taxRate := StandardObject("TaxRate", "Tax Rate", "Tax Rates", "0tR", false,
		NameField("Tax Rate Name", 80),
		Cascade(Required(Ref("WebStoreId", "Store ID", "WebStore"))),
		Required(Text("Country", "Country", 2)),
		Text("State", "State/Province", 80),
		Required(Field{APIName: "Rate", Label: "Rate (%)", Type: TypePercent, Precision: 7, Scale: 4}),
		Bool("IsActive", "Active", true),
	)
	taxRate.UniqueTogether = [][]string{{"WebStoreId", "Country", "State"}}
	return []Object{inventory, delivery, promotion, coupon, taxRate}
}

func siteObjects() []Object {
	linkSet := StandardObject("NavigationLinkSet", "Navigation Menu", "Navigation Menus", "0Lm", false,
		Unique(Required(Text("DeveloperName", "Developer Name", 80))),
		Field{APIName: "MasterLabel", Label: "Label", Type: TypeText, Length: 80, Required: true, NameField: true},
		Text("NetworkId", "Community ID", 18),
	)
	item := StandardObject("NavigationMenuItem", "Navigation Menu Item", "Navigation Menu Items", "0Nn", false,
		Cascade(Required(Ref("NavigationLinkSetId", "Navigation Menu ID", "NavigationLinkSet"))),
		Field{APIName: "Label", Label: "Label", Type: TypeText, Length: 255, Required: true, NameField: true},
		Required(WithDefault(Picklist("Type", "Type", "InternalLink", "ExternalLink", "Event", "MenuLabel",
			"NavigationalTopic", "SalesforceObject", "ProductCategory"), "InternalLink")),
		Text("Target", "Target", 2048), // the link's value: a path, a URL, an event name or a record id
		Text("TargetPrefs", "Target Preferences", 255),
		WithDefault(Int("Position", "Position"), "0"),
		Cascade(Ref("ParentId", "Parent Item ID", "NavigationMenuItem")), // a submenu goes with its item
		Required(WithDefault(Picklist("Status", "Status", "Live", "Draft"), "Live")),
		Text("ImageUrl", "Image URL", 1000),
	)
	return []Object{linkSet, item}
}
