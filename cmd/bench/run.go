package main

import (
	"context"
	"encoding/json"
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

// run sends requests from concurrency workers for duration; a request that fails or answers outside 2xx is an error.
func run(parent context.Context, client *http.Client, e *env, s scenario, concurrency int, duration time.Duration) result {
	type worker struct {
		latencies []time.Duration
		errors    int
		firstErr  string
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
	ctx, cancel := context.WithTimeout(parent, duration)
	defer cancel()
	start := time.Now()
	for i := range workers {
		if workers[i].firstErr != "" {
			continue
		}
		wg.Add(1)
		go func(w *worker, u *vuser) {
			defer wg.Done()
			for ctx.Err() == nil {
				t0 := time.Now()
				err := once(ctx, client, e, s, u)
				if ctx.Err() != nil { // cut off by the deadline: neither a sample nor an error
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
	res := result{name: s.name, unit: s.unit, elapsed: time.Since(start)}
	for _, w := range workers {
		res.latencies = append(res.latencies, w.latencies...)
		res.errors += w.errors
		if res.firstError == "" {
			res.firstError = w.firstErr
		}
	}
	res.requests = len(res.latencies)
	slices.Sort(res.latencies)
	return res
}

func once(ctx context.Context, client *http.Client, e *env, s scenario, u *vuser) error {
	if s.flow != nil {
		return s.flow(ctx, client, e, u)
	}
	req, err := s.request(e, u)
	if err != nil {
		return err
	}
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

// printTable writes the results; ratio is each scenario's req/s over the ceiling's (the first result).
func printTable(out io.Writer, results []result) {
	fmt.Fprintf(out, "%-22s %10s %10s %10s %10s %8s %8s\n", "scenario", "requests", "req/s", "p50", "p99", "errors", "ratio")
	var ceiling float64
	for i, r := range results {
		if i == 0 {
			ceiling = r.perSecond()
		}
		ratio := "-"
		if ceiling > 0 {
			ratio = fmt.Sprintf("%.3f", r.perSecond()/ceiling)
		}
		name := r.name
		if r.unit != "" {
			name += " (" + r.unit + ")"
		}
		fmt.Fprintf(out, "%-22s %10d %10.0f %10s %10s %8d %8s\n", name, r.requests, r.perSecond(),
			round(percentile(r.latencies, 50)), round(percentile(r.latencies, 99)), r.errors, ratio)
	}
	for _, r := range results {
		if r.unit != "" {
			fmt.Fprintf(out, "  %s: %.1f %s/s, p50 %s and p99 %s per whole %s\n", r.name, r.perSecond(), r.unit,
				round(percentile(r.latencies, 50)), round(percentile(r.latencies, 99)), r.name)
		}
	}
	for _, r := range results {
		if r.firstError != "" {
			fmt.Fprintf(out, "  %s: first error: %s\n", r.name, r.firstError)
		}
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
