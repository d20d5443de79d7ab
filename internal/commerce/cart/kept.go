package cart

import (
	"maps"
	"sync"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// A buyer adds to the same cart again and again, and reading its row and every line before each add was a third of
// an add's cost at 50 lines (a profile of the bench's add to cart on SQLite). So an add keeps the cart as it left
// it, its row and lines as committed, and the buyer's next add starts from that copy instead of reading them
// (readAhead). The copy needs no other check than readAhead's: stillCurrent compares the cart's revision, status
// and modification time in the add's transaction, and every write of a cart's lines (the cart API's, staff's
// through the records API, the seeder's) recalculates the cart in its transaction, which moves them; a copy that is
// behind is dropped and the add reads in its transaction as before. What the calculation needs besides (promotions,
// delivery groups, the tax region) is read ahead too and kept with the cart while the tables it was read from have
// not moved (keptFacts), on both databases.

// keptCarts are the carts adds left behind, by store, owner and the reference the add named ("current", an id).
type keptCarts struct {
	mu    sync.Mutex
	carts map[keptKey]*Cart
	lines int // the kept carts' product lines, bounded by maxKeptLines
}

type keptKey struct {
	store, ref string
	owner      Owner
}

// maxKeptLines bounds what is kept, about 200 bytes a line: some 20 MB. Past it the kept carts are dropped all at
// once rather than tracking which is oldest; the next add of each reads its cart again.
const maxKeptLines = 100_000

func keyOf(storeID string, o Owner, ref string) keptKey {
	return keptKey{store: storeID, ref: ref, owner: o}
}

// take is a copy of the cart kept under k, with its lines (Cart.known), or nil.
func (kc *keptCarts) take(k keptKey) *Cart {
	kc.mu.Lock()
	c := kc.carts[k]
	kc.mu.Unlock()
	if c == nil {
		return nil
	}
	return c.copyKept()
}

// keep keeps c (as committed, with its lines as its change left them, and the facts it read ahead) under k, unless
// a later revision of the cart is kept already (two tabs' adds can end in either order). A cart whose calculation
// runs in the background is not kept: its lines' prices are being written after the change. The change is done
// with c's lines (its answer only reads them): they are kept as they are, not copied, and never changed once kept
// (take copies them for the next change, without what the change read for itself).
func (kc *keptCarts) keep(k keptKey, c *Cart, known *knownLines, facts *keptFacts) {
	if c == nil || known == nil || known.quantity != nil || (c.Status != StatusActive && c.Status != StatusCheckout) {
		return
	}
	kept := *c
	kept.known, kept.factsRead = known, facts
	kc.mu.Lock()
	defer kc.mu.Unlock()
	if old := kc.carts[k]; old != nil {
		if old.ID == c.ID && old.Revision > c.Revision {
			return
		}
		kc.lines -= len(old.known.products)
	}
	if kc.carts == nil || kc.lines+len(known.products) > maxKeptLines {
		kc.carts, kc.lines = map[keptKey]*Cart{}, 0
	}
	kc.carts[k] = &kept
	kc.lines += len(known.products)
}

// forget drops what is kept under k (a change that failed may have left its copy behind the database).
func (kc *keptCarts) forget(k keptKey) {
	kc.mu.Lock()
	defer kc.mu.Unlock()
	if old := kc.carts[k]; old != nil {
		kc.lines -= len(old.known.products)
		delete(kc.carts, k)
	}
}

// copyKept is a copy of c and its lines that a change may modify, without what one change read for itself, with
// the facts read ahead while they hold.
func (c *Cart) copyKept() *Cart {
	out := *c
	out.Totals = maps.Clone(c.Totals)
	out.read, out.facts, out.factsRead, out.catalogFromMemory, out.linesAsLeft = nil, nil, nil, false, nil
	k := *c.known
	k.products = append([]line(nil), c.known.products...)
	k.quantity = nil
	out.known = &k
	if f := c.factsRead; f != nil && f.current() {
		out.facts, out.factsRead = f.facts.clone(), f
	}
	return &out
}

// rows are the cart's and its lines' rows as the engine stored them, where known.
func (c *Cart) rows() []*records.Record {
	out := []*records.Record{c.row}
	for _, l := range c.known.products {
		out = append(out, l.row)
	}
	return out
}

// storedLine is the row of c's line id as the change that answered with c stored it, or nil.
func (c *Cart) storedLine(id string) *records.Record {
	for _, l := range c.linesAsLeft {
		if l.id == id {
			return l.row
		}
	}
	return nil
}

// keepStoredRows gives the cart and its lines, as the add leaves them, their rows as stored, for the owner's next
// add: the rows tx wrote, and for the lines it did not write the rows the add started from (given to tx by mutate,
// and so still the rows as stored), or nil. A row is the cart's only when it is the revision c is: the two were
// written together.
func keepStoredRows(tx *db.Tx, c *Cart, known *knownLines) {
	if c == nil || known == nil {
		return
	}
	c.row = records.WrittenRow(tx, c.ID)
	if c.row != nil && (c.row.String("LastModifiedDate") != c.Modified || c.row.Get("Revision") != c.Revision) {
		c.row = nil
	}
	for i := range known.products {
		if row := records.WrittenRow(tx, known.products[i].id); row != nil {
			known.products[i].row = row
		}
	}
	c.linesAsLeft = known.products
}

// keptFacts are the facts an add read ahead (readAhead), with what they were read from and the day their
// promotions are current on. The cart's own rows among them (its groups and coupons) hold while its revision does,
// as its lines do; the others (promotions, delivery methods' fees, the store's and the account's tax region) while
// the tables they were read from have not moved (db.Reads) and the day has not turned. A change that writes the
// cart's groups (its first default group, a charge) keeps none: the next add reads them again.
type keptFacts struct {
	facts *cartFacts
	reads *db.Reads
	day   string
}

// ownTables are the tables of a cart's own rows that its facts read: every write of them recalculates the cart and
// moves its revision (hooks.go), which stillCurrent checks.
var ownTables = []string{"webcart", "cartdeliverygroup", "webcartadjustmentbasis"}

func (f *keptFacts) current() bool { return f.day == today() && f.reads.Current() }

// A checkout's steps follow the owner's adds and each other, and each recalculates the cart: it starts from the
// copy the owner's last change kept, when that copy is the cart the step read in its transaction (the same check as
// stillCurrent's), and keeps the cart as it leaves it for the next step or add. Its lines and their adjustments are
// then not read again, and on SQLite the updates of the cart's and the lines' rows do not read them first. The
// facts read ahead are not carried: a step may change the delivery groups they hold.

// AdoptKept gives c, read by a checkout step in tx, the lines (with their adjustments and rows) of the kept copy of
// it, when that copy is c as stored; and the rules of the step's writes take c as read (rememberCart).
func (s *Service) AdoptKept(tx *db.Tx, sh *storecontext.Shopper, c *Cart) {
	rememberCart(tx, c)
	key, ok := s.currentKey(sh)
	if !ok || c.known != nil {
		return
	}
	k := s.kept.take(key)
	if k == nil || k.ID != c.ID || k.Revision != c.Revision || k.Status != c.Status || k.Modified != c.Modified {
		return
	}
	c.known, c.row = k.known, k.row
	records.KeepRows(tx, c.rows()...)
}

// LeftByStep is the cart c as a checkout step's transaction leaves it, with its lines, for KeepStep once the step
// committed; nil when the step did not recalculate it.
func LeftByStep(tx *db.Tx, c *Cart) *Cart {
	if c.known == nil || c.known.quantity != nil {
		return nil
	}
	out := *c
	if row := records.WrittenRow(tx, c.ID); row != nil {
		out = *cartFromRecord(row)
	}
	keepStoredRows(tx, &out, c.known)
	out.known = c.known
	return &out
}

// KeepStep keeps left (LeftByStep's, after the step committed) for the owner's next step or add; a closed cart
// drops what was kept. Without left (the step neither adopted nor recalculated the cart) what is kept stays: it
// was not the cart as stored, and the checks of the next step or add refuse it as before.
func (s *Service) KeepStep(sh *storecontext.Shopper, left *Cart) {
	key, ok := s.currentKey(sh)
	switch {
	case !ok || left == nil:
	case left.Status != StatusActive && left.Status != StatusCheckout:
		s.kept.forget(key)
	default:
		s.kept.keep(key, left, left.known, nil)
	}
}

// currentKey is where the shopper's adds keep their cart: under "current", as a storefront names it.
func (s *Service) currentKey(sh *storecontext.Shopper) (keptKey, bool) {
	o, err := s.ownerFor(sh)
	return keyOf(sh.Store.ID, o, Current), err == nil
}
