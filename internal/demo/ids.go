package demo

import "storefront/internal/records"

// Key prefixes of the seeded objects (the records catalogue's; the writer checks every id against it).
const (
	prefixAccount         = "001"
	prefixUser            = "005"
	prefixAddress         = "8lW"
	prefixStore           = "0ZE"
	prefixBuyerGroup      = "0ZI"
	prefixGroupMember     = "0ZJ"
	prefixStoreGroup      = "0ZK"
	prefixManagedAccount  = "0MA"
	prefixProduct         = "01t"
	prefixCatalog         = "0ZS"
	prefixStoreCatalog    = "0ZT"
	prefixCategory        = "0ZG"
	prefixCategoryProduct = "0ZH"
	prefixContent         = "20Y"
	prefixProductMedia    = "2pm"
	prefixCategoryMedia   = "0ZM"
	prefixPricebook       = "01s"
	prefixSchedule        = "0ry"
	prefixTier            = "0rz"
	prefixEntry           = "01u"
	prefixGroupPricebook  = "0ZL"
	prefixPolicy          = "1Ce"
	prefixPolicyProduct   = "1Cp"
	prefixPolicyGroup     = "1Cb"
	prefixInventory       = "0iv"
	prefixDeliveryMethod  = "2Dm"
	prefixPromotion       = "0c8"
	prefixCoupon          = "0cB"
	prefixTaxRate         = "0tR"
	prefixLinkSet         = "0Lm"
	prefixMenuItem        = "0Nn"
	// Sites and communities are not records here, but their ids look like Salesforce's.
	prefixSite      = "0DM"
	prefixCommunity = "0DB"
)

// Number ranges of stable ids for objects seeded per product, so that ids never collide however many products a
// catalogue has: content 1-999 is the site's, 1000+ the categories', 10,000,000+n product n's image.
const (
	contentCategoryBase = 1000
	contentProductBase  = 10_000_000
	maxBookSlots        = 16 // price book entry of product n in book slot s: StableID("01u", n*16+s)
	maxPolicySlots      = 4  // entitlement of product n under policy slot s: StableID("1Cp", n*4+s)
)

// The demo store's well-known ids: the same on every run, so tests, scripts and the benchmark can name them.
var (
	StoreID        = records.StableID(prefixStore, 1)
	SiteID         = records.StableID(prefixSite, 1)
	CommunityID    = records.StableID(prefixCommunity, 1)
	CatalogID      = records.StableID(prefixCatalog, 1)
	StandardBook   = records.StableID(prefixPricebook, 1)
	GuestBook      = records.StableID(prefixPricebook, 2)
	ContractBook   = records.StableID(prefixPricebook, 3)
	EnterpriseBook = records.StableID(prefixPricebook, 4)

	ContractorsGroup = records.StableID(prefixBuyerGroup, 1)
	EnterpriseGroup  = records.StableID(prefixBuyerGroup, 2)
	GuestGroup       = records.StableID(prefixBuyerGroup, 3)

	BuyerAccountID   = records.StableID(prefixAccount, 1) // Bonnie Buyer's account
	ManagerAccountID = records.StableID(prefixAccount, 2) // Morgan Manager's own account
	// ManagedAccountIDs are the accounts Morgan Manager buys for besides her own.
	ManagedAccountIDs = []string{records.StableID(prefixAccount, 3), records.StableID(prefixAccount, 4),
		records.StableID(prefixAccount, 5)}

	AdminUserID   = records.StableID(prefixUser, 1)
	BuyerUserID   = records.StableID(prefixUser, 2)
	ManagerUserID = records.StableID(prefixUser, 3)
	// MerchandiserUserID is staff with the Store Manager profile, SupportUserID staff with the Support Agent one.
	MerchandiserUserID = records.StableID(prefixUser, 4)
	SupportUserID      = records.StableID(prefixUser, 5)
)

// DemoPassword is every demo user's password.
const DemoPassword = "demo1234"
