package pricing

import "storefront/internal/records"

// Register gives the engine the rules of the price objects, which hold for every writer (staff in the console, the
// records API, imports): no price or volume tier below zero. A price saved is served at once: price book entries
// and tiers are catalog tables (db.Catalog), whose version moves with the write and drops the kept prices.
func Register(e *records.Engine) {
	e.OnRecords("PricebookEntry", records.Hooks{BeforeSave: records.NotNegative("UnitPrice")})
	e.OnRecords("PriceAdjustmentTier", records.Hooks{BeforeSave: records.NotNegative("LowerBound", "UpperBound", "TierValue")})
}
