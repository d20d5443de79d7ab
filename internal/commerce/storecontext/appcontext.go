package storecontext

// The application context: every field of the Connect API's "Application Context" (contracts/commerce/SHAPES.md
// 2.2). Settings the WebStore object records come from the store; features Storefront does not offer (managed
// checkout publishing, subscriptions, gifting, consent, copilot) are answered as switched off.

type appContext struct {
	CheckoutSettings                 checkoutSettings       `json:"checkoutSettings"`
	GuestBrowsingEnabled             bool                   `json:"guestBrowsingEnabled"`
	GuestCartEnabled                 bool                   `json:"guestCartEnabled"`
	GuestCheckoutEnabled             bool                   `json:"guestCheckoutEnabled"`
	GuestCartCheckoutEnabled         bool                   `json:"guestCartCheckoutEnabled"`
	SplitShipmentEnabled             bool                   `json:"splitShipmentEnabled"`
	CartCalculateEnabled             bool                   `json:"cartCalculateEnabled"`
	PlaceOrderV2Enabled              bool                   `json:"placeOrderV2Enabled"`
	ShippingCountries                []string               `json:"shippingCountries"`
	TaxType                          string                 `json:"taxType"`
	Country                          string                 `json:"country"`
	Markets                          []market               `json:"markets"`
	InventoryConfiguration           inventoryConfiguration `json:"inventoryConfiguration"`
	DefaultCurrency                  string                 `json:"defaultCurrency"`
	CurrencyIsoCode                  string                 `json:"currencyIsoCode"`
	SupportedCurrencies              []string               `json:"supportedCurrencies"`
	SessionDrivenCurrency            bool                   `json:"sessionDrivenCurrency"`
	OrderStatuses                    []orderStatus          `json:"orderStatuses"`
	QuoteStatuses                    []orderStatus          `json:"quoteStatuses"`
	ManagedCheckoutVersion           string                 `json:"managedCheckoutVersion"`
	SubscriptionConfig               subscriptionConfig     `json:"subscriptionConfig"`
	GiftingConfig                    giftingConfig          `json:"giftingConfig"`
	ShopperConsentEnabled            bool                   `json:"shopperConsentEnabled"`
	SkipPhoneNumberValidationEnabled bool                   `json:"skipPhoneNumberValidationEnabled"`
	PropertiesEx                     propertiesEx           `json:"propertiesEx"`
	UsesSingleEntitlementPolicy      bool                   `json:"usesSingleEntitlementPolicy"`
	UsesUniversalPricebooks          bool                   `json:"usesUniversalPricebooks"`
	CatalogSnapshotVersionID         *string                `json:"catalogSnapshotVersionId"`
	ClientSidePaymentConfiguration   *struct{}              `json:"clientSidePaymentConfiguration"`
	ProductConfig                    productConfig          `json:"productConfig"`
	CommerceMultiCartEnabled         bool                   `json:"commerceMultiCartEnabled"`
	HideShippingAddress              bool                   `json:"hideShippingAddress"`
}

type checkoutSettings struct {
	IsManagedCheckoutEnabled   bool                 `json:"isManagedCheckoutEnabled"`
	IsMngCheckoutAutoPublished bool                 `json:"isMngCheckoutAutoPublished"`
	PaymentConfiguration       paymentConfiguration `json:"paymentConfiguration"`
	ShippingMethodsEnabled     bool                 `json:"shippingMethodsEnabled"`
}

type paymentConfiguration struct {
	BusinessAchEnabled                bool    `json:"businessAchEnabled"`
	PaymentMethodManualCaptureEnabled bool    `json:"paymentMethodManualCaptureEnabled"`
	PaymentMethodSetDevName           *string `json:"paymentMethodSetDevName"`
}

type market struct {
	MarketID          string            `json:"marketId"`
	LocaleCurrencyMap map[string]string `json:"localeCurrencyMap"`
}

type inventoryConfiguration struct {
	IsInventoryEnabled     bool            `json:"isInventoryEnabled"`
	InventoryDefaultSource inventorySource `json:"inventoryDefaultSource"`
}

type inventorySource struct {
	LocationSourceID                    *string `json:"locationSourceId"`
	ReservationInSeconds                int64   `json:"reservationInSeconds"`
	WebStoreInventoryLocationSourceType string  `json:"webStoreInventoryLocationSourceType"`
	WebStoreInventorySourceID           *string `json:"webStoreInventorySourceId"`
}

type orderStatus struct {
	APIName      string `json:"apiName"`
	DisplayValue string `json:"displayValue"`
}

type subscriptionConfig struct {
	CommerceSubscriptionARCUIEnabled bool `json:"commerceSubscriptionARCUIEnabled"`
	RlmSubscriptionEnabled           bool `json:"rlmSubscriptionEnabled"`
	SubscriptionPlusEnabled          bool `json:"subscriptionPlusEnabled"`
}

type giftingConfig struct {
	IsGiftMessageEnabled bool `json:"isGiftMessageEnabled"`
	IsGiftWrapEnabled    bool `json:"isGiftWrapEnabled"`
	IsGiftingEnabled     bool `json:"isGiftingEnabled"`
}

type propertiesEx struct {
	HighScaleCartEnabled       bool `json:"highScaleCartEnabled"`
	ShopperCopilotUIEnabled    bool `json:"shopperCopilotUIEnabled"`
	PaymentsLegacyFormsEnabled bool `json:"paymentsLegacyFormsEnabled"`
}

type productConfig struct {
	ConfiguratorFlowAPIName *string `json:"configuratorFlowApiName"`
}

// Order statuses an order moves through (the Order object's Status picklist).
var orderStatuses = []orderStatus{{"Draft", "Draft"}, {"Activated", "Activated"}}

func newAppContext(s *Store) appContext {
	return appContext{
		CheckoutSettings:     checkoutSettings{IsManagedCheckoutEnabled: true, ShippingMethodsEnabled: true},
		GuestBrowsingEnabled: s.GuestBrowsingEnabled, GuestCartEnabled: s.GuestCartEnabled,
		GuestCheckoutEnabled: s.GuestCheckoutEnabled,
		// The v54-57 flag: a guest can check out only when a guest can also have a cart.
		GuestCartCheckoutEnabled: s.GuestCartEnabled && s.GuestCheckoutEnabled,
		SplitShipmentEnabled:     s.SplitShipmentEnabled, CartCalculateEnabled: s.CartCalculateEnabled,
		PlaceOrderV2Enabled: s.PlaceOrderV2Enabled, ShippingCountries: s.ShippingCountries, TaxType: s.TaxType,
		Country: s.Country,
		Markets: []market{{MarketID: s.ID, LocaleCurrencyMap: map[string]string{s.DefaultLanguage: s.DefaultCurrency}}},
		InventoryConfiguration: inventoryConfiguration{IsInventoryEnabled: s.InventoryEnabled,
			InventoryDefaultSource: inventorySource{ReservationInSeconds: s.ReservationInSeconds,
				WebStoreInventoryLocationSourceType: "LocationGroup"}},
		DefaultCurrency: s.DefaultCurrency, CurrencyIsoCode: s.DefaultCurrency,
		SupportedCurrencies: s.SupportedCurrencies, SessionDrivenCurrency: s.SessionDrivenCurrency,
		OrderStatuses: orderStatuses, QuoteStatuses: []orderStatus{},
		ManagedCheckoutVersion:      s.ManagedCheckoutVersion,
		PropertiesEx:                propertiesEx{HighScaleCartEnabled: s.HighScaleCartEnabled},
		UsesSingleEntitlementPolicy: s.UsesSingleEntitlementPol,
	}
}
