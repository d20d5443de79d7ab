package records

// commerceObjects are the catalogue, pricing, entitlement, inventory, shipping, promotion, content and navigation
// objects of the store. Key prefixes are Salesforce's where known (01t Product2, 0ZG ProductCategory, 01s Pricebook2,
// 01u PricebookEntry, 20Y ManagedContent, 2Dm OrderDeliveryMethod, 0c8 Promotion) and otherwise unique to us.
// Cart and order objects come with the cart work.
func commerceObjects() []Object {
	var all []Object
	all = append(all, catalogObjects()...)
	all = append(all, pricingObjects()...)
	all = append(all, fulfilmentObjects()...)
	all = append(all, siteObjects()...)
	all = append(all, cartObjects()...)
	return all
}

// quantity is a whole-unit quantity field (purchase rules, stock): integers, sent as strings on the wire.
func quantity(api, label string) Field { return integer(api, label) }

func catalogObjects() []Object {
	product := std("Product2", "Product", "Products", "01t", false,
		nameField("Product Name", 255),
		text("ProductCode", "Product Code", 255),
		unique(text("StockKeepingUnit", "Product SKU", 180)),
		longText("Description", "Product Description"),
		picklist("Family", "Product Family", "Office Supplies", "Janitorial", "Safety", "Tools", "Electrical",
			"Plumbing", "Packaging", "Breakroom", "Technology", "Furniture", "Other"),
		boolean("IsActive", "Active", true),
		required(withDefault(picklist("ProductClass", "Product Class", "Simple", "Variation", "VariationParent",
			"Bundle", "Set"), "Simple")),
		withDefault(picklist("QuantityUnitOfMeasure", "Quantity Unit Of Measure", "Each", "Box", "Case", "Pack",
			"Roll", "Pair", "Carton", "Pallet", "Dozen", "Gallon", "Foot", "Bundle", "Bag"), "Each"),
		withDefault(quantity("PackSize", "Units per Pack"), "1"),
		// The purchase quantity rule (purchaseQuantityRule on the wire): minimum, maximum and step of a cart line.
		quantity("PurchaseQuantityMinimum", "Minimum Purchase Quantity"),
		quantity("PurchaseQuantityMaximum", "Maximum Purchase Quantity"),
		quantity("PurchaseQuantityIncrement", "Purchase Quantity Increment"),
		text("Brand", "Brand", 80),
		text("UrlName", "URL Name", 255),
		Field{APIName: "DisplayUrl", Label: "Display URL", Type: TypeURL, Length: 1000},
		decimal("Weight", "Shipping Weight (lb)", 12, 3),
	)

	catalog := std("ProductCatalog", "Catalog", "Catalogs", "0ZS", false,
		nameField("Catalog Name", 255),
		textArea("Description", "Description"),
	)
	storeCatalog := std("WebStoreCatalog", "Store Catalog", "Store Catalogs", "0ZT", false,
		required(ref("SalesStoreId", "Store ID", "WebStore")),
		required(ref("ProductCatalogId", "Catalog ID", "ProductCatalog")),
	)
	storeCatalog.UniqueTogether = [][]string{{"SalesStoreId", "ProductCatalogId"}}

	// Categories form a tree through ParentCategoryId (no parent: a top-level category).
	category := std("ProductCategory", "Product Category", "Product Categories", "0ZG", false,
		nameField("Category Name", 255),
		ref("ParentCategoryId", "Parent Category ID", "ProductCategory"),
		required(ref("CatalogId", "Catalog ID", "ProductCatalog")),
		textArea("Description", "Description"),
		withDefault(integer("SortOrder", "Sort Order"), "0"),
		boolean("IsNavigational", "Navigational", true),
		text("UrlName", "URL Name", 255),
	)
	categoryProduct := std("ProductCategoryProduct", "Product Category Product", "Product Category Products", "0ZH", false,
		required(ref("ProductCategoryId", "Product Category ID", "ProductCategory")),
		required(ref("ProductId", "Product ID", "Product2")),
		boolean("IsPrimaryCategory", "Primary Category", false),
	)
	categoryProduct.UniqueTogether = [][]string{{"ProductCategoryId", "ProductId"}}

	content := std("ManagedContent", "Managed Content", "Managed Content", "20Y", false,
		unique(required(text("ContentKey", "Content Key", 40))),
		Field{APIName: "Title", Label: "Title", Type: TypeText, Length: 255, Required: true, NameField: true},
		required(withDefault(picklist("ContentType", "Content Type", "cms_image", "cms_document", "news",
			"sfdc_cms__image", "sfdc_cms__document"), "cms_image")),
		text("UrlName", "URL Name", 255),
		// Url is where the media is served (/cms/delivery/media/{ContentKey} for stored images).
		text("Url", "URL", 1000),
		text("AltText", "Alternative Text", 255),
		text("MimeType", "MIME Type", 100),
		longText("Body", "Body"),
		boolean("IsPublished", "Published", true),
	)
	productMedia := std("ProductMedia", "Product Media", "Product Media", "2pm", false,
		required(ref("ProductId", "Product ID", "Product2")),
		required(ref("ElectronicMediaId", "Content ID", "ManagedContent")),
		required(withDefault(picklist("UsageType", "Usage", "ListImage", "ProductDetailImage", "Attachment"),
			"ProductDetailImage")),
		withDefault(integer("SortOrder", "Sort Order"), "0"),
	)
	categoryMedia := std("ProductCategoryMedia", "Product Category Media", "Product Category Media", "0ZM", false,
		required(ref("ProductCategoryId", "Product Category ID", "ProductCategory")),
		required(ref("ElectronicMediaId", "Content ID", "ManagedContent")),
		required(withDefault(picklist("UsageType", "Usage", "TileImage", "BannerImage"), "TileImage")),
		withDefault(integer("SortOrder", "Sort Order"), "0"),
	)
	return []Object{product, catalog, storeCatalog, category, categoryProduct, content, productMedia, categoryMedia}
}

func pricingObjects() []Object {
	book := std("Pricebook2", "Price Book", "Price Books", "01s", false,
		nameField("Price Book Name", 255),
		boolean("IsActive", "Active", true),
		boolean("IsStandard", "Is Standard Price Book", false),
		textArea("Description", "Description"),
	)
	// Volume pricing: a schedule holds tiers by quantity; a price book entry points at the schedule it uses.
	schedule := std("PriceAdjustmentSchedule", "Price Adjustment Schedule", "Price Adjustment Schedules", "0ry", false,
		nameField("Schedule Name", 255),
		textArea("Description", "Description"),
		required(withDefault(picklist("ScheduleType", "Schedule Type", "Volume"), "Volume")),
		boolean("IsActive", "Active", true),
	)
	tier := std("PriceAdjustmentTier", "Price Adjustment Tier", "Price Adjustment Tiers", "0rz", false,
		required(ref("PriceAdjustmentScheduleId", "Schedule ID", "PriceAdjustmentSchedule")),
		required(quantity("LowerBound", "Lower Bound")),
		quantity("UpperBound", "Upper Bound"), // empty: no upper bound
		required(withDefault(picklist("TierType", "Tier Type", "Percentage", "Amount"), "Percentage")),
		required(decimal("TierValue", "Tier Value", 18, 2)),
	)
	entry := std("PricebookEntry", "Price Book Entry", "Price Book Entries", "01u", false,
		required(ref("Pricebook2Id", "Price Book ID", "Pricebook2")),
		required(ref("Product2Id", "Product ID", "Product2")),
		required(currency("UnitPrice", "List Price")),
		boolean("IsActive", "Active", true),
		ref("PriceAdjustmentScheduleId", "Volume Schedule ID", "PriceAdjustmentSchedule"),
	)
	entry.UniqueTogether = [][]string{{"Pricebook2Id", "Product2Id"}}
	groupBook := std("BuyerGroupPricebook", "Buyer Group Price Book", "Buyer Group Price Books", "0ZL", false,
		required(ref("BuyerGroupId", "Buyer Group ID", "BuyerGroup")),
		required(ref("Pricebook2Id", "Price Book ID", "Pricebook2")),
		withDefault(integer("Priority", "Priority"), "1"),
		boolean("IsActive", "Active", true),
	)
	groupBook.UniqueTogether = [][]string{{"BuyerGroupId", "Pricebook2Id"}}

	policy := std("CommerceEntitlementPolicy", "Entitlement Policy", "Entitlement Policies", "1Ce", false,
		nameField("Policy Name", 255),
		textArea("Description", "Description"),
		boolean("IsActive", "Active", true),
		boolean("CanViewProduct", "Can View Product", true),
		boolean("CanViewPrice", "Can View Price", true),
	)
	policyProduct := std("CommerceEntitlementProduct", "Entitlement Product", "Entitlement Products", "1Cp", false,
		required(ref("PolicyId", "Policy ID", "CommerceEntitlementPolicy")),
		required(ref("ProductId", "Product ID", "Product2")),
	)
	policyProduct.UniqueTogether = [][]string{{"PolicyId", "ProductId"}}
	policyGroup := std("CommerceEntitlementBuyerGroup", "Entitlement Buyer Group", "Entitlement Buyer Groups", "1Cb", false,
		required(ref("PolicyId", "Policy ID", "CommerceEntitlementPolicy")),
		required(ref("BuyerGroupId", "Buyer Group ID", "BuyerGroup")),
	)
	policyGroup.UniqueTogether = [][]string{{"PolicyId", "BuyerGroupId"}}
	return []Object{book, schedule, tier, entry, groupBook, policy, policyProduct, policyGroup}
}

func fulfilmentObjects() []Object {
	// One stock row per product; QuantityReserved is held by inventory reservations for carts in checkout.
	inventory := std("ProductInventory", "Product Inventory", "Product Inventory", "0iv", false,
		unique(required(ref("ProductId", "Product ID", "Product2"))),
		required(withDefault(quantity("QuantityOnHand", "Quantity On Hand"), "0")),
		required(withDefault(quantity("QuantityReserved", "Quantity Reserved"), "0")),
		withDefault(quantity("LowStockThreshold", "Low Stock Threshold"), "10"),
		text("LocationName", "Location", 80),
	)
	delivery := std("OrderDeliveryMethod", "Order Delivery Method", "Order Delivery Methods", "2Dm", false,
		nameField("Name", 255),
		textArea("Description", "Description"),
		text("Carrier", "Carrier", 80),
		text("ClassOfService", "Class of Service", 80),
		required(currency("ShippingFee", "Shipping Fee")),
		boolean("IsActive", "Active", true),
		integer("ProcessTime", "Process Time"),
		withDefault(picklist("ProcessTimeUnit", "Process Time Unit", "Hours", "Days", "Weeks"), "Days"),
		integer("TransitTimeMin", "Minimum Transit Time"),
		integer("TransitTimeMax", "Maximum Transit Time"),
		withDefault(picklist("TransitTimeUnit", "Transit Time Unit", "Hours", "Days", "Weeks"), "Days"),
		text("ReferenceNumber", "Reference Number", 255),
	)
	promotion := std("Promotion", "Promotion", "Promotions", "0c8", false,
		nameField("Promotion Name", 255),
		text("DisplayName", "Display Name", 255),
		textArea("Description", "Description"),
		textArea("TermsAndConditions", "Terms and Conditions"),
		required(withDefault(picklist("DiscountType", "Discount Type", "PercentageOff", "AmountOff",
			"FreeShipping"), "PercentageOff")),
		decimal("DiscountValue", "Discount Value", 18, 2),
		withDefault(picklist("TargetType", "Target", "Cart", "Item", "DeliveryCharge"), "Cart"),
		currency("MinimumOrderAmount", "Minimum Order Amount"),
		boolean("IsActive", "Active", true),
		date("StartDate", "Start Date"),
		date("EndDate", "End Date"),
		withDefault(integer("Priority", "Priority"), "1"),
	)
	coupon := std("Coupon", "Coupon", "Coupons", "0cB", false,
		unique(required(text("CouponCode", "Coupon Code", 80))),
		required(ref("PromotionId", "Promotion ID", "Promotion")),
		required(withDefault(picklist("Status", "Status", "Active", "Inactive", "Expired"), "Active")),
		integer("UsageLimit", "Usage Limit"), // empty: unlimited
		withDefault(integer("UsageCount", "Times Used"), "0"),
		date("StartDate", "Start Date"),
		date("EndDate", "End Date"),
	)
	return []Object{inventory, delivery, promotion, coupon}
}

func siteObjects() []Object {
	linkSet := std("NavigationLinkSet", "Navigation Menu", "Navigation Menus", "0Lm", false,
		unique(required(text("DeveloperName", "Developer Name", 80))),
		Field{APIName: "MasterLabel", Label: "Label", Type: TypeText, Length: 80, Required: true, NameField: true},
		text("NetworkId", "Community ID", 18),
	)
	item := std("NavigationMenuItem", "Navigation Menu Item", "Navigation Menu Items", "0Nn", false,
		required(ref("NavigationLinkSetId", "Navigation Menu ID", "NavigationLinkSet")),
		Field{APIName: "Label", Label: "Label", Type: TypeText, Length: 255, Required: true, NameField: true},
		required(withDefault(picklist("Type", "Type", "InternalLink", "ExternalLink", "Event", "MenuLabel",
			"NavigationalTopic", "SalesforceObject", "ProductCategory"), "InternalLink")),
		text("Target", "Target", 2048), // the link's value: a path, a URL, an event name or a record id
		text("TargetPrefs", "Target Preferences", 255),
		withDefault(integer("Position", "Position"), "0"),
		ref("ParentId", "Parent Item ID", "NavigationMenuItem"),
		required(withDefault(picklist("Status", "Status", "Live", "Draft"), "Live")),
		text("ImageUrl", "Image URL", 1000),
	)
	return []Object{linkSet, item}
}

// cartObjects are the minimal cart objects (0a6 WebCart, 0a9 CartItem, Salesforce's prefixes): enough for the cart
// badge's compact summary and for staff to fill a buyer's cart through the records API. The cart work extends them.
func cartObjects() []Object {
	cart := std("WebCart", "Cart", "Carts", "0a6", true,
		withDefault(nameField("Cart Name", 255), "Cart"),
		required(ref("WebStoreId", "Store ID", "WebStore")),
		ref("AccountId", "Account ID", "Account"),
		// A guest's cart belongs to the guest's session (its hash), never shown or set through the records API.
		hidden(text("GuestSessionId", "Guest Session ID", 128)),
		required(withDefault(picklist("Status", "Status", "Active", "Checkout", "Closed", "PendingDelete",
			"Processing"), "Active")),
		required(withDefault(picklist("Type", "Type", "Cart", "PayNowReadOnly"), "Cart")),
		withDefault(text("CurrencyIsoCode", "Currency ISO Code", 3), "USD"),
		boolean("IsSecondary", "Secondary", false),
	)
	item := std("CartItem", "Cart Item", "Cart Items", "0a9", false,
		required(ref("CartId", "Cart ID", "WebCart")),
		ref("Product2Id", "Product ID", "Product2"),
		nameField("Cart Item Name", 255),
		text("Sku", "Product SKU", 180),
		required(withDefault(decimal("Quantity", "Quantity", 18, 2), "1")),
		required(withDefault(picklist("Type", "Type", "Product", "DeliveryCharge"), "Product")),
		currency("SalesPrice", "Sales Price"),
		currency("ListPrice", "List Price"),
		currency("TotalPrice", "Total Price"),
		currency("TotalListPrice", "Total List Price"),
	)
	return []Object{cart, item}
}
