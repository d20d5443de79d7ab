// Command bench is the load benchmark behind `make bench`. It starts the storefront binary on a free loopback port
// with a fresh SQLite file (or --db) and the demo store, signs in, and runs each scenario for a fixed time at a fixed
// concurrency (32 clients, each with a session of its own, unless a row says otherwise). It prints, per row, the
// connections opened while measured, requests, req/s, p50, p99, errors, the server process's CPU milliseconds per
// request, the share of the machine's ceiling (a net/http handler answering 200 bytes of JSON, measured in the same
// run) and issue 9's goals with pass or FAIL. It exits non-zero when a scenario has more than 1% errors, and when a
// goal fails if --require-goals is set.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"storefront/internal/demo"
)

func main() {
	bin := flag.String("bin", "./bin/storefront", "storefront binary to benchmark (built beforehand)")
	duration := flag.Duration("duration", 5*time.Second, "how long each scenario runs")
	concurrency := flag.Int("concurrency", 32, "concurrent clients per scenario (each with a session and a connection of its own); rows with a single-client goal keep 1")
	dbURL := flag.String("db", "", "database for the server: empty for a fresh SQLite file, or postgres://... (seeded with the demo store when empty)")
	only := flag.String("only", "", "comma-separated scenarios to run (the ceiling always runs)")
	maxErrors := flag.Float64("max-error-ratio", 0.01, "fail when a scenario's errors exceed this share of its requests")
	products := flag.Int("products", 200, "before starting the server, run `storefront seed --products N` on its database: N generated products besides the demo store's 300 (the default makes the 500 a cart scenario fills)")
	requireGoals := flag.Bool("require-goals", false, "fail when a goal of issue 9 does not hold")
	seeded := flag.Bool("seeded", false, "the --db database already holds the --products generated products (from an earlier `storefront seed --products N`): run on it without seeding again, so that a million-product file is seeded once")
	flag.Parse()
	if *seeded && *dbURL == "" {
		fmt.Fprintln(os.Stderr, "bench: --seeded needs --db")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := bench(ctx, *bin, *dbURL, *only, *duration, *concurrency, *maxErrors, *products, *seeded, *requireGoals); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func bench(ctx context.Context, bin, dbURL, only string, duration time.Duration, concurrency int, maxErrors float64, products int, seeded, requireGoals bool) error {
	selected, err := selectScenarios(scenarios, only)
	if err != nil {
		return err
	}
	ceiling, err := startCeiling()
	if err != nil {
		return err
	}
	defer ceiling.Close()
	insertCeiling := ""
	for _, s := range selected {
		if s.name == insertCeilingRow {
			dir, err := os.MkdirTemp("", "storefront-bench-insert-")
			if err != nil {
				return err
			}
			url, stop, err := startInsertCeiling(ctx, dir)
			if err != nil {
				os.RemoveAll(dir)
				return fmt.Errorf("insert ceiling: %w", err)
			}
			defer stop()
			insertCeiling = url
		}
	}
	buyers := 0
	for _, s := range selected {
		if s.buyers {
			buyers = max(buyers, concurrency, s.connections)
		}
	}
	srv, err := startServer(ctx, bin, dbURL, products, seeded, buyers)
	if err != nil {
		return err
	}
	defer srv.stop()

	dials := new(atomic.Int64)
	client := &http.Client{Timeout: 30 * time.Second, Transport: keepAliveTransport(concurrency, dials)}
	e := &env{base: srv.base, ceiling: "http://" + ceiling.Addr().String(), insertCeiling: insertCeiling, storeID: demo.StoreID,
		accountID: demo.BuyerAccountID, buyers: srv.buyers, serverCPU: processCPU(srv.pid), dials: dials,
		terms: newCatalogueTerms(demo.DemoProducts + max(products, 0))}
	base := srv.base
	if e.buyerToken, err = signIn(ctx, client, base, "buyer@example.com"); err != nil {
		fmt.Fprintln(os.Stderr, "bench: buyer sign-in failed, its scenarios will error:", err)
	}
	if e.adminToken, err = signIn(ctx, client, base, "admin@example.com"); err != nil {
		fmt.Fprintln(os.Stderr, "bench: admin sign-in failed, its scenarios will error:", err)
	}

	catalog := fmt.Sprintf("the demo catalogue (%d products)", demo.DemoProducts)
	if dbURL != "" {
		catalog = "the catalogue stored in that database"
	}
	if products > 0 {
		catalog = fmt.Sprintf("%d generated products + the demo's %d", products, demo.DemoProducts)
	}
	goalSet := "the demo catalogue's goals"
	if products >= largeCatalogue {
		goalSet = "the 100,000-product goals for search and category"
	}
	fmt.Printf("storefront bench: %s per scenario, %d concurrent clients, %s, %s, %s\n\n", duration, concurrency,
		describeDB(dbURL), catalog, goalSet)
	var results []result
	for _, s := range selected {
		s.goals = goalsFor(s, products)
		results = append(results, run(ctx, client, e, s, concurrency, duration))
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	printTable(os.Stdout, results)
	var failed []string
	for _, r := range results {
		if r.errorRatio() > maxErrors {
			failed = append(failed, r.name)
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("more than %.0f%% errors in %v", maxErrors*100, failed)
	}
	if _, _, failing := goalTally(results); requireGoals && len(failing) > 0 {
		return fmt.Errorf("goals not met in %v", failing)
	}
	return nil
}

// keepAliveTransport keeps every client's connection alive from one request and one scenario to the next: the idle
// pool holds more than the clients of one host (a smaller pool closes the surplus after each answer and dials again,
// which would measure TCP handshakes instead of the server), with no cap across hosts (the ceiling's and the
// storefront's). dials counts the connections it opens.
func keepAliveTransport(concurrency int, dials *atomic.Int64) *http.Transport {
	dialer := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}
	return &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			dials.Add(1)
			return dialer.DialContext(ctx, network, addr)
		},
		MaxIdleConns:        0, // no limit across hosts
		MaxIdleConnsPerHost: concurrency + 8,
		IdleConnTimeout:     5 * time.Minute,
	}
}

// ceilingBody is what the ceiling answers: 200 bytes of JSON, the size of a small API answer.
var ceilingBody = func() []byte {
	b := []byte(`{"id":"0ZE000000000001AAA","name":"ceiling","padding":"`)
	for len(b) < 198 {
		b = append(b, 'x')
	}
	return append(b, '"', '}')
}()

// startCeiling serves the ceiling on loopback: a plain net/http handler answering 200 bytes of JSON.
func startCeiling() (net.Listener, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(ceilingBody)))
		_, _ = w.Write(ceilingBody)
	}), ReadHeaderTimeout: 5 * time.Second, IdleTimeout: 5 * time.Minute}
	go func() { _ = srv.Serve(ln) }()
	return ln, nil
}

// server is the storefront binary under test.
type server struct {
	base   string   // http://127.0.0.1:PORT
	pid    int      // its process, whose CPU time the rows report
	buyers []string // the emails of the buyers created for the buyer rows
	stop   func()
}

// startServer runs `bin serve --demo` on a free loopback port and waits for /healthz. With products > 0 it first
// runs `bin seed --products N` on the same database (about 25 s for 100,000 products on SQLite) unless seeded says
// the database holds them already; with buyers > 0 it creates that many buyers in the demo buyer's account
// (`bin user create`).
func startServer(ctx context.Context, bin, dbURL string, products int, seeded bool, buyers int) (*server, error) {
	if _, err := os.Stat(bin); err != nil {
		return nil, fmt.Errorf("no binary at %s (run make build first): %w", bin, err)
	}
	dir, err := os.MkdirTemp("", "storefront-bench-")
	if err != nil {
		return nil, err
	}
	if dbURL == "" {
		dbURL = "sqlite://" + filepath.Join(dir, "bench.db")
	}
	addr, err := freePort()
	if err != nil {
		return nil, err
	}
	logPath := filepath.Join(dir, "server.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	if products > 0 && !seeded {
		if err := seedProducts(ctx, bin, dbURL, products, logFile); err != nil {
			logFile.Close()
			os.RemoveAll(dir)
			return nil, err
		}
	}
	var emails []string
	if buyers > 0 {
		if emails, err = createBuyers(ctx, bin, dbURL, products > 0, buyers, logFile); err != nil {
			logFile.Close()
			os.RemoveAll(dir)
			return nil, err
		}
	}
	started := time.Now()
	cmd := exec.Command(bin, "serve", "--addr", addr, "--db", dbURL, "--demo")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	stop := func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
		}
		logFile.Close()
		os.RemoveAll(dir)
	}
	base := "http://" + addr
	if err := waitOK(ctx, base+"/healthz", 60*time.Second); err != nil {
		log, _ := os.ReadFile(logPath)
		stop()
		return nil, fmt.Errorf("server did not become healthy: %w\n%s", err, log)
	}
	// The server loads its search index in the background once up; the rows measure it loaded. How long that took
	// is the start time a large catalogue is quoted with.
	if err := waitOK(ctx, base+"/readyz", 15*time.Minute); err != nil {
		stop()
		return nil, fmt.Errorf("search index: %w", err)
	}
	fmt.Fprintf(os.Stderr, "bench: server up, search index loaded, %s after start\n", time.Since(started).Round(100*time.Millisecond))
	return &server{base: base, pid: cmd.Process.Pid, buyers: emails, stop: stop}, nil
}

// createBuyers creates n buyers in the demo buyer's account with `bin user create` (the demo store seeded first with
// `bin seed` unless seeded already), named after this run so that a reused database takes them too.
func createBuyers(ctx context.Context, bin, dbURL string, seeded bool, n int, log *os.File) ([]string, error) {
	start := time.Now()
	if !seeded {
		if err := runLogged(ctx, log, bin, "seed", "--db", dbURL); err != nil {
			return nil, err
		}
	}
	tag := strconv.FormatInt(time.Now().UnixNano(), 36)
	emails := make([]string, n)
	errs := make([]error, n)
	// A few at a time: each is mostly password hashing, and the database takes concurrent writers (SQLite waits
	// on its busy timeout).
	slots := make(chan struct{}, createAtOnce)
	var wg sync.WaitGroup
	for i := range n {
		emails[i] = buyerEmail(tag, i)
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			errs[i] = runLogged(ctx, log, bin, "user", "create", "--db", dbURL, "--email", emails[i], "--password",
				demo.DemoPassword, "--first", "Bench", "--last", "Buyer "+strconv.Itoa(i), "--account", demo.BuyerAccountID)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	fmt.Fprintf(os.Stderr, "bench: created %d buyers (storefront user create) in %s\n", n, time.Since(start).Round(time.Millisecond))
	return emails, nil
}

// createAtOnce is how many `user create` run at once.
const createAtOnce = 4

// runLogged runs bin with args, its output going to the server log.
func runLogged(ctx context.Context, log *os.File, bin string, args ...string) error {
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Run(); err != nil {
		out, _ := os.ReadFile(log.Name())
		return fmt.Errorf("%s %s: %w\n%s", bin, strings.Join(args[:2], " "), err, out)
	}
	return nil
}

// seedProducts runs `bin seed --products n --db dbURL`, its output going to the server log.
func seedProducts(ctx context.Context, bin, dbURL string, n int, log *os.File) error {
	fmt.Fprintf(os.Stderr, "bench: seeding %d products (storefront seed --products %d)...\n", n, n)
	start := time.Now()
	cmd := exec.CommandContext(ctx, bin, "seed", "--products", strconv.Itoa(n), "--db", dbURL)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Run(); err != nil {
		out, _ := os.ReadFile(log.Name())
		return fmt.Errorf("seed --products %d: %w\n%s", n, err, out)
	}
	fmt.Fprintf(os.Stderr, "bench: seeded in %s\n", time.Since(start).Round(time.Second))
	return nil
}

func freePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// waitOK asks url until it answers 200 (/healthz: the server is up; /readyz: its search index is loaded too).
func waitOK(ctx context.Context, url string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
			err = fmt.Errorf("status %d", resp.StatusCode)
		}
		if time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// signIn gets a bearer token with the OAuth username-password grant.
func signIn(ctx context.Context, client *http.Client, base, username string) (string, error) {
	form := url.Values{"grant_type": {"password"}, "username": {username}, "password": {demo.DemoPassword}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/services/oauth2/token",
		bytes.NewBufferString(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out struct {
		AccessToken string `json:"access_token"`
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("POST /services/oauth2/token: status %d", resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || out.AccessToken == "" {
		return "", errors.Join(errors.New("no access_token in the token response"), err)
	}
	return out.AccessToken, nil
}

func describeDB(dbURL string) string {
	if dbURL == "" {
		return "fresh SQLite database"
	}
	if u, err := url.Parse(dbURL); err == nil && u.User != nil {
		u.User = url.User(u.User.Username()) // never print a password
		return u.Redacted()
	}
	return dbURL
}
