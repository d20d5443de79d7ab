package cart

import "testing"

// Two tabs' adds to one cart can end in either order: the later revision stays kept. A cart calculated in the
// background is not kept; past maxKeptLines the kept carts are dropped all at once; a failed change forgets its
// owner's copy.
func TestKeptCartsKeepTheLatestAndStayBounded(t *testing.T) {
	var kc keptCarts
	keep := func(k keptKey, id, status string, revision int64, lines int) {
		kc.keep(k, &Cart{ID: id, Status: status, Revision: revision}, &knownLines{products: make([]line, lines)}, nil)
	}
	tab := keyOf("store", Owner{UserID: "u1"}, "current")
	keep(tab, "c1", StatusActive, 5, 3)
	keep(tab, "c1", StatusActive, 4, 2) // the earlier change ends last
	if got := kc.take(tab); got == nil || got.Revision != 5 || len(got.known.products) != 3 {
		t.Fatalf("kept %+v, want revision 5 with 3 lines", got)
	}
	keep(tab, "c2", StatusActive, 1, 1) // a new current cart replaces the closed one, whatever its revision
	if got := kc.take(tab); got == nil || got.ID != "c2" || kc.lines != 1 {
		t.Fatalf("kept %+v (%d lines counted), want c2", got, kc.lines)
	}
	other := keyOf("store", Owner{UserID: "u2"}, "current")
	keep(other, "c3", StatusProcessing, 1, 1)
	if kc.take(other) != nil {
		t.Fatal("a cart calculated in the background was kept")
	}

	big := keyOf("store", Owner{UserID: "u3"}, "current")
	keep(big, "c4", StatusActive, 1, maxKeptLines) // over the bound with c2's line: all start afresh
	if kc.take(tab) != nil || kc.take(big) == nil || kc.lines != maxKeptLines {
		t.Fatalf("past the bound: c2 kept %v, c4 kept %v, %d lines counted", kc.take(tab) != nil, kc.take(big) != nil, kc.lines)
	}
	kc.forget(big)
	if kc.take(big) != nil || kc.lines != 0 {
		t.Fatalf("forgotten: still kept, or %d lines counted", kc.lines)
	}
}
