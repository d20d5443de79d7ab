package app_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"storefront/internal/demo"
	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// The demo manager's accounts as the account switcher lists them: her own, then the managed ones by name.
func switcherItem(id, name, street, city, state, zip, rowID string, mine bool) string {
	return fmt.Sprintf(`{"accountId":%q,"accountName":%q,"address":{"street":%q,"city":%q,"state":%q,`+
		`"country":"United States","zip":%q},"externalManagedAccountId":%q,"isMyAccount":%t}`,
		id, name, street, city, state, zip, rowID, mine)
}

var (
	managerOwn = switcherItem(demo.ManagerAccountID, "Northwind Property Management", "400 Pine St", "Seattle", "WA",
		"98101", demo.ManagerAccountID, true)
	harbor = switcherItem(demo.ManagedAccountIDs[1], "Northwind - Harbor Office Park", "750 Harbor Dr", "San Diego",
		"CA", "92101", records.StableID("0MA", 2), false)
	riverside = switcherItem(demo.ManagedAccountIDs[0], "Northwind - Riverside Campus", "1800 SW River Dr", "Portland",
		"OR", "97201", records.StableID("0MA", 1), false)
	summit = switcherItem(demo.ManagedAccountIDs[2], "Summit Medical Center", "50 N Medical Dr", "Salt Lake City", "UT",
		"84111", records.StableID("0MA", 3), false)
)

func switcher(items ...string) string {
	return `{"externalManagedAccounts":[` + strings.Join(items, ",") + `]}`
}

func TestExternalManagedAccountsOfTheDemo(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		manager := s.srv.Token(t, "manager@example.com")
		buyer := s.srv.Token(t, "buyer@example.com")
		path := commercePath("external-managed-accounts")

		s.srv.Get(t, path+"?includeMyAccount=true", manager).Want(t, "with her own", 200, switcher(managerOwn, harbor, riverside, summit))
		s.srv.Get(t, path, manager).Want(t, "the API's default leaves her own out", 200, switcher(harbor, riverside, summit))
		s.srv.Get(t, path+"?includeMyAccount=FALSE", manager).Want(t, "false", 200, switcher(harbor, riverside, summit))
		// q (ours) keeps the names that contain it, in any case.
		s.srv.Get(t, path+"?includeMyAccount=true&q=NORTHWIND", manager).Want(t, "q", 200, switcher(managerOwn, harbor, riverside))
		s.srv.Get(t, path+"?q=+campus+", manager).Want(t, "q trimmed", 200, switcher(riverside))
		s.srv.Get(t, path+"?q=nothing+like+it", manager).Want(t, "q matching none", 200, switcher())
		buyerOwn := switcherItem(demo.BuyerAccountID, "Acme Facilities Group", "1550 Wynkoop St", "Denver", "CO", "80202",
			demo.BuyerAccountID, true)
		s.srv.Get(t, path+"?includeMyAccount=true", buyer).Want(t, "a buyer of one account", 200, switcher(buyerOwn))
		s.srv.Get(t, path, buyer).Want(t, "a buyer of one account, hers left out", 200, switcher())
		// An effective account is checked like everywhere: her own or a managed one pass, others are 403.
		s.srv.Get(t, path+"?effectiveAccountId="+demo.ManagedAccountIDs[0], manager).Want(t, "managed effective account", 200,
			switcher(harbor, riverside, summit))
		s.srv.Get(t, path+"?effectiveAccountId="+demo.BuyerAccountID, manager).Want(t, "foreign effective account", 403,
			errorBody("INSUFFICIENT_ACCESS", `You don't have access to the effective account "`+demo.BuyerAccountID+`".`))

		s.srv.Get(t, path, "").Want(t, "guest", 401, errorBody("INVALID_SESSION_ID", "Session expired or invalid"))
		s.srv.Get(t, path+"?includeMyAccount=yes", manager).Want(t, "includeMyAccount=yes", 400,
			errorBody("INVALID_API_INPUT", "The type entered for includeMyAccount isn't valid. Enter the value as a/an Boolean."))
		s.srv.Get(t, path+"?q="+strings.Repeat("x", 256), manager).Want(t, "q too long", 400,
			errorBody("INVALID_API_INPUT", "q takes at most 255 characters."))
	})
}

// A manager of 2,000 accounts gets all of them with the statements a manager of three gets.
func TestExternalManagedAccountsOfTwoThousand(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		manager := s.srv.Token(t, "manager@example.com")
		path := commercePath("external-managed-accounts?includeMyAccount=true")
		statements := func() (int64, []struct{ AccountID, AccountName string }) {
			var out struct {
				ExternalManagedAccounts []struct{ AccountID, AccountName string }
			}
			n := fewerOfTwo(s, func() {}, func() { s.srv.Get(t, path, manager).Decode(t, "switcher", 200, &out) })
			return n, out.ExternalManagedAccounts
		}
		statements() // warm the caches a first request fills
		few, list := statements()
		if len(list) != 4 {
			t.Fatalf("the demo manager has %d accounts", len(list))
		}
		const n = 2000
		ctx := context.Background()
		engine := s.srv.App.Engine
		err := s.d.InTx(ctx, func(tx *db.Tx) error {
			accounts := make([]map[string]any, n)
			for i := range accounts {
				// Names out of order, so that the answer's order is the server's doing.
				accounts[i] = map[string]any{"Name": fmt.Sprintf("Generated Account %04d", (i*7919)%n), "BillingCity": "Reno"}
			}
			recs, err := engine.Insert(ctx, tx, records.System, "Account", accounts)
			if err != nil {
				return err
			}
			rows := make([]map[string]any, n)
			for i, rec := range recs {
				rows[i] = map[string]any{"UserId": demo.ManagerUserID, "AccountId": rec.ID}
			}
			_, err = engine.Insert(ctx, tx, records.System, "ManagedAccount", rows)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		statements() // the writes above may have moved the versions of cached state (on PostgreSQL any statement on a
		// watched table does): warm the caches again, as before the first count
		many, list := statements()
		t.Logf("external-managed-accounts: %d statements for 4 accounts, %d for %d", few, many, len(list))
		if many != few {
			t.Fatalf("%d statements for 4 accounts, %d for %d", few, many, len(list))
		}
		if len(list) != n+4 || list[0].AccountID != demo.ManagerAccountID {
			t.Fatalf("%d accounts, first %+v", len(list), list[0])
		}
		for i := 1; i <= n; i++ {
			if want := fmt.Sprintf("Generated Account %04d", i-1); list[i].AccountName != want {
				t.Fatalf("account %d is %q, want %q", i, list[i].AccountName, want)
			}
		}
	})
}

func TestEffectiveAccountDetails(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		manager := s.srv.Token(t, "manager@example.com")
		buyer := s.srv.Token(t, "buyer@example.com")
		riversideID := demo.ManagedAccountIDs[0]
		path := func(rest string) string { return commercePath("effective-accounts/" + rest) }

		s.srv.Get(t, path(riversideID+"?fields=Name,Account.BillingCity,industry,NumberOfEmployees,IsBuyer"), manager).Want(t,
			"a managed account", 200, `{"accountId":"`+riversideID+`","accountName":"Northwind - Riverside Campus",`+
				`"address":{"street":"1800 SW River Dr","city":"Portland","state":"OR","country":"United States","zip":"97201"},`+
				`"fields":{"BillingCity":"Portland","Industry":"Education","IsBuyer":"true",`+
				`"Name":"Northwind - Riverside Campus","NumberOfEmployees":null},"isMyAccount":false}`)
		var own struct {
			AccountID   string
			IsMyAccount bool
			Fields      map[string]any
		}
		s.srv.Get(t, path(demo.ManagerAccountID[:15]), manager).Decode(t, "her own, 15 characters", 200, &own)
		if own.AccountID != demo.ManagerAccountID || !own.IsMyAccount || len(own.Fields) != 0 {
			t.Fatalf("her own account: %+v", own)
		}

		foreign := errorBody("INSUFFICIENT_ACCESS", `You don't have access to the effective account "`+riversideID+`".`)
		s.srv.Get(t, path(riversideID), buyer).Want(t, "an account the buyer does not manage", 403, foreign)
		s.srv.Get(t, path(riversideID), "").Want(t, "a guest", 403, foreign)
		required := errorBody("REQUIRED_FIELD_MISSING", "'effectiveAccountId' param is required to execute the request.")
		for _, blank := range []string{"", "%20", "000000000000000AAA"} {
			s.srv.Get(t, path(blank), manager).Want(t, "blank "+blank, 400, required)
		}
		s.srv.Get(t, commercePath("effective-accounts"), manager).Want(t, "no id at all", 400, required)
		s.srv.Get(t, path("nope"), manager).Want(t, "no id", 400,
			errorBody("INVALID_ID_FIELD", `effectiveAccountId "nope" is not a valid account id.`))
		s.srv.Get(t, path(demo.StoreID), manager).Want(t, "an id of another object", 400,
			errorBody("INVALID_ID_FIELD", `effectiveAccountId "`+demo.StoreID+`" is not a valid account id.`))
		s.srv.Get(t, path(riversideID+"?fields=Name,Nope,BillingAddress"), manager).Want(t, "unknown fields", 400,
			errorBody("INVALID_FIELD", "No such column 'Nope', 'BillingAddress' on entity 'Account'."))
		// The query's effectiveAccountId is checked too.
		s.srv.Get(t, path(demo.ManagerAccountID+"?effectiveAccountId="+demo.BuyerAccountID), manager).Want(t,
			"a foreign effectiveAccountId parameter", 403,
			errorBody("INSUFFICIENT_ACCESS", `You don't have access to the effective account "`+demo.BuyerAccountID+`".`))
	})
}

// Every commerce call that takes effectiveAccountId refuses an account outside the caller's set with 403, before
// anything else. Add new commerce routes here.
func TestEffectiveAccountIDOnEveryCommerceCall(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *demoSite) {
		buyer := s.srv.Token(t, "buyer@example.com")
		foreign := demo.ManagedAccountIDs[0]
		want := errorBody("INSUFFICIENT_ACCESS", `You don't have access to the effective account "`+foreign+`".`)
		category := records.StableID("0ZG", 1)
		address := records.StableID("8lW", 1)
		for _, c := range []struct{ method, path, body string }{
			{"GET", "session-context", ""},
			{"GET", "application-context", ""},
			{"GET", "application-context?asGuest=true", ""},
			{"GET", "external-managed-accounts?includeMyAccount=true", ""},
			{"GET", "effective-accounts/" + demo.BuyerAccountID, ""},
			{"GET", "products/" + pen, ""},
			{"GET", "products/" + pen + "/availability", ""},
			{"GET", "pricing/products/" + pen, ""},
			{"GET", "pricing/products?productIds=" + pen, ""},
			{"POST", "pricing/products", `{"pricingLineItems":[{"productId":"` + pen + `"}]}`},
			{"GET", "product-categories/children", ""},
			{"GET", "product-categories/" + category, ""},
			{"GET", "product-category-path/product-categories/" + category, ""},
			{"POST", "search/product-search", `{"searchTerm":"pen"}`},
			{"GET", "search/products?searchTerm=pen", ""},
			{"GET", "search/suggestions?searchTerm=pen", ""},
			{"GET", "search/sort-rules", ""},
			{"GET", "carts/compact-summary", ""},
			{"GET", "carts/current/compact-summary", ""},
			{"GET", "carts/current", ""},
			{"PUT", "carts", ""},
			{"POST", "carts", ""},
			{"DELETE", "carts/current", ""},
			{"POST", "carts/current/actions/preserve", ""},
			{"POST", "carts/current/actions/clone", ""},
			{"GET", "carts/current/cart-items", ""},
			{"POST", "carts/current/cart-items", itemBody(pen, 1)},
			{"POST", "carts/current/cart-items/batch", `{"inputs":[]}`},
			{"PATCH", "carts/current/cart-items/" + records.StableID("0a9", 1), `{"quantity":2}`},
			{"DELETE", "carts/current/cart-items/" + records.StableID("0a9", 1), ""},
			{"POST", "carts/current/cart-coupons", `{"couponCode":"WELCOME10"}`},
			{"DELETE", "carts/current/cart-coupons/" + records.StableID("0c9", 1), ""},
			{"PUT", "carts/current/inventory-reservations", ""},
			{"GET", "carts/current/products", ""},
			{"GET", "accounts/current/addresses", ""},
			{"POST", "accounts/current/addresses", `{"street":"1 Main St","city":"Denver","country":"US","name":"X"}`},
			{"PATCH", "accounts/current/addresses/" + address, `{"city":"Boulder"}`},
			{"DELETE", "accounts/current/addresses/" + address, ""},
		} {
			sep := "?"
			if strings.Contains(c.path, "?") {
				sep = "&"
			}
			r := s.srv.Call(t, c.method, commercePath(c.path+sep+"effectiveAccountId="+foreign), buyer, c.body)
			if r.Status != 403 || strings.TrimSuffix(r.Body, "\n") != want {
				t.Errorf("%s %s with an account the buyer does not manage: %d %s", c.method, c.path, r.Status, r.Body)
			}
		}
		// Nothing was written: the address is as the demo seeded it.
		if city := s.queryString(t, `SELECT city FROM contactpointaddress WHERE id = ?`, address); city != "Denver" {
			t.Fatalf("the refused PATCH changed the city to %q", city)
		}
	})
}
