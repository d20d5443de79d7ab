package main

import (
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
)

// The profiler serves on a loopback address only, and there answers the pprof index.
func TestProfilerServesOnLoopbackOnly(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:6060", "192.0.2.1:6060", ":6060", "example.com:6060"} {
		if _, err := serveProfiler(slog.New(slog.DiscardHandler), addr); err == nil || !strings.Contains(err.Error(), "loopback") {
			t.Errorf("--pprof %s: %v, want a refusal naming loopback", addr, err)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	stop, err := serveProfiler(slog.New(slog.DiscardHandler), addr)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	resp, err := http.Get("http://" + addr + "/debug/pprof/goroutine?debug=1")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("goroutine profile: %d", resp.StatusCode)
	}
}
