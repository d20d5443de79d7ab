package app

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"sync"
	"testing"

	"storefront/internal/demo"
	"storefront/internal/platform/config"
	"storefront/internal/platform/db/dbtest"
)

// A database that goes away answers 503 SERVER_UNAVAILABLE with Retry-After, never a 500, and the store answers
// again once the database is back. The database is PostgreSQL behind a TCP proxy the test cuts: every open
// connection is dropped and new ones are refused, as when the server restarts or the network fails.
func TestADatabaseThatGoesAwayAnswers503(t *testing.T) {
	if os.Getenv(dbtest.EnvPostgres) == "" {
		t.Skip(dbtest.EnvPostgres + " is not set: PostgreSQL run skipped")
	}
	target, err := url.Parse(dbtest.URLs(t)["postgres"])
	if err != nil {
		t.Fatal(err)
	}
	proxy := startTCPProxy(t, target.Host)
	target.Host = proxy.addr()
	a, err := Open(context.Background(), config.Config{DB: target.String()}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if err := a.SeedDemoIfEmpty(context.Background()); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.Handler())
	t.Cleanup(srv.Close)
	product := srv.URL + "/services/data/v64.0/commerce/webstores/" + demo.StoreID + "/products/01t000000000000AAA"

	get := func() (int, string, []map[string]string) {
		t.Helper()
		resp, err := http.Get(product)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body []map[string]string
		raw, _ := io.ReadAll(resp.Body)
		_ = json.Unmarshal(raw, &body)
		return resp.StatusCode, resp.Header.Get("Retry-After"), body
	}
	if code, _, _ := get(); code != http.StatusNotFound {
		t.Fatalf("database up, unknown product: %d, want 404", code)
	}

	proxy.setDown(true)
	for i := 0; i < 3; i++ { // the first call meets a dropped connection, the next ones a refused dial
		code, retry, body := get()
		if code != http.StatusServiceUnavailable || retry == "" {
			t.Fatalf("database down, call %d: %d Retry-After %q %v, want 503 with Retry-After", i+1, code, retry, body)
		}
		if len(body) != 1 || body[0]["errorCode"] != "SERVER_UNAVAILABLE" {
			t.Fatalf("database down, call %d: body %v", i+1, body)
		}
	}

	proxy.setDown(false)
	if code, _, _ := get(); code != http.StatusNotFound {
		t.Fatalf("database back: %d, want 404", code)
	}
}

// tcpProxy forwards loopback connections to a target; setDown(true) drops every open connection and closes new
// ones at once.
type tcpProxy struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	down   bool
	conns  map[net.Conn]struct{}
}

func startTCPProxy(t *testing.T, target string) *tcpProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &tcpProxy{ln: ln, target: target, conns: map[net.Conn]struct{}{}}
	t.Cleanup(func() { ln.Close(); p.setDown(true) })
	go p.serve()
	return p
}

func (p *tcpProxy) addr() string { return p.ln.Addr().String() }

func (p *tcpProxy) serve() {
	for {
		client, err := p.ln.Accept()
		if err != nil {
			return
		}
		go p.forward(client)
	}
}

func (p *tcpProxy) forward(client net.Conn) {
	p.mu.Lock()
	down := p.down
	p.mu.Unlock()
	if down {
		client.Close()
		return
	}
	server, err := net.Dial("tcp", p.target)
	if err != nil {
		client.Close()
		return
	}
	p.track(client, server)
	go func() { _, _ = io.Copy(server, client); server.Close() }()
	_, _ = io.Copy(client, server)
	client.Close()
}

func (p *tcpProxy) track(conns ...net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range conns {
		p.conns[c] = struct{}{}
	}
}

func (p *tcpProxy) setDown(down bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = down
	if down {
		for c := range p.conns {
			c.Close()
		}
		clear(p.conns)
	}
}
