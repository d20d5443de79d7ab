package cart

import (
	"math/big"
	"strconv"

	"storefront/internal/platform/wire"
)

// The wire shapes of the cart calls (contracts/commerce/SHAPES.md 2.3 and the captured examples): money and
// quantities are strings, counts are numbers.

// MessagesSummary is the messagesSummary every cart and cart item carries.
type MessagesSummary struct {
	ErrorCount               *int     `json:"errorCount"`
	HasErrors                *bool    `json:"hasErrors"`
	LimitedMessages          []string `json:"limitedMessages"`
	RelatedEntityID          *string  `json:"relatedEntityId"`
	TotalLineItemsWithErrors *int     `json:"totalLineItemsWithErrors,omitempty"`
}

func noMessages() MessagesSummary { return MessagesSummary{LimitedMessages: []string{}} }

// Summary is the Cart Summary.
type Summary struct {
	AccountID                          *string         `json:"accountId"`
	AsyncOperationStatus               string          `json:"asyncOperationStatus"`
	CartID                             *string         `json:"cartId"`
	CurrencyIsoCode                    string          `json:"currencyIsoCode"`
	GrandTotalAmount                   string          `json:"grandTotalAmount"`
	IsSecondary                        bool            `json:"isSecondary"`
	MessagesSummary                    MessagesSummary `json:"messagesSummary"`
	Name                               string          `json:"name"`
	OwnerID                            *string         `json:"ownerId"`
	PurchaseOrderNumber                *string         `json:"purchaseOrderNumber"`
	Status                             string          `json:"status"`
	TaxType                            string          `json:"taxType"`
	TotalAmountWithItemAdjustment      string          `json:"totalAmountWithItemAdjustment"`
	TotalCartLevelAdjustmentAmount     string          `json:"totalCartLevelAdjustmentAmount"`
	TotalChargeAmount                  string          `json:"totalChargeAmount"`
	TotalListPrice                     string          `json:"totalListPrice"`
	TotalProductAmount                 string          `json:"totalProductAmount"`
	TotalProductAmountAfterAdjustments string          `json:"totalProductAmountAfterAdjustments"`
	TotalProductCount                  string          `json:"totalProductCount"`
	TotalPromotionalAdjustmentAmount   string          `json:"totalPromotionalAdjustmentAmount"`
	TotalTaxAmount                     string          `json:"totalTaxAmount"`
	Type                               string          `json:"type"`
	UniqueProductCount                 int64           `json:"uniqueProductCount"`
	WebstoreID                         string          `json:"webstoreId"`
}

// summaryOf is a stored cart's summary.
func summaryOf(c *Cart, defaultCurrency string) *Summary {
	t := c.Totals
	status := "Completed"
	if c.Status == StatusProcessing {
		status = StatusProcessing
	}
	out := &Summary{AccountID: optional(c.AccountID), AsyncOperationStatus: status, CartID: &c.ID,
		CurrencyIsoCode: orElse(c.Currency, defaultCurrency), GrandTotalAmount: total(t["grandtotalamount"]),
		MessagesSummary: noMessages(), Name: c.Name, OwnerID: optional(c.OwnerID),
		PurchaseOrderNumber: optional(c.PoNumber), Status: c.Status, TaxType: orElse(c.TaxType, "Net"),
		TotalAmountWithItemAdjustment:      total(t["totalproductamount"] + t["totalitemizedadjustmentamount"]),
		TotalCartLevelAdjustmentAmount:     total(t["totalcartleveladjustmentamount"]),
		TotalChargeAmount:                  total(t["totalchargeamount"]),
		TotalListPrice:                     total(t["totallistprice"]),
		TotalProductAmount:                 total(t["totalproductamount"]),
		TotalProductAmountAfterAdjustments: total(t["totalproductafteradjustments"]),
		TotalProductCount:                  wire.Quantity(big.NewRat(c.TotalProductCount, 1)),
		TotalPromotionalAdjustmentAmount:   total(t["totalpromoadjustmentamount"]),
		TotalTaxAmount:                     total(t["totaltaxamount"]), Type: c.Type,
		UniqueProductCount: c.UniqueProductCount, WebstoreID: c.StoreID, IsSecondary: c.Secondary}
	return out
}

// total writes a cart total as the real Cart Summary does: "0" for nothing, otherwise two decimal places.
func total(cents int64) string {
	if cents == 0 {
		return "0"
	}
	return wire.Money(cents, 2)
}

// Item is the Cart Item.
type Item struct {
	CartDeliveryGroupID         *string         `json:"cartDeliveryGroupId"`
	CartID                      string          `json:"cartId"`
	CartItemID                  string          `json:"cartItemId"`
	CurrencyIsoCode             string          `json:"currencyIsoCode"`
	ItemizedAdjustmentAmount    string          `json:"itemizedAdjustmentAmount"`
	ListPrice                   *string         `json:"listPrice"`
	MessagesSummary             MessagesSummary `json:"messagesSummary"`
	Name                        string          `json:"name"`
	ProductDetails              ProductDetails  `json:"productDetails"`
	ProductID                   *string         `json:"productId"`
	Quantity                    string          `json:"quantity"`
	SalesPrice                  string          `json:"salesPrice"`
	TotalAdjustmentAmount       string          `json:"totalAdjustmentAmount"`
	TotalAmount                 string          `json:"totalAmount"`
	TotalListPrice              string          `json:"totalListPrice"`
	TotalPrice                  string          `json:"totalPrice"`
	TotalTax                    string          `json:"totalTax"`
	Type                        string          `json:"type"`
	UnitAdjustedPrice           string          `json:"unitAdjustedPrice"`
	UnitAdjustmentAmount        string          `json:"unitAdjustmentAmount"`
	DistributedAdjustmentAmount string          `json:"distributedAdjustmentAmount"`
	ProductClass                string          `json:"productClass"`
}

// ProductDetails is the Cart Item Product.
type ProductDetails struct {
	Fields               map[string]*string `json:"fields"`
	Name                 string             `json:"name"`
	ProductID            *string            `json:"productId"`
	PurchaseQuantityRule *QuantityRule      `json:"purchaseQuantityRule"`
	Sku                  string             `json:"sku"`
	ThumbnailImage       *Image             `json:"thumbnailImage"`
}

// QuantityRule is the product's purchase quantity rule, as the catalog sends it.
type QuantityRule struct {
	Increment string `json:"increment"`
	Maximum   string `json:"maximum"`
	Minimum   string `json:"minimum"`
}

// Image is a product image.
type Image struct {
	AlternateText    *string `json:"alternateText"`
	ContentVersionID *string `json:"contentVersionId"`
	ID               string  `json:"id"`
	MediaType        string  `json:"mediaType"`
	SortOrder        int     `json:"sortOrder"`
	ThumbnailURL     *string `json:"thumbnailUrl"`
	Title            string  `json:"title"`
	URL              string  `json:"url"`
}

// ItemResult wraps an item in a collection, as the real API does.
type ItemResult struct {
	CartItem *Item   `json:"cartItem"`
	Message  *string `json:"message"`
	Status   string  `json:"status"`
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func orElse(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func amount(cents int64) string { return wire.Money(cents, 2) }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
