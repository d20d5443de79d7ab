package catalog_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"storefront/internal/commerce/catalog"
	"storefront/internal/demo"
)

// overview is a Product Overview as the tests read it.
type overview struct {
	ID           *string            `json:"id"`
	SKU          *string            `json:"sku"`
	Success      bool               `json:"success"`
	Fields       map[string]*string `json:"fields"`
	DefaultImage *struct {
		URL string `json:"url"`
	} `json:"defaultImage"`
	Error *struct {
		ErrorCode string `json:"errorCode"`
		Message   string `json:"message"`
	} `json:"error"`
}

func (e *env) overviews(t *testing.T, query, user string) ([]overview, int) {
	t.Helper()
	status, body := e.get(t, base+"products?"+query, user)
	if status != 200 {
		t.Fatalf("GET products?%s as %q: %d %s", query, user, status, body)
	}
	var out struct {
		Products []overview `json:"products"`
		Total    int        `json:"total"`
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	return out.Products, out.Total
}

func (e *env) sku(t *testing.T, productID string) string {
	t.Helper()
	var sku string
	if err := e.d.QueryRow(context.Background(), `SELECT stockkeepingunit FROM product2 WHERE id = ?`, productID).Scan(&sku); err != nil {
		t.Fatal(err)
	}
	return sku
}

func str(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

func TestProductsBySKU(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		sku1, sku2 := e.sku(t, product(1)), e.sku(t, product(2))
		extra := e.enterpriseOnly(t)
		e.exec(t, `UPDATE product2 SET stockkeepingunit = 'ENT-ONLY-1' WHERE id = ?`, extra)
		e.exec(t, `UPDATE product2 SET isactive = FALSE WHERE id = ?`, product(3))
		sku3 := e.sku(t, product(3))

		// Found (one typed in lower case), unknown, unentitled, inactive, and a repeat answered once.
		asked := []string{sku1, strings.ToLower(sku2), "NO-SUCH-SKU", "ENT-ONLY-1", sku3, sku1}
		got, total := e.overviews(t, "skus="+url.QueryEscape(strings.Join(asked, ",")), buyer)
		if len(got) != 5 || total != 5 {
			t.Fatalf("%d products, total %d, want 5: %+v", len(got), total, got)
		}
		if !got[0].Success || str(got[0].ID) != product(1) || str(got[0].SKU) != sku1 || got[0].Error != nil {
			t.Fatalf("first: %+v", got[0])
		}
		if name := got[0].Fields["Name"]; name == nil || *name == "" || got[0].Fields["StockKeepingUnit"] == nil {
			t.Fatalf("first fields: %v", got[0].Fields)
		}
		if got[0].DefaultImage == nil || !strings.HasPrefix(got[0].DefaultImage.URL, "/cms/delivery/media/") {
			t.Fatalf("first image: %+v", got[0].DefaultImage)
		}
		// Case-insensitive: the product's own SKU comes back.
		if !got[1].Success || str(got[1].ID) != product(2) || str(got[1].SKU) != sku2 {
			t.Fatalf("lower-case SKU: %+v", got[1])
		}
		// Unknown, unentitled and inactive read the same: nothing tells the buyer the others exist.
		for i, sku := range []string{"NO-SUCH-SKU", "ENT-ONLY-1", sku3} {
			g := got[2+i]
			want := fmt.Sprintf("No product with SKU %q exists or is available to this account.", sku)
			if g.Success || g.ID != nil || str(g.SKU) != sku || g.Error == nil || g.Error.ErrorCode != "ITEM_NOT_FOUND" ||
				g.Error.Message != want || g.Fields != nil || g.DefaultImage != nil {
				t.Fatalf("%s: %+v %+v", sku, g, g.Error)
			}
		}

		// The manager acting for an enterprise account is entitled to it.
		got, _ = e.overviews(t, "skus=ent-only-1&effectiveAccountId="+riverside, manager)
		if len(got) != 1 || !got[0].Success || str(got[0].ID) != extra {
			t.Fatalf("enterprise account: %+v", got)
		}

		// fields narrows the fields; excludeMedia drops the image; excludeFields empties them.
		got, _ = e.overviews(t, "skus="+sku1+"&fields=Name,ProductCode&excludeMedia=true", buyer)
		if len(got[0].Fields) != 2 || got[0].Fields["ProductCode"] == nil || got[0].DefaultImage != nil {
			t.Fatalf("fields and excludeMedia: %+v", got[0])
		}
		got, _ = e.overviews(t, "skus="+sku1+"&excludeFields=true", buyer)
		if got[0].Fields == nil || len(got[0].Fields) != 0 || !got[0].Success {
			t.Fatalf("excludeFields: %+v", got[0])
		}
	})
}

// Two SKUs that differ only in case: the exact spelling wins.
func TestProductsBySKUPrefersTheExactCase(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.exec(t, `UPDATE product2 SET stockkeepingunit = 'Mixed-1' WHERE id = ?`, product(7))
		e.exec(t, `UPDATE product2 SET stockkeepingunit = 'MIXED-1' WHERE id = ?`, product(8))
		got, _ := e.overviews(t, "skus=MIXED-1,Mixed-1,mixed-1", buyer)
		if str(got[0].ID) != product(8) || str(got[1].ID) != product(7) || str(got[2].ID) != product(7) {
			t.Fatalf("ids %s %s %s", str(got[0].ID), str(got[1].ID), str(got[2].ID))
		}
	})
}

func TestProductsByID(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		extra := e.enterpriseOnly(t)
		unknown := product(99999)
		got, total := e.overviews(t, "ids="+product(4)+","+extra+","+unknown+",not-an-id", buyer)
		if total != 4 || !got[0].Success || str(got[0].ID) != product(4) || str(got[0].SKU) != e.sku(t, product(4)) {
			t.Fatalf("found: %d %+v", total, got[0])
		}
		for _, g := range got[1:3] {
			if g.Success || g.Error == nil || g.Error.ErrorCode != "ITEM_NOT_FOUND" ||
				g.Error.Message != "The product "+str(g.ID)+" doesn't exist or isn't available to this account." {
				t.Fatalf("not found: %+v %+v", g, g.Error)
			}
		}
		if g := got[3]; g.Success || str(g.ID) != "not-an-id" || g.Error == nil || g.Error.ErrorCode != "INVALID_ID_FIELD" {
			t.Fatalf("malformed: %+v %+v", g, g.Error)
		}
	})
}

func TestProductsBadInput(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		many := make([]string, 101)
		for i := range many {
			many[i] = fmt.Sprintf("SKU-%d", i)
		}
		cases := []struct{ name, query, code string }{
			{"neither", "", "INVALID_API_INPUT"},
			{"only blanks", "skus=,%20,", "INVALID_API_INPUT"},
			{"both", "skus=A&ids=" + product(1), "INVALID_API_INPUT"},
			{"101 skus", "skus=" + strings.Join(many, ","), "INVALID_API_INPUT"},
			{"101 skus over repeated parameters", "skus=" + strings.Join(many[:60], ",") + "&skus=" + strings.Join(many[60:], ","), "INVALID_API_INPUT"},
			{"NUL byte", "skus=A%00B", "INVALID_API_INPUT"},
			{"invalid UTF-8", "skus=A%FFB", "INVALID_API_INPUT"},
			{"control character", "ids=01t%07", "INVALID_API_INPUT"},
			{"too long", "skus=" + strings.Repeat("X", 181), "INVALID_API_INPUT"},
			{"unknown field", "skus=A&fields=NoSuchField", "INVALID_FIELD"},
			{"bad flag", "skus=A&excludeMedia=maybe", "INVALID_API_INPUT"},
		}
		for _, c := range cases {
			status, body := e.get(t, base+"products?"+c.query, buyer)
			wantError(t, c.name, status, body, 400, c.code)
		}
		// 100 is fine.
		if got, total := e.overviews(t, "skus="+strings.Join(many[:100], ","), buyer); total != 100 || got[99].Success {
			t.Fatalf("100 unknown skus: total %d", total)
		}
	})
}

func TestProductsGuestRules(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		sku := e.sku(t, product(1))
		if got, _ := e.overviews(t, "skus="+sku, guest); !got[0].Success {
			t.Fatalf("guest, browsing on: %+v", got[0])
		}
		e.exec(t, `UPDATE webstore SET guestbrowsingenabled = FALSE WHERE id = ?`, demo.StoreID)
		status, body := e.get(t, base+"products?skus="+sku, guest)
		if status != 401 || body != errorBody("INVALID_SESSION_ID", "Session expired or invalid") {
			t.Fatalf("guest, browsing off: %d %s", status, body)
		}
		if got, _ := e.overviews(t, "skus="+sku, buyer); !got[0].Success {
			t.Fatalf("buyer, browsing off: %+v", got[0])
		}
	})
}

// The statements run do not grow with the number of SKUs: one for the products, one for their images.
func TestProductsBySKUIsSetBased(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		var skus []string
		for n := int64(1); n <= 100; n++ {
			skus = append(skus, e.sku(t, product(n)))
		}
		for _, size := range []int{1, 100} {
			found, statements, err := catalog.OverviewStatements(ctx, e.d, demo.StoreID, demo.BuyerAccountID, skus[:size])
			if err != nil || found != size || statements != 2 {
				t.Fatalf("%d skus: found %d in %d statements (%v), want all in 2", size, found, statements, err)
			}
		}
	})
}
