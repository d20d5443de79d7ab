// Package cart holds the buyer's and the guest's carts: WebCart records with their CartItem lines, coupons and
// applied promotions, written through the records engine. Every change of a cart's lines or coupons runs the one
// cart calculation (package calc) in the same transaction, and the result (prices, adjustments, taxes, totals) is
// stored, so reads are plain reads. Whose cart a request may touch is decided here, once (Owner): a buyer's carts
// are those they own for the effective account; a guest's are those of their session.
//
// This package is the cart's domain; its HTTP calls are in cartapi, which only reads requests, calls Service and
// writes answers. Concerns with a surface of their own are packages: calc (the pure calculation), holds (stock
// reservations), pagecache (kept cart pages). The rest shares the Cart row and the change transaction, so it is
// one package in file sets:
//   - core: cart.go (Cart, Owner, Find), objects.go (metadata, Register), mutate.go (a change: locks,
//     recalculation after it, background runs), lifecycle.go (open, create, delete, preserve, clone), export.go
//     (what checkout and order use);
//   - lines: items.go (adding, quantities), reads.go (pages of lines), views.go (wire shapes);
//   - rules: rules.go (lines), cart_rules.go (carts), delivery_rules.go, coupons.go (checkCoupons), hooks.go (the
//     recalculation when others write);
//   - recalculation: recalc.go, reprice.go, promotions.go, taxes.go (the store's tax rules and the tax calls),
//     evaluate.go (promotion prices of products);
//   - delivery groups: delivery.go (object, default group, charges), delivery_groups.go (changes),
//     delivery_reads.go, address.go;
//   - coupons: coupons.go (apply, remove, use), coupon_reads.go;
//   - stock holds: stock.go (the cart's names for package holds).
package cart

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"strconv"
	"strings"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/identity"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Cart states, types and the names that stand for a cart in paths.
const (
	StatusActive        = "Active"
	StatusCheckout      = "Checkout"
	StatusProcessing    = "Processing"
	StatusClosed        = "Closed"
	StatusPendingDelete = "PendingDelete"
	TypeCart            = "Cart"
	TypePayNow          = "PayNowReadOnly"
	// Current is the open cart of the caller (not closed or pending delete); Active is the caller's cart in the
	// Active state, for signed-in buyers only.
	Current = "current"
	Active  = "active"
)

// Limits of a cart.
const (
	// MaxLines is how many lines a cart may have; MaxLinesLarge where the store enables large carts.
	MaxLines      = 500
	MaxLinesLarge = 2000
	// MaxQuantity bounds one line's quantity.
	MaxQuantity = 1_000_000
	// MaxBatch is how many inputs one batch add takes.
	MaxBatch = 100
)

// Service runs the cart calls over the database and the records engine.
type Service struct {
	DB     *db.DB
	Engine *records.Engine
	Log    *slog.Logger
	// GroupsChanged is told (by the checkout package, which sets it) of a delivery-group change of a cart in
	// checkout, after its recalculation in the change's transaction: the cart's revision and grand total before
	// the change, the cart c after it.
	GroupsChanged func(ctx context.Context, tx *db.Tx, c *Cart, revision, grandTotal int64) error
	// kept are the carts buyers' adds left behind, for their next adds (kept.go).
	kept keptCarts
}

// Owner is whose carts a request may touch: a signed-in user for one account (AccountID "" for staff, who buy for
// no account), or a guest session.
type Owner struct {
	UserID, AccountID, GuestSessionID string
}

// OwnerOf is the owner for a shopper (with its checked effective account).
func OwnerOf(sh *storecontext.Shopper) Owner {
	if sh.Guest() {
		return Owner{GuestSessionID: sh.Principal.SessionID}
	}
	return Owner{UserID: sh.Principal.UserID, AccountID: sh.AccountID}
}

// IsGuest reports a guest owner.
func (o Owner) IsGuest() bool { return o.UserID == "" }

// actor is who the records engine stamps on the owner's cart records.
func (o Owner) actor() *identity.Principal { return records.SystemFor(o.UserID) }

// where is the SQL condition (and its arguments) selecting the owner's carts of a store. A guest without a
// session owns nothing.
func (o Owner) where(storeID string) (string, []any) {
	cond := "webstoreid = ? AND "
	args := []any{storeID}
	switch {
	case o.IsGuest():
		cond += "ownerid IS NULL AND guestsessionid = ?"
		args = append(args, o.GuestSessionID)
	case o.AccountID == "":
		cond += "ownerid = ? AND accountid IS NULL"
		args = append(args, o.UserID)
	default:
		cond += "ownerid = ? AND accountid = ?"
		args = append(args, o.UserID, o.AccountID)
	}
	return cond, args
}

// Cart is a WebCart row as the cart code uses it.
type Cart struct {
	ID, StoreID, AccountID, OwnerID, Name, Status, Type, Currency, PoNumber, TaxType string
	Revision                                                                         int64
	Totals                                                                           map[string]int64 // cents by column
	TotalProductCount, UniqueProductCount                                            int64
	Modified                                                                         string // LastModifiedDate
	Secondary                                                                        bool   // a saved cart beside the primary one
	// read holds the prices a change already read in its transaction (an add reads its products'), so that the
	// recalculation after it reads only the other lines' prices.
	read *readPrices
	// catalogFromMemory is set by a buyer's cart change or checkout step, which write no catalog rows: its prices,
	// products and categories come from the store's memory (as the store's pages show them), not the transaction. Other
	// callers (a staff write through the records API, which may change prices in the same transaction; placing an
	// order) read the transaction's.
	catalogFromMemory bool
	// known are the cart's lines once the change read them in its transaction (see knownLines); nil before.
	known *knownLines
	// facts are what the change's calculation reads besides lines (cartFacts), when an add read them ahead with the
	// cart and its lines (readAhead; good while the cart's row is the row read, stillCurrent); nil: read in tx.
	facts *cartFacts
	// factsRead are the facts as an add read them ahead, with what they were read from, kept with the cart for the
	// owner's next add (kept.go); nil when they cannot be kept.
	factsRead *keptFacts
	// row is the cart's row as the engine stored it, kept with the cart so that the next add's update of the row
	// need not read it (records.KeepRows); nil when the change did not write it through the engine.
	row *records.Record
	// linesAsLeft are the lines as the change that answered with the cart left them, with their rows: the add
	// answers its line from its row (Service.Line) rather than reading it back.
	linesAsLeft []line
}

// knownLines are c's lines as its change knows them, read in tx the first time they are asked for.
func (c *Cart) knownLines(ctx context.Context, tx *db.Tx) (*knownLines, error) {
	if c.known == nil {
		k, err := loadKnownLines(ctx, tx, c.ID)
		if err != nil {
			return nil, err
		}
		c.known = k
	}
	return c.known, nil
}

// KeepsPages reports whether c's pages may be kept (package pagecache): a closed cart (or one being deleted) is not
// recalculated when its lines are edited, so its row does not say when they changed.
func (c *Cart) KeepsPages() bool { return c.Status != StatusClosed && c.Status != StatusPendingDelete }

// State is everything of the cart's row a page shows or that moves when the cart changes: a page read for one
// state is the page of every read of that state.
func (c *Cart) State() string {
	var b strings.Builder
	for _, s := range []string{c.ID, c.StoreID, c.AccountID, c.OwnerID, c.Name, c.Status, c.Type, c.Currency,
		c.PoNumber, c.TaxType, c.Modified} {
		b.WriteString(s)
		b.WriteByte(0)
	}
	for _, n := range []int64{c.Revision, c.TotalProductCount, c.UniqueProductCount} {
		b.WriteString(strconv.FormatInt(n, 10))
		b.WriteByte(0)
	}
	for _, col := range totalColumns {
		b.WriteString(strconv.FormatInt(c.Totals[col], 10))
		b.WriteByte(0)
	}
	return b.String()
}

// totalColumns are the WebCart amount columns the calculation writes, in the order they are read.
var totalColumns = []string{"totallistprice", "totalproductamount", "totalitemizedadjustmentamount",
	"totalcartleveladjustmentamount", "totalpromoadjustmentamount", "totalproductafteradjustments",
	"totalchargeamount", "totaltaxamount", "grandtotalamount"}

const cartColumns = `id, webstoreid, accountid, ownerid, name, status, type, currencyisocode, ponumber, taxtype,
	revision, totalproductcount, uniqueproductcount, totallistprice, totalproductamount, totalitemizedadjustmentamount,
	totalcartleveladjustmentamount, totalpromoadjustmentamount, totalproductafteradjustments, totalchargeamount,
	totaltaxamount, grandtotalamount, lastmodifieddate, issecondary`

func scanCart(row interface{ Scan(...any) error }) (*Cart, error) {
	var c Cart
	var account, owner, currency, po, tax sql.NullString
	var revision, total, unique sql.NullInt64
	amounts := make([]sql.NullInt64, len(totalColumns))
	dest := []any{&c.ID, &c.StoreID, &account, &owner, &c.Name, &c.Status, &c.Type, &currency, &po, &tax, &revision,
		&total, &unique}
	for i := range amounts {
		dest = append(dest, &amounts[i])
	}
	var secondary sql.NullBool
	dest = append(dest, &c.Modified, &secondary)
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	c.AccountID, c.OwnerID, c.Currency, c.PoNumber, c.TaxType = account.String, owner.String, currency.String, po.String, tax.String
	c.Revision, c.TotalProductCount, c.UniqueProductCount = revision.Int64, total.Int64, unique.Int64
	c.Secondary = secondary.Bool
	c.Totals = make(map[string]int64, len(totalColumns))
	for i, col := range totalColumns {
		c.Totals[col] = amounts[i].Int64
	}
	return &c, nil
}

// totalFields are the WebCart fields of totalColumns, in their order.
var totalFields = []string{"TotalListPrice", "TotalProductAmount", "TotalItemizedAdjustmentAmount",
	"TotalCartLevelAdjustmentAmount", "TotalPromoAdjustmentAmount", "TotalProductAfterAdjustments",
	"TotalChargeAmount", "TotalTaxAmount", "GrandTotalAmount"}

// cartFromRecord is the cart as scanCart reads its row, from the WebCart record the engine wrote last: a change
// that ends by storing its calculation need not read its cart again.
func cartFromRecord(r *records.Record) *Cart {
	c := &Cart{ID: r.ID, StoreID: r.String("WebStoreId"), AccountID: r.String("AccountId"), OwnerID: r.String("OwnerId"),
		Name: r.String("Name"), Status: r.String("Status"), Type: r.String("Type"),
		Currency: r.String("CurrencyIsoCode"), PoNumber: r.String("PoNumber"), TaxType: r.String("TaxType"),
		Modified: r.String("LastModifiedDate"), Totals: make(map[string]int64, len(totalColumns))}
	c.Revision, _ = r.Get("Revision").(int64)
	c.TotalProductCount, _ = r.Get("TotalProductCount").(int64)
	c.UniqueProductCount, _ = r.Get("UniqueProductCount").(int64)
	c.Secondary, _ = r.Get("IsSecondary").(bool)
	for i, f := range totalFields {
		c.Totals[totalColumns[i]], _ = records.ParseScaled(r.String(f), 2)
	}
	return c
}

// Find resolves cartStateOrId for the owner: "current" (the latest open cart), "active" (the latest Active one;
// signed-in buyers only, 401 for guests) or a cart id. It returns nil when the owner has no current or active cart;
// an id that is not one of the owner's carts is 404, whoever's it is; one of the owner's carts that was deleted or
// closed is 400, as the real API answers ("Cart Id: '…' is Deleted").
func Find(ctx context.Context, q db.Querier, storeID string, o Owner, stateOrID string) (*Cart, error) {
	if o.IsGuest() && o.GuestSessionID == "" {
		if strings.EqualFold(stateOrID, Active) {
			return nil, httpx.Unauthorized()
		}
		if strings.EqualFold(stateOrID, Current) {
			return nil, nil
		}
		return nil, cartNotFound(stateOrID)
	}
	query, args, err := findQuery(storeID, o, stateOrID)
	if err != nil {
		return nil, err
	}
	c, err := scanCart(q.QueryRow(ctx, query, args...))
	if errors.Is(err, sql.ErrNoRows) {
		if strings.EqualFold(stateOrID, Current) || strings.EqualFold(stateOrID, Active) {
			return nil, nil
		}
		return nil, cartNotFound(stateOrID)
	}
	if err != nil {
		return nil, err
	}
	if c.Status == StatusPendingDelete || c.Status == StatusClosed || c.Status == "PendingClosed" {
		return nil, closedCart(c)
	}
	return c, nil
}

// findQuery is Find's statement for a signed-in owner or a guest with a session: the latest of the owner's carts
// in the state, or the cart of that id. The "current" and "active" reads go by the owner's index on owner, account
// and status (or guest session and status; objects.go), not every cart the account ever had.
func findQuery(storeID string, o Owner, stateOrID string) (string, []any, error) {
	cond, args := o.where(storeID)
	open := " AND type = 'Cart' AND (issecondary = ? OR issecondary IS NULL)"
	switch {
	case strings.EqualFold(stateOrID, Current):
		cond += open + " AND status IN ('Active', 'Checkout', 'Processing')"
		args = append(args, false)
	case strings.EqualFold(stateOrID, Active):
		if o.IsGuest() {
			return "", nil, httpx.Unauthorized()
		}
		cond += open + " AND status = 'Active'"
		args = append(args, false)
	default:
		id, ok := records.NormalizeID(stateOrID)
		if !ok || records.KeyPrefix(id) != "0a6" {
			return "", nil, cartNotFound(stateOrID)
		}
		cond += " AND id = ?"
		args = append(args, id)
	}
	return `SELECT ` + cartColumns + ` FROM webcart WHERE ` + cond + ` ORDER BY lastmodifieddate DESC, id DESC LIMIT 1`,
		args, nil
}

func cartNotFound(id string) error {
	return httpx.NotFound("The requested resource does not exist: no cart %q for this user.", httpx.Clip(id))
}

// closedCart is the real API's answer for a cart that was deleted or closed (contracts' closedcart-error.json).
func closedCart(c *Cart) error {
	state := "Closed"
	if c.Status == StatusPendingDelete {
		state = "Deleted"
	}
	return httpx.BadRequest("INVALID_API_INPUT", "Cart Id: '%s' is %s", c.ID[:15], state)
}
