package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/internal/app"
	"storefront/internal/platform/config"
)

// syncBuffer is a log sink the server's goroutines write to while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startWithTimeouts serves a fresh store with the given connection deadlines and returns its address and its log.
func startWithTimeouts(t *testing.T, to timeouts) (string, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	log := slog.New(slog.NewTextHandler(logs, nil))
	a, err := app.Open(context.Background(), config.Config{DB: "sqlite://" + filepath.Join(t.TempDir(), "s.db")}, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newHTTPServer(a.Handler(), to)
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String(), logs
}

var shortTimeouts = timeouts{header: 300 * time.Millisecond, read: 600 * time.Millisecond, write: 2 * time.Second, idle: time.Second}

// trickle writes s one byte at a time, every gap, until the server closes the connection or s runs out.
func trickle(c net.Conn, s string, gap time.Duration) {
	for i := 0; i < len(s); i++ {
		if _, err := c.Write([]byte{s[i]}); err != nil {
			return
		}
		time.Sleep(gap)
	}
}

// Clients that send their headers a byte at a time are cut off at the header deadline: 200 of them at once all
// find their connection closed, none is still held open.
func TestSlowHeadersAreCutOff(t *testing.T) {
	addr, _ := startWithTimeouts(t, shortTimeouts)
	const clients = 200
	closed := make(chan error, clients)
	for i := 0; i < clients; i++ {
		go func() {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				closed <- err
				return
			}
			defer c.Close()
			go trickle(c, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: "+strings.Repeat("a", 200)+"\r\n\r\n", 100*time.Millisecond)
			// The server closes the connection (possibly after a 408): reading then ends.
			_ = c.SetReadDeadline(time.Now().Add(15 * time.Second))
			_, err = bufio.NewReader(c).ReadString(0)
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				closed <- fmt.Errorf("connection still open after 15 s")
				return
			}
			closed <- nil
		}()
	}
	for i := 0; i < clients; i++ {
		if err := <-closed; err != nil {
			t.Fatal(err)
		}
	}
}

// A client that sends its body a byte at a time gets 408 at the read deadline, and one that hangs up halfway
// through its body is logged as the client's failure: neither is a 500 or an error in the log.
func TestSlowAndAbandonedBodiesAreTheClientsFailure(t *testing.T) {
	addr, logs := startWithTimeouts(t, shortTimeouts)
	head := "POST /services/data/v64.0/commerce/webstores/0ZE000000000000AAA/carts HTTP/1.1\r\nHost: x\r\n" +
		"Content-Type: application/json\r\nContent-Length: 400\r\n\r\n"

	slow, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	if _, err := slow.Write([]byte(head)); err != nil {
		t.Fatal(err)
	}
	go trickle(slow, `{"name":"`+strings.Repeat("x", 380)+`"}`, 100*time.Millisecond)
	_ = slow.SetReadDeadline(time.Now().Add(15 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(slow), nil)
	if err != nil {
		t.Fatalf("slow body: no answer: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestTimeout {
		t.Fatalf("slow body: %d, want 408", resp.StatusCode)
	}

	gone, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gone.Write([]byte(head + `{"name":"half`)); err != nil {
		t.Fatal(err)
	}
	gone.Close()

	// The abandoned request is logged (with a 4xx or 499) once the server notices; wait for its access-log line.
	deadline := time.Now().Add(10 * time.Second)
	for strings.Count(logs.String(), `msg=request `) < 2 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	out := logs.String()
	if strings.Count(out, `msg=request `) < 2 {
		t.Fatalf("the abandoned request was never logged:\n%s", out)
	}
	if strings.Contains(out, "level=ERROR") || strings.Contains(out, "status=500") {
		t.Fatalf("a client's slowness or hang-up was logged as a server error:\n%s", out)
	}
}
