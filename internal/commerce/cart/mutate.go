package cart

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"
	"time"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// errBusy answers a change that waited too long for another change of the same cart: 409, which clients do not
// retry blindly (spec section 4).
var errBusy = httpx.Errorf(http.StatusConflict, "CONCURRENT_MODIFICATION",
	"The cart is being changed by another request. Reload it and try again.")

// change runs fn on the shopper's cart (cartStateOrId ref) in one transaction and recalculates the cart after it.
// Changes of one owner's carts are serialised: on PostgreSQL by an advisory lock on the owner taken first (so two
// first adds cannot both create a cart) and the cart's row lock; on SQLite by its single writer. A wait longer than
// a few seconds answers 409. With create, a missing current cart is created first.
func (s *Service) change(ctx context.Context, sh *storecontext.Shopper, ref string, create bool,
	fn func(tx *db.Tx, c *Cart) error) (*Cart, error) {
	return s.mutate(ctx, sh, ref, mutation{create: create}, fn)
}

// add is change for an add (addItems): the cart, its lines and its calculation's facts are read ahead (readAhead),
// which no other change could use, since they read lines after writing them.
func (s *Service) add(ctx context.Context, sh *storecontext.Shopper, ref string, fn func(tx *db.Tx, c *Cart) error) (*Cart, error) {
	return s.mutate(ctx, sh, ref, mutation{create: true, readAhead: true}, fn)
}

// changeGroups is change for a change of the cart's delivery groups only (a group's address, method, date or
// instructions, which lines ship with which, a group added or deleted): the lines stay as they are, so a
// checkout's stock holds stay too, and a live checkout of the cart is taken along to the new revision
// (GroupsChanged) rather than made stale. Split shipment is set this way during checkout; were it a cart change
// like any other, every delivery-group call would make the checkout answer 422 and start again.
func (s *Service) changeGroups(ctx context.Context, sh *storecontext.Shopper, ref string,
	fn func(tx *db.Tx, c *Cart) error) (*Cart, error) {
	return s.mutate(ctx, sh, ref, mutation{groupsOnly: true}, fn)
}

// mutation is how a change runs: create makes a current cart when there is none; groupsOnly is changeGroups';
// readAhead is add's.
type mutation struct{ create, groupsOnly, readAhead bool }

func (s *Service) mutate(ctx context.Context, sh *storecontext.Shopper, ref string, m mutation,
	fn func(tx *db.Tx, c *Cart) error) (*Cart, error) {
	o, err := s.ownerFor(sh)
	if err != nil {
		return nil, err
	}
	var out, changed *Cart
	background := false
	var read *Cart
	key := keyOf(sh.Store.ID, o, ref)
	if m.readAhead {
		read = s.readAhead(ctx, key)
	}
	// The engine alone writes a cart's rows: an update of a row written before (or given, kept.go) need not read it.
	err = records.InKeptTx(ctx, s.DB.InTx, func(tx *db.Tx) error {
		if err := lockOwner(ctx, tx, sh.Store.ID, o); err != nil {
			return err
		}
		c, err := stillCurrent(ctx, tx, read)
		read = nil // a transaction run again reads for itself
		if c != nil {
			records.KeepRows(tx, c.rows()...) // as the last add stored them: its revision holds
		}
		if c == nil && err == nil {
			c, err = Find(ctx, tx, sh.Store.ID, o, ref)
		}
		if err != nil {
			return err
		}
		if c == nil {
			if !m.create {
				return cartNotFound(ref)
			}
			if c, err = s.create(ctx, tx, sh, o); err != nil {
				return err
			}
		}
		records.ReadInTx(tx, c.ID) // read in tx: the lines and adjustments naming it need no reference check
		rememberCart(tx, c)        // nor do their rules read it again
		c.catalogFromMemory = true
		inCheckout := c.Status == StatusCheckout
		if inCheckout && !m.groupsOnly { // the checkout's holds go with the change that makes it stale
			if err := s.Release(ctx, tx, c.ID); err != nil {
				return err
			}
		}
		revision, total := c.Revision, c.Totals["grandtotalamount"]
		if err := fn(tx, c); err != nil {
			return err
		}
		if background, err = s.calculate(ctx, tx, sh.Store.CartSyncLineLimit, c); err != nil {
			return err
		}
		changed = c
		if inCheckout && m.groupsOnly && !background && s.GroupsChanged != nil {
			if err := s.GroupsChanged(ctx, tx, c, revision, total); err != nil {
				return err
			}
		}
		if kept, ok := cartsReadIn(tx).get(c.ID); ok {
			out = kept // as read or as the calculation stored it, not saved since
		} else if out, err = Find(ctx, tx, sh.Store.ID, o, c.ID); err != nil {
			return err
		}
		if m.readAhead {
			keepStoredRows(tx, out, changed.known)
		}
		return nil
	})
	if m.readAhead {
		if err == nil && !background {
			s.kept.keep(key, out, changed.known, changed.factsRead)
		} else {
			s.kept.forget(key)
		}
	}
	if isLockTimeout(err) {
		return nil, errBusy
	}
	if err == nil && background {
		go s.calculateLater(out.ID)
	}
	return out, apiErr(err)
}

// readAhead reads the cart an add will change, with its lines and its calculation's facts (Cart.known and
// Cart.facts), before the add takes the writer, from the readers, which do not wait for it: most of an add's reads
// are then not made while every other change of the store waits. The cart and its lines are the copy the owner's
// last add kept, when there is one (kept.go); on PostgreSQL, whose writers do not wait for each other, a cart that
// is not kept is read in the transaction, but the facts of a kept one are read here too and kept with it, so that
// the owner's next adds read none (two statements, each a round trip, of the eight an add ran there). The facts
// that are not the cart's own rows (promotions, delivery methods' fees, the account's address) are as fresh as the
// store's catalog in memory, which a buyer's change prices with anyway (Cart.catalogFromMemory); placing an order
// prices afresh in its transaction. It returns nil when there is nothing to read ahead (no such cart, or an error:
// the add reads in its transaction and reports it). The cart is read first, so a change committed between the
// reads leaves the cart's revision behind, and stillCurrent refuses it.
// Its lines lacking a current price are priced ahead too (pricesAhead).
func (s *Service) readAhead(ctx context.Context, key keptKey) *Cart {
	c := s.readCartAhead(ctx, key)
	if c != nil {
		s.pricesAhead(ctx, c)
	}
	return c
}

// readCartAhead is readAhead's read of the cart, its lines and its facts.
func (s *Service) readCartAhead(ctx context.Context, key keptKey) *Cart {
	c := s.kept.take(key)
	if c == nil && s.DB.Dialect != db.SQLite {
		return nil
	}
	var err error
	if c == nil {
		if c, err = Find(ctx, s.DB, key.store, key.owner, key.ref); err != nil || c == nil {
			return nil
		}
		if c.known, err = loadKnownLines(ctx, s.DB, c.ID); err != nil {
			return nil
		}
		if c.known.adjustments, err = storedAdjustments(ctx, s.DB, c.ID); err != nil {
			return nil
		}
	}
	if c.facts != nil {
		return c // kept with the cart, and nothing they were read from moved since
	}
	day := today()
	tracked, reads := s.DB.TrackExcept(ctx, ownTables...) // the cart's own rows hold while its revision does
	if c.facts, err = readFacts(tracked, s.DB, c); err != nil {
		return nil
	}
	if reads.Keepable() {
		c.factsRead = &keptFacts{facts: c.facts.clone(), reads: reads, day: day}
	}
	return c
}

// stillCurrent is c, read ahead, when its row in tx is still the row read: every write of a cart's lines, coupons
// or groups recalculates it in the same transaction, which moves its revision and modification time, so the lines
// read with it are the lines as they are too. Nil (and the change reads in tx) when c is nil or moved since.
func stillCurrent(ctx context.Context, tx *db.Tx, c *Cart) (*Cart, error) {
	if c == nil {
		return nil, nil
	}
	var revision sql.NullInt64
	var status, modified string
	err := tx.QueryRow(ctx, `SELECT revision, status, lastmodifieddate FROM webcart WHERE id = ?`, c.ID).
		Scan(&revision, &status, &modified)
	if err == sql.ErrNoRows || (err == nil && (revision.Int64 != c.Revision || status != c.Status || modified != c.Modified)) {
		return nil, nil
	}
	return c, err
}

// calculate recalculates the cart c in tx when it has at most limit lines (limit 0: always). A larger cart is
// marked Processing instead, for calculateLater once the change is committed; reads answer 202 meanwhile.
func (s *Service) calculate(ctx context.Context, tx *db.Tx, limit int64, c *Cart) (background bool, err error) {
	if limit > 0 {
		known, err := c.knownLines(ctx, tx)
		if err != nil {
			return false, err
		}
		if int64(known.count) > limit {
			// The quantities the change set are written now; their prices, by the calculation in the background.
			if _, err := s.Engine.UpdateMany(quiet(ctx), tx, records.System, known.quantityChanges(),
				records.UpdateOptions{}); err != nil {
				return false, err
			}
			c.Revision++
			_, err = s.Engine.UpdateMany(ctx, tx, records.System, []records.Change{{ID: c.ID,
				Values: map[string]any{"Status": StatusProcessing, "Revision": c.Revision}}}, records.UpdateOptions{})
			return true, err
		}
	}
	return false, s.recalculate(ctx, tx, c)
}

// calculateLater recalculates a cart marked Processing, outside any request, and makes it Active again. A cart
// that is no longer Processing (another run got there first) is left alone. Errors are logged: the cart stays
// Processing and the next read schedules another run (see staleProcessing).
func (s *Service) calculateLater(cartID string) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		lock := ""
		if tx.Dialect() == db.Postgres {
			lock = " FOR UPDATE"
		}
		c, err := scanCart(tx.QueryRow(ctx, `SELECT `+cartColumns+` FROM webcart WHERE id = ?`+lock, cartID))
		if err != nil || c.Status != StatusProcessing {
			return err
		}
		c.catalogFromMemory = true // a buyer's change, finished in the background
		return s.recalculate(ctx, tx, c)
	})
	if err != nil && s.Log != nil {
		s.Log.Error("cart: background calculation failed", "cart", cartID, "err", err)
	}
}

// InBackground reports a cart whose calculation runs in the background (Processing; reads answer 202 meanwhile).
// A cart left Processing for longer than a calculation takes (its instance stopped mid-way) gets a new run from
// here.
func (s *Service) InBackground(c *Cart) bool {
	if c.Status != StatusProcessing {
		return false
	}
	if t, err := time.Parse(records.DateTimeLayout, c.Modified); err == nil && time.Since(t) > staleProcessing {
		go s.calculateLater(c.ID)
	}
	return true
}

// staleProcessing is how long a background calculation may take before a read starts another.
const staleProcessing = 30 * time.Second

// ownerFor is the owner of the shopper's carts; guests of a store without guest carts get 401.
func (s *Service) ownerFor(sh *storecontext.Shopper) (Owner, error) {
	if sh.Guest() && !sh.Store.GuestCartEnabled {
		return Owner{}, httpx.Unauthorized()
	}
	return OwnerOf(sh), nil
}

// lockOwner serialises the changes of one owner's carts on PostgreSQL for the transaction, waiting a few seconds at
// most (then the lock timeout is 409).
func lockOwner(ctx context.Context, tx *db.Tx, storeID string, o Owner) error {
	if tx.Dialect() != db.Postgres {
		return nil
	}
	key := "cart:" + storeID + ":" + o.UserID + ":" + o.AccountID + ":" + o.GuestSessionID
	// set_config(…, true) is SET LOCAL: the timeout holds for this transaction's lock waits, this one's first.
	_, err := tx.Exec(ctx, `SELECT set_config('lock_timeout', '5s', true), pg_advisory_xact_lock(hashtext(?))`, key)
	return err
}

// isLockTimeout reports a wait for a lock that gave up: PostgreSQL's lock_timeout (55P03) or SQLite's busy
// timeout.
func isLockTimeout(err error) bool {
	if err == nil {
		return false
	}
	var e *httpx.Error
	if errors.As(err, &e) {
		return false
	}
	msg := err.Error()
	return strings.Contains(msg, "SQLSTATE 55P03") || strings.Contains(msg, "database is locked") ||
		strings.Contains(msg, "SQLITE_BUSY")
}

// create makes the owner a new current cart.
func (s *Service) create(ctx context.Context, tx *db.Tx, sh *storecontext.Shopper, o Owner) (*Cart, error) {
	return s.createNamed(ctx, tx, sh, o, "Cart", false)
}

// createNamed writes a new cart of the owner with a name, primary or secondary (a saved cart, which "current" and
// "active" never name).
func (s *Service) createNamed(ctx context.Context, tx *db.Tx, sh *storecontext.Shopper, o Owner, name string, secondary bool) (*Cart, error) {
	if o.IsGuest() && o.GuestSessionID == "" {
		return nil, httpx.Unauthorized() // a guest without a session (no cookie) cannot keep a cart
	}
	in := map[string]any{"Name": name, "WebStoreId": sh.Store.ID, "Status": StatusActive, "Type": TypeCart,
		"CurrencyIsoCode": sh.Store.DefaultCurrency, "TaxType": sh.Store.TaxType, "IsSecondary": secondary}
	if o.IsGuest() {
		in["GuestSessionId"] = o.GuestSessionID
	} else if o.AccountID != "" {
		in["AccountId"] = o.AccountID
	}
	recs, err := s.Engine.Insert(ctx, tx, o.actor(), "WebCart", []map[string]any{in})
	if err != nil {
		return nil, err
	}
	// The row as the engine wrote it, not read back; a new cart has no lines and no adjustments to read either.
	c := cartFromRecord(recs[0])
	c.known = &knownLines{adjustments: map[string][]storedAdjustment{}}
	return c, nil
}
