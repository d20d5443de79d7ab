// Package calc prices a cart: one pure function, Calculate, from a snapshot of the cart (lines with their entitled
// prices and volume tiers, the promotions that may apply, the delivery charges, the tax rate) to every amount the
// Cart Summary and Cart Item wire shapes carry. It reads no database, clock or global, so the request path (small
// carts), the background recalculation (large carts) and the benchmarks run exactly the same code, and the same
// snapshot always gives the same result.
//
// # Numbers
//
// Money is Cents (minor units; stored currency fields have two decimals). A Rate is a percentage with four
// decimals (8.875% is 88750, 100% is RateScale). Quantities are whole units. Every product that can exceed 64 bits
// (quantity × price, amount × rate, allocation shares) is computed on a 128-bit intermediate. Rounding is to the
// cent, half away from zero; every rounded value is a magnitude (≥ 0), so that is half up. Validate states the
// bounds within which no total can overflow; Calculate never panics outside them but its figures are then unspecified.
//
// # Rules
//
// Line pricing. A line's SalesPrice is the unit price of the first of its Tiers covering its quantity
// (LowerBound ≤ quantity ≤ UpperBound, UpperBound 0 meaning no bound), else its UnitPrice. TotalPrice is
// SalesPrice × Quantity; TotalListPrice is ListPrice × Quantity, or TotalPrice when the product has no list price.
//
// Promotion order. Promotions apply in Priority order (lower first), then by ID, so the order they are passed in
// never matters. Promotion IDs are unique.
//
// Item promotions (TargetType Item) apply to every line they match: the line's product is TargetProductID, or
// TargetCategoryID is among the line's CategoryIDs (which include every ancestor), or both are blank (every
// line). PercentageOff takes Percent of the line's TotalPrice; AmountOff takes Amount off each unit (Amount ×
// Quantity). They stack, but the adjustments of a line never exceed its TotalPrice: a later promotion takes what is
// left. MinimumOrderAmount is compared with the product subtotal before any adjustment (the sum of TotalPrice),
// since item adjustments cannot depend on themselves.
//
// Cart promotions (TargetType Cart) qualify when the subtotal after item adjustments reaches MinimumOrderAmount.
// PercentageOff takes Percent of that subtotal, AmountOff takes Amount; they stack, and together never take more
// than that subtotal. Each is spread over the lines by the largest-remainder method so the shares add up exactly
// to the promotion's amount: line i gets floor(amount × w_i / W), and the cents still missing go one each to the
// lines with the largest remainders, ties to the earlier line. The weight w_i is what is left of the line after
// the item adjustments and the shares of the cart promotions before this one (for the first cart promotion: the
// line's amount after item adjustments). Weighing what is left rather than the post-item amount keeps every line
// at or above zero however many cart promotions round up on the same line.
//
// Delivery charge promotions (TargetType DeliveryCharge) qualify when the cart has delivery charges and the
// product subtotal after all product adjustments reaches MinimumOrderAmount. FreeShipping takes all that is left
// of the charges; PercentageOff takes Percent of the charges' total before any adjustment; AmountOff takes Amount
// off the total. None takes a charge below zero; each is spread over the charges as cart promotions are over lines.
//
// Tax is per line on its TotalAmount and per delivery charge on its amount after adjustments. Net (tax added):
// round(amount × rate). Gross (prices include tax; the tax is the included part): amount − round(amount / (1 +
// rate)). The grand total is products after adjustments plus charges after adjustments, plus the tax when Net.
//
// Reporting. Adjustment amounts are negative, as on the wire (totalPromotionalAdjustmentAmount "-10.00"). A
// promotion is applied when it matched (an item promotion: at least one line; a cart promotion: a non-empty cart;
// a delivery promotion: at least one charge) and its minimum was reached, even if the lines it matched had nothing
// left to take; those are Result.Promotions. A line lists only the adjustments that took something from it. A
// promotion unlocked by a coupon (CouponCode set) that did not apply is in Result.UnappliedCoupons with the reason,
// so the buyer can be told why; an automatic one that did not apply is not reported.
//
// CheckQuantity enforces a product's quantity rule (minimum, maximum, increment) with a message for the buyer.
package calc
