package calc

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// Helpers shared by the package's tests.

func ptr(c Cents) *Cents { return &c }

// line is a product line of qty units at price, in the categories given (ancestors included).
func line(id, product string, qty int64, price Cents, categories ...string) Line {
	return Line{ID: id, ProductID: product, CategoryIDs: categories, Quantity: qty, UnitPrice: price}
}

func itemPct(id string, pct Rate) Promotion {
	return Promotion{ID: id, DisplayName: id, DiscountType: PercentageOff, Percent: pct, TargetType: TargetItem}
}

func itemAmt(id string, amount Cents) Promotion {
	return Promotion{ID: id, DisplayName: id, DiscountType: AmountOff, Amount: amount, TargetType: TargetItem}
}

func cartPct(id string, pct Rate, minimum Cents) Promotion {
	return Promotion{ID: id, DiscountType: PercentageOff, Percent: pct, TargetType: TargetCart, MinimumOrderAmount: minimum}
}

func cartAmt(id string, amount, minimum Cents) Promotion {
	return Promotion{ID: id, DiscountType: AmountOff, Amount: amount, TargetType: TargetCart, MinimumOrderAmount: minimum}
}

func coupon(p Promotion, code string) Promotion {
	p.CouponCode, p.CartCouponID = code, "cc-"+code
	return p
}

// calculate validates the input (every test input is a valid snapshot) and calculates it.
func calculate(t testing.TB, in Input) Result {
	t.Helper()
	if in.TaxType == "" {
		in.TaxType = TaxNet
	}
	if err := in.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return Calculate(in)
}

// lineTotals is the (TotalPrice, Itemized, Distributed, TotalAmount) of each line, the figures most tests check.
func lineTotals(r Result) [][4]Cents {
	out := make([][4]Cents, len(r.Lines))
	for i, l := range r.Lines {
		out[i] = [4]Cents{l.TotalPrice, l.ItemizedAdjustmentAmount, l.DistributedAdjustmentAmount, l.TotalAmount}
	}
	return out
}

func TestEmptyCart(t *testing.T) {
	r := calculate(t, Input{TaxRate: 88750, Promotions: []Promotion{
		cartAmt("auto", 500, 0), coupon(cartPct("c", 100000, 0), "TEN"), coupon(itemPct("i", 100000), "ITEM"),
	}})
	if r.Summary != (Summary{}) || len(r.Lines) != 0 || len(r.Promotions) != 0 || len(r.DeliveryCharges) != 0 {
		t.Fatalf("empty cart: %+v", r)
	}
	want := []UnappliedCoupon{
		{PromotionID: "c", CouponCode: "TEN", CartCouponID: "cc-TEN", Reason: NoMatchingItems},
		{PromotionID: "i", CouponCode: "ITEM", CartCouponID: "cc-ITEM", Reason: NoMatchingItems},
	}
	if !reflect.DeepEqual(r.UnappliedCoupons, want) {
		t.Fatalf("unapplied = %+v, want %+v", r.UnappliedCoupons, want)
	}
}

// TestWholeCart checks every summary figure of one cart with a tier, a list price, item, cart and delivery
// promotions and Net tax, worked out by hand.
func TestWholeCart(t *testing.T) {
	gloves := line("l1", "gloves", 10, 1000, "ppe", "safety")
	gloves.Tiers = []Tier{{LowerBound: 10, UpperBound: 49, UnitPrice: 900}}
	gloves.ListPrice = ptr(1200)
	boots := line("l2", "boots", 1, 5000, "footwear", "safety")
	in := Input{TaxType: TaxNet, TaxRate: 100000, // 10%
		Lines: []Line{gloves, boots, line("l3", "gloves", 2, 1000, "ppe", "safety")},
		Promotions: []Promotion{
			itemPct("ppe10", 100000), // 10% off gloves: l1 900, l3 200
			cartAmt("five", 500, 0),
			{ID: "ship", DiscountType: FreeShipping, TargetType: TargetDeliveryCharge, MinimumOrderAmount: 12000},
		},
		DeliveryCharges: []DeliveryCharge{{GroupID: "g1", Amount: 995}},
	}
	in.Promotions[0].TargetCategoryID = "ppe"
	r := calculate(t, in)
	// After items: 8100, 5000, 1800 = 14900; 500 spread by largest remainder: 271.81, 167.79, 60.40 -> 272/168/60.
	want := [][4]Cents{{9000, -900, -272, 7828}, {5000, 0, -168, 4832}, {2000, -200, -60, 1740}}
	if got := lineTotals(r); !reflect.DeepEqual(got, want) {
		t.Fatalf("lines = %v, want %v", got, want)
	}
	if r.Lines[0].SalesPrice != 900 || *r.Lines[0].ListPrice != 1200 || r.Lines[0].TotalListPrice != 12000 ||
		r.Lines[0].UnitAdjustedPrice != 783 || r.Lines[0].TotalTax != 783 {
		t.Fatalf("line 1 = %+v", r.Lines[0])
	}
	wantSummary := Summary{TotalProductCount: 13, UniqueProductCount: 2, TotalProductLineItemCount: 3,
		TotalListPrice: 12000 + 5000 + 2000, TotalProductAmount: 16000, TotalItemAdjustmentAmount: -1100,
		TotalCartLevelAdjustmentAmount: -500, TotalPromotionalAdjustmentAmount: -1600,
		TotalProductAmountAfterAdjustments: 14400, TotalAmountWithItemAdjustment: 14900, TotalChargeAmount: 0,
		TotalTaxAmount: 783 + 483 + 174, GrandTotalAmount: 14400 + 1440}
	if r.Summary != wantSummary {
		t.Fatalf("summary = %+v\nwant      %+v", r.Summary, wantSummary)
	}
	wantPromos := []AppliedPromotion{
		{PromotionID: "five", TargetType: TargetCart, AdjustmentAmount: -500},
		{PromotionID: "ppe10", DisplayName: "ppe10", TargetType: TargetItem, AdjustmentAmount: -1100},
		{PromotionID: "ship", TargetType: TargetDeliveryCharge, AdjustmentAmount: -995},
	}
	if !reflect.DeepEqual(r.Promotions, wantPromos) {
		t.Fatalf("promotions = %+v", r.Promotions)
	}
	wantCharge := ChargeResult{GroupID: "g1", Amount: 995, AdjustmentAmount: -995, AdjustedAmount: 0,
		Adjustments: []Adjustment{{PromotionID: "ship", TargetType: TargetDeliveryCharge, Amount: -995}}}
	if !reflect.DeepEqual(r.DeliveryCharges, []ChargeResult{wantCharge}) {
		t.Fatalf("charges = %+v", r.DeliveryCharges)
	}
}

// TestDeterministic: the same snapshot gives the same result, whatever the order of its promotions.
func TestDeterministic(t *testing.T) {
	in := benchInput(40, 10)
	want := Calculate(in)
	checkInvariants(t, in, want)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		shuffled := in
		shuffled.Promotions = append([]Promotion(nil), in.Promotions...)
		rng.Shuffle(len(shuffled.Promotions), func(i, j int) {
			shuffled.Promotions[i], shuffled.Promotions[j] = shuffled.Promotions[j], shuffled.Promotions[i]
		})
		if got := Calculate(shuffled); !reflect.DeepEqual(got, want) {
			t.Fatal("the order of the promotions changed the result")
		}
	}
	if len(want.Promotions) == 0 || want.Summary.TotalCartLevelAdjustmentAmount == 0 {
		t.Fatal("the benchmark cart applies no cart promotion: the test proves little")
	}
}

// TestResultOwnsItsData: a caller reusing its Input must not change a Result.
func TestResultOwnsItsData(t *testing.T) {
	l := line("l1", "p", 1, 100)
	l.ListPrice = ptr(150)
	in := Input{TaxType: TaxNet, Lines: []Line{l}}
	r := Calculate(in)
	*in.Lines[0].ListPrice = 999
	if *r.Lines[0].ListPrice != 150 {
		t.Fatal("the result's list price points into the input")
	}
}
