package cart

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"time"

	"storefront/internal/commerce/cart/calc"
	"storefront/internal/platform/db"
	"storefront/internal/platform/metrics"
	"storefront/internal/platform/wire"
	"storefront/internal/records"
)

// recalculate prices the cart's lines for its account (best entitled price, volume tier), applies the promotions
// and the ship-to region's tax with calc.Calculate, and stores the result: the lines' prices, the applied
// promotions, the cart's totals, and the next revision. It runs inside the transaction of the change that made it
// necessary, with a fixed number of statements however many lines the cart has.
func (s *Service) recalculate(ctx context.Context, tx *db.Tx, c *Cart) error {
	defer metrics.ObserveCartRecalculation(time.Now())
	p, err := s.price(ctx, tx, c)
	if err != nil {
		return err
	}
	return s.store(ctx, tx, c, p)
}

// priced is a calculation of a cart: its input, the stored lines (in the order of the input's lines) and the facts
// it was built from, and its result.
type priced struct {
	in          calc.Input
	lines       []line
	facts       *cartFacts
	adjustments map[string][]storedAdjustment // as stored (knownLines.adjustments)
	res         calc.Result
}

// price runs the cart calculation over the cart's stored lines, today's promotions and the ship-to region's tax,
// writing nothing but the cart's default delivery group when it has none.
func (s *Service) price(ctx context.Context, tx *db.Tx, c *Cart) (*priced, error) {
	p, err := s.priceInput(ctx, tx, c)
	if err != nil {
		return nil, err
	}
	p.res = calc.Calculate(p.in)
	return p, nil
}

func (s *Service) priceInput(ctx context.Context, tx *db.Tx, c *Cart) (*priced, error) {
	known, err := c.knownLines(ctx, tx)
	if err != nil {
		return nil, err
	}
	facts := c.facts
	if facts == nil {
		if facts, err = readFacts(ctx, tx, c); err != nil {
			return nil, err
		}
		for _, p := range facts.promotions { // read in tx: the adjustments naming them need no reference check
			records.ReadInTx(tx, p.ID)
		}
		if facts.region.found { // nor does an order naming the store and the account, read with the groups
			records.ReadInTx(tx, c.StoreID)
		}
		if facts.region.account.Valid {
			records.ReadInTx(tx, facts.region.account.String)
		}
	}
	hadDefault := len(facts.groups) > 0 && facts.groups[0].isDefault
	if facts.groups, err = s.withDefaultGroup(ctx, tx, c.ID, facts.groups); err != nil {
		return nil, err
	}
	if !hadDefault {
		c.factsRead = nil // the default group was written: the facts as read ahead are behind the cart
	}
	// The calculation's output as stored: known with the lines when an add read them ahead or kept them (every
	// write of them outside the calculation recalculates the cart, hooks.go, so they hold while its revision does).
	if known.adjustments == nil {
		if known.adjustments, err = storedAdjustments(ctx, tx, c.ID); err != nil {
			return nil, err
		}
	}
	p := &priced{lines: known.products, facts: facts, adjustments: known.adjustments}
	// A buyer's change takes the prices its lines keep while the catalog holds; the others read them all again.
	if err := s.priceLines(ctx, s.catalog(tx, c), c, p.lines, facts.promotions, c.read, !c.catalogFromMemory); err != nil {
		return nil, err
	}
	setting, err := facts.region.taxSetting(ctx, s.catalog(tx, c), c.StoreID, &facts.groups[0])
	if err != nil {
		return nil, err
	}
	p.in = calc.Input{TaxType: setting.taxType, TaxRate: setting.rate, Promotions: facts.promotions,
		Lines: make([]calc.Line, len(p.lines)), DeliveryCharges: deliveryCharges(facts.groups, p.lines)}
	for i, l := range p.lines {
		p.in.Lines[i] = l.calcLine()
	}
	return p, nil
}

// cartFacts are what a cart's calculation reads of the cart besides its lines and the catalog: the promotions that
// may apply today (automatic ones and those its coupons unlock), its delivery groups with their methods' fees, what
// else decides its tax region.
type cartFacts struct {
	promotions []calc.Promotion
	groups     []group
	region     shipRegion
}

// readFacts reads c's facts through q (two statements).
func readFacts(ctx context.Context, q db.Querier, c *Cart) (*cartFacts, error) {
	var f cartFacts
	var err error
	if f.promotions, err = loadPromotions(ctx, q, c.ID, today()); err != nil {
		return nil, err
	}
	if f.groups, f.region, err = readGroups(ctx, q, c); err != nil {
		return nil, err
	}
	return &f, nil
}

// today is the date promotions are current on (UTC).
func today() string { return time.Now().UTC().Format(records.DateLayout) }

// clone is a copy of the facts as read, for a kept cart: the change that uses them may write to its groups.
func (f *cartFacts) clone() *cartFacts {
	out := *f
	out.groups = slices.Clone(f.groups)
	return &out
}

// catalog is where c's change reads catalog rows: the database, whose reads of them are kept in memory, or tx
// (see Cart.catalogFromMemory).
func (s *Service) catalog(tx *db.Tx, c *Cart) db.Querier {
	if c.catalogFromMemory {
		return s.DB
	}
	return tx
}

// line is a stored product line as the calculation needs it.
type line struct {
	id, productID       string
	groupID             string // CartDeliveryGroupId: "" ships with the default group
	quantity            int64
	salesPrice, listAmt sql.NullInt64 // the last calculation's prices, kept for a product that lost its price
	// stored is the rest of the last calculation's result as stored (whole cents), so that a recalculation writes
	// only the lines whose result changed.
	stored storedPrices
	// row is the line's row as the engine stored it, kept with the cart as Cart.row is; nil when not known.
	row *records.Record
	// price is the line's price as the last calculation of it took it (lineprices.go); nil when not known.
	price *linePrice
}

// storedPrices are a line's calculated amounts besides SalesPrice and ListPrice, in the columns' order of
// lineColumns.
type storedPrices struct {
	totalPrice, totalListPrice, itemized, distributed, totalAdjustment, totalAmount, unitAdjusted, totalTax sql.NullInt64
}

// loadLines are the cart's product lines in line order.
func loadLines(ctx context.Context, q db.Querier, cartID string) ([]line, error) {
	k, err := loadKnownLines(ctx, q, cartID)
	if err != nil {
		return nil, err
	}
	return k.products, nil
}

// knownLines are a cart's lines as its change read them in the transaction and changed them since, so that the
// change reads them once: an add finds its products' lines and counts the cart's lines, and the calculation after
// it prices the same lines. A line whose quantity the change sets (quantity) is written once, with its prices, by
// the calculation (store), not once for the quantity and again for the prices.
type knownLines struct {
	products []line           // the product lines, in line order
	count    int              // lines of every type
	last     int64            // the last line number
	quantity map[string]int64 // line id: the quantity the change sets and has not written yet
	// adjustments are the cart's stored line adjustments and applied promotions (storedAdjustments), once read or
	// as the last calculation stored them; nil when not known.
	adjustments map[string][]storedAdjustment
}

// loadKnownLines reads the cart's lines, one statement.
func loadKnownLines(ctx context.Context, q db.Querier, cartID string) (*knownLines, error) {
	rows, err := q.Query(ctx, `SELECT id, product2id, type, cartdeliverygroupid, linenumber, quantity, salesprice,
		listprice, totalprice, totallistprice, itemizedadjustmentamount, distributedadjustmentamount,
		totaladjustmentamount, totalamount, unitadjustedprice, totaltax FROM cartitem WHERE cartid = ?
		ORDER BY linenumber, id`, cartID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := &knownLines{}
	for rows.Next() {
		var l line
		var product, typ, group sql.NullString
		var number sql.NullInt64
		p := &l.stored
		if err := rows.Scan(&l.id, &product, &typ, &group, &number, &l.quantity, &l.salesPrice, &l.listAmt, &p.totalPrice,
			&p.totalListPrice, &p.itemized, &p.distributed, &p.totalAdjustment, &p.totalAmount, &p.unitAdjusted,
			&p.totalTax); err != nil {
			return nil, err
		}
		out.count++
		out.last = max(out.last, number.Int64)
		if typ.String == "Product" {
			l.productID, l.groupID = product.String, group.String
			out.products = append(out.products, l)
		}
	}
	return out, rows.Err()
}

// setQuantity notes the quantity the change gives the line at i, written by the calculation.
func (k *knownLines) setQuantity(i int, qty int64) {
	if k.quantity == nil {
		k.quantity = map[string]int64{}
	}
	k.products[i].quantity = qty
	k.quantity[k.products[i].id] = qty
}

// quantityChanges are the quantities noted and not written yet.
func (k *knownLines) quantityChanges() []records.Change {
	var out []records.Change
	for _, l := range k.products {
		if q, ok := k.quantity[l.id]; ok {
			out = append(out, records.Change{ID: l.id, Values: map[string]any{"Quantity": q}})
		}
	}
	return out
}

// unchanged reports whether the line as stored already holds the calculation's result r, so that writing it
// again would change nothing but its modification stamps.
func (l line) unchanged(r calc.LineResult) bool {
	written := l
	written.storeResult(r)
	return written.salesPrice == l.salesPrice && written.listAmt == l.listAmt && written.stored == l.stored
}

// storeResult makes the line's stored amounts the calculation's result r, as store writes them (whole cents; no
// list price is NULL).
func (l *line) storeResult(r calc.LineResult) {
	stored := func(c calc.Cents) sql.NullInt64 { return sql.NullInt64{Int64: int64(c), Valid: true} }
	l.salesPrice, l.listAmt = stored(r.SalesPrice), sql.NullInt64{}
	if r.ListPrice != nil {
		l.listAmt = stored(*r.ListPrice)
	}
	l.stored = storedPrices{totalPrice: stored(r.TotalPrice), totalListPrice: stored(r.TotalListPrice),
		itemized: stored(r.ItemizedAdjustmentAmount), distributed: stored(r.DistributedAdjustmentAmount),
		totalAdjustment: stored(r.TotalAdjustmentAmount), totalAmount: stored(r.TotalAmount),
		unitAdjusted: stored(r.UnitAdjustedPrice), totalTax: stored(r.TotalTax)}
}

// sameCents reports whether a stored amount (whole cents; NULL before the first calculation) is c.
func sameCents(v sql.NullInt64, c calc.Cents) bool { return v.Valid && v.Int64 == int64(c) }

// cents reads a two-place amount ("12.49") as cents.
func cents(s string) calc.Cents {
	n, _ := records.ParseScaled(s, 2)
	return calc.Cents(n)
}

// money writes cents as the records engine's canonical amount ("12.49").
func money(c calc.Cents) string { return wire.Money(int64(c), 2) }

// store writes the calculation's result. Lines whose stored amounts already are the result are not written again:
// a quantity change in a 500-line cart rewrites the lines it moved, not the whole cart.
func (s *Service) store(ctx context.Context, tx *db.Tx, c *Cart, p *priced) error {
	in, lines, res := p.in, p.lines, p.res
	if len(lines) > 0 {
		changes := make([]records.Change, 0, len(res.Lines))
		var quantity map[string]int64 // quantities the change set, written with the prices
		if c.known != nil {
			quantity = c.known.quantity
		}
		for i, l := range res.Lines { // res.Lines are in the order of in.Lines, built from lines
			qty, setQty := quantity[l.ID]
			if lines[i].id == l.ID && lines[i].unchanged(l) && !setQty {
				continue
			}
			v := map[string]any{"SalesPrice": money(l.SalesPrice), "TotalPrice": money(l.TotalPrice),
				"TotalListPrice": money(l.TotalListPrice), "ItemizedAdjustmentAmount": money(l.ItemizedAdjustmentAmount),
				"DistributedAdjustmentAmount": money(l.DistributedAdjustmentAmount),
				"TotalAdjustmentAmount":       money(l.TotalAdjustmentAmount), "TotalAmount": money(l.TotalAmount),
				"UnitAdjustedPrice": money(l.UnitAdjustedPrice), "TotalTax": money(l.TotalTax), "ListPrice": nil}
			if l.ListPrice != nil {
				v["ListPrice"] = money(*l.ListPrice)
			}
			if setQty {
				v["Quantity"] = qty
			}
			changes = append(changes, records.Change{ID: l.ID, Values: v})
		}
		if _, err := s.Engine.UpdateMany(quiet(ctx), tx, records.System, changes, records.UpdateOptions{}); err != nil {
			return err
		}
		for i, l := range res.Lines { // the known lines are as stored now (an add keeps them: kept.go)
			if lines[i].id == l.ID {
				lines[i].storeResult(l)
			}
		}
		if c.known != nil {
			c.known.quantity = nil // written
		}
	}
	adjustments, err := s.storeAdjustments(ctx, tx, c, p.adjustments, res)
	if err != nil {
		return err
	}
	c.known.adjustments = adjustments // priceInput read c's lines
	if wrote, err := s.storeCharges(ctx, tx, p.facts.groups, res.DeliveryCharges); err != nil {
		return err
	} else if wrote {
		c.factsRead = nil // the groups' charges as read ahead are behind the cart
	}
	sum := res.Summary
	c.Revision++
	if c.Status == StatusProcessing {
		c.Status = StatusActive // the background calculation is done
	}
	saved, err := s.Engine.UpdateMany(ctx, tx, records.System, []records.Change{{ID: c.ID, Values: map[string]any{
		"TaxType": string(in.TaxType), "Revision": c.Revision, "Status": c.Status,
		"TotalProductCount": sum.TotalProductCount, "UniqueProductCount": sum.UniqueProductCount,
		"TotalListPrice": money(sum.TotalListPrice), "TotalProductAmount": money(sum.TotalProductAmount),
		"TotalItemizedAdjustmentAmount":  money(sum.TotalItemAdjustmentAmount),
		"TotalCartLevelAdjustmentAmount": money(sum.TotalCartLevelAdjustmentAmount),
		"TotalPromoAdjustmentAmount":     money(sum.TotalPromotionalAdjustmentAmount),
		"TotalProductAfterAdjustments":   money(sum.TotalProductAmountAfterAdjustments),
		"TotalChargeAmount":              money(sum.TotalChargeAmount), "TotalTaxAmount": money(sum.TotalTaxAmount),
		"GrandTotalAmount": money(sum.GrandTotalAmount)}}}, records.UpdateOptions{})
	if err == nil {
		rememberCart(tx, cartFromRecord(saved[0])) // the change answers with it (mutate)
	}
	return err
}

// storeAdjustments makes the cart's applied promotions and its lines' adjustment rows those of res, through the
// engine. A stored row that already is one of the result's is kept as it is, one that differs only in its amount
// gets the new amount, and only the rest are deleted or inserted: most adds move no promotion, or only the amount of
// the line's own, and a deleted and inserted row costs three times the statements of an updated one.
func (s *Service) storeAdjustments(ctx context.Context, tx *db.Tx, c *Cart, stored map[string][]storedAdjustment,
	res calc.Result) (map[string][]storedAdjustment, error) {
	var groups, adjustments []map[string]any
	for _, p := range res.Promotions {
		groups = append(groups, map[string]any{"WebCartId": c.ID, "PromotionId": p.PromotionID,
			"Name": p.DisplayName, "TermsAndConditions": p.TermsAndConditions, "CouponCode": p.CouponCode,
			"CartCouponId": p.CartCouponID, "TargetType": string(p.TargetType), "AdjustmentAmount": money(p.AdjustmentAmount)})
	}
	for _, l := range res.Lines {
		for _, a := range l.Adjustments {
			adjustments = append(adjustments, map[string]any{"CartItemId": l.ID, "WebCartId": c.ID,
				"PromotionId": a.PromotionID, "Name": string(a.TargetType), "AdjustmentAmount": money(a.Amount)})
		}
	}
	after := make(map[string][]storedAdjustment, 2)
	for _, set := range []struct {
		object string
		rows   []map[string]any
		fields []string // the fields a stored row is matched on, in storedAdjustments' column order
	}{
		{"CartItemPriceAdjustment", adjustments, []string{"CartItemId", "PromotionId", "Name"}},
		{"WebCartAdjustmentGroup", groups,
			[]string{"PromotionId", "Name", "TermsAndConditions", "CouponCode", "CartCouponId", "TargetType"}},
	} {
		d := adjustmentDiff(stored[set.object], set.fields, set.rows)
		// Quiet: the calculation writes its own output (a write of it from elsewhere recalculates the cart).
		if err := s.Engine.DeleteMany(quiet(ctx), tx, records.System, d.gone); err != nil {
			return nil, err
		}
		if _, err := s.Engine.UpdateMany(quiet(ctx), tx, records.System, d.amounts, records.UpdateOptions{}); err != nil {
			return nil, err
		}
		var fresh []*records.Record
		if len(d.fresh) > 0 {
			var err error
			if fresh, err = s.Engine.Insert(quiet(ctx), tx, records.System, set.object, d.fresh); err != nil {
				return nil, err
			}
		}
		after[set.object] = d.after(stored[set.object], set.fields, fresh)
	}
	return after, nil
}

// storedAdjustments reads the cart's line adjustments and applied promotions (one statement), by object: each row
// its id, amount and the fields it is matched on (as text, no value as ""): a line adjustment's line, promotion
// and name; an applied promotion's promotion, name, terms, coupon code, cart coupon and target type.
func storedAdjustments(ctx context.Context, q db.Querier, cartID string) (map[string][]storedAdjustment, error) {
	rows, err := q.Query(ctx, `SELECT 'CartItemPriceAdjustment', id, adjustmentamount, cartitemid, promotionid, name,
			NULL, NULL, NULL FROM cartitempriceadjustment WHERE webcartid = ?
		UNION ALL SELECT 'WebCartAdjustmentGroup', id, adjustmentamount, promotionid, name, termsandconditions,
			couponcode, cartcouponid, targettype FROM webcartadjustmentgroup WHERE webcartid = ?`, cartID, cartID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string][]storedAdjustment{}
	for rows.Next() {
		var object string
		var r storedAdjustment
		var cols [storedAdjustmentFields]sql.NullString
		if err := rows.Scan(&object, &r.id, &r.amount, &cols[0], &cols[1], &cols[2], &cols[3], &cols[4], &cols[5]); err != nil {
			return nil, err
		}
		for _, v := range cols {
			r.fields = append(r.fields, v.String)
		}
		out[object] = append(out[object], r)
	}
	return out, rows.Err()
}

// storedAdjustmentFields is how many fields storedAdjustments reads of a row besides its id and amount.
const storedAdjustmentFields = 6

// storedAdjustment is an adjustment row as stored.
type storedAdjustment struct {
	storedRow
	fields []string
}

// storedRow is an adjustment row as stored: its id and amount (whole cents).
type storedRow struct {
	id     string
	amount sql.NullInt64
}

// adjustments are what to write to make the stored rows of one adjustment object the wanted ones.
type adjustments struct {
	gone    []string         // stored rows that are none of the wanted
	amounts []records.Change // stored rows that are wanted with another amount
	fresh   []map[string]any // wanted rows to insert
}

// adjustmentDiff sets the stored rows of one adjustment object against want, matching rows on fields (stored as
// text, no value as ""), each stored row standing for one wanted row at most: a match with the same amount first,
// then one with another amount.
func adjustmentDiff(rows []storedAdjustment, fields []string, want []map[string]any) adjustments {
	var out adjustments
	stored := map[string][]storedRow{} // a row's fields, joined, to the stored rows holding them
	for _, r := range rows {
		k := strings.Join(r.fields[:len(fields)], "\x00")
		stored[k] = append(stored[k], r.storedRow)
	}
	keys := make([]string, len(want))
	var moved []int // wanted rows without a stored row of the same amount
	for i, row := range want {
		key := make([]string, len(fields))
		for j, f := range fields {
			key[j], _ = row[f].(string)
		}
		keys[i] = strings.Join(key, "\x00")
		amount, _ := row["AdjustmentAmount"].(string)
		if at := slices.IndexFunc(stored[keys[i]], func(r storedRow) bool { return sameCents(r.amount, cents(amount)) }); at >= 0 {
			stored[keys[i]] = slices.Delete(stored[keys[i]], at, at+1)
			continue
		}
		moved = append(moved, i)
	}
	for _, i := range moved {
		if same := stored[keys[i]]; len(same) > 0 {
			stored[keys[i]] = same[1:]
			out.amounts = append(out.amounts, records.Change{ID: same[0].id,
				Values: map[string]any{"AdjustmentAmount": want[i]["AdjustmentAmount"]}})
			continue
		}
		out.fresh = append(out.fresh, want[i])
	}
	for _, rs := range stored {
		for _, r := range rs {
			out.gone = append(out.gone, r.id)
		}
	}
	slices.Sort(out.gone) // deleted in a stable order
	return out
}

// after are the rows stored once d is written over rows: the rows kept (with their new amounts) and the inserted
// ones, as storedAdjustments would read them.
func (d adjustments) after(rows []storedAdjustment, fields []string, inserted []*records.Record) []storedAdjustment {
	amounts := make(map[string]sql.NullInt64, len(d.amounts))
	for _, ch := range d.amounts {
		amount, _ := ch.Values["AdjustmentAmount"].(string)
		amounts[ch.ID] = sql.NullInt64{Int64: int64(cents(amount)), Valid: true}
	}
	out := make([]storedAdjustment, 0, len(rows)+len(inserted))
	for _, r := range rows {
		if _, gone := slices.BinarySearch(d.gone, r.id); gone {
			continue
		}
		if amount, ok := amounts[r.id]; ok {
			r.amount = amount
		}
		out = append(out, r)
	}
	for _, rec := range inserted {
		r := storedAdjustment{storedRow: storedRow{id: rec.ID}, fields: make([]string, storedAdjustmentFields)}
		if amount, ok := rec.Get("AdjustmentAmount").(string); ok {
			r.amount = sql.NullInt64{Int64: int64(cents(amount)), Valid: true}
		}
		for i, f := range fields {
			r.fields[i] = rec.String(f)
		}
		out = append(out, r)
	}
	return out
}
