package calc

// Cents is an amount of money in minor units (1234 is 12.34).
type Cents int64

// Rate is a percentage with four decimals: 8.875% is 88750, 100% is RateScale.
type Rate int64

// RateScale is the Rate of 100%.
const RateScale Rate = 1_000_000

// TaxType says whether prices exclude tax (Net: tax is added on top) or include it (Gross), as the store's
// application context taxType does.
type TaxType string

// Tax types.
const (
	TaxNet   TaxType = "Net"
	TaxGross TaxType = "Gross"
)

// DiscountType is how a promotion computes its discount.
type DiscountType string

// Discount types.
const (
	PercentageOff DiscountType = "PercentageOff"
	AmountOff     DiscountType = "AmountOff"
	FreeShipping  DiscountType = "FreeShipping" // DeliveryCharge promotions only
)

// TargetType is what a promotion discounts; the values are the wire's targetType.
type TargetType string

// Target types.
const (
	TargetCart           TargetType = "Cart"
	TargetItem           TargetType = "Item"
	TargetDeliveryCharge TargetType = "DeliveryCharge"
)

// Input is the cart snapshot Calculate prices.
type Input struct {
	TaxType TaxType
	TaxRate Rate // the ship-to region's rate; 0 for no tax
	Lines   []Line
	// Promotions are those active now and applicable to this cart: automatic ones and those unlocked by a coupon
	// applied to it. The caller filters by dates and activity; their order does not matter.
	Promotions []Promotion
	// DeliveryCharges are the shipping fees per delivery group; empty before checkout picks a delivery method.
	DeliveryCharges []DeliveryCharge
}

// Line is one product line (CartItem of type Product).
type Line struct {
	ID          string
	ProductID   string
	CategoryIDs []string // the product's categories and all their ancestors
	Quantity    int64    // > 0
	UnitPrice   Cents    // the best entitled base price
	ListPrice   *Cents   // nil when the product has no list price
	Tiers       []Tier   // volume tiers by lower bound; the first covering the quantity wins
}

// Tier is one volume tier: UnitPrice for quantities from LowerBound to UpperBound, both inclusive (UpperBound 0:
// no upper bound), as pricing.Price.UnitPriceAt reads them.
type Tier struct {
	LowerBound, UpperBound int64
	UnitPrice              Cents
}

// Promotion is one promotion that may apply to the cart.
type Promotion struct {
	ID                 string
	DisplayName        string
	TermsAndConditions string
	CouponCode         string // "" for an automatic promotion
	CartCouponID       string // the cart coupon (WebCartAdjustmentBasis) that unlocked it
	DiscountType       DiscountType
	Percent            Rate  // PercentageOff
	Amount             Cents // AmountOff: per unit for Item, in total for Cart and DeliveryCharge
	TargetType         TargetType
	// TargetProductID and TargetCategoryID select the lines of an Item promotion; both blank: every line.
	TargetProductID  string
	TargetCategoryID string
	// MinimumOrderAmount is the product subtotal the cart must reach (0: none); which subtotal depends on the
	// target type, see the package comment.
	MinimumOrderAmount Cents
	Priority           int // lower applies first
}

// DeliveryCharge is the shipping fee of one delivery group.
type DeliveryCharge struct {
	GroupID string
	Amount  Cents
}

// Result is everything Calculate works out. Adjustment amounts are ≤ 0; every other amount is ≥ 0.
type Result struct {
	Lines           []LineResult   // in the order of Input.Lines
	DeliveryCharges []ChargeResult // in the order of Input.DeliveryCharges
	// Promotions are those that applied, in the order they applied (Priority, then ID).
	Promotions []AppliedPromotion
	// UnappliedCoupons are the coupon-unlocked promotions that did not apply, in the same order.
	UnappliedCoupons []UnappliedCoupon
	Summary          Summary
}

// LineResult is a priced line, named after the Cart Item fields.
type LineResult struct {
	ID             string
	SalesPrice     Cents  // unit price after volume tiers
	ListPrice      *Cents // nil when the product has no list price
	TotalPrice     Cents  // SalesPrice × Quantity
	TotalListPrice Cents  // ListPrice × Quantity, or TotalPrice without a list price
	// ItemizedAdjustmentAmount is the sum of the item promotions on this line; DistributedAdjustmentAmount is the
	// line's share of the cart promotions (CartItem.DistributedAdjustmentAmount); TotalAdjustmentAmount is both.
	ItemizedAdjustmentAmount    Cents
	DistributedAdjustmentAmount Cents
	TotalAdjustmentAmount       Cents
	TotalAmount                 Cents // TotalPrice + TotalAdjustmentAmount
	UnitAdjustedPrice           Cents // TotalAmount / Quantity, rounded
	TotalTax                    Cents
	// Adjustments are the promotions that took something from this line, item ones first, each in the order
	// they applied: the line's price adjustments (CartItemPriceAdjustment).
	Adjustments []Adjustment
}

// Adjustment is what one promotion took from one line or delivery charge.
type Adjustment struct {
	PromotionID string
	TargetType  TargetType
	Amount      Cents // < 0
}

// ChargeResult is a delivery charge after its promotions and with its tax (Delivery Method shippingFee,
// totalAdjustmentAmount, adjustedShippingFee).
type ChargeResult struct {
	GroupID          string
	Amount           Cents // before adjustments
	AdjustmentAmount Cents // ≤ 0
	AdjustedAmount   Cents // Amount + AdjustmentAmount
	TotalTax         Cents
	Adjustments      []Adjustment
}

// AppliedPromotion is a Cart Promotion row of the wire.
type AppliedPromotion struct {
	PromotionID        string
	DisplayName        string
	TermsAndConditions string
	CouponCode         string
	CartCouponID       string
	TargetType         TargetType
	AdjustmentAmount   Cents // ≤ 0, over the whole cart
}

// UnappliedReason says why a coupon's promotion did not apply.
type UnappliedReason string

// Unapplied reasons.
const (
	// NoMatchingItems: no line is in the promotion's target (or the cart is empty).
	NoMatchingItems UnappliedReason = "NoMatchingItems"
	// MinimumNotMet: the subtotal is below MinimumOrderAmount; Shortfall says by how much.
	MinimumNotMet UnappliedReason = "MinimumNotMet"
	// NoDeliveryCharges: a delivery promotion on a cart without delivery charges yet (before checkout).
	NoDeliveryCharges UnappliedReason = "NoDeliveryCharges"
)

// UnappliedCoupon is a coupon-unlocked promotion that did not apply.
type UnappliedCoupon struct {
	PromotionID  string
	CouponCode   string
	CartCouponID string
	Reason       UnappliedReason
	Shortfall    Cents // MinimumNotMet: what the subtotal lacks; 0 otherwise
}

// Summary holds the cart's totals, named after the Cart Summary fields.
type Summary struct {
	TotalProductCount         int64 // sum of the quantities
	UniqueProductCount        int   // distinct products
	TotalProductLineItemCount int   // product lines
	TotalListPrice            Cents
	TotalProductAmount        Cents // sum of TotalPrice
	TotalItemAdjustmentAmount Cents // ≤ 0
	// TotalCartLevelAdjustmentAmount is the cart promotions' total (≤ 0); TotalPromotionalAdjustmentAmount adds the
	// item promotions: every product promotion, delivery ones excluded.
	TotalCartLevelAdjustmentAmount     Cents
	TotalPromotionalAdjustmentAmount   Cents
	TotalProductAmountAfterAdjustments Cents
	TotalAmountWithItemAdjustment      Cents // TotalProductAmount + TotalItemAdjustmentAmount
	TotalChargeAmount                  Cents // delivery charges after their adjustments
	TotalTaxAmount                     Cents
	GrandTotalAmount                   Cents
}
