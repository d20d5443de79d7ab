package main

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Goals of issue 9 ("Fast at any size"). A share goal is on req/s over the ceiling's req/s of the same run, so it
// holds on any machine; a latency goal is on the row's own p50 or p99.

type goalKind int

const (
	shareAtLeast goalKind = iota // req/s over the ceiling's, at least
	p50AtMost                    // median latency, at most
	p99AtMost                    // 99th percentile latency, at most
)

type goal struct {
	kind    goalKind
	share   float64
	latency time.Duration
}

func minShare(s float64) goal     { return goal{kind: shareAtLeast, share: s} }
func maxP50(d time.Duration) goal { return goal{kind: p50AtMost, latency: d} }
func maxP99(d time.Duration) goal { return goal{kind: p99AtMost, latency: d} }
func (g goal) String() string {
	switch g.kind {
	case shareAtLeast:
		return fmt.Sprintf(">=%.2f", g.share)
	case p50AtMost:
		return "p50<=" + g.latency.String()
	default:
		return "p99<=" + g.latency.String()
	}
}

// holds reports whether the row meets the goal; ceiling is the ceiling's req/s in the same run. A row without
// answers, or a share without a ceiling to compare with, never holds.
func (g goal) holds(r result, ceiling float64) bool {
	if r.requests == 0 || r.requests == r.errors {
		return false
	}
	switch g.kind {
	case shareAtLeast:
		return ceiling > 0 && r.perSecond()/ceiling >= g.share
	case p50AtMost:
		return percentile(r.latencies, 50) <= g.latency
	default:
		return percentile(r.latencies, 99) <= g.latency
	}
}

// goalCell is the goal column of one row: each goal with pass or FAIL, "-" for a row without goals.
func goalCell(r result, ceiling float64) string {
	if len(r.goals) == 0 {
		return "-"
	}
	parts := make([]string, len(r.goals))
	for i, g := range r.goals {
		mark := "FAIL"
		if g.holds(r, ceiling) {
			mark = "pass"
		}
		parts[i] = g.String() + " " + mark
	}
	return strings.Join(parts, ", ")
}

// goalTally counts the goals of all rows and names the rows where one fails; shares are of each row's shareBase.
func goalTally(results []result) (held, total int, failing []string) {
	for _, r := range results {
		ceiling, failed := shareBase(results, r), false
		for _, g := range r.goals {
			total++
			if g.holds(r, ceiling) {
				held++
			} else {
				failed = true
			}
		}
		if failed {
			failing = append(failing, r.name)
		}
	}
	return held, total, failing
}

// shareBase is the req/s a row's share is of: the row it is measured against, or the first row (the ceiling); 0
// when that row was not measured.
func shareBase(results []result, r result) float64 {
	for i, o := range results {
		if (r.against == "" && i == 0) || (r.against != "" && o.name == r.against) {
			return o.perSecond()
		}
	}
	return 0
}

// largeCatalogue is the catalogue size from which the 100,000-product goals apply instead of the demo's.
const largeCatalogue = 100_000

// goalsFor are a scenario's goals for a run over a catalogue of that many generated products.
func goalsFor(s scenario, products int) []goal {
	if products >= largeCatalogue && s.largeGoals != nil {
		return s.largeGoals
	}
	return s.goals
}

// clockTicks is USER_HZ, the unit of utime and stime in /proc/<pid>/stat: 100 on every Linux architecture Go runs on
// (the kernel's ABI, whatever its internal HZ).
const clockTicks = 100

// parseProcStat reads utime + stime, the CPU time of all the process's threads, from the text of /proc/<pid>/stat.
// The command name (field 2) is in parentheses and may hold spaces or parentheses itself, so the fields are counted
// from after its last ')': state is field 3, utime field 14, stime field 15.
func parseProcStat(stat string) (time.Duration, error) {
	end := strings.LastIndexByte(stat, ')')
	if end < 0 {
		return 0, errors.New("no command name in /proc stat")
	}
	fields := strings.Fields(stat[end+1:])
	if len(fields) < 13 {
		return 0, fmt.Errorf("/proc stat has %d fields after the command name, want at least 13", len(fields))
	}
	var ticks int64
	for _, f := range fields[11:13] {
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("/proc stat: %w", err)
		}
		ticks += n
	}
	return time.Duration(ticks) * time.Second / clockTicks, nil
}

// processCPU returns a function reading the CPU time used so far by process pid (false when /proc cannot tell).
func processCPU(pid int) func() (time.Duration, bool) {
	path := "/proc/" + strconv.Itoa(pid) + "/stat"
	return func() (time.Duration, bool) {
		b, err := os.ReadFile(path)
		if err != nil {
			return 0, false
		}
		d, err := parseProcStat(string(b))
		return d, err == nil
	}
}
