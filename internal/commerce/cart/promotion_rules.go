package cart

import (
	"context"

	"storefront/internal/records"
)

// The rules of the objects carts are priced and stocked by, hooks that hold for every writer (staff in the console,
// the records API, imports): what the cart's arithmetic (promotions.go, stock.go) takes for granted.

// percentScale is DiscountValue's scale: 100% is 10000 units.
const percentScale = 2

// checkPromotions: a percentage or amount off has a value above zero, a percentage at most 100, and a promotion
// does not end before it starts.
func checkPromotions(ctx context.Context, ev *records.SaveEvent) error {
	if err := records.NotNegative("DiscountValue", "MinimumOrderAmount")(ctx, ev); err != nil {
		return err
	}
	for _, rec := range ev.Records {
		value, _ := records.ParseScaled(rec.String("DiscountValue"), percentScale)
		switch kind := rec.String("DiscountType"); {
		case (kind == "PercentageOff" || kind == "AmountOff") && value <= 0:
			return records.Refuse(records.CodeRule, "DiscountValue", "A %s promotion needs a discount value above zero.", kind)
		case kind == "PercentageOff" && value > 100*100:
			return records.Refuse(records.CodeRule, "DiscountValue", "A percentage off can't be more than 100.")
		}
		if err := datesInOrder(rec); err != nil {
			return err
		}
	}
	return nil
}

// datesInOrder refuses an end date before the start date (both set; dates are held as yyyy-mm-dd).
func datesInOrder(rec *records.Record) error {
	start, end := rec.String("StartDate"), rec.String("EndDate")
	if start != "" && end != "" && end < start {
		return records.Refuse(records.CodeRule, "EndDate", "The end date can't be before the start date.")
	}
	return nil
}
