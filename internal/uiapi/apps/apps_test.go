package apps_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"storefront/internal/app/apptest"
	"storefront/internal/uiapi/uiapitest"
)

const base = "/services/data/v64.0/ui-api/"

type client struct {
	t      *testing.T
	s      *apptest.Server
	tokens map[string]string
}

// checked makes a call, asserts its status and checks the answer against its RAML type (strictly).
func (c *client) checked(who, method, path string, want int) []byte {
	c.t.Helper()
	status, out := c.s.Send(c.t, c.tokens[who], method, path, "")
	if status != want {
		c.t.Fatalf("%s %s as %s: status %d, want %d: %.400s", method, path, who, status, want, out)
	}
	uiapitest.CheckResponseStrict(c.t, method, path, want, out)
	return out
}

type app struct {
	AppID, DeveloperName, Label string
	Selected                    bool
	NavItems, UserNavItems      []struct{ DeveloperName, Label, ObjectAPIName string }
}

func (a app) tabs() []string {
	var out []string
	for _, n := range a.NavItems {
		out = append(out, n.Label)
	}
	return out
}

func decodeApps(t *testing.T, out []byte) []app {
	t.Helper()
	var rep struct{ Apps []app }
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatal(err)
	}
	return rep.Apps
}

func decodeApp(t *testing.T, out []byte) app {
	t.Helper()
	var a app
	if err := json.Unmarshal(out, &a); err != nil {
		t.Fatal(err)
	}
	return a
}

// TestApps: the apps a user gets, their tabs filtered by object read access, and the selected app remembered per
// user.
func TestApps(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		c := &client{t: t, s: s, tokens: map[string]string{}}
		for _, who := range []string{"admin", "support", "merchandiser"} {
			c.tokens[who] = s.Token(t, who+"@example.com")
		}
		apps := decodeApps(t, c.checked("admin", "GET", base+"apps?formFactor=Large&userCustomizations=true", 200))
		if len(apps) != 2 || apps[0].Label != "Storefront Console" || apps[1].Label != "Commerce Admin" || !apps[0].Selected || apps[1].Selected {
			t.Fatalf("admin apps: %+v", apps)
		}
		if got := apps[0].tabs(); !slices.Equal(got, []string{"Accounts", "Contacts", "Products", "Price Books", "Orders", "Order Summaries", "Cases", "Leads", "Opportunities"}) {
			t.Errorf("console tabs: %v", got)
		}
		if got := apps[1].tabs(); !slices.Equal(got, []string{"Stores", "Products", "Price Books", "Product Inventory", "Buyer Groups", "Entitlement Policies", "Catalogs", "Promotions", "Coupons", "Order Summaries"}) {
			t.Errorf("admin tabs: %v", got)
		}
		if len(apps[0].UserNavItems) != 9 || apps[0].NavItems[0].DeveloperName != "standard-Account" {
			t.Errorf("user nav items: %+v", apps[0])
		}
		// A support agent reads neither price books, leads, opportunities nor any commerce setup: though they read
		// products and order summaries, Commerce Admin (its home, Stores) is not theirs.
		apps = decodeApps(t, c.checked("support", "GET", base+"apps", 200))
		if len(apps) != 1 || !slices.Equal(apps[0].tabs(), []string{"Accounts", "Contacts", "Products", "Orders", "Order Summaries", "Cases"}) || len(apps[0].UserNavItems) != 0 {
			t.Errorf("support apps: %+v", apps)
		}
		admin := decodeApps(t, c.checked("admin", "GET", base+"apps", 200))[1]
		c.checked("support", "GET", base+"apps/"+admin.AppID, 404)
		c.checked("admin", "GET", base+"apps/02u000000000009AAA", 404)
		c.checked("admin", "GET", base+"apps?formFactor=Watch", 400)
		c.checked("admin", "GET", base+"apps?userCustomizations=often", 400)

		// Selecting an app is remembered for that user only.
		if a := decodeApp(t, c.checked("admin", "GET", base+"apps/selected", 200)); a.DeveloperName != "StorefrontConsole" || !a.Selected {
			t.Errorf("default selection: %+v", a)
		}
		if a := decodeApp(t, c.checked("admin", "PATCH", base+"apps/"+admin.AppID[:15], 200)); a.DeveloperName != "CommerceAdmin" || !a.Selected {
			t.Errorf("select: %+v", a)
		}
		if a := decodeApp(t, c.checked("admin", "GET", base+"apps/selected", 200)); a.DeveloperName != "CommerceAdmin" {
			t.Errorf("selected after PATCH: %+v", a)
		}
		if apps := decodeApps(t, c.checked("admin", "GET", base+"apps", 200)); apps[0].Selected || !apps[1].Selected {
			t.Errorf("selected flags: %+v", apps)
		}
		if a := decodeApp(t, c.checked("merchandiser", "GET", base+"apps/selected", 200)); a.DeveloperName != "StorefrontConsole" {
			t.Errorf("another user's selection: %+v", a)
		}
		if a := decodeApp(t, c.checked("admin", "GET", base+"apps/"+admin.AppID, 200)); !a.Selected {
			t.Errorf("app by id: %+v", a)
		}
		c.checked("support", "PATCH", base+"apps/"+admin.AppID, 404)
		var n int
		if err := s.App.DB.QueryRow(t.Context(), `SELECT COUNT(*) FROM sf_selected_app`).Scan(&n); err != nil || n != 1 {
			t.Errorf("stored selections: %d, %v", n, err)
		}
	})
}

// TestNavItems: every app's tabs the caller may read, a page at a time, optionally by name.
func TestNavItems(t *testing.T) {
	apptest.Each(t, "", func(t *testing.T, s *apptest.Server) {
		c := &client{t: t, s: s, tokens: map[string]string{"admin": s.Token(t, "admin@example.com"), "support": s.Token(t, "support@example.com")}}
		type page struct {
			CurrentPageURL string
			NextPageURL    *string
			NavItems       []struct {
				DeveloperName string
				PageReference struct {
					Type       string
					Attributes map[string]string
				}
			}
		}
		read := func(out []byte) page {
			var p page
			if err := json.Unmarshal(out, &p); err != nil {
				t.Fatal(err)
			}
			return p
		}
		p := read(c.checked("admin", "GET", base+"nav-items?pageSize=10", 200))
		if len(p.NavItems) != 10 || p.NextPageURL == nil || !strings.Contains(*p.NextPageURL, "page=1") ||
			!strings.HasPrefix(p.CurrentPageURL, "/services/data/v64.0/ui-api/nav-items?") {
			t.Fatalf("first page: %+v", p)
		}
		if it := p.NavItems[0]; it.DeveloperName != "standard-Account" || it.PageReference.Type != "standard__objectPage" ||
			it.PageReference.Attributes["objectApiName"] != "Account" || it.PageReference.Attributes["actionName"] != "home" {
			t.Errorf("first item: %+v", it)
		}
		p = read(c.checked("admin", "GET", base+"nav-items?pageSize=10&page=1", 200))
		if len(p.NavItems) != 6 || p.NextPageURL != nil {
			t.Errorf("last page: %+v", p)
		}
		p = read(c.checked("admin", "GET", base+"nav-items?navItemNames=%5Bstandard-Contact%2C%20standard-Coupon%5D&formFactor=Small", 200))
		if len(p.NavItems) != 2 || p.NavItems[0].DeveloperName != "standard-Contact" || p.NavItems[1].DeveloperName != "standard-Coupon" {
			t.Errorf("by name: %+v", p)
		}
		if p = read(c.checked("support", "GET", base+"nav-items?navItemNames=standard-Coupon,standard-Case", 200)); len(p.NavItems) != 1 {
			t.Errorf("support by name: %+v", p)
		}
		if p = read(c.checked("admin", "GET", base+"nav-items?page=9", 200)); len(p.NavItems) != 0 || p.NextPageURL != nil {
			t.Errorf("past the end: %+v", p)
		}
		for _, q := range []string{"pageSize=0", "pageSize=201", "page=-1", "page=x", "formFactor=Tiny"} {
			c.checked("admin", "GET", base+"nav-items?"+q, 400)
		}
		// Wrong methods are 405, guests 401, on apps and actions alike.
		for _, call := range []struct{ method, path string }{{"DELETE", "apps"}, {"POST", "nav-items"}, {"PUT", "apps/selected"},
			{"GET", "actions/perform-quick-action/Case.CloseCase"}, {"GET", "actions/record/001000000000000AAA/related-list/batch"}} {
			if status, out := s.Send(t, c.tokens["admin"], call.method, base+call.path, ""); status != 405 {
				t.Errorf("%s %s: %d, want 405: %s", call.method, call.path, status, out)
			}
		}
		for _, path := range []string{"apps", "apps/selected", "nav-items", "actions/global"} {
			if status, _ := s.Send(t, "", "GET", base+path, ""); status != 401 {
				t.Errorf("guest GET %s: %d, want 401", path, status)
			}
		}
	})
}
