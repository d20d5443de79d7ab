package demo

import (
	"fmt"

	"storefront/internal/records"
)

// catalogPlan says where products go: which category each leaf of the word lists maps to, which price books get an
// entry (and at what discount), and which entitlement policies list them. The demo store builds it in memory;
// `seed --products` reads it back from the database.
type catalogPlan struct {
	leaves      []category // the word lists' leaves, in tree order
	categoryIDs []string   // the category that receives leaf i's products
	books       []bookPlan
	policies    []string // entitlement policy ids; slot = index
	volumeID    string   // price adjustment schedules ("" when the store has none)
	caseBreakID string
}

type bookPlan struct {
	Slot  int
	ID    string
	Pct   int  // whole-percent discount off the list price
	Tiers bool // entries in this book carry the volume schedules
}

// demoBooks are the demo store's price books: list prices, guest prices and two negotiated books.
var demoBooks = []struct {
	name, description string
	pct               int
	standard, tiers   bool
}{
	{"Standard Price Book", "List prices of every product.", 0, true, false},
	{"Guest Price Book", "Prices shown to visitors who are not signed in.", 0, false, true},
	{"Contractor Pricing", "Negotiated prices for contractor accounts: 8% off list.", 8, false, true},
	{"Enterprise Pricing", "Negotiated prices for enterprise accounts: 15% off list.", 15, false, true},
}

func demoPlan() *catalogPlan {
	leaves := leafCategories(flattenTree())
	p := &catalogPlan{leaves: leaves, policies: []string{records.StableID(prefixPolicy, 1)},
		volumeID: records.StableID(prefixSchedule, 1), caseBreakID: records.StableID(prefixSchedule, 2)}
	for _, l := range leaves {
		p.categoryIDs = append(p.categoryIDs, l.ID)
	}
	for i, b := range demoBooks {
		p.books = append(p.books, bookPlan{Slot: i, ID: records.StableID(prefixPricebook, int64(i+1)), Pct: b.pct, Tiers: b.tiers})
	}
	return p
}

// productTables are the batches one run of products is written through.
type productTables struct {
	product, categoryLink, content, media, entry, inventory, entitlement *batch
}

func (w *writer) productTables() *productTables {
	return &productTables{
		product: w.table("Product2", "Name", "ProductCode", "StockKeepingUnit", "Description", "Family", "IsActive",
			"ProductClass", "QuantityUnitOfMeasure", "PackSize", "PurchaseQuantityMinimum", "PurchaseQuantityMaximum",
			"PurchaseQuantityIncrement", "Brand", "UrlName", "DisplayUrl"),
		categoryLink: w.table("ProductCategoryProduct", "ProductCategoryId", "ProductId", "IsPrimaryCategory"),
		content: w.table("ManagedContent", "ContentKey", "Title", "ContentType", "UrlName", "Url", "AltText",
			"MimeType", "IsPublished"),
		media:       w.table("ProductMedia", "ProductId", "ElectronicMediaId", "UsageType", "SortOrder"),
		entry:       w.table("PricebookEntry", "Pricebook2Id", "Product2Id", "UnitPrice", "IsActive", "PriceAdjustmentScheduleId"),
		inventory:   w.table("ProductInventory", "ProductId", "QuantityOnHand", "QuantityReserved", "LowStockThreshold", "LocationName"),
		entitlement: w.table("CommerceEntitlementProduct", "PolicyId", "ProductId"),
	}
}

// writeProducts queues products from..to (inclusive) with their category link, image, price book entries, stock
// and entitlements.
func (w *writer) writeProducts(t *productTables, plan *catalogPlan, from, to int) error {
	for n := from; n <= to; n++ {
		p := makeProduct(n, plan.leaves)
		if err := w.writeProduct(t, plan, p); err != nil {
			return err
		}
	}
	return nil
}

func (w *writer) writeProduct(t *productTables, plan *catalogPlan, p product) error {
	n := int64(p.N)
	url := mediaURL(p.ContentKey)
	var rMin, rMax, rInc any
	if p.Rule != nil {
		rMin, rMax, rInc = p.Rule.Min, p.Rule.Max, p.Rule.Increment
	}
	if err := t.product.add(p.ID, p.Name, p.Code, p.SKU, p.Description, p.Family, true, "Simple", p.UOM, p.Pack,
		rMin, rMax, rInc, p.Brand, p.UrlName, url); err != nil {
		return err
	}
	if err := t.categoryLink.add(records.StableID(prefixCategoryProduct, n), plan.categoryIDs[p.Leaf], p.ID, true); err != nil {
		return err
	}
	if err := t.content.add(p.ContentID, p.ContentKey, p.Name, "cms_image", p.UrlName, url, p.Name,
		"image/svg+xml", true); err != nil {
		return err
	}
	for i, usage := range []string{"ListImage", "ProductDetailImage"} {
		if err := t.media.add(records.StableID(prefixProductMedia, n*2+int64(i)), p.ID, p.ContentID, usage, 0); err != nil {
			return err
		}
	}
	for _, b := range plan.books {
		if err := t.entry.add(records.StableID(prefixEntry, n*maxBookSlots+int64(b.Slot)), b.ID, p.ID,
			money(discounted(p.ListCents, b.Pct)), true, plan.scheduleFor(b, p)); err != nil {
			return err
		}
	}
	if err := t.inventory.add(records.StableID(prefixInventory, n), p.ID, p.Stock, 0, 10, "Central Warehouse"); err != nil {
		return err
	}
	for slot, policy := range plan.policies {
		if err := t.entitlement.add(records.StableID(prefixPolicyProduct, n*maxPolicySlots+int64(slot)), policy, p.ID); err != nil {
			return err
		}
	}
	return nil
}

// scheduleFor picks the volume schedule of a product's entry in a book: every 6th product gets percentage tiers,
// some others over $20 get amount-off case-break tiers; list-price books get none. nil means no schedule.
func (plan *catalogPlan) scheduleFor(b bookPlan, p product) any {
	if !b.Tiers {
		return nil
	}
	switch {
	case p.N%6 == 0 && plan.volumeID != "":
		return plan.volumeID
	case p.N%10 == 3 && p.ListCents >= 2000 && plan.caseBreakID != "":
		return plan.caseBreakID
	}
	return nil
}

func (plan *catalogPlan) validate() error {
	if len(plan.books) > maxBookSlots {
		return fmt.Errorf("demo: the store has %d price books; the generator handles at most %d", len(plan.books), maxBookSlots)
	}
	if len(plan.policies) > maxPolicySlots {
		return fmt.Errorf("demo: the store has %d entitlement policies; the generator handles at most %d", len(plan.policies), maxPolicySlots)
	}
	if len(plan.categoryIDs) == 0 {
		return fmt.Errorf("demo: the store's catalog has no categories to put products in")
	}
	return nil
}
