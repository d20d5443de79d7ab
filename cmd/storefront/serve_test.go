package main

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// serve answers until its context ends (SIGTERM/SIGINT in main), then shuts down cleanly and returns nil.
func TestServeShutsDownGracefully(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, slog.New(slog.DiscardHandler), []string{"--addr", addr,
			"--db", "sqlite://" + filepath.Join(t.TempDir(), "s.db")})
	}()
	up := false
	for i := 0; i < 100 && !up; i++ {
		if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
			resp.Body.Close()
			up = resp.StatusCode == http.StatusOK
		}
		if !up {
			time.Sleep(100 * time.Millisecond)
		}
	}
	if !up {
		stop()
		t.Fatal("the server never answered /healthz")
	}
	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve after shutdown: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not return after its context ended")
	}
	if _, err := http.Get("http://" + addr + "/healthz"); err == nil {
		t.Fatal("the server still answers after shutdown")
	}
}

// A --redis server that does not answer stops the start with a clear error, before anything is served.
func TestServeRefusesARedisThatDoesNotAnswer(t *testing.T) {
	err := serve(context.Background(), slog.New(slog.DiscardHandler), []string{"--addr", "127.0.0.1:0",
		"--db", "sqlite://" + filepath.Join(t.TempDir(), "s.db"), "--redis", "redis://127.0.0.1:1/0"})
	if err == nil || !strings.Contains(err.Error(), "redis at redis://127.0.0.1:1/0 does not answer") {
		t.Fatalf("serve: %v", err)
	}
}
