package cart

import (
	"context"
	"database/sql"

	"storefront/internal/commerce/cart/calc"
	"storefront/internal/commerce/pricing"
	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// ItemInput is one product to add: a checked product id and a quantity of whole units (1 to MaxQuantity).
type ItemInput struct {
	ProductID string
	Quantity  int64
}

// addOutcome is what became of one input of an add: the line it landed on, or why it was refused.
type addOutcome struct {
	lineID string
	err    error
}

// AddItem adds one product to the shopper's cart (ref; the current cart is created when there is none) and
// returns the cart after the change and the line the product landed on. A refused input changes nothing.
func (s *Service) AddItem(ctx context.Context, sh *storecontext.Shopper, ref string, in ItemInput) (*Cart, string, error) {
	var outcome addOutcome
	c, err := s.add(ctx, sh, ref, func(tx *db.Tx, c *Cart) error {
		out, err := s.addItems(ctx, tx, sh, c, []ItemInput{in})
		if err == nil {
			outcome = out[0]
			err = outcome.err
		}
		return err
	})
	return c, outcome.lineID, err
}

// Added is what became of one input of a batch add: the line it landed on, or Err, why it was refused.
type Added struct {
	LineID string
	Err    error
}

// AddBatch adds the products to the shopper's cart (ref; created when there is none) in one change: refused
// inputs do not stop the others. With no inputs, the cart is only made sure of.
func (s *Service) AddBatch(ctx context.Context, sh *storecontext.Shopper, ref string, inputs []ItemInput) (*Cart, []Added, error) {
	var outcomes []addOutcome
	c, err := s.add(ctx, sh, ref, func(tx *db.Tx, c *Cart) (err error) {
		if len(inputs) == 0 {
			return nil
		}
		outcomes, err = s.addItems(ctx, tx, sh, c, inputs)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	out := make([]Added, len(outcomes))
	for i, o := range outcomes {
		out[i] = Added{LineID: o.lineID, Err: o.err}
	}
	return c, out, nil
}

// UpdateQuantity sets the quantity of one line of the shopper's cart and returns the cart after the change.
func (s *Service) UpdateQuantity(ctx context.Context, sh *storecontext.Shopper, ref, itemID string, qty int64) (*Cart, error) {
	return s.change(ctx, sh, ref, false, func(tx *db.Tx, c *Cart) error {
		return s.setQuantity(ctx, tx, sh, c, itemID, qty)
	})
}

// DeleteItem removes one line of the shopper's cart.
func (s *Service) DeleteItem(ctx context.Context, sh *storecontext.Shopper, ref, itemID string) error {
	_, err := s.change(ctx, sh, ref, false, func(tx *db.Tx, c *Cart) error {
		l, err := findLine(ctx, tx, c, itemID)
		if err != nil {
			return err
		}
		return s.Engine.DeleteMany(quiet(ctx), tx, records.System, []string{l.id})
	})
	return err
}

// product is what adding a product needs to know of it.
type product struct {
	id, name, sku string
	rule          calc.QuantityRule
}

// addItems adds the inputs to the cart c in tx: a product already in the cart gets the quantities added to its
// line, others get a new line. Each input is checked on its own (the product exists and is entitled to the
// cart's account, it has a price for it, the line's new quantity keeps the product's quantity rule, the cart stays
// within its line limit); refused inputs change nothing and report why. A fixed number of statements, whatever
// the number of inputs.
func (s *Service) addItems(ctx context.Context, tx *db.Tx, sh *storecontext.Shopper, c *Cart, inputs []ItemInput) ([]addOutcome, error) {
	ids := make([]string, len(inputs))
	for i, in := range inputs {
		ids[i] = in.ProductID
	}
	products, err := entitledProducts(ctx, s.catalog(tx, c), sh.Store.ID, c.AccountID, ids)
	if err != nil {
		return nil, err
	}
	prices, err := s.prices(ctx, tx, c, sh.Store.ID, ids)
	if err != nil {
		return nil, err
	}
	if sh.Store.ID == c.StoreID { // the recalculation after the add reuses them
		if c.read == nil {
			c.read = &readPrices{asked: make(map[string]bool, len(ids)), prices: make(map[string]pricing.Price, len(ids))}
		}
		c.read.note(ids, prices)
	}
	known, err := c.knownLines(ctx, tx)
	if err != nil {
		return nil, err
	}
	existing := known.byProduct()
	lines, lastLine := known.count, known.last
	limit := lineLimit(sh.Store)
	out := make([]addOutcome, len(inputs))
	qty := map[string]int64{} // the line quantity each product will have
	var newLines []map[string]any
	for i, in := range inputs {
		p, ok := products[in.ProductID]
		if !ok {
			out[i].err = httpx.NotFound("The product %s doesn't exist or isn't available to this account.", in.ProductID)
			continue
		}
		cur, inCart := qty[p.id]
		if !inCart {
			cur = existing[p.id].quantity
		}
		// Each input is checked on its own so that a batch reports each refused input; the CartItem hook
		// (checkLines) checks the lines as written with the same rule.
		if msg := lineProblem(p, prices[in.ProductID].UnitPrice != "", cur+in.Quantity); msg != "" {
			out[i].err = validationErr("%s", msg)
			continue
		}
		next := cur + in.Quantity
		if existing[p.id].id == "" && !inCart {
			if lines+len(newLines) >= limit {
				out[i].err = validationErr("%s", tooManyLines(limit))
				continue
			}
			id := records.NewID("0a9")
			existing[p.id] = cartLine{id: id, at: -1}
			lastLine++
			newLines = append(newLines, map[string]any{"Id": id, "CartId": c.ID, "Product2Id": p.id,
				"Name": p.name, "Sku": p.sku, "Quantity": 0, "Type": "Product", "LineNumber": lastLine})
		}
		qty[p.id] = next
		out[i].lineID = existing[p.id].id
	}
	for _, row := range newLines { // new lines are written with their final quantity
		row["Quantity"] = qty[row["Product2Id"].(string)]
	}
	for pid, n := range qty { // stored lines get theirs with their prices, by the calculation after the add
		if e := existing[pid]; e.at >= 0 {
			known.setQuantity(e.at, n)
		}
	}
	if len(newLines) > 0 {
		if _, err := s.Engine.Insert(quiet(ctx), tx, records.SystemFor(sh.Principal.UserID), "CartItem", newLines); err != nil {
			return nil, err
		}
		for _, row := range newLines {
			known.products = append(known.products, line{id: row["Id"].(string), productID: row["Product2Id"].(string),
				quantity: row["Quantity"].(int64)})
		}
		known.count += len(newLines)
		known.last = lastLine
	}
	return out, nil
}

// validationErr is a business rule the buyer broke: CART_VALIDATION_ERROR, whose message the storefront shows.
func validationErr(format string, args ...any) error {
	return httpx.BadRequest("CART_VALIDATION_ERROR", format, args...)
}

// entitledProducts are the given products that are active and that the account (or the guest) may see in the
// store, with what adding them needs. Read through the database (a buyer's cart change, see Service.catalog), they
// come from memory while the catalog version holds, as prices do: an add and its line's hook ask once between them.
func entitledProducts(ctx context.Context, q db.Querier, storeID, accountID string, ids []string) (map[string]product, error) {
	return db.Remembered(ctx, q, &entitledProductsKey, "cart_entitled_products", db.Catalog, productFactsLimit,
		storeID+"\x00"+accountID, ids, func(ctx context.Context, q db.Querier, ids []string) (map[string]product, error) {
			return loadEntitledProducts(ctx, q, storeID, accountID, ids)
		})
}

var entitledProductsKey int

// loadEntitledProducts reads what entitledProducts answers.
func loadEntitledProducts(ctx context.Context, q db.Querier, storeID, accountID string, ids []string) (map[string]product, error) {
	pred, args := pricing.EntitledFilter("p", storeID, accountID)
	in, inArgs := db.InList(ids)
	rows, err := q.Query(ctx, `SELECT p.id, p.name, p.stockkeepingunit, p.purchasequantityminimum,
		p.purchasequantitymaximum, p.purchasequantityincrement FROM product2 p WHERE p.id IN (`+in+`) AND `+pred,
		append(inArgs, args...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]product{}
	for rows.Next() {
		var p product
		var sku sql.NullString
		var min, max, inc sql.NullInt64
		if err := rows.Scan(&p.id, &p.name, &sku, &min, &max, &inc); err != nil {
			return nil, err
		}
		p.sku, p.rule = sku.String, calc.QuantityRule{Minimum: min.Int64, Maximum: max.Int64, Increment: inc.Int64}
		out[p.id] = p
	}
	return out, rows.Err()
}

// cartLine is the line a product's additions go to: a stored line (at, its place in knownLines.products) or one
// the add writes (at -1).
type cartLine struct {
	id       string
	quantity int64
	at       int
}

// byProduct are the stored product lines by product; of lines staff split by hand, the first takes the additions.
func (k *knownLines) byProduct() map[string]cartLine {
	out := make(map[string]cartLine, len(k.products))
	for i, l := range k.products {
		if _, dup := out[l.productID]; !dup {
			out[l.productID] = cartLine{id: l.id, quantity: l.quantity, at: i}
		}
	}
	return out
}

// setQuantity changes one line's quantity in tx; the CartItem hook (checkLines) keeps the product's quantity rule.
func (s *Service) setQuantity(ctx context.Context, tx *db.Tx, sh *storecontext.Shopper, c *Cart, itemID string, qty int64) error {
	line, err := findLine(ctx, tx, c, itemID)
	if err != nil {
		return err
	}
	_, err = s.Engine.UpdateMany(quiet(ctx), tx, records.SystemFor(sh.Principal.UserID),
		[]records.Change{{ID: line.id, Values: map[string]any{"Quantity": qty}}}, records.UpdateOptions{})
	return err
}

// findLine reads a line of the cart by its id; another cart's line, or a malformed id, is 404.
func findLine(ctx context.Context, q db.Querier, c *Cart, rawID string) (line, error) {
	id, ok := records.NormalizeID(rawID)
	if !ok || records.KeyPrefix(id) != "0a9" {
		return line{}, itemNotFound(rawID)
	}
	var l line
	var product sql.NullString
	err := q.QueryRow(ctx, `SELECT id, product2id, quantity FROM cartitem WHERE id = ? AND cartid = ?`, id, c.ID).
		Scan(&l.id, &product, &l.quantity)
	if err == sql.ErrNoRows {
		return line{}, itemNotFound(rawID)
	}
	l.productID = product.String
	return l, err
}

func itemNotFound(id string) error {
	return httpx.NotFound("The requested resource does not exist: no cart item %q in this cart.", httpx.Clip(id))
}
