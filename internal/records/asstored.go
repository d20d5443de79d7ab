package records

import (
	"context"
	"errors"
	"maps"
	"slices"
	"sync"

	"storefront/internal/identity"
	"storefront/internal/platform/db"
)

// An update reads its records before writing them (the hooks see them as they were, and only the columns that
// change are written), and that read was a fifth of an add to cart: the add updates its line and its cart, whose
// rows the cart's code already has, as its last add left them, checked by the cart's revision (cart/kept.go). So a
// transaction may ask the engine to keep its rows as stored (KeepRows): the records given, and from then on every
// record the engine inserts or updates in it. An update of a kept record starts from the kept copy instead of
// reading it. On SQLite, whose single writer runs the transaction, a row given stands as it is until the
// transaction writes it. On PostgreSQL another transaction may change it meanwhile, and a row read FOR UPDATE would
// be locked but cost a round trip: instead its update is written only where the row's SystemModstamp (which every
// engine write moves) is still the given one, and a row that moved fails the update with ErrRowMoved, for the caller
// to run its transaction again reading its rows (the cart's change and the checkout's step do). The rows the engine
// writes, and those LockRows and LockFirst read, are locked by the transaction until it ends: kept without the
// condition. Only for an actor of the system (which no row rule filters), and only in transactions whose rows no
// statement outside the engine writes (the cart's and the checkout's: their objects' rows are the engine's alone).

// asStored are the rows a transaction keeps: those the engine wrote in it, by id, and those its caller gave
// (KeepRows), which only the ids the engine did not write look for. An add gives its cart's every line and updates
// one or two: a list costs less than a map of them.
type asStored struct {
	mu      sync.Mutex
	written map[string]*Record
	given   []*Record
	// unlocked are the given rows no lock of tx holds (PostgreSQL's KeepRows): their update is written only if the
	// row is still the one given (updateRows), else ErrRowMoved.
	unlocked map[string]bool
}

// ErrRowMoved is an update of a row kept as given (KeepRows) that another writer changed since: nothing of the
// transaction may be kept, and its caller runs it again reading its rows in it.
var ErrRowMoved = errors.New("records: a row kept as stored was changed by another writer")

type asStoredKey struct{}

// KeepRows makes tx keep its rows as stored: recs (which the caller knows were the rows as stored when tx began,
// and leaves unchanged from now on: the engine copies a row before changing it), and every record the engine
// inserts or updates in tx from now on. On SQLite, whose one writer runs tx, recs stand as they are until tx ends;
// on PostgreSQL another transaction may change one meanwhile, so an update of one is written only if the row is
// still as given, and fails with ErrRowMoved otherwise.
func KeepRows(tx *db.Tx, recs ...*Record) { keepRows(tx, tx.Dialect() == db.SQLite, recs) }

// InKeptTx runs fn in a transaction begun by run (db.InTx, db.InDurableTx) that keeps its rows as stored
// (KeepRows), and runs it once more when a row fn gave moved under it (ErrRowMoved, PostgreSQL): fn must then read
// its rows in the transaction rather than give the same ones again (the cart's copies are checked by the cart's
// revision, which the other writer moved).
func InKeptTx(ctx context.Context, run func(context.Context, func(*db.Tx) error) error, fn func(tx *db.Tx) error) error {
	keeping := func(tx *db.Tx) error {
		KeepRows(tx)
		return fn(tx)
	}
	err := run(ctx, keeping)
	if errors.Is(err, ErrRowMoved) {
		err = run(ctx, keeping)
	}
	return err
}

// keepRows is KeepRows; locked: recs stand as they are until tx ends (on SQLite, or locked by tx).
func keepRows(tx *db.Tx, locked bool, recs []*Record) {
	kept := db.TxLocal(tx, asStoredKey{}, func() *asStored { return &asStored{written: map[string]*Record{}} })
	kept.mu.Lock()
	defer kept.mu.Unlock()
	for _, r := range recs {
		if r == nil || r.ID == "" {
			continue
		}
		kept.given = append(kept.given, r)
		if !locked {
			if kept.unlocked == nil {
				kept.unlocked = map[string]bool{}
			}
			kept.unlocked[r.ID] = true
		} else {
			delete(kept.unlocked, r.ID)
		}
	}
}

// WrittenRow is the row of id as the engine last wrote it in tx, when tx keeps its rows (KeepRows), or nil. It is
// shared: the caller must not change it.
func WrittenRow(tx *db.Tx, id string) *Record {
	k := keptRows(tx)
	if k == nil {
		return nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.written[id]
}

// keptRows is tx's kept rows, or nil when it keeps none.
func keptRows(tx *db.Tx) *asStored { return db.TxLocalIfAny[*asStored](tx, asStoredKey{}) }

// row is the kept row of id, or nil; the caller holds mu.
func (k *asStored) row(id string) *Record {
	if r := k.written[id]; r != nil {
		return r
	}
	for _, r := range k.given {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// keep keeps copies of the records the engine wrote (their callers get them, and may change them).
func (k *asStored) keep(recs []*Record) {
	if k == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, r := range recs {
		if r != nil && r.ID != "" {
			k.written[r.ID] = r.clone()
		}
	}
}

// take splits ids into the kept rows of o, by id, and the ids of the rest; unlocked are the ids of found rows no
// lock of tx holds. The rows are shared: the caller changes copies of them.
func (k *asStored) take(o *Object, ids []string) (found map[string]*Record, rest []string, unlocked map[string]bool) {
	if k == nil {
		return nil, ids, nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	found = make(map[string]*Record, len(ids))
	for _, id := range ids {
		r := k.row(id)
		if r == nil || r.Object != o { // another catalog's object (a field added since): read it
			rest = append(rest, id)
			continue
		}
		found[id] = r
		if k.unlocked[id] && k.written[id] == nil {
			if unlocked == nil {
				unlocked = map[string]bool{}
			}
			unlocked[id] = true
		}
	}
	return found, rest, unlocked
}

// forget drops the rows of deleted records.
func (k *asStored) forget(ids []string) {
	if k == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	gone := make(map[string]bool, len(ids))
	for _, id := range ids {
		delete(k.written, id)
		gone[id] = true
	}
	k.given = slices.DeleteFunc(k.given, func(r *Record) bool { return gone[r.ID] })
	for id := range gone {
		delete(k.unlocked, id)
	}
}

// loadForUpdate is load for an update in tx: the kept rows from tx when the actor is the system's, the rest read
// (and locked, on PostgreSQL); unlocked are the ids of kept rows no lock of tx holds (KeepRows).
func (e *Engine) loadForUpdate(ctx context.Context, tx *db.Tx, actor *identity.Principal, o *Object, ids []string) ([]*Record, map[string]bool, error) {
	kept := keptRows(tx)
	if kept == nil || !isSystem(actor) {
		recs, err := e.load(ctx, tx, actor, o, ids, true)
		return recs, nil, err
	}
	found, rest, unlocked := kept.take(o, ids)
	read, err := e.load(ctx, tx, actor, o, rest, true)
	if err != nil || len(found) == 0 {
		return read, nil, err
	}
	for _, r := range read {
		found[r.ID] = r
	}
	out := make([]*Record, 0, len(found))
	for _, id := range ids { // in the order asked, an id asked twice once, as load answers
		if r := found[id]; r != nil {
			out = append(out, r)
			delete(found, id)
		}
	}
	return out, unlocked, nil
}

// LockRows reads the rows of ids of the object apiName in tx as the system sees them, locking them on PostgreSQL
// as an update would, and keeps them (KeepRows) when tx keeps its rows, so that an update of them in tx starts from
// them instead of reading them again. The records answered are the caller's to read, not to change.
func (e *Engine) LockRows(ctx context.Context, tx *db.Tx, apiName string, ids ...string) ([]*Record, error) {
	o, err := e.objectNamed(ctx, apiName)
	if err != nil {
		return nil, err
	}
	recs, err := e.load(ctx, tx, System, o, ids, true)
	if err == nil {
		keepLocked(tx, recs)
	}
	return recs, err
}

// keepLocked keeps recs, which a read of tx locked, when tx keeps its rows: on PostgreSQL too, since that very read
// locked them, they stand as read until tx ends.
func keepLocked(tx *db.Tx, recs []*Record) {
	if keptRows(tx) != nil {
		keepRows(tx, true, recs)
	}
}

// objectNamed is the object apiName of the catalog.
func (e *Engine) objectNamed(ctx context.Context, apiName string) (*Object, error) {
	cat, err := e.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	if o := cat.Object(apiName); o != nil {
		return o, nil
	}
	return nil, metaErr("no object named %s", apiName)
}

// LockFirst is LockRows of the first row of apiName, in the order orderBy, that cond holds for (both on the alias
// x of its table, with args), or nil when there is none: one statement where finding the row's id and then
// locking it took two.
func (e *Engine) LockFirst(ctx context.Context, tx *db.Tx, apiName, cond, orderBy string, args ...any) (*Record, error) {
	o, err := e.objectNamed(ctx, apiName)
	if err != nil {
		return nil, err
	}
	found := map[string]*Record{} // one row at most
	err = e.loadWhere(ctx, tx, System, o, `r."id" = (SELECT x."id" FROM `+db.Ident(o.TableName())+` x WHERE `+cond+
		` ORDER BY `+orderBy+` LIMIT 1)`, args, true, found)
	if err != nil || len(found) == 0 {
		return nil, err
	}
	recs := slices.Collect(maps.Values(found))
	keepLocked(tx, recs)
	return recs[0], nil
}
