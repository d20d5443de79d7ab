package metadata_test

import (
	"context"
	"slices"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/demo"
	"storefront/internal/identity"
	"storefront/internal/records"
	"storefront/internal/uiapi/metadata"
)

// names are the API names of fields.
func names(fields []*records.Field) []string {
	var out []string
	for _, f := range fields {
		out = append(out, f.APIName)
	}
	return out
}

// checkLayoutFields checks the fields the records group reads for layoutTypes: the layout's, within the caller's
// field-level security, an address as its components.
func checkLayoutFields(t *testing.T, s *apptest.Server) {
	ctx := context.Background()
	h := &metadata.Handler{Engine: s.App.Engine}
	cat, err := s.App.Engine.Catalog(ctx)
	if err != nil {
		t.Fatal(err)
	}
	account := cat.Object("Account")
	admin := &identity.Principal{UserID: demo.AdminUserID, Staff: true}
	merch := &identity.Principal{UserID: demo.MerchandiserUserID, Staff: true}

	compact, err := h.LayoutFields(ctx, admin, account, "Compact", "View", "")
	if err != nil || len(compact) == 0 || compact[0].APIName != "Name" {
		t.Fatalf("compact: %v %v", names(compact), err)
	}
	full := names(h.RecordLayoutFields(s.App.Engine, admin, account, "Full", "View"))
	if !slices.Contains(full, "BillingCity") || slices.Contains(full, "BillingAddress") || !slices.Contains(full, "AnnualRevenue") {
		t.Fatalf("admin's full account fields %v", full)
	}
	if mine := names(h.RecordLayoutFields(s.App.Engine, merch, account, "full", "edit")); slices.Contains(mine, "AnnualRevenue") || !slices.Contains(mine, "Name") {
		t.Fatalf("merchandiser's fields %v", mine)
	}
	if _, err := h.LayoutFields(ctx, admin, account, "Search", "View", ""); err == nil {
		t.Fatal("a Search layout was served")
	}
	if got := h.RecordLayoutFields(s.App.Engine, admin, account, "Search", "View"); got != nil {
		t.Fatalf("Search layout fields %v", names(got))
	}
}
