// Command bench is the load benchmark behind `make bench`. It starts the storefront binary on a free loopback port
// with a fresh SQLite file (or --db) and the demo store, signs in, and runs each scenario for a fixed time at a fixed
// concurrency. It prints requests, req/s, p50, p99, errors and the ratio to the machine's ceiling, an empty
// net/http handler measured in the same run. It exits non-zero when a scenario has more than 1% errors.
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
	"time"

	"storefront/internal/demo"
)

func main() {
	bin := flag.String("bin", "./bin/storefront", "storefront binary to benchmark (built beforehand)")
	duration := flag.Duration("duration", 5*time.Second, "how long each scenario runs")
	concurrency := flag.Int("concurrency", 16, "concurrent clients per scenario")
	dbURL := flag.String("db", "", "database for the server: empty for a fresh SQLite file, or postgres://... (seeded with the demo store when empty)")
	only := flag.String("only", "", "comma-separated scenarios to run (the ceiling always runs)")
	maxErrors := flag.Float64("max-error-ratio", 0.01, "fail when a scenario's errors exceed this share of its requests")
	products := flag.Int("products", 200, "before starting the server, run `storefront seed --products N` on its database: N generated products besides the demo store's 300 (the default makes the 500 a cart scenario fills)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := bench(ctx, *bin, *dbURL, *only, *duration, *concurrency, *maxErrors, *products); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func bench(ctx context.Context, bin, dbURL, only string, duration time.Duration, concurrency int, maxErrors float64, products int) error {
	selected, err := selectScenarios(scenarios, only)
	if err != nil {
		return err
	}
	ceiling, err := startCeiling()
	if err != nil {
		return err
	}
	defer ceiling.Close()
	buyers := 0
	for _, s := range selected {
		if s.name == checkoutScenario.name {
			buyers = concurrency
		}
	}
	base, buyerEmails, stopServer, err := startServer(ctx, bin, dbURL, products, buyers)
	if err != nil {
		return err
	}
	defer stopServer()

	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{
		MaxIdleConns: concurrency * 2, MaxIdleConnsPerHost: concurrency * 2, IdleConnTimeout: time.Minute}}
	e := &env{base: base, ceiling: "http://" + ceiling.Addr().String(), storeID: demo.StoreID, accountID: demo.BuyerAccountID, buyers: buyerEmails}
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
	fmt.Printf("storefront bench: %s per scenario, %d concurrent clients, %s, %s\n\n", duration, concurrency,
		describeDB(dbURL), catalog)
	var results []result
	for _, s := range selected {
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
	return nil
}

// startCeiling serves the empty handler: 204 and nothing else, on loopback.
func startCeiling() (net.Listener, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	}), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return ln, nil
}

// startServer runs `bin serve --demo` on a free loopback port and waits for /healthz. With products > 0 it first
// runs `bin seed --products N` on the same database (about 25 s for 100,000 products on SQLite); with buyers > 0 it
// creates that many buyers in the demo buyer's account (`bin user create`) and returns their emails.
func startServer(ctx context.Context, bin, dbURL string, products, buyers int) (string, []string, func(), error) {
	if _, err := os.Stat(bin); err != nil {
		return "", nil, nil, fmt.Errorf("no binary at %s (run make build first): %w", bin, err)
	}
	dir, err := os.MkdirTemp("", "storefront-bench-")
	if err != nil {
		return "", nil, nil, err
	}
	if dbURL == "" {
		dbURL = "sqlite://" + filepath.Join(dir, "bench.db")
	}
	addr, err := freePort()
	if err != nil {
		return "", nil, nil, err
	}
	logPath := filepath.Join(dir, "server.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return "", nil, nil, err
	}
	if products > 0 {
		if err := seedProducts(ctx, bin, dbURL, products, logFile); err != nil {
			logFile.Close()
			os.RemoveAll(dir)
			return "", nil, nil, err
		}
	}
	var emails []string
	if buyers > 0 {
		if emails, err = createBuyers(ctx, bin, dbURL, products > 0, buyers, logFile); err != nil {
			logFile.Close()
			os.RemoveAll(dir)
			return "", nil, nil, err
		}
	}
	cmd := exec.Command(bin, "serve", "--addr", addr, "--db", dbURL, "--demo")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		return "", nil, nil, err
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
	if err := waitHealthy(ctx, base, 60*time.Second); err != nil {
		log, _ := os.ReadFile(logPath)
		stop()
		return "", nil, nil, fmt.Errorf("server did not become healthy: %w\n%s", err, log)
	}
	return base, emails, stop, nil
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
	var emails []string
	for i := range n {
		email := buyerEmail(tag, i)
		if err := runLogged(ctx, log, bin, "user", "create", "--db", dbURL, "--email", email, "--password",
			demo.DemoPassword, "--first", "Bench", "--last", "Buyer "+strconv.Itoa(i), "--account", demo.BuyerAccountID); err != nil {
			return nil, err
		}
		emails = append(emails, email)
	}
	fmt.Fprintf(os.Stderr, "bench: created %d buyers (storefront user create) in %s\n", n, time.Since(start).Round(time.Millisecond))
	return emails, nil
}

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

func waitHealthy(ctx context.Context, base string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		resp, err := http.Get(base + "/healthz")
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
