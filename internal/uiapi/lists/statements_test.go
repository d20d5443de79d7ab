package lists_test

import (
	"fmt"
	"net/http"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
	"storefront/internal/identity"
)

// TestListUIReadsAFixedNumberOfStatements checks that a page of list records costs the same statements whether it
// has 5 rows or 50, related columns included: no read per row.
func TestListUIReadsAFixedNumberOfStatements(t *testing.T) {
	s := apptest.Demo(t, "")
	admin := newClient(t, s, "admin@example.com")
	staff := &identity.Principal{UserID: demo.AdminUserID, Staff: true}
	for i := range 60 {
		if _, err := s.App.Engine.Create(t.Context(), staff, "Case", map[string]any{"Subject": fmt.Sprintf("Bulk %02d", i),
			"AccountId": demo.BuyerAccountID}); err != nil {
			t.Fatal(err)
		}
	}
	cost := func(size int) int64 {
		path := fmt.Sprintf("list-ui/Case/AllCases?pageSize=%d&fields=Case.Account.Name,Case.Owner.Name", size)
		admin.must(t, 200, "GET", path, nil) // warm: the caller's rights and the catalog are cached after one call
		before := s.App.DB.Statements()
		got := admin.must(t, 200, "GET", path, nil)
		if n := len(got["records"].(map[string]any)["records"].([]any)); n != size {
			t.Fatalf("page of %d has %d records", size, n)
		}
		return s.App.DB.Statements() - before
	}
	small, large := cost(5), cost(50)
	t.Logf("statements per page: %d (5 rows), %d (50 rows)", small, large)
	if small != large || large > 12 {
		t.Fatalf("statements: %d for 5 rows, %d for 50", small, large)
	}
}

// BenchmarkListUI times GET list-ui of 50 cases with two related columns, over loopback HTTP on SQLite.
func BenchmarkListUI(b *testing.B) {
	s := apptest.Demo(b, "")
	staff := &identity.Principal{UserID: demo.AdminUserID, Staff: true}
	for i := range 60 {
		if _, err := s.App.Engine.Create(b.Context(), staff, "Case", map[string]any{"Subject": fmt.Sprintf("Bulk %02d", i)}); err != nil {
			b.Fatal(err)
		}
	}
	token := s.Token(b, "admin@example.com")
	path := ui + "list-ui/Case/AllCases?pageSize=50&fields=Case.Account.Name,Case.Owner.Name"
	for b.Loop() {
		s.Get(b, path, token).WantStatus(b, "list-ui", http.StatusOK)
	}
}
