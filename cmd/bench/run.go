package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// result is one scenario's measurements.
type result struct {
	name       string
	unit       string // what one "request" is when not one HTTP request (orders)
	requests   int
	errors     int
	elapsed    time.Duration
	latencies  []time.Duration // sorted
	firstError string
	ranOut     string        // why the row ended before its duration (errRanOut), or ""
	conns      int           // concurrent clients, each on its own kept-alive connection
	dials      int           // connections opened while measured: more than conns means connections churn
	cpu        time.Duration // the server process's CPU time while measured (utime+stime)
	cpuKnown   bool          // whether cpu was measured (not for the in-process ceilings)
	// writerBusy is the share of the time the server's SQLite writer was busy (0 on PostgreSQL, which has none): near
	// 1, the row's writes queued for it.
	writerBusy float64
	goals      []goal
	against    string // the row the share is of; empty, the first (the ceiling)
}

// cpuPerRequest is the server's CPU milliseconds per request, or "-" when not measured.
func (r result) cpuPerRequest() string {
	if !r.cpuKnown || r.requests == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", float64(r.cpu)/float64(time.Millisecond)/float64(r.requests))
}

func (r result) perSecond() float64 {
	if r.elapsed <= 0 {
		return 0
	}
	return float64(r.requests) / r.elapsed.Seconds()
}

func (r result) errorRatio() float64 {
	if r.requests == 0 {
		return 1 // nothing answered at all counts as failing
	}
	return float64(r.errors) / float64(r.requests)
}

// percentile is the nearest-rank percentile p (0-100] of sorted latencies; 0 for none.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	return sorted[min(max(rank, 1), len(sorted))-1]
}

// run sends requests from concurrency workers (the scenario's own connection count when it has one) for duration; a
// request that fails or answers outside 2xx is an error. Each worker starts no new request after the duration but
// finishes the one in flight, so that no connection is cut (and redialled by the next scenario) and every request
// sent is counted; elapsed runs until the last one ends.
func run(parent context.Context, client *http.Client, e *env, s scenario, concurrency int, duration time.Duration) result {
	if s.connections > 0 {
		concurrency = s.connections
	}
	type worker struct {
		latencies []time.Duration
		errors    int
		firstErr  string
		ranOut    string
	}
	workers := make([]worker, concurrency)
	var wg sync.WaitGroup
	for len(e.users) < concurrency {
		e.users = append(e.users, newVuser())
	}
	for i := range workers {
		if s.setup != nil { // not measured
			if err := s.setup(parent, client, e, e.users[i]); err != nil {
				workers[i].errors, workers[i].firstErr = 1, "setup: "+err.Error()
				continue
			}
		}
	}
	res := result{name: s.name, unit: s.unit, conns: concurrency, goals: s.goals, against: s.against}
	cpuBefore, cpuKnown := e.sampleCPU()
	busyBefore, busyKnown := e.writerBusy()
	dialsBefore := e.dialCount()
	start := time.Now()
	deadline := start.Add(duration)
	for i := range workers {
		if workers[i].firstErr != "" {
			continue
		}
		wg.Add(1)
		go func(w *worker, u *vuser) {
			defer wg.Done()
			for parent.Err() == nil && time.Now().Before(deadline) {
				t0 := time.Now()
				err := once(parent, client, e, s, u)
				if parent.Err() != nil { // interrupted: neither a sample nor an error
					return
				}
				if errors.Is(err, errRanOut) { // the row ends here, neither a sample nor an error
					w.ranOut = err.Error()
					return
				}
				w.latencies = append(w.latencies, time.Since(t0))
				if err != nil {
					w.errors++
					if w.firstErr == "" {
						w.firstErr = err.Error()
					}
				}
			}
		}(&workers[i], e.users[i])
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	res.dials = int(e.dialCount() - dialsBefore)
	if cpuAfter, ok := e.sampleCPU(); ok && cpuKnown && s.name != "ceiling" && s.name != insertCeilingRow { // the ceilings run in this process
		res.cpu, res.cpuKnown = cpuAfter-cpuBefore, true
	}
	if busyAfter, ok := e.writerBusy(); ok && busyKnown && s.name != "ceiling" && s.name != insertCeilingRow {
		res.writerBusy = (busyAfter - busyBefore) / res.elapsed.Seconds()
	}
	for _, w := range workers {
		res.latencies = append(res.latencies, w.latencies...)
		res.errors += w.errors
		if res.firstError == "" {
			res.firstError = w.firstErr
		}
		if res.ranOut == "" {
			res.ranOut = w.ranOut
		}
	}
	res.requests = len(res.latencies)
	slices.Sort(res.latencies)
	return res
}

// errRanOut is what a row's request builder answers when the row has asked all it has to ask (the catalogue's
// distinct searches): the row ends early and is measured over the time it ran.
var errRanOut = errors.New("ran out")

func once(ctx context.Context, client *http.Client, e *env, s scenario, u *vuser) error {
	if s.flow != nil {
		return s.flow(ctx, client, e, u)
	}
	req, err := s.request(e, u)
	if err != nil {
		return err
	}
	// As browsers do, the measured requests accept gzip; like other load generators (wrk, k6), the client does not
	// inflate the answers it discards: that is the client's work, and on one machine it would take the server's CPU.
	req.Header.Set("Accept-Encoding", "gzip")
	return send(ctx, client, req, nil)
}

// send runs a request; an answer outside 2xx is an error. With out set, the JSON body is decoded into it.
func send(ctx context.Context, client *http.Client, req *http.Request, out any) error {
	resp, err := client.Do(req.WithContext(ctx))
	if err != nil {
		return err
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("%s %s: %d %.200s", req.Method, req.URL.Path, resp.StatusCode, strings.TrimSpace(string(body)))
	}
	if out != nil {
		return json.Unmarshal(body, out)
	}
	return nil
}

// printTable writes the results. share is each row's req/s over the ceiling's (the first row, or the row it is
// measured against: the insert ceiling for the write rows), CPU ms/req the server's CPU time per request, goal each
// of the row's goals with pass or FAIL.
func printTable(out io.Writer, results []result) {
	fmt.Fprintf(out, "%-24s %5s %5s %8s %8s %9s %9s %6s %10s %6s  %s\n", "scenario", "conns", "dials", "requests",
		"req/s", "p50", "p99", "errors", "CPU ms/req", "share", "goal")
	for _, r := range results {
		ceiling := shareBase(results, r)
		share := "-"
		if ceiling > 0 {
			share = fmt.Sprintf("%.3f", r.perSecond()/ceiling)
		}
		name := r.name
		if r.unit != "" {
			name += " (" + r.unit + ")"
		}
		fmt.Fprintf(out, "%-24s %5d %5d %8d %8.0f %9s %9s %6d %10s %6s  %s\n", name, r.conns, r.dials, r.requests,
			r.perSecond(), round(percentile(r.latencies, 50)), round(percentile(r.latencies, 99)), r.errors,
			r.cpuPerRequest(), share, goalCell(r, ceiling))
	}
	for _, r := range results {
		if r.unit != "" {
			fmt.Fprintf(out, "  %s: %.1f %s/s, p50 %s and p99 %s per whole %s\n", r.name, r.perSecond(), r.unit,
				round(percentile(r.latencies, 50)), round(percentile(r.latencies, 99)), r.name)
		}
	}
	for _, r := range results {
		if r.writerBusy >= 0.01 && r.perSecond() > 0 {
			// The writer's time per request (per order for the checkout) is what bounds a write row on SQLite: at
			// most one second of it per second.
			per := "request"
			if r.unit != "" {
				per = strings.TrimSuffix(r.unit, "s")
			}
			fmt.Fprintf(out, "  %s: the SQLite writer was busy %.0f%% of the time, %.3f ms per %s\n", r.name,
				100*r.writerBusy, 1000*r.writerBusy/r.perSecond(), per)
		}
	}
	for _, r := range results {
		if r.against != "" {
			fmt.Fprintf(out, "  %s: share of the %s\n", r.name, r.against)
		}
	}
	for _, r := range results {
		if r.ranOut != "" {
			fmt.Fprintf(out, "  %s: ran %s, then %s\n", r.name, r.elapsed.Round(10*time.Millisecond), r.ranOut)
		}
	}
	for _, r := range results {
		if r.firstError != "" {
			fmt.Fprintf(out, "  %s: first error: %s\n", r.name, r.firstError)
		}
	}
	if held, total, failing := goalTally(results); total > 0 {
		fmt.Fprintf(out, "goals: %d of %d hold", held, total)
		if len(failing) > 0 {
			fmt.Fprintf(out, "; failing: %s", strings.Join(failing, ", "))
		}
		fmt.Fprintln(out)
	}
}

func round(d time.Duration) string {
	switch {
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond).String()
	default:
		return d.Round(time.Microsecond).String()
	}
}
