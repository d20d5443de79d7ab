package cart

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"storefront/internal/commerce/cart/calc"
	"storefront/internal/commerce/pricing"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// The cart's rules, as hooks of its objects: whoever writes a line, a cart or a delivery group (the cart API, the
// records API, sObject REST, composite, the demo seed), the same checks run in the write's transaction and a
// refusal rolls it back. The cart API parses its input and writes; it keeps no copy of these checks (addItems asks
// lineProblem per input only to report each refused input of a batch on its own).

// Recalculation is the cart's reaction to a change of its lines, coupons or delivery groups: the cart is priced
// again (in the background above the store's line limit) and a checkout's stock holds are released. The cart's own
// writes mark themselves Quiet for it (quiet), as they recalculate once at the end of their change.
const Recalculation = "cart recalculation"

func quiet(ctx context.Context) context.Context { return records.Quiet(ctx, Recalculation) }

// refusal is a cart rule's refusal naming the field; refusalOf one about the record as a whole. The cart API
// answers them as CART_VALIDATION_ERROR with the same message (see apiErr).
func refusal(field, format string, args ...any) *records.WriteError {
	return records.Refuse(records.CodeRule, field, format, args...)
}

func refusalOf(format string, args ...any) *records.WriteError {
	return records.Refuse(records.CodeRule, "", format, args...)
}

// lineProblem is the one check of a product line against its product: it has a price for the cart's account, and
// its quantity is from 1 to MaxQuantity and keeps the product's quantity rule (minimum, increment, maximum). ""
// when the line may be written.
func lineProblem(p product, priced bool, qty int64) string {
	switch {
	case !priced:
		return fmt.Sprintf("%s has no price for this account, so it can't be added to the cart.", p.name)
	case qty < 1:
		return fmt.Sprintf("The quantity of %s must be at least 1.", p.name)
	case qty > MaxQuantity:
		return fmt.Sprintf("You can't have more than %d of %s in the cart.", MaxQuantity, p.name)
	}
	if err := calc.CheckQuantity(p.rule, p.name, qty); err != nil {
		return err.Error()
	}
	return ""
}

// lineLimit is how many lines a cart of the store may have.
func lineLimit(store *storecontext.Store) int {
	if store != nil && store.HighScaleCartEnabled {
		return MaxLinesLarge
	}
	return MaxLines
}

func tooManyLines(limit int) string { return fmt.Sprintf("A cart can have at most %d lines.", limit) }

// readOnlyCart is the refusal of a change to a PayNowReadOnly cart or its lines.
func readOnlyCart(id string) *records.WriteError {
	return refusalOf("Cart Id: '%s' is read-only.", id[:min(15, len(id))])
}

// payNowLines lets a pay-now copy get its lines once, as it is made (an insert into a copy without lines), and
// refuses every other line write to it.
func payNowLines(ctx context.Context, ev *records.SaveEvent, c *Cart) error {
	if !ev.Created {
		return readOnlyCart(c.ID)
	}
	var n int
	if err := ev.Tx.QueryRow(ctx, `SELECT COUNT(*) FROM cartitem WHERE cartid = ?`, c.ID).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return readOnlyCart(c.ID)
	}
	return nil
}

// closed reports a cart that is done with: ordered (or being ordered) or deleted.
func closed(status string) bool {
	return status == StatusClosed || status == StatusPendingDelete || status == "PendingClosed"
}

// cartsOf reads the carts the records name in field, by id (one statement); a cart its change read in tx and that
// was not saved since (see rememberCart) is not read again.
func cartsOf(ctx context.Context, tx *db.Tx, recs []*records.Record, field string) (map[string]*Cart, error) {
	out := map[string]*Cart{}
	known := cartsReadIn(tx)
	var ids []string
	seen := map[string]bool{}
	for _, r := range recs {
		id := r.String(field)
		if id == "" || seen[id] {
			continue
		}
		seen[id] = true
		if c, ok := known.get(id); ok {
			out[id] = c
		} else {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return out, nil
	}
	in, args := db.InList(ids)
	rows, err := tx.Query(ctx, `SELECT `+cartColumns+` FROM webcart WHERE id IN (`+in+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		c, err := scanCart(rows)
		if err != nil {
			return nil, err
		}
		out[c.ID] = c
	}
	return out, rows.Err()
}

// readCarts are the carts a transaction read or wrote, by id: a change's lines name its cart, and their rules would
// otherwise read it again for each write, and the change its answer. A save of the cart through the engine forgets
// it (forgetSavedCarts), so what is kept is the row as stored.
type readCarts struct {
	mu    sync.Mutex
	carts map[string]Cart
}

var readCartsKey int

func cartsReadIn(tx *db.Tx) *readCarts {
	return db.TxLocal(tx, &readCartsKey, func() *readCarts { return &readCarts{carts: map[string]Cart{}} })
}

// rememberCart keeps c, just read or stored in tx, for the rules of the change's writes and its answer.
func rememberCart(tx *db.Tx, c *Cart) {
	k := cartsReadIn(tx)
	k.mu.Lock()
	defer k.mu.Unlock()
	row := *c
	row.read, row.known, row.facts, row.catalogFromMemory = nil, nil, nil, false // the change's, not the row's
	k.carts[c.ID] = row
}

// get is a copy of the kept cart, as a read would answer.
func (k *readCarts) get(id string) (*Cart, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	c, ok := k.carts[id]
	return &c, ok
}

// forgetSavedCarts and forgetDeletedCarts are WebCart's after-save and after-delete rules: a cart written in the
// transaction is read again by the rules that need it.
func forgetSavedCarts(_ context.Context, ev *records.SaveEvent) error {
	cartsReadIn(ev.Tx).forget(ev.Records)
	return nil
}

func forgetDeletedCarts(_ context.Context, ev *records.DeleteEvent) error {
	cartsReadIn(ev.Tx).forget(ev.Records)
	return nil
}

func (k *readCarts) forget(recs []*records.Record) {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, r := range recs {
		delete(k.carts, r.ID)
	}
}

// changed reports whether a save changes field of the i-th record (always on create).
func changed(ev *records.SaveEvent, i int, field string) bool {
	if ev.Created || ev.Old == nil || ev.Old[i] == nil {
		return true
	}
	was, now := ev.Old[i].Values[field], ev.Records[i].Values[field]
	if a, ok := was.(string); ok { // ids and picklists, the usual case: compared without formatting them
		if b, ok := now.(string); ok {
			return a != b
		}
	}
	return fmt.Sprint(was) != fmt.Sprint(now)
}

// checkLines is CartItem's before-save rule: a line belongs to an open cart that is not read-only; a product line
// has a quantity from 1 to MaxQuantity that keeps its product's quantity rule, a product the cart's account is
// entitled to and that has a price for it (the price itself is the calculation's: the amount fields are read-only
// and recalculated), and is the cart's only line of its product; a new line keeps the cart within its line limit.
// A fixed number of statements per batch, whatever its size; the calculation writing only amounts reads nothing.
func (s *Service) checkLines(ctx context.Context, ev *records.SaveEvent) error {
	var written []*records.Record // the lines whose cart, product, quantity, type or group the write sets
	var at []int                  // their places in the batch
	for i, rec := range ev.Records {
		if ev.Created || changed(ev, i, "CartId") || changed(ev, i, "Product2Id") || changed(ev, i, "Quantity") ||
			changed(ev, i, "Type") || changed(ev, i, "CartDeliveryGroupId") {
			written, at = append(written, rec), append(at, i)
		}
	}
	if len(written) == 0 {
		return nil // the calculation writing its amounts, which are read-only to every other writer
	}
	carts, err := cartsOf(ctx, ev.Tx, written, "CartId")
	if err != nil {
		return err
	}
	type key struct{ store, account string }
	wanted := map[key][]string{} // products to read, by the entitlement they are read under
	var check []int              // the product lines whose product or quantity changes
	newLines := map[string]int{} // new product lines per cart
	payNow := map[string]bool{}  // pay-now carts checked
	for _, i := range at {
		rec := ev.Records[i]
		c := carts[rec.String("CartId")]
		if c == nil {
			continue // the reference check refuses it
		}
		if c.Type == TypePayNow && !payNow[c.ID] {
			payNow[c.ID] = true
			if err := payNowLines(ctx, ev, c); err != nil {
				return err
			}
		}
		if closed(c.Status) {
			return refusalOf("The cart %s is closed: its lines can't change.", c.ID[:15])
		}
		if rec.String("Type") != "Product" {
			continue
		}
		if changed(ev, i, "CartId") && !ev.Created {
			return refusal("CartId", "A cart item can't move to another cart.")
		}
		if !changed(ev, i, "Product2Id") && !changed(ev, i, "Quantity") {
			continue
		}
		pid := rec.String("Product2Id")
		if pid == "" {
			return refusal("Product2Id", "A product line needs a product.")
		}
		k := key{c.StoreID, c.AccountID}
		wanted[k] = append(wanted[k], pid)
		check = append(check, i)
		if ev.Created {
			newLines[c.ID]++
		}
	}
	if len(check) == 0 {
		return nil
	}
	// The cart's own changes read products and prices from memory, as its calculation does (see
	// Service.catalog); other writers read them in their transaction, which may change a product and a line at once.
	var priced pricing.Querier = ev.Tx
	if records.Quieted(ctx, Recalculation) {
		priced = s.DB
	}
	products := map[key]map[string]product{}
	prices := map[key]map[string]pricing.Price{}
	for k, ids := range wanted {
		if products[k], err = entitledProducts(ctx, priced, k.store, k.account, ids); err != nil {
			return err
		}
		if prices[k], err = pricing.Prices(ctx, priced, k.store, k.account, ids); err != nil {
			return err
		}
	}
	var moved []int // the lines whose product is new to them, which must be their cart's only line of it
	for _, i := range check {
		if changed(ev, i, "Product2Id") {
			moved = append(moved, i)
		}
	}
	others, counts := map[[2]string]string{}, map[string]int{}
	if len(moved) > 0 {
		if others, counts, err = lineFacts(ctx, ev.Tx, ev.Records, moved); err != nil {
			return err
		}
	}
	inBatch := map[[2]string]string{}
	for _, i := range check {
		rec := ev.Records[i]
		c := carts[rec.String("CartId")]
		k := key{c.StoreID, c.AccountID}
		pid := rec.String("Product2Id")
		p, ok := products[k][pid]
		if !ok {
			return refusal("Product2Id", "The product %s doesn't exist or isn't available to this account.", pid)
		}
		qty, _ := rec.Values["Quantity"].(int64)
		if msg := lineProblem(p, prices[k][pid].UnitPrice != "", qty); msg != "" {
			return refusal("Quantity", "%s", msg)
		}
		if !changed(ev, i, "Product2Id") {
			continue // a quantity change (of a line split by hand before this rule, too)
		}
		pair := [2]string{c.ID, pid}
		if other := others[pair]; (other != "" && other != rec.ID) || (inBatch[pair] != "" && inBatch[pair] != rec.ID) {
			return refusal("Product2Id", "%s is already in the cart: change the quantity of its line instead.", p.name)
		}
		inBatch[pair] = rec.ID
	}
	for cartID, n := range newLines {
		store, err := storecontext.LoadStore(ctx, s.DB, carts[cartID].StoreID)
		if err != nil {
			return err
		}
		if limit := lineLimit(store); counts[cartID]+n > limit {
			return refusalOf("%s", tooManyLines(limit))
		}
	}
	return nil
}

// lineFacts reads, in one statement, a stored product line of each (cart, product) of the lines to check, and how
// many lines each of their carts has.
func lineFacts(ctx context.Context, q db.Querier, recs []*records.Record, check []int) (map[[2]string]string, map[string]int, error) {
	cartIDs, productIDs := map[string]bool{}, map[string]bool{}
	for _, i := range check {
		cartIDs[recs[i].String("CartId")], productIDs[recs[i].String("Product2Id")] = true, true
	}
	cin, cargs := db.InList(keys(cartIDs))
	pin, pargs := db.InList(keys(productIDs))
	// One row per cart and product asked for, and one per cart for all its other lines.
	rows, err := q.Query(ctx, `SELECT cartid, CASE WHEN type = 'Product' AND product2id IN (`+pin+`) THEN product2id
		ELSE '' END AS product, MIN(id), COUNT(*) FROM cartitem WHERE cartid IN (`+cin+`) GROUP BY 1, 2`,
		append(pargs, cargs...)...)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	lines, counts := map[[2]string]string{}, map[string]int{}
	for rows.Next() {
		var cart, product, id string
		var n int
		if err := rows.Scan(&cart, &product, &id, &n); err != nil {
			return nil, nil, err
		}
		counts[cart] += n
		if product != "" {
			lines[[2]string{cart, product}] = id
		}
	}
	return lines, counts, rows.Err()
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// apiErr answers a cart rule's refusal (a hook's records.CodeRule) in the cart API's words: CART_VALIDATION_ERROR
// with the rule's message, which the storefront shows. Other errors pass.
func apiErr(err error) error {
	var we *records.WriteError
	if errors.As(err, &we) && firstCode(we) == records.CodeRule {
		return httpx.Errorf(we.Status, "CART_VALIDATION_ERROR", "%s", we.Message())
	}
	return err
}

func firstCode(we *records.WriteError) string {
	if codes := we.Codes(); len(codes) > 0 {
		return codes[0]
	}
	return ""
}
