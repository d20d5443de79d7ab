package records

import (
	"sync"

	"storefront/internal/platform/db"
)

// existing is what a transaction knows to exist: the ids its reference checks found and the records the engine
// inserted in it. A reference check asks the database only for the ids it does not know, so placing an order,
// whose summaries, groups and items each name the order (inserted a statement before) and the same few records,
// checks each id once. Only checks without a row filter use it: there existence is the whole question, and
// within the transaction only a delete ends it (every delete of a record goes through the engine, which forgets
// what it deletes). A filtered check (what a buyer may see) still asks each time, since an update can move a
// record out of sight.
type existing struct {
	mu  sync.Mutex
	ids map[string]bool
}

type existingKey struct{}

// existingIn is the transaction's set.
func existingIn(tx *db.Tx) *existing {
	return db.TxLocal(tx, existingKey{}, func() *existing { return &existing{ids: map[string]bool{}} })
}

// unknown marks the ids known to exist in found and returns the others.
func (x *existing) unknown(ids []string, found map[string]bool) []string {
	x.mu.Lock()
	defer x.mu.Unlock()
	var out []string
	for _, id := range ids {
		if x.ids[id] {
			found[id] = true
		} else {
			out = append(out, id)
		}
	}
	return out
}

// add notes ids as existing.
func (x *existing) add(ids []string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	for _, id := range ids {
		x.ids[id] = true
	}
}

// forget notes ids as deleted.
func (x *existing) forget(ids []string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	for _, id := range ids {
		delete(x.ids, id)
	}
}

// ReadInTx notes ids that the transaction read from their records' tables as existing, so the engine's reference
// checks in it do not ask again: a cart change reads its cart and today's promotions in the transaction before
// writing lines and adjustments that name them. Only ids read through tx belong here (a read of the reader pool or
// of a cache proves nothing about the transaction); deletes through the engine forget them as usual.
func ReadInTx(tx *db.Tx, ids ...string) { existingIn(tx).add(ids) }
