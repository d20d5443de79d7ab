package app

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"storefront/internal/demo"
	"storefront/internal/platform/config"
	"storefront/internal/platform/db/dbtest"
)

// A database that goes away answers 503 SERVER_UNAVAILABLE with Retry-After, never a 500, and the store answers
// again once the database is back. The database is PostgreSQL behind a TCP proxy the test cuts: every open
// connection is dropped and new ones are refused, as when the server restarts or the network fails.
func TestADatabaseThatGoesAwayAnswers503(t *testing.T) {
	proxy, target := proxiedPostgres(t)
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

	// Back up, the store answers again. A pooled connection the cut left idle is found dead only when used (pgx
	// checks an idle one after a second), so under load a call or two may still meet one: 503 with Retry-After,
	// as a client that honours it retries, never a 500.
	proxy.setDown(false)
	for i := 1; ; i++ {
		code, retry, body := get()
		if code == http.StatusNotFound {
			break
		}
		if code != http.StatusServiceUnavailable || retry == "" || i == 5 {
			t.Fatalf("database back, call %d: %d Retry-After %q %v, want 404", i, code, retry, body)
		}
	}
}

// unavailableStore opens the app on dbURL with the demo store and returns a call to an API route (an unknown
// product: 404 while the database answers) and to /healthz.
func unavailableStore(t *testing.T, dbURL string) (api, healthz func() (int, string, []map[string]string)) {
	t.Helper()
	a, err := Open(context.Background(), config.Config{DB: dbURL}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if err := a.SeedDemoIfEmpty(context.Background()); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.Handler())
	t.Cleanup(srv.Close)
	call := func(path string) func() (int, string, []map[string]string) {
		return func() (int, string, []map[string]string) {
			t.Helper()
			resp, err := http.Get(srv.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var body []map[string]string
			raw, _ := io.ReadAll(resp.Body)
			_ = json.Unmarshal(raw, &body)
			return resp.StatusCode, resp.Header.Get("Retry-After"), body
		}
	}
	return call("/services/data/v64.0/commerce/webstores/" + demo.StoreID + "/products/01t000000000000AAA"), call("/healthz")
}

// want503 asserts an API answer of a database that cannot serve: 503 SERVER_UNAVAILABLE with Retry-After.
func want503(t *testing.T, what string, code int, retry string, body []map[string]string) {
	t.Helper()
	if code != http.StatusServiceUnavailable || retry == "" || len(body) != 1 || body[0]["errorCode"] != "SERVER_UNAVAILABLE" {
		t.Fatalf("%s: %d Retry-After %q %v, want 503 SERVER_UNAVAILABLE with Retry-After", what, code, retry, body)
	}
}

// A database that refuses connections (ALLOW_CONNECTIONS false, its sessions ended), and then one that no longer
// exists, answer 503 like a server that went away, not 500: the connection is refused with SQLSTATE 55000, then
// 3D000, both while connecting.
func TestADatabaseThatRefusesConnectionsAnswers503(t *testing.T) {
	pg := os.Getenv(dbtest.EnvPostgres)
	if pg == "" {
		t.Skip(dbtest.EnvPostgres + " is not set: PostgreSQL run skipped")
	}
	admin, err := sql.Open("pgx", pg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	name := fmt.Sprintf("sf_refusing_%d", time.Now().UnixNano())
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)") })
	target, err := url.Parse(pg)
	if err != nil {
		t.Fatal(err)
	}
	target.Path = "/" + name
	api, healthz := unavailableStore(t, target.String())
	if code, _, _ := api(); code != http.StatusNotFound {
		t.Fatalf("database up, unknown product: %d, want 404", code)
	}

	for _, stmt := range []string{"ALTER DATABASE " + name + " ALLOW_CONNECTIONS false",
		"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + name + "'"} {
		if _, err := admin.Exec(stmt); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 3 { // the first call may meet a terminated connection, the next ones a refused connect
		code, retry, body := api()
		want503(t, fmt.Sprintf("connections refused, call %d", i+1), code, retry, body)
	}
	if code, _, _ := healthz(); code != http.StatusServiceUnavailable {
		t.Fatalf("connections refused, /healthz: %d", code)
	}

	if _, err := admin.Exec("DROP DATABASE " + name + " WITH (FORCE)"); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		code, retry, body := api()
		want503(t, fmt.Sprintf("database dropped, call %d", i+1), code, retry, body)
	}
}

// A database whose server stops answering (a port that drops packets, a server hung) answers 503 within the
// connect timeout, not after the operating system gives up on the connection. The proxy drops the open connections
// and then takes new ones without ever answering.
func TestADatabaseThatDoesNotAnswerAnswers503(t *testing.T) {
	proxy, target := proxiedPostgres(t)
	api, healthz := unavailableStore(t, target.String())
	if code, _, _ := api(); code != http.StatusNotFound {
		t.Fatalf("database up, unknown product: %d, want 404", code)
	}

	proxy.setHung()
	// Past a second idle, a pooled connection is pinged before use: the dropped ones are then found dead and left,
	// so the calls below need new connections, which the proxy takes and never answers.
	time.Sleep(1100 * time.Millisecond)
	type answer struct {
		code        int
		retry, what string
		body        []map[string]string
	}
	answers := make(chan answer)
	go func() {
		for i := range 2 {
			code, retry, body := api()
			answers <- answer{code, retry, fmt.Sprintf("database not answering, call %d", i+1), body}
		}
	}()
	for range 2 {
		select {
		case a := <-answers:
			want503(t, a.what, a.code, a.retry, a.body)
		case <-time.After(60 * time.Second): // a generous bound: only that each request returns at all
			proxy.setDown(true) // lets the hung request go, so the test can end
			t.Fatal("a request to a database that does not answer did not return")
		}
	}
	if code, _, _ := healthz(); code != http.StatusServiceUnavailable {
		t.Fatalf("database not answering, /healthz: %d", code)
	}
}

// tcpProxy forwards loopback connections to a target; setDown(true) drops every open connection and closes new
// ones at once; setHung drops every open connection and holds new ones open without ever answering.
type tcpProxy struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	down   bool
	hung   bool
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
	down, hung := p.down, p.hung
	if hung {
		p.conns[client] = struct{}{} // closed by the test's cleanup
	}
	p.mu.Unlock()
	if down {
		client.Close()
		return
	}
	if hung {
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

func (p *tcpProxy) setHung() {
	p.setDown(true)
	p.mu.Lock()
	p.down, p.hung = false, true
	p.mu.Unlock()
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

// proxiedPostgres is the test's PostgreSQL database reached through a TCP proxy the test can cut or hang, and the
// database URL through it (skipped without STOREFRONT_TEST_POSTGRES).
func proxiedPostgres(t *testing.T) (*tcpProxy, *url.URL) {
	t.Helper()
	if os.Getenv(dbtest.EnvPostgres) == "" {
		t.Skip(dbtest.EnvPostgres + " is not set: PostgreSQL run skipped")
	}
	target, err := url.Parse(dbtest.URLs(t)["postgres"])
	if err != nil {
		t.Fatal(err)
	}
	proxy := startTCPProxy(t, target.Host)
	target.Host = proxy.addr()
	return proxy, target
}
