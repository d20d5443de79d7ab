package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func ms(n ...int) []time.Duration {
	var out []time.Duration
	for _, v := range n {
		out = append(out, time.Duration(v)*time.Millisecond)
	}
	return out
}

func TestPercentileIsNearestRank(t *testing.T) {
	hundred := make([]time.Duration, 100)
	for i := range hundred {
		hundred[i] = time.Duration(i+1) * time.Millisecond
	}
	for _, c := range []struct {
		sorted []time.Duration
		p      float64
		want   time.Duration
	}{
		{nil, 50, 0},
		{ms(7), 50, 7 * time.Millisecond},
		{ms(7), 99, 7 * time.Millisecond},
		{ms(1, 2, 3, 4), 50, 2 * time.Millisecond},
		{ms(1, 2, 3, 4), 51, 3 * time.Millisecond},
		{hundred, 50, 50 * time.Millisecond},
		{hundred, 99, 99 * time.Millisecond},
		{hundred, 100, 100 * time.Millisecond},
	} {
		if got := percentile(c.sorted, c.p); got != c.want {
			t.Errorf("p%v of %d samples = %v, want %v", c.p, len(c.sorted), got, c.want)
		}
	}
}

func TestScenarioTable(t *testing.T) {
	if scenarios[0].name != "ceiling" {
		t.Fatal("the ceiling must run first: the ratios are to it")
	}
	names := map[string]bool{}
	for _, s := range scenarios {
		if names[s.name] {
			t.Errorf("scenario %q twice", s.name)
		}
		names[s.name] = true
	}
	for _, want := range []string{"session-context", "application-context", "record read", "record update"} {
		if !names[want] {
			t.Errorf("scenario %q missing", want)
		}
	}
	e := &env{base: "http://h", ceiling: "http://c", adminToken: "T", storeID: "0ZE", accountID: "001X",
		terms: newCatalogueTerms(300)}
	for _, s := range scenarios {
		if s.flow != nil {
			continue // several requests: TestCheckoutFlow
		}
		req, err := s.request(e, newVuser())
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if s.name == "record update" && (req.Method != http.MethodPatch || req.Header.Get("Authorization") != "Bearer T" ||
			req.URL.Path != "/services/data/v64.0/ui-api/records/001X") {
			t.Errorf("record update request: %s %s %v", req.Method, req.URL, req.Header)
		}
	}
	got, err := selectScenarios(scenarios, "record read")
	if err != nil || len(got) != 2 || got[0].name != "ceiling" || got[1].name != "record read" {
		t.Fatalf("selectScenarios(record read) = %v, %v", got, err)
	}
	if _, err := selectScenarios(scenarios, "nope"); err == nil {
		t.Fatal("an unknown scenario must be refused")
	}
}

// Non-2xx answers count as errors, and the table reports them with the ratio to the first (ceiling) row.
func TestRunCountsErrorsAndPrintsRatios(t *testing.T) {
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1)%4 == 0 {
			http.Error(w, "boom", http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer srv.Close()
	s := scenario{name: "flaky", request: func(e *env, _ *vuser) (*http.Request, error) {
		return http.NewRequest(http.MethodGet, e.base, nil)
	}}
	r := run(context.Background(), srv.Client(), &env{base: srv.URL}, s, 4, 200*time.Millisecond)
	if r.requests < 8 || r.errors == 0 || r.errors > r.requests/4+4 {
		t.Fatalf("requests %d errors %d: want about a quarter errors", r.requests, r.errors)
	}
	if !strings.Contains(r.firstError, "500 boom") {
		t.Fatalf("first error %q", r.firstError)
	}
	if r.errorRatio() <= 0.01 {
		t.Fatalf("error ratio %v should fail the 1%% bar", r.errorRatio())
	}
	ceiling := result{name: "ceiling", requests: 1000, elapsed: time.Second, latencies: ms(1)}
	half := result{name: "half", requests: 500, elapsed: time.Second, latencies: ms(2), errors: 3}
	var out bytes.Buffer
	printTable(&out, []result{ceiling, half})
	if !strings.Contains(out.String(), "0.500") || !strings.Contains(out.String(), "half") {
		t.Fatalf("table:\n%s", out.String())
	}
}

// A row whose searches run out ends there: the requests it asked are its samples, measured over the time it ran,
// with no error, and the table says why it ended early.
func TestARowThatRunsOutEndsEarly(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	}))
	defer srv.Close()
	terms := &catalogueTerms{pairs: []string{"a b", "c d", "e f", "g h", "i j", "k l", "m n", "o p", "q r", "s t"}}
	s := scenario{name: "distinct", request: func(e *env, _ *vuser) (*http.Request, error) {
		if _, err := terms.pair(); err != nil {
			return nil, err
		}
		return http.NewRequest(http.MethodGet, e.base, nil)
	}}
	r := run(context.Background(), srv.Client(), &env{base: srv.URL}, s, 3, 5*time.Second)
	if r.requests != 10 || r.errors != 0 || r.elapsed >= 5*time.Second {
		t.Fatalf("requests %d errors %d elapsed %s: want the 10 searches, no error, well under 5 s", r.requests,
			r.errors, r.elapsed)
	}
	var out bytes.Buffer
	printTable(&out, []result{r})
	if !strings.Contains(out.String(), "distinct: ran ") ||
		!strings.Contains(out.String(), "all 10 of the catalogue's distinct two-word searches were asked") {
		t.Fatalf("table:\n%s", out.String())
	}
}

// The checkout row counts whole checkouts: six calls in order, one sample each; a failed step is one error and
// deletes the checkout so that the next iteration starts from an open cart.
func TestCheckoutFlow(t *testing.T) {
	var failPayments atomic.Bool
	var mu sync.Mutex
	var calls []string
	started := time.Now()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/metrics" { // a writer busy three quarters of the time
			fmt.Fprintf(w, "# TYPE storefront_db_writer_busy_seconds_total counter\n"+
				"storefront_db_writer_busy_seconds_total %g\n", 0.75*time.Since(started).Seconds())
			return
		}
		path := strings.TrimPrefix(r.URL.Path, api+"/commerce/webstores/0ZE/")
		mu.Lock()
		calls = append(calls, r.Method+" "+path)
		mu.Unlock()
		if r.Header.Get("Authorization") != "Bearer B" {
			http.Error(w, "no token", http.StatusUnauthorized)
			return
		}
		switch {
		case r.Method == "PUT" && path == "checkouts":
			w.WriteHeader(http.StatusAccepted)
			_, _ = w.Write([]byte(`{"checkoutId":"2z9X"}`))
		case r.Method == "POST" && path == "checkouts/2z9X/payments" && failPayments.Load():
			http.Error(w, "declined", http.StatusUnprocessableEntity)
		case r.Method == "POST" && path == "checkouts/2z9X/orders":
			w.WriteHeader(http.StatusCreated)
			_, _ = w.Write([]byte(`{"orderReferenceNumber":"00000001"}`))
		default:
			w.WriteHeader(http.StatusCreated)
		}
	}))
	defer srv.Close()
	e := &env{base: srv.URL, storeID: "0ZE"}
	u := newVuser()
	u.token, u.addressID = "B", "8lWA"
	if err := checkoutOnce(context.Background(), srv.Client(), e, u); err != nil {
		t.Fatal(err)
	}
	want := "POST carts/current/cart-items,PUT checkouts,PATCH checkouts/2z9X,PATCH checkouts/2z9X," +
		"POST checkouts/2z9X/payments,POST checkouts/2z9X/orders"
	if got := strings.Join(calls, ","); got != want {
		t.Fatalf("calls %s\nwant  %s", got, want)
	}
	failPayments.Store(true)
	e.users = []*vuser{u}
	s := checkoutScenario
	s.setup = nil
	r := run(context.Background(), srv.Client(), e, s, 1, 100*time.Millisecond)
	if r.requests == 0 || r.errors != r.requests || !strings.Contains(r.firstError, "payments: 422 declined") {
		t.Fatalf("requests %d errors %d first %q", r.requests, r.errors, r.firstError)
	}
	if !slices.Contains(calls, "DELETE checkouts/2z9X") {
		t.Fatal("a failed checkout is not deleted")
	}
	if r.writerBusy < 0.6 || r.writerBusy > 0.9 {
		t.Fatalf("writer busy %.2f of the time, want about 0.75", r.writerBusy)
	}
	var out bytes.Buffer
	printTable(&out, []result{r})
	if !strings.Contains(out.String(), "checkout (orders)") || !strings.Contains(out.String(), "orders/s, p50") ||
		!regexp.MustCompile(`checkout: the SQLite writer was busy \d+% of the time, \d+\.\d{3} ms per order\n`).MatchString(out.String()) {
		t.Fatalf("table:\n%s", out.String())
	}
}
