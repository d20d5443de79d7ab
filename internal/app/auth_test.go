package app_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"storefront/internal/app"
	"storefront/internal/app/apitest"
	"storefront/internal/app/apptest"
	"storefront/internal/auth"
	"storefront/internal/platform/config"
	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
	"storefront/internal/records"
)

// store is the fixture: a web store, a buyer's account, a managed account, an unrelated one, buyer groups, and
// three users (buyer, manager, staff) made with auth.CreateUser.
type store struct {
	srv                               *apitest.Target
	d                                 *db.DB
	engine                            *records.Engine
	webstore, acme, globex, initech   string
	retail, wholesale                 string
	buyer, manager, admin, managedRow string
}

var sysUser = records.StableID("005", 1)

// publicURL is the fixture server's configured public URL: API login answers must name it, never the Host header.
const publicURL = "https://store.example.test"

// insert adds a record with the records layer's system columns; owned objects get an owner.
func insert(t *testing.T, d *db.DB, table, prefix string, owned bool, cols map[string]any) string {
	t.Helper()
	id := records.NewID(prefix)
	now := time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	names := []string{"id", "recordtypeid", "createddate", "createdbyid", "lastmodifieddate", "lastmodifiedbyid", "systemmodstamp"}
	args := []any{id, records.DefaultRecordTypeID, now, sysUser, now, sysUser, now}
	if owned {
		names, args = append(names, "ownerid"), append(args, sysUser)
	}
	for k, v := range cols {
		names, args = append(names, k), append(args, v)
	}
	q := "INSERT INTO " + db.Ident(table) + " (" + strings.Join(names, ", ") + ") VALUES (?" + strings.Repeat(", ?", len(names)-1) + ")"
	if _, err := d.Exec(context.Background(), q, args...); err != nil {
		t.Fatalf("insert %s: %v", table, err)
	}
	return id
}

func eachStore(t *testing.T, fn func(t *testing.T, s *store)) {
	for kind, u := range dbtest.URLs(t) {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			a, err := app.Open(ctx, config.Config{DB: u, BasePath: "shop/", PublicURL: publicURL}, slog.New(slog.NewTextHandler(io.Discard, nil)))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { a.Close() })
			s := &store{d: a.DB, engine: a.Engine}
			s.srv = apptest.Serve(t, a.Handler(), a.DB)
			s.fixtures(t)
			fn(t, s)
		})
	}
}

func (s *store) fixtures(t *testing.T) {
	d := s.d
	s.webstore = insert(t, d, "webstore", "0ZE", true, map[string]any{"name": "Demo Store", "siteid": "0DMSF0000000001",
		"communityid": "0DBSF0000000001", "shippingcountries": "US;CA;MX", "supportedcurrencies": "USD;EUR",
		"guestcheckoutenabled": true, "highscalecartenabled": true, "reservationinseconds": 7200})
	s.acme = insert(t, d, "account", "001", true, map[string]any{"name": "Acme", "isbuyer": true,
		"billingstreet": "1 Main St", "billingcity": "Springfield", "billingstate": "IL", "billingcountry": "US", "billingpostalcode": "62701"})
	s.globex = insert(t, d, "account", "001", true, map[string]any{"name": "Globex", "isbuyer": true, "billingcity": "Cypress Creek"})
	s.initech = insert(t, d, "account", "001", true, map[string]any{"name": "Initech", "isbuyer": true})
	s.retail = insert(t, d, "buyergroup", "0ZI", true, map[string]any{"name": "Retail"})
	s.wholesale = insert(t, d, "buyergroup", "0ZI", true, map[string]any{"name": "Wholesale"})
	insert(t, d, "buyergroupmember", "0ZJ", false, map[string]any{"buyergroupid": s.wholesale, "buyerid": s.acme})
	insert(t, d, "buyergroupmember", "0ZJ", false, map[string]any{"buyergroupid": s.retail, "buyerid": s.acme})
	insert(t, d, "buyergroupmember", "0ZJ", false, map[string]any{"buyergroupid": s.retail, "buyerid": s.globex})
	ctx := context.Background()
	mk := func(u auth.NewUser) string {
		u.Password = "demo1234"
		id, err := auth.CreateUser(ctx, s.engine, u)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	s.buyer = mk(auth.NewUser{Email: "buyer@example.com", FirstName: "Bea", LastName: "Buyer", AccountID: s.acme})
	s.manager = mk(auth.NewUser{Email: "manager@example.com", FirstName: "Max", LastName: "Manager", AccountID: s.acme})
	s.admin = mk(auth.NewUser{Email: "admin@example.com", LastName: "Admin", Staff: true})
	s.managedRow = insert(t, d, "managedaccount", "0MA", false, map[string]any{"userid": s.manager, "accountid": s.globex})
}

// cookieLogin signs a user in as the storefront's pages do and returns the session as Auth reads it ("sid=...").
func (s *store) cookieLogin(t *testing.T, username string) string {
	t.Helper()
	b := apitest.Browser()
	s.srv.Do(t, apitest.Request{As: b, Method: "POST", Path: "/api/auth/login",
		Body: `{"username":"` + username + `","password":"demo1234"}`}).WantStatus(t, "login "+username, 200)
	if b.Cookie(apitest.SessionCookie) == "" {
		t.Fatalf("login %s: no session cookie", username)
	}
	return "sid=" + b.Cookie(apitest.SessionCookie)
}

func (s *store) base() string { return "/services/data/v64.0/commerce/webstores/" + s.webstore + "/" }

func TestSite(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		status, _, body := s.srv.Get(t, "/api/site", "").Parts()
		want := `{"webstoreId":"` + s.webstore + `","communityId":"0DBSF0000000001","siteId":"0DMSF0000000001",` +
			`"language":"en-US","locale":"en-US","basePath":"/shop","storeName":"Demo Store",` +
			`"headerBackgroundColor":"#1B2A41","promoBarBackgroundColor":"#C23934","logoContentKey":"","cartShowToGuest":true}` + "\n"
		if status != 200 || body != want {
			t.Fatalf("site: %d\n%s\nwant\n%s", status, body, want)
		}
	})
}

func TestSessionContext(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		status, _, body := s.srv.Get(t, s.base()+"session-context", "").Parts()
		if status != 200 || body != `{"guestUser":true,"userId":null,"userName":null,"accountId":null,"accountName":null,"profile":null,"buyerGroups":[]}`+"\n" {
			t.Fatalf("guest: %d %s", status, body)
		}

		want := `{"guestUser":false,"userId":"` + s.buyer + `","userName":"buyer@example.com","accountId":"` + s.acme +
			`","accountName":"Acme","profile":{"userName":"buyer@example.com","firstName":"Bea","lastName":"Buyer",` +
			`"email":"buyer@example.com"},"buyerGroups":[{"id":"` + s.retail + `","name":"Retail"},{"id":"` +
			s.wholesale + `","name":"Wholesale"}]}` + "\n"
		for name, authn := range map[string]string{"cookie": s.cookieLogin(t, "buyer@example.com"), "bearer": s.srv.Token(t, "buyer@example.com")} {
			status, _, body = s.srv.Get(t, s.base()+"session-context", authn).Parts()
			if status != 200 || body != want {
				t.Fatalf("buyer by %s: %d\n%s\nwant\n%s", name, status, body, want)
			}
		}

		staff := s.srv.Token(t, "admin@example.com")
		status, _, body = s.srv.Get(t, s.base()+"session-context", staff).Parts()
		if status != 200 || !strings.Contains(body, `"guestUser":false,"userId":"`+s.admin+`"`) ||
			!strings.Contains(body, `"accountId":null,"accountName":null`) || !strings.Contains(body, `"firstName":null`) {
			t.Fatalf("staff: %d %s", status, body)
		}

		if status, _, body = s.srv.Get(t, s.base()+"session-context", "not-a-real-token").Parts(); status != 401 ||
			body != `[{"errorCode":"INVALID_SESSION_ID","message":"Session expired or invalid"}]`+"\n" {
			t.Fatalf("bad token: %d %s", status, body)
		}
		short := "/services/data/v64.0/commerce/webstores/" + s.webstore[:15] + "/session-context"
		if status, _, _ = s.srv.Get(t, short, "").Parts(); status != 200 {
			t.Fatalf("15-character store id: %d", status)
		}
		for _, bad := range []string{records.NewID("0ZE"), "nope", s.acme} {
			status, _, body = s.srv.Get(t, "/services/data/v64.0/commerce/webstores/"+bad+"/session-context", "").Parts()
			if status != 404 || !strings.HasPrefix(body, `[{"errorCode":"NOT_FOUND"`) {
				t.Fatalf("store %s: %d %s", bad, status, body)
			}
		}
	})
}

func TestEffectiveAccount(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		manager := s.srv.Token(t, "manager@example.com")
		buyer := s.srv.Token(t, "buyer@example.com")
		path := s.base() + "session-context?effectiveAccountId="

		status, _, body := s.srv.Get(t, path+s.globex[:15], manager).Parts()
		if status != 200 || !strings.Contains(body, `"accountId":"`+s.globex+`","accountName":"Globex"`) ||
			!strings.HasSuffix(body, `"buyerGroups":[{"id":"`+s.retail+`","name":"Retail"}]}`+"\n") {
			t.Fatalf("managed account: %d %s", status, body)
		}
		if status, _, body = s.srv.Get(t, path+s.acme, manager).Parts(); status != 200 || !strings.Contains(body, `"accountName":"Acme"`) {
			t.Fatalf("own account: %d %s", status, body)
		}
		if status, _, body = s.srv.Get(t, path+"000000000000000AAA", manager).Parts(); status != 200 || !strings.Contains(body, `"accountName":"Acme"`) {
			t.Fatalf("all-zero id means none: %d %s", status, body)
		}
		forbidden := func(who, token, account string) {
			status, _, body := s.srv.Get(t, path+account, token).Parts()
			if status != 403 || body != `[{"errorCode":"INSUFFICIENT_ACCESS","message":"You don't have access to the effective account \"`+account+`\"."}]`+"\n" {
				t.Fatalf("%s for %s: %d %s", who, account, status, body)
			}
		}
		forbidden("manager", manager, s.initech)
		forbidden("buyer", buyer, s.globex) // the managed account is the manager's, not the buyer's
		forbidden("guest", "", s.acme)
		for _, bad := range []string{"nope", s.webstore, s.acme[:15] + "XXX"} {
			status, _, body := s.srv.Get(t, path+bad, manager).Parts()
			if status != 400 || !strings.HasPrefix(body, `[{"errorCode":"INVALID_ID_FIELD"`) {
				t.Fatalf("malformed %q: %d %s", bad, status, body)
			}
		}
	})
}

func TestExternalManagedAccounts(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		manager := s.srv.Token(t, "manager@example.com")
		status, _, body := s.srv.Get(t, s.base()+"external-managed-accounts?includeMyAccount=true", manager).Parts()
		want := `{"externalManagedAccounts":[{"accountId":"` + s.acme + `","accountName":"Acme","address":{"street":"1 Main St",` +
			`"city":"Springfield","state":"IL","country":"US","zip":"62701"},"externalManagedAccountId":"` + s.acme +
			`","isMyAccount":true},{"accountId":"` + s.globex + `","accountName":"Globex","address":{"street":null,` +
			`"city":"Cypress Creek","state":null,"country":null,"zip":null},"externalManagedAccountId":"` + s.managedRow +
			`","isMyAccount":false}]}` + "\n"
		if status != 200 || body != want {
			t.Fatalf("with my account: %d\n%s\nwant\n%s", status, body, want)
		}
		status, _, body = s.srv.Get(t, s.base()+"external-managed-accounts", manager).Parts()
		if status != 200 || strings.Contains(body, s.acme) || !strings.Contains(body, s.globex) {
			t.Fatalf("without my account: %d %s", status, body)
		}
		status, _, body = s.srv.Get(t, s.base()+"external-managed-accounts?includeMyAccount=true", s.srv.Token(t, "buyer@example.com")).Parts()
		if status != 200 || strings.Count(body, `"accountId"`) != 1 || !strings.Contains(body, `"isMyAccount":true`) {
			t.Fatalf("plain buyer: %d %s", status, body)
		}
		if status, _, _ = s.srv.Get(t, s.base()+"external-managed-accounts", "").Parts(); status != 401 {
			t.Fatalf("guest: %d", status)
		}
	})
}

func TestApplicationContext(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		status, header, body := s.srv.Get(t, s.base()+"application-context?asGuest=true", "").Parts()
		if status != 200 || header.Get("Cache-Control") != "public, max-age=300" {
			t.Fatalf("%d %q %s", status, header.Get("Cache-Control"), body)
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(body), &got); err != nil {
			t.Fatal(err)
		}
		want := map[string]any{
			"guestBrowsingEnabled": true, "guestCartEnabled": true, "guestCheckoutEnabled": true,
			"guestCartCheckoutEnabled": true, "splitShipmentEnabled": true, "cartCalculateEnabled": true,
			"placeOrderV2Enabled": true, "taxType": "Net", "country": "US", "defaultCurrency": "USD",
			"currencyIsoCode": "USD", "managedCheckoutVersion": "0.117.0", "shopperConsentEnabled": false,
			"skipPhoneNumberValidationEnabled": false, "usesSingleEntitlementPolicy": true,
			"usesUniversalPricebooks": false, "catalogSnapshotVersionId": nil, "clientSidePaymentConfiguration": nil,
			"sessionDrivenCurrency": false,
			"shippingCountries":     []any{"US", "CA", "MX"},
			"supportedCurrencies":   []any{"USD", "EUR"},
			"propertiesEx":          map[string]any{"highScaleCartEnabled": true, "shopperCopilotUIEnabled": false, "paymentsLegacyFormsEnabled": false},
			"subscriptionConfig":    map[string]any{"commerceSubscriptionARCUIEnabled": false, "rlmSubscriptionEnabled": false, "subscriptionPlusEnabled": false},
			"giftingConfig":         map[string]any{"isGiftMessageEnabled": false, "isGiftWrapEnabled": false, "isGiftingEnabled": false},
			"productConfig":         map[string]any{"configuratorFlowApiName": nil},
			"inventoryConfiguration": map[string]any{"isInventoryEnabled": true, "inventoryDefaultSource": map[string]any{
				"locationSourceId": nil, "reservationInSeconds": float64(7200),
				"webStoreInventoryLocationSourceType": "LocationGroup", "webStoreInventorySourceId": nil}},
			"checkoutSettings": map[string]any{"isManagedCheckoutEnabled": true, "isMngCheckoutAutoPublished": false,
				"shippingMethodsEnabled": true, "paymentConfiguration": map[string]any{"businessAchEnabled": false,
					"paymentMethodManualCaptureEnabled": false, "paymentMethodSetDevName": nil}},
			"markets":       []any{map[string]any{"marketId": s.webstore, "localeCurrencyMap": map[string]any{"en_US": "USD"}}},
			"orderStatuses": []any{map[string]any{"apiName": "Draft", "displayValue": "Draft"}, map[string]any{"apiName": "Activated", "displayValue": "Activated"}},
			"quoteStatuses": []any{}, "commerceMultiCartEnabled": false, "hideShippingAddress": false,
		}
		for k, v := range want {
			g, _ := json.Marshal(got[k])
			w, _ := json.Marshal(v)
			if _, ok := got[k]; !ok || string(g) != string(w) {
				t.Errorf("%s = %s, want %s", k, g, w)
			}
		}
		if len(got) != len(want) {
			t.Errorf("%d fields, want %d: %s", len(got), len(want), body)
		}

		if _, header, _ = s.srv.Get(t, s.base()+"application-context", s.srv.Token(t, "buyer@example.com")).Parts(); header.Get("Cache-Control") != "private, max-age=300" {
			t.Fatalf("signed-in cache control %q", header.Get("Cache-Control"))
		}
		if status, _, _ = s.srv.Get(t, "/services/data/v64.0/commerce/webstores/"+records.NewID("0ZE")+"/application-context", "").Parts(); status != 404 {
			t.Fatalf("unknown store: %d", status)
		}
	})
}

// TestSignInThrottleBehindTheApp checks the wiring: without --trusted-proxies a forged X-Forwarded-For changes
// nothing (every guess counts on the loopback address), and a user known at that address still signs in.
func TestSignInThrottleBehindTheApp(t *testing.T) {
	eachStore(t, func(t *testing.T, s *store) {
		s.srv.Token(t, "buyer@example.com") // loopback becomes a known address for the buyer
		statuses := map[int]int{}
		for i := range 22 {
			r := s.srv.Call(t, "POST", "/shop/api/auth/login", "", `{"username":"nobody`+strconv.Itoa(i)+`@example.com","password":"guess"}`,
				"X-Forwarded-For", "203.0.113."+strconv.Itoa(i+1))
			statuses[r.Status]++
		}
		if statuses[401] != 20 || statuses[429] != 2 {
			t.Fatalf("forged X-Forwarded-For must not spread guesses over addresses: %v", statuses)
		}
		if sid := s.cookieLogin(t, "buyer@example.com"); sid == "" {
			t.Fatal("the known buyer is locked out")
		}
	})
}

func TestTrustedProxiesConfig(t *testing.T) {
	_, err := app.Open(context.Background(), config.Config{DB: "sqlite://" + t.TempDir() + "/x.db", TrustedProxies: "10.0.0.0/8,proxy"},
		slog.New(slog.DiscardHandler))
	if err == nil || !strings.Contains(err.Error(), `"proxy"`) {
		t.Fatalf("a bad --trusted-proxies must stop the start: %v", err)
	}
}
