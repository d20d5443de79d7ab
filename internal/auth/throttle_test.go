package auth

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
	"storefront/internal/records"
)

// clock is the throttle's clock in these tests: it stands still until moved, so no test sleeps.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *clock) advance(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// throttledServer is testServer behind a trusted proxy on loopback, so each client names its address in
// X-Forwarded-For, with the throttle on clk.
func throttledServer(t *testing.T, d *db.DB, clk *clock) (*httptest.Server, *Service) {
	srv, svc := testServer(t, d)
	svc.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	svc.Now = clk.Now
	return srv, svc
}

func newClock() *clock { return &clock{now: time.Date(2030, 1, 1, 9, 0, 0, 0, time.UTC)} }

// from is a browser whose requests reach the server from addr (through the trusted proxy).
func from(t *testing.T, srv *httptest.Server, addr string) *browser {
	b := newBrowser(t, srv)
	b.header.Set("X-Forwarded-For", addr)
	return b
}

// token asks the OAuth token endpoint.
func (b *browser) token(username, password string) reply {
	b.t.Helper()
	form := url.Values{"grant_type": {"password"}, "username": {username}, "password": {password}}
	return b.do("POST", TokenPath, "application/x-www-form-urlencoded", form.Encode())
}

// outcome sorts a sign-in reply from either endpoint: "ok", "wrong" (checked and refused) or "wait" (throttled,
// with the Retry-After seconds); anything else fails the test.
func outcome(t *testing.T, r reply) string {
	t.Helper()
	switch {
	case r.status == 200:
		return "ok"
	case r.status == 401 && r.body == invalidLogin,
		r.status == 400 && r.body == `{"error":"invalid_grant","error_description":"authentication failure"}`+"\n":
		return "wrong"
	case r.status == 429 && (r.body == `[{"errorCode":"REQUEST_LIMIT_EXCEEDED","message":"Too many login attempts. Try again later."}]`+"\n" ||
		r.body == `{"error":"rate_limit_exceeded","error_description":"Too many login attempts. Try again later."}`+"\n"):
		return "wait " + r.header.Get("Retry-After")
	}
	t.Fatalf("unexpected sign-in reply: %d %q", r.status, r.body)
	return ""
}

// failures reads a counter as stored.
func failures(t *testing.T, d *db.DB, bucket string) int64 {
	t.Helper()
	var n int64
	if err := d.QueryRow(context.Background(), `SELECT failures FROM sf_login_attempt WHERE bucket = ?`, bucket).Scan(&n); err != nil {
		t.Fatalf("counter %s: %v", bucket, err)
	}
	return n
}

func TestThrottleAttackerCannotLockOutTheUser(t *testing.T) {
	eachStore(t, func(t *testing.T, d *db.DB, st *counterStoreUnderTest) {
		clk := newClock()
		srv, _ := st.server(t, clk)
		mustStaff(t, d, "admin@example.com")
		home := from(t, srv, "198.51.100.10")
		r := home.login("admin@example.com", "demo1234")
		c := r.cookies[DeviceCookie]
		if r.status != 200 || c == nil || !c.HttpOnly || c.Path != "/shop"+LoginPath || c.SameSite != http.SameSiteStrictMode ||
			c.MaxAge != int(DefaultKnownFor.Seconds()) || len(c.Value) != 43 {
			t.Fatalf("sign-in: %d, device cookie %+v", r.status, c)
		}
		script := from(t, srv, "198.51.100.20")
		if r := script.token("admin@example.com", "demo1234"); r.status != 200 || len(r.cookies) != 0 {
			t.Fatalf("API client: %d %s cookies %v", r.status, r.body, r.cookies)
		}

		// 50 wrong passwords from 50 other addresses, on both endpoints: 5 are checked, the rest wait.
		tally := map[string]int{}
		for i := range 50 {
			attacker := from(t, srv, fmt.Sprintf("203.0.113.%d", i+1))
			if i%2 == 0 {
				tally[outcome(t, attacker.login("admin@example.com", "guess"+fmt.Sprint(i)))]++
			} else {
				tally[outcome(t, attacker.token("admin@example.com", "guess"+fmt.Sprint(i)))]++
			}
		}
		if tally["wrong"] != 5 || tally["wait 30"] != 45 {
			t.Fatalf("attack outcomes: %v", tally)
		}

		// The user's browser signs in, even from an address it has never used, and so does the script from its own.
		home.header.Set("X-Forwarded-For", "192.0.2.99")
		if r := home.login("admin@example.com", "demo1234"); r.status != 200 || r.cookies[DeviceCookie].Value != c.Value {
			t.Fatalf("known browser during the attack: %d %s", r.status, r.body)
		}
		if r := script.token("admin@example.com", "demo1234"); r.status != 200 {
			t.Fatalf("known API client during the attack: %d %s", r.status, r.body)
		}
		// A browser the user never used waits like the attacker: slowed, not locked out.
		laptop := from(t, srv, "192.0.2.100")
		if got := outcome(t, laptop.login("admin@example.com", "demo1234")); got != "wait 30" {
			t.Fatalf("new browser during the attack: %s", got)
		}
		clk.advance(30 * time.Second)
		if got := outcome(t, laptop.login("admin@example.com", "demo1234")); got != "ok" {
			t.Fatalf("new browser after the wait: %s", got)
		}
	})
}

func TestThrottleOneAddressGuessingManyAccounts(t *testing.T) {
	eachStore(t, func(t *testing.T, d *db.DB, st *counterStoreUnderTest) {
		clk := newClock()
		srv, _ := st.server(t, clk)
		mustStaff(t, d, "admin@example.com")
		spray := from(t, srv, "203.0.113.5")
		for i := range 20 { // 20 usernames, one guess each, half of them real-looking misses on both endpoints
			username := fmt.Sprintf("user%d@example.com", i)
			var r reply
			if i%2 == 0 {
				r = spray.login(username, "password1")
			} else {
				r = spray.token(username, "password1")
			}
			if got := outcome(t, r); got != "wrong" {
				t.Fatalf("attempt %d: %s", i+1, got)
			}
		}
		if got := outcome(t, spray.login("next@example.com", "password1")); got != "wait 30" {
			t.Fatalf("21st attempt: %s", got)
		}
		if got := outcome(t, spray.token("admin@example.com", "demo1234")); got != "wait 30" {
			t.Fatalf("the token endpoint shares the address's counter, right password or not: %s", got)
		}
		// Each wait doubles, up to 15 minutes.
		for i, wait := range []time.Duration{30, 60, 120, 240, 480, 900, 900} {
			clk.advance(wait * time.Second)
			username := fmt.Sprintf("late%d@example.com", i) // a fresh username each time: only the address's counter applies
			if got := outcome(t, spray.login(username, "password1")); got != "wrong" {
				t.Fatalf("after waiting %ds: %s", wait, got)
			}
			if next := min(2*wait, 900); outcome(t, spray.login(username, "x")) != fmt.Sprintf("wait %d", next) {
				t.Fatalf("after waiting %ds the next wait is not %ds", wait, next)
			}
		}
		if got := outcome(t, from(t, srv, "203.0.113.6").login("admin@example.com", "demo1234")); got != "ok" {
			t.Fatalf("another address: %s", got)
		}
	})
}

func TestThrottleSharedAddressKeepsKnownUsers(t *testing.T) {
	eachStore(t, func(t *testing.T, d *db.DB, st *counterStoreUnderTest) {
		clk := newClock()
		srv, _ := st.server(t, clk)
		for _, u := range []string{"admin@example.com", "alice@example.com", "newbie@example.com"} {
			mustStaff(t, d, u)
		}
		const office = "198.51.100.77"
		if outcome(t, from(t, srv, office).login("admin@example.com", "demo1234")) != "ok" ||
			outcome(t, from(t, srv, office).token("alice@example.com", "demo1234")) != "ok" {
			t.Fatal("first sign-ins from the office")
		}
		tally := map[string]int{}
		for i := range 25 {
			tally[outcome(t, from(t, srv, office).login(fmt.Sprintf("u%d@example.com", i), "guess"))]++
		}
		if tally["wrong"] != 20 || tally["wait 30"] != 5 {
			t.Fatalf("guessing behind the office address: %v", tally)
		}
		// Users known at the address sign in, with no device cookie (a fresh browser, an API client), and their own
		// typos do not count against the office.
		fresh := from(t, srv, office)
		if got := outcome(t, fresh.login("admin@example.com", "typo")); got != "wrong" {
			t.Fatalf("known user's typo: %s", got)
		}
		if got := outcome(t, fresh.login("admin@example.com", "demo1234")); got != "ok" {
			t.Fatalf("known user behind the throttled address: %s", got)
		}
		if got := outcome(t, from(t, srv, office).token("alice@example.com", "demo1234")); got != "ok" {
			t.Fatalf("known API client behind the throttled address: %s", got)
		}
		addr := "a:" + office
		if n := st.failures(t, addr); n != 20 {
			t.Fatalf("office counter %d, want 20", n)
		}
		// A colleague signing in there for the first time waits out the address's delay, then gets in; the success
		// gives its place back.
		newbie := from(t, srv, office)
		if got := outcome(t, newbie.login("newbie@example.com", "demo1234")); got != "wait 30" {
			t.Fatalf("first sign-in behind the throttled address: %s", got)
		}
		clk.advance(30 * time.Second)
		if got := outcome(t, newbie.login("newbie@example.com", "demo1234")); got != "ok" {
			t.Fatalf("first sign-in after the wait: %s", got)
		}
		if n := st.failures(t, addr); n != 20 {
			t.Fatalf("office counter after a success %d, want 20", n)
		}
	})
}

// TestThrottleSharedBetweenInstances runs two servers, each with its own connection pools, over one database, with
// the counters in the database and, when STOREFRONT_TEST_REDIS is set, in Redis.
func TestThrottleSharedBetweenInstances(t *testing.T) {
	instanceCounters := map[string]func(t *testing.T) [2]CounterStore{
		"db": func(*testing.T) [2]CounterStore { return [2]CounterStore{} },
		"redis": func(t *testing.T) [2]CounterStore {
			shared := testRedisCounters(t, testRedis(t)) // one prefix, each instance its own connections
			other := *shared
			other.rdb = testRedis(t)
			return [2]CounterStore{shared, &other}
		},
	}
	for store, counters := range instanceCounters {
		t.Run(store, func(t *testing.T) { throttleSharedBetweenInstances(t, counters) })
	}
}

func throttleSharedBetweenInstances(t *testing.T, instanceCounters func(t *testing.T) [2]CounterStore) {
	for kind, u := range dbtest.URLs(t) {
		t.Run(kind, func(t *testing.T) {
			counters := instanceCounters(t)
			ctx := context.Background()
			open := func() *db.DB {
				d, err := db.Open(ctx, u)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { d.Close() })
				return d
			}
			d1, d2 := open(), open()
			if err := d1.Migrate(ctx, nil); err != nil {
				t.Fatal(err)
			}
			if err := records.SyncSchema(ctx, d1, records.StandardObjects()); err != nil {
				t.Fatal(err)
			}
			clk := newClock()
			srv1, svc1 := throttledServer(t, d1, clk)
			srv2, svc2 := throttledServer(t, d2, clk)
			svc1.Counters, svc2.Counters = counters[0], counters[1]
			mustStaff(t, d1, "admin@example.com")
			home := from(t, srv2, "198.51.100.10")
			if got := outcome(t, home.login("admin@example.com", "demo1234")); got != "ok" {
				t.Fatalf("sign-in on instance 2: %s", got)
			}

			tally := map[string]int{}
			for i := range 12 { // the account's counter, alternating instances and addresses
				srv := []*httptest.Server{srv1, srv2}[i%2]
				tally[outcome(t, from(t, srv, fmt.Sprintf("203.0.113.%d", i+1)).login("admin@example.com", "guess"))]++
			}
			if tally["wrong"] != 5 || tally["wait 30"] != 7 {
				t.Fatalf("account counter across instances: %v", tally)
			}
			tally = map[string]int{}
			for i := range 24 { // the address's counter
				srv := []*httptest.Server{srv1, srv2}[i%2]
				tally[outcome(t, from(t, srv, "203.0.113.200").login(fmt.Sprintf("u%d@example.com", i), "guess"))]++
			}
			if tally["wrong"] != 20 || tally["wait 30"] != 4 {
				t.Fatalf("address counter across instances: %v", tally)
			}
			home.base = srv1.URL // the browser known on instance 2 is known on instance 1
			if got := outcome(t, home.login("admin@example.com", "demo1234")); got != "ok" {
				t.Fatalf("known browser on instance 1: %s", got)
			}
		})
	}
}

func TestThrottleDelaysCeilingAndMemory(t *testing.T) {
	eachStore(t, func(t *testing.T, d *db.DB, st *counterStoreUnderTest) {
		clk := newClock()
		srv, svc := st.server(t, clk)
		svc.AccountLimit = Throttle{Free: 5, Delay: 30 * time.Second, MaxDelay: 2 * time.Minute, Ceiling: 9} // a short ramp
		mustStaff(t, d, "admin@example.com")
		n := 0
		guess := func() string { // each guess from a new address, so only the account's counter applies
			n++
			return outcome(t, from(t, srv, fmt.Sprintf("203.0.113.%d", n)).login("admin@example.com", "guess"))
		}
		for i := range 5 {
			if got := guess(); got != "wrong" {
				t.Fatalf("free failure %d: %s", i+1, got)
			}
		}
		clk.advance(29 * time.Second)
		if got := guess(); got != "wait 1" {
			t.Fatalf("29 s into a 30 s wait: %s", got)
		}
		// failures 6..9 each after the previous wait: 30 s, 60 s, 120 s, 120 s (the cap)
		for _, wait := range []time.Duration{1, 60, 120, 120} {
			clk.advance(wait * time.Second)
			if got := guess(); got != "wrong" {
				t.Fatalf("after waiting %ds: %s", wait, got)
			}
		}
		if got := guess(); got != "wait 86400" { // the ceiling: refused until forgotten, a day after the last failure
			t.Fatalf("at the ceiling: %s", got)
		}
		clk.advance(time.Hour)
		if got := guess(); got != "wait 82800" {
			t.Fatalf("an hour later: %s", got)
		}
		clk.advance(23 * time.Hour)
		for i := range 5 {
			if got := guess(); got != "wrong" {
				t.Fatalf("forgotten after a day, free failure %d: %s", i+1, got)
			}
		}

		// A known source's counter: 10 free failures, then delays; a success clears it.
		home := from(t, srv, "198.51.100.10")
		clk.advance(30 * time.Second)
		if got := outcome(t, home.login("admin@example.com", "demo1234")); got != "ok" {
			t.Fatalf("sign-in: %s", got)
		}
		for round := range 2 {
			for i := range 10 {
				if got := outcome(t, home.login("admin@example.com", "typo")); got != "wrong" {
					t.Fatalf("round %d, typo %d: %s", round, i+1, got)
				}
			}
			if got := outcome(t, home.login("admin@example.com", "demo1234")); got != "wait 30" {
				t.Fatalf("round %d, after 10 typos: %s", round, got)
			}
			clk.advance(30 * time.Second)
			if got := outcome(t, home.login("admin@example.com", "demo1234")); got != "ok" {
				t.Fatalf("round %d, after the wait: %s", round, got)
			}
		}

		// Known sources are forgotten KnownFor after their last success: the browser is then a stranger, judged by
		// the account's counter, and the sweep drops the rows.
		for range 5 {
			guess()
		}
		clk.advance(DefaultKnownFor - time.Minute)
		if got := outcome(t, home.login("admin@example.com", "demo1234")); got != "ok" {
			t.Fatalf("known browser a minute before it is forgotten: %s", got)
		}
		for range 5 {
			guess()
		}
		clk.advance(DefaultKnownFor)
		for range 5 {
			guess()
		}
		if got := outcome(t, home.login("admin@example.com", "demo1234")); got != "wait 30" {
			t.Fatalf("browser unused for longer than KnownFor: %s", got)
		}
		if err := svc.Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		var known, counters int
		_ = d.QueryRow(context.Background(), `SELECT COUNT(*) FROM sf_login_known`).Scan(&known)
		counters = st.count(t)
		if known != 0 || counters != 6 { // the account's counter and those of the last five guesses' addresses stay
			t.Fatalf("after the sweep: %d known sources, %d counters", known, counters)
		}
	})
}

// TestThrottleCountsConcurrentFailuresExactly races 50 guesses at once on one account from 50 addresses, then 50
// from one address on 50 usernames: no guess slips past a limit and every checked one is counted.
func TestThrottleCountsConcurrentFailuresExactly(t *testing.T) {
	eachStore(t, func(t *testing.T, d *db.DB, st *counterStoreUnderTest) {
		srv, _ := st.server(t, newClock())
		mustStaff(t, d, "admin@example.com")
		race := func(username func(i int) string, addr func(i int) string) map[int]int {
			var mu sync.Mutex
			var wg sync.WaitGroup
			statuses := map[int]int{}
			for i := range 50 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					body, _ := json.Marshal(map[string]string{"username": username(i), "password": "guess"})
					req, _ := http.NewRequest("POST", srv.URL+LoginPath, strings.NewReader(string(body)))
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("X-Forwarded-For", addr(i))
					resp, err := http.DefaultClient.Do(req)
					if err != nil {
						t.Error(err)
						return
					}
					resp.Body.Close()
					mu.Lock()
					statuses[resp.StatusCode]++
					mu.Unlock()
				}()
			}
			wg.Wait()
			return statuses
		}
		got := race(func(int) string { return "admin@example.com" }, func(i int) string { return fmt.Sprintf("203.0.113.%d", i+1) })
		if got[401] != 5 || got[429] != 45 || st.failures(t, userBucket("admin@example.com")) != 5 {
			t.Fatalf("one account from 50 addresses: %v, counter %d", got, st.failures(t, userBucket("admin@example.com")))
		}
		got = race(func(i int) string { return fmt.Sprintf("u%d@example.com", i) }, func(int) string { return "198.51.100.9" })
		if got[401] != 20 || got[429] != 30 || st.failures(t, "a:198.51.100.9") != 20 {
			t.Fatalf("50 accounts from one address: %v, counter %d", got, st.failures(t, "a:198.51.100.9"))
		}
	})
}

func TestDeviceCookieIsTrustedOnlyForItsUser(t *testing.T) {
	eachDB(t, func(t *testing.T, d *db.DB) {
		srv, _ := throttledServer(t, d, newClock())
		mustStaff(t, d, "admin@example.com")
		mustStaff(t, d, "alice@example.com")
		b := from(t, srv, "198.51.100.10")
		planted := newToken()
		b.cookies[DeviceCookie] = planted
		if r := b.login("admin@example.com", "demo1234"); r.status != 200 || r.cookies[DeviceCookie].Value == planted {
			t.Fatalf("a device token the user was never given must be replaced: %d %+v", r.status, r.cookies[DeviceCookie])
		}
		adminDevice := b.cookies[DeviceCookie]
		if r := b.login("admin@example.com", "demo1234"); r.cookies[DeviceCookie].Value != adminDevice {
			t.Fatal("a known browser keeps its device token")
		}
		if r := b.login("alice@example.com", "demo1234"); r.cookies[DeviceCookie].Value == adminDevice {
			t.Fatal("another user on the same browser must get a token of her own")
		}
	})
}

func TestClientAddress(t *testing.T) {
	trusted, err := ParseTrustedProxies("10.0.0.0/8, 192.0.2.1 ::1")
	if err != nil || len(trusted) != 3 {
		t.Fatalf("%v %v", trusted, err)
	}
	for _, bad := range []string{"10.0.0.0/33", "proxy.example.com"} {
		if _, err := ParseTrustedProxies(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	for _, tc := range []struct {
		name, peer string
		xff        []string
		trust      bool
		want       string
	}{
		{"no proxy configured: the header is ignored", "203.0.113.7:5000", []string{"198.51.100.1"}, false, "203.0.113.7"},
		{"untrusted peer", "203.0.113.7:5000", []string{"198.51.100.1"}, true, "203.0.113.7"},
		{"one trusted proxy", "10.1.2.3:5000", []string{"198.51.100.1"}, true, "198.51.100.1"},
		{"a spoofed hop left of the real one", "10.1.2.3:5000", []string{"1.2.3.4, 198.51.100.1"}, true, "198.51.100.1"},
		{"two proxies, two headers", "10.1.2.3:5000", []string{"1.2.3.4, 198.51.100.1", "192.0.2.1"}, true, "198.51.100.1"},
		{"a garbled hop stops the walk", "10.1.2.3:5000", []string{"198.51.100.1, nonsense, 10.9.9.9"}, true, "10.9.9.9"},
		{"no header", "10.1.2.3:5000", nil, true, "10.1.2.3"},
		{"a hop with a port", "[::1]:5000", []string{"198.51.100.1:4711"}, true, "198.51.100.1"},
		{"IPv6 counts by /64", "[2001:db8:1:2:3:4:5:6]:443", nil, true, "2001:db8:1:2::/64"},
		{"IPv4-mapped IPv6 is IPv4", "[::ffff:203.0.113.7]:443", nil, true, "203.0.113.7"},
	} {
		s := &Service{}
		if tc.trust {
			s.TrustedProxies = trusted
		}
		r := httptest.NewRequest("POST", LoginPath, nil)
		r.RemoteAddr = tc.peer
		for _, v := range tc.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := s.clientAddress(r); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
