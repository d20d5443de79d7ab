package records

// coreObjects are the objects that sign-in, accounts and the store's settings rest on.
func coreObjects() []Object {
	return []Object{
		StandardObject("Account", "Account", "Accounts", "001", true, Concat([]Field{
			NameField("Account Name", 255),
			Text("AccountNumber", "Account Number", 40),
			Ref("ParentId", "Parent Account ID", "Account"),
			Picklist("Type", "Account Type", "Prospect", "Customer - Direct", "Customer - Channel", "Channel Partner / Reseller", "Installation Partner", "Technology Partner", "Other"),
			Picklist("Industry", "Industry", "Agriculture", "Apparel", "Banking", "Construction", "Education", "Electronics", "Energy", "Engineering", "Healthcare", "Hospitality", "Manufacturing", "Retail", "Technology", "Transportation", "Other"),
			{APIName: "Phone", Label: "Account Phone", Type: TypePhone, Length: 40},
			{APIName: "Website", Label: "Website", Type: TypeURL, Length: 255},
			Currency("AnnualRevenue", "Annual Revenue"),
			Int("NumberOfEmployees", "Employees"),
			TextArea("Description", "Account Description"),
			Bool("IsBuyer", "Buyer Account", false),
		}, Address("Billing", "Billing"), Address("Shipping", "Shipping"))...),

		StandardObject("Contact", "Contact", "Contacts", "003", true, Concat([]Field{
			Ref("AccountId", "Account ID", "Account"),
			Text("FirstName", "First Name", 40),
			Required(Text("LastName", "Last Name", 80)),
			ReadOnly(Field{APIName: "Name", Label: "Full Name", Type: TypeText, Length: 121, NameField: true}),
			Text("Title", "Title", 128),
			{APIName: "Email", Label: "Email", Type: TypeEmail, Length: 80},
			{APIName: "Phone", Label: "Business Phone", Type: TypePhone, Length: 40},
		}, Address("Mailing", "Mailing"))...),

		// Users are records too; their password hashes live apart, in the auth package's credential table.
		{APIName: "User", Label: "User", LabelPlural: "Users", KeyPrefix: "005", Createable: true, Updateable: true,
			Queryable: true, Searchable: true, Fields: []Field{
				Unique(Required(Text("Username", "Username", 80))),
				{APIName: "Email", Label: "Email", Type: TypeEmail, Length: 128, Required: true},
				Text("FirstName", "First Name", 40),
				Required(Text("LastName", "Last Name", 80)),
				ReadOnly(Field{APIName: "Name", Label: "Full Name", Type: TypeText, Length: 121, NameField: true}),
				{APIName: "Phone", Label: "Phone", Type: TypePhone, Length: 40},
				Required(WithDefault(Picklist("UserType", "User Type", "Standard", "PowerCustomerSuccess", "Guest"), "Standard")),
				Ref("ContactId", "Contact ID", "Contact"),
				Restrict(Ref("AccountId", "Account ID", "Account")), // a buyer keeps their account
				Bool("IsActive", "Active", true),
				// A staff user without a profile is a Store Administrator (permissions.go).
				Ref("ProfileId", "Profile ID", "Profile"),
			}},

		StandardObject("ContactPointAddress", "Contact Point Address", "Contact Point Addresses", "8lW", true,
			NameField("Name", 255),
			Cascade(Ref("ParentId", "Parent ID", "Account")), // an account's addresses go with it
			Required(WithDefault(Picklist("AddressType", "Address Type", "Shipping", "Billing"), "Shipping")),
			Bool("IsDefault", "Default Address", false),
			Text("FirstName", "First Name", 40),
			Text("MiddleName", "Middle Name", 40),
			Text("LastName", "Last Name", 80),
			Text("CompanyName", "Company Name", 255),
			TextArea("Street", "Street"),
			Text("City", "City", 40),
			Text("State", "State/Province", 80),
			Text("PostalCode", "Zip/Postal Code", 20),
			Text("Country", "Country", 80),
			Text("CountryCode", "Country Code", 3),
			Field{APIName: "Phone", Label: "Phone", Type: TypePhone, Length: 40},
		),

		// The organization: one installation, one row (auth.SyncOrganization keeps it), read-only through every API.
		// Clients read it on connecting (the Salesforce CLI queries it on every command; simple-salesforce's
		// is_sandbox reads IsSandbox).
		{APIName: "Organization", Label: "Organization", LabelPlural: "Organizations", KeyPrefix: "00D",
			Queryable: true, Fields: readOnly(
				NameField("Name", 80),
				Text("Division", "Division", 80),
				Field{APIName: "Phone", Label: "Phone", Type: TypePhone, Length: 40},
				Picklist("OrganizationType", "Edition", "Team Edition", "Professional Edition", "Enterprise Edition",
					"Developer Edition", "Personal Edition", "Unlimited Edition", "Contact Manager Edition", "Base Edition"),
				Text("InstanceName", "Instance Name", 5),
				Bool("IsSandbox", "Is Sandbox", false),
				Bool("IsReadOnly", "Is Read Only", false),
				Text("NamespacePrefix", "Namespace Prefix", 15),
				DateTime("TrialExpirationDate", "Trial Expiration Date"),
				Text("DefaultLocaleSidKey", "Locale", 40),
				Text("LanguageLocaleKey", "Language", 40),
				Text("TimeZoneSidKey", "Default Time Zone", 40),
				Text("DefaultCurrencyIsoCode", "Currency", 3),
				Text("Country", "Country", 80),
			)},

		// The store and its settings: what application-context answers.
		StandardObject("WebStore", "Store", "Stores", "0ZE", true,
			NameField("Name", 255),
			Text("SiteId", "Site ID", 18),
			Text("CommunityId", "Community ID", 18),
			Text("UrlPathPrefix", "URL Path Prefix", 255),
			WithDefault(Text("DefaultLanguage", "Default Language", 10), "en_US"),
			WithDefault(Text("DefaultCurrency", "Default Currency", 3), "USD"),
			WithDefault(Text("SupportedCurrencies", "Supported Currencies", 255), "USD"),
			WithDefault(Text("Country", "Country", 2), "US"),
			WithDefault(Text("ShippingCountries", "Shipping Countries", 1000), "US;CA"),
			Required(WithDefault(Picklist("TaxType", "Tax Type", "Net", "Gross"), "Net")),
			Bool("GuestBrowsingEnabled", "Guest Browsing Enabled", true),
			Bool("GuestCartEnabled", "Guest Cart Enabled", true),
			Bool("GuestCheckoutEnabled", "Guest Checkout Enabled", false),
			Bool("SplitShipmentEnabled", "Split Shipment Enabled", true),
			Bool("CartCalculateEnabled", "Cart Calculate Enabled", true),
			Bool("PlaceOrderV2Enabled", "Place Order V2 Enabled", true),
			Bool("InventoryEnabled", "Inventory Enabled", true),
			Bool("SessionDrivenCurrency", "Session Driven Currency", false),
			Bool("HighScaleCartEnabled", "High Scale Cart Enabled", false),
			Bool("UsesSingleEntitlementPolicy", "Uses Single Entitlement Policy", true),
			WithDefault(Int("ReservationInSeconds", "Inventory Reservation (seconds)"), "14400"),
			// Carts with more lines than this are calculated in the background after a change (reads answer 202
			// meanwhile); smaller ones within the change's own request.
			WithDefault(Int("CartSyncLineLimit", "Cart Lines Calculated In Request"), "250"),
			WithDefault(Text("ManagedCheckoutVersion", "Managed Checkout Version", 20), "0.117.0"),
			WithDefault(Text("HeaderBackgroundColor", "Header Background Color", 7), "#1B2A41"),
			WithDefault(Text("PromoBarBackgroundColor", "Promo Bar Background Color", 7), "#C23934"),
			Restrict(Ref("GuestPricebookId", "Guest Price Book ID", "Pricebook2")),
			Restrict(Ref("StandardPricebookId", "Standard Price Book ID", "Pricebook2")),
			// The buyer group whose entitlements and price books apply to guests.
			Restrict(Ref("GuestBuyerGroupId", "Guest Buyer Group ID", "BuyerGroup")),
		),

		StandardObject("BuyerGroup", "Buyer Group", "Buyer Groups", "0ZI", true,
			NameField("Name", 255),
			TextArea("Description", "Description"),
		),
		StandardObject("BuyerGroupMember", "Buyer Group Member", "Buyer Group Members", "0ZJ", false,
			Cascade(Required(Ref("BuyerGroupId", "Buyer Group ID", "BuyerGroup"))),
			Cascade(Required(Ref("BuyerId", "Buyer ID", "Account"))),
		),
		// Which buyer groups sell in which store.
		StandardObject("WebStoreBuyerGroup", "Store Buyer Group", "Store Buyer Groups", "0ZK", false,
			Cascade(Required(Ref("WebStoreId", "Store ID", "WebStore"))),
			Cascade(Required(Ref("BuyerGroupId", "Buyer Group ID", "BuyerGroup"))),
		),
		// Which accounts a buyer manager may buy for, beyond their own.
		StandardObject("ManagedAccount", "Managed Account", "Managed Accounts", "0MA", false,
			Cascade(Required(Ref("UserId", "User ID", "User"))),
			Cascade(Required(Ref("AccountId", "Account ID", "Account"))),
		),
	}
}

// readOnly marks fields that no API call may set.
func readOnly(fs ...Field) []Field {
	for i := range fs {
		fs[i].ReadOnly = true
	}
	return fs
}
