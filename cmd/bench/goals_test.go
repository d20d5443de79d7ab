package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// A share goal is on req/s over the ceiling's; latency goals on the row's own p50 or p99; a row with no answer, or
// no ceiling to compare with, never holds.
func TestGoalHolds(t *testing.T) {
	row := result{name: "r", requests: 400, elapsed: time.Second, latencies: ms(10, 10, 10, 40)}
	for _, c := range []struct {
		g       goal
		ceiling float64
		want    bool
	}{
		{minShare(0.40), 1000, true},  // 400/1000 is exactly the goal
		{minShare(0.40), 1001, false}, // just under
		{minShare(0.40), 0, false},    // no ceiling measured
		{maxP50(10 * time.Millisecond), 1000, true},
		{maxP50(9 * time.Millisecond), 1000, false},
		{maxP99(40 * time.Millisecond), 1000, true},
		{maxP99(20 * time.Millisecond), 1000, false},
	} {
		if got := c.g.holds(row, c.ceiling); got != c.want {
			t.Errorf("%s with ceiling %v: holds = %v, want %v", c.g, c.ceiling, got, c.want)
		}
	}
	allErrors := row
	allErrors.errors = allErrors.requests
	if maxP99(time.Second).holds(allErrors, 1000) || maxP99(time.Second).holds(result{}, 1000) {
		t.Error("a row without a good answer must not hold a latency goal")
	}
}

func TestGoalCellAndTally(t *testing.T) {
	ceiling := result{name: "ceiling", requests: 1000, elapsed: time.Second, latencies: ms(1)}
	detail := result{name: "detail", requests: 500, elapsed: time.Second, latencies: ms(5, 30),
		goals: []goal{minShare(0.40), maxP99(20 * time.Millisecond)}}
	reprice := result{name: "reprice", requests: 20, elapsed: time.Second, latencies: ms(45, 45, 60),
		goals: []goal{maxP50(50 * time.Millisecond)}}
	if got := goalCell(detail, 1000); got != ">=0.40 pass, p99<=20ms FAIL" {
		t.Errorf("detail goal cell %q", got)
	}
	if got := goalCell(reprice, 1000); got != "p50<=50ms pass" {
		t.Errorf("reprice goal cell %q", got)
	}
	if got := goalCell(ceiling, 1000); got != "-" {
		t.Errorf("a row without goals: %q", got)
	}
	held, total, failing := goalTally([]result{ceiling, detail, reprice})
	if held != 2 || total != 3 || strings.Join(failing, ",") != "detail" {
		t.Errorf("tally %d of %d, failing %v", held, total, failing)
	}
	var out bytes.Buffer
	printTable(&out, []result{ceiling, detail, reprice})
	for _, want := range []string{"CPU ms/req", "goal", "0.500  >=0.40 pass, p99<=20ms FAIL", "goals: 2 of 3 hold; failing: detail"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
}

// A write row's share and share goal are of the insert ceiling measured in the same run, not of the JSON ceiling;
// without the insert ceiling measured, the share goal does not hold.
func TestWriteRowsAreMeasuredAgainstTheInsertCeiling(t *testing.T) {
	ceiling := result{name: "ceiling", requests: 10000, elapsed: time.Second, latencies: ms(1)}
	inserts := result{name: insertCeilingRow, requests: 2000, elapsed: time.Second, latencies: ms(2)}
	add := result{name: "add to cart", requests: 1000, elapsed: time.Second, latencies: ms(5, 10),
		goals: []goal{minShare(0.40), maxP99(20 * time.Millisecond)}, against: insertCeilingRow}
	if got := shareBase([]result{ceiling, inserts, add}, add); got != 2000 {
		t.Fatalf("the add row's share is of %v req/s, want the insert ceiling's 2000", got)
	}
	if got := shareBase([]result{ceiling, inserts, add}, inserts); got != 10000 {
		t.Fatalf("the insert ceiling's own share is of %v req/s, want the ceiling's 10000", got)
	}
	held, total, failing := goalTally([]result{ceiling, inserts, add})
	if held != 2 || total != 2 || len(failing) != 0 {
		t.Errorf("0.50 of the insert ceiling: tally %d of %d, failing %v", held, total, failing)
	}
	if held, _, failing := goalTally([]result{ceiling, add}); held != 1 || strings.Join(failing, ",") != "add to cart" {
		t.Errorf("without the insert ceiling: %d held, failing %v", held, failing)
	}
	var out bytes.Buffer
	printTable(&out, []result{ceiling, inserts, add})
	for _, want := range []string{"0.200  -", "0.500  >=0.40 pass, p99<=20ms pass", "add to cart: share of the insert ceiling"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
	got, err := selectScenarios(scenarios, "add to cart")
	if err != nil || len(got) != 3 || got[0].name != "ceiling" || got[1].name != insertCeilingRow || got[2].name != "add to cart" {
		t.Fatalf("selectScenarios(add to cart) = %v, %v: the insert ceiling runs with the row", got, err)
	}
}

// The insert ceiling answers the ceiling's 200 bytes after committing one row per request.
func TestInsertCeiling(t *testing.T) {
	ctx := context.Background()
	url, stop, err := startInsertCeiling(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	for range 3 {
		resp, err := http.Post(url+"/", "application/json", nil)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !bytes.Equal(body, ceilingBody) {
			t.Fatalf("insert ceiling: %d %s", resp.StatusCode, body)
		}
	}
}

// The server's CPU per request: the CPU time over the row's requests in milliseconds, "-" when not measured.
func TestCPUPerRequest(t *testing.T) {
	r := result{requests: 400, cpu: 200 * time.Millisecond, cpuKnown: true}
	if got := r.cpuPerRequest(); got != "0.50" {
		t.Errorf("cpu per request %q, want 0.50", got)
	}
	r.cpuKnown = false
	if got := r.cpuPerRequest(); got != "-" {
		t.Errorf("unmeasured cpu %q, want -", got)
	}
	if got := (result{cpuKnown: true, cpu: time.Second}).cpuPerRequest(); got != "-" {
		t.Errorf("cpu without requests %q, want -", got)
	}
}

// utime and stime are fields 14 and 15, counted after the command name, which may hold spaces and parentheses.
func TestParseProcStat(t *testing.T) {
	stat := "4242 (store front (x)) S 1 4242 4242 0 -1 4194560 1500 0 0 0 250 125 0 0 20 0 9 0 12345 1000000 2000 " +
		"18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n"
	got, err := parseProcStat(stat)
	if err != nil || got != 3750*time.Millisecond {
		t.Fatalf("parseProcStat = %v, %v; want 3.75s (375 ticks)", got, err)
	}
	for _, bad := range []string{"", "4242 no-parentheses S 1", "4242 (x) S 1 2 3", "4242 (x) S 1 1 1 0 -1 0 0 0 0 0 ab 1"} {
		if _, err := parseProcStat(bad); err == nil {
			t.Errorf("parseProcStat(%q) should fail", bad)
		}
	}
	// The bench's own process: a real /proc file parses, and CPU time only grows.
	read := processCPU(os.Getpid())
	first, ok := read()
	if !ok {
		t.Skip("no /proc here")
	}
	if second, ok := read(); !ok || second < first {
		t.Fatalf("CPU time went from %v to %v (ok %v)", first, second, ok)
	}
}

// On a 100,000-product catalogue the search and category rows take the large goals; the other rows keep theirs.
func TestGoalsFor(t *testing.T) {
	rows := map[string]scenario{}
	for _, s := range scenarios {
		rows[s.name] = s
	}
	for name, want := range map[string][2]string{
		"product detail guest": {">=0.40,p99<=20ms", ">=0.40,p99<=20ms"},
		"product detail buyer": {">=0.40,p99<=20ms", ">=0.40,p99<=20ms"},
		"category 12 guest":    {">=0.20", ">=0.08"},
		"category 12 buyer":    {">=0.20", ">=0.08"},
		"search 12 guest":      {">=0.20,p99<=20ms", ">=0.08"},
		"search 12 buyer":      {">=0.20,p99<=20ms", ">=0.08"},
		"read cart":            {"p99<=20ms", "p99<=20ms"},
		"batch add 100":        {"p50<=30ms", "p50<=30ms"},
		"reprice 500 lines":    {"p50<=50ms", "p50<=50ms"},
		"add to cart":          {">=0.40,p99<=20ms", ">=0.40,p99<=20ms"},
		"checkout":             {">=0.05,p99<=100ms", ">=0.05,p99<=100ms"},
	} {
		s, ok := rows[name]
		if !ok {
			t.Errorf("scenario %q missing", name)
			continue
		}
		for i, products := range []int{200, 100_000} {
			var got []string
			for _, g := range goalsFor(s, products) {
				got = append(got, g.String())
			}
			if strings.Join(got, ",") != want[i] {
				t.Errorf("%s with %d products: goals %v, want %s", name, products, got, want[i])
			}
		}
	}
	if rows["batch add 100"].connections != 1 || rows["reprice 500 lines"].connections != 1 {
		t.Error("the batch add and reprice goals are a single client's: those rows run on one connection")
	}
}

// A row runs on its own connection count, and the kept-alive transport dials a bounded number of connections
// however many requests pass (the transport may open a spare one while a client's last connection is on its way back
// to the pool, so up to two per client), not one per request.
func TestRunKeepsConnectionsAlive(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(ceilingBody)
	}))
	defer srv.Close()
	dials := new(atomic.Int64)
	client := &http.Client{Transport: keepAliveTransport(4, dials)}
	e := &env{base: srv.URL, dials: dials}
	s := scenario{name: "one", connections: 1, request: func(e *env, _ *vuser) (*http.Request, error) {
		return http.NewRequest(http.MethodGet, e.base, nil)
	}}
	r := run(context.Background(), client, e, s, 4, 100*time.Millisecond)
	if r.conns != 1 || r.requests < 2 || r.errors != 0 || r.dials > 2 {
		t.Fatalf("one-connection row: conns %d requests %d errors %d dials %d", r.conns, r.requests, r.errors, r.dials)
	}
	s.connections = 0
	requests := 0
	for range 3 {
		r = run(context.Background(), client, e, s, 4, 100*time.Millisecond)
		if r.conns != 4 || r.errors != 0 {
			t.Fatalf("four clients: conns %d errors %d", r.conns, r.errors)
		}
		requests += r.requests
	}
	if requests < 30 || dials.Load() > 8 {
		t.Fatalf("%d requests on 4 clients dialled %d connections: they churn", requests, dials.Load())
	}
	if len(ceilingBody) != 200 || !json.Valid(ceilingBody) {
		t.Fatalf("the ceiling answers %d bytes: %s", len(ceilingBody), ceilingBody)
	}
}
