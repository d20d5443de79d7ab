package pagecache

import (
	"errors"
	"testing"

	"storefront/internal/platform/db/dbtest"
)

// A page is built once per key while it is kept; a page that may not be kept (a closed cart's) is built on every
// read, and a failed build keeps nothing.
func TestGetKeepsPagesByKey(t *testing.T) {
	d := dbtest.Open(t, "sqlite")
	builds := 0
	build := func(body string) func() ([]byte, error) {
		return func() ([]byte, error) { builds++; return []byte(body), nil }
	}
	k := Key{Cart: "state-1", Path: "/cart-items", Query: "pageSize=5", Currency: "USD"}
	for i, want := range []string{"first", "first"} {
		got, err := Get(d, k, true, build("first"))
		if err != nil || string(got) != want {
			t.Fatalf("read %d: %q, %v; want %q", i, got, err, want)
		}
	}
	if builds != 1 {
		t.Fatalf("kept page built %d times, want 1", builds)
	}
	moved := k
	moved.Cart = "state-2" // the cart changed: a new state, read afresh
	if got, _ := Get(d, moved, true, build("second")); string(got) != "second" || builds != 2 {
		t.Fatalf("new state: %q after %d builds", got, builds)
	}
	closed := Key{Cart: "closed", Path: "/cart-items"}
	for range 2 {
		if _, err := Get(d, closed, false, build("closed")); err != nil {
			t.Fatal(err)
		}
	}
	if builds != 4 {
		t.Fatalf("unkept page built %d times in all, want 4", builds)
	}
	failed := Key{Cart: "failing"}
	if _, err := Get(d, failed, true, func() ([]byte, error) { return nil, errors.New("boom") }); err == nil {
		t.Fatal("a failed build answered no error")
	}
	if got, err := Get(d, failed, true, build("after")); err != nil || string(got) != "after" {
		t.Fatalf("after a failed build: %q, %v", got, err)
	}
}
