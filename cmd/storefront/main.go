// Command storefront serves the store and administers it: serve, migrate, seed, user create.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"storefront/internal/app"
	"storefront/internal/platform/config"
	"storefront/internal/platform/db"
)

const usage = `usage: storefront <command> [flags]

commands:
  serve        serve the store (flags: --addr --db --redis --demo --base-path --public-url --trusted-proxies --smtp-url ...)
  migrate      apply migrations and the records schema, then exit
  seed         seed the demo store; --products N generates a catalog of N products instead
  user create  create a staff or buyer user
  client       API clients for the token endpoint: client create --name N, client list, client delete --id ID

Run "storefront <command> -h" for a command's flags.
`

func main() {
	logOut := newBufferedLog(os.Stderr)
	log := slog.New(slog.NewJSONHandler(logOut, nil))
	slog.SetDefault(log)
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	var err error
	switch os.Args[1] {
	case "serve":
		err = serve(ctx, log, os.Args[2:])
	case "migrate":
		err = migrate(ctx, log, os.Args[2:])
	case "seed":
		err = seed(ctx, log, os.Args[2:])
	case "user":
		err = user(ctx, log, os.Args[2:])
	case "client":
		err = client(ctx, log, os.Args[2:])
	case "-h", "--help", "help":
		fmt.Print(usage)
	default:
		fmt.Fprintf(os.Stderr, "storefront: unknown command %q\n\n%s", os.Args[1], usage)
		os.Exit(2)
	}
	logOut.Close()
	if err != nil {
		fmt.Fprintln(os.Stderr, "storefront:", err)
		os.Exit(1)
	}
}

func serve(ctx context.Context, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ExitOnError)
	cfg := config.Bind(fs)
	a, err := openApp(ctx, log, fs, cfg, args)
	if err != nil {
		return err
	}
	defer a.Close()
	tuneGC()
	if cfg.Demo {
		if err := a.SeedDemoIfEmpty(ctx); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	srv := newHTTPServer(a.Handler(), defaultTimeouts)
	if cfg.Pprof != "" {
		stopProfiler, err := serveProfiler(log, cfg.Pprof)
		if err != nil {
			return err
		}
		defer stopProfiler()
	}
	log.Info("serving", "url", "http://"+ln.Addr().String()+a.Config.BasePath+"/", "db", dbKind(cfg.DB), "redis", a.Redis != nil)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	go a.RunWorkers(ctx)
	hangups := make(chan os.Signal, 1)
	signal.Notify(hangups, syscall.SIGHUP)
	defer signal.Stop(hangups)
	go reloadOnHangup(ctx, hangups, a.DB, log)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// tuneGC lets the heap grow to three times what is live between collections (GOGC=200) unless GOGC says otherwise:
// a server's requests allocate much and keep little, and at Go's default the collector took a fifth of the CPU of
// the hot reads. GOMEMLIMIT caps the heap on a machine short of memory, as always.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(200)
	}
}

// reloadOnHangup drops this instance's in-memory copies of read-mostly state on each SIGHUP (kill -HUP PID), so they
// are read again on their next use. The version triggers make it unnecessary for the tables they watch (a
// hand-written UPDATE reaches every instance by itself); it is the lever for whatever they do not.
func reloadOnHangup(ctx context.Context, hangups <-chan os.Signal, d *db.DB, log *slog.Logger) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-hangups:
			d.InvalidateAll()
			log.Info("SIGHUP: in-memory copies dropped; they are read again on next use")
		}
	}
}

// timeouts bound how long a client may hold a connection without making progress.
type timeouts struct {
	header time.Duration // to send the request line and headers
	read   time.Duration // to send the whole request, body included
	write  time.Duration // from the end of the headers to the end of the answer
	idle   time.Duration // a kept-alive connection waiting for its next request
}

// defaultTimeouts: a client sending one byte every few seconds is cut off after 10 s in its headers and 30 s in its
// body (the largest body the API takes is 1 MiB, seconds on the slowest link); answers are small and fast, and a
// reader that will not take one within a minute is dropped.
var defaultTimeouts = timeouts{header: 10 * time.Second, read: 30 * time.Second, write: 60 * time.Second, idle: 120 * time.Second}

// newHTTPServer serves h with deadlines on every stage of a connection, so that slow or stalled clients cannot hold
// connections (and their goroutines and memory) forever.
func newHTTPServer(h http.Handler, t timeouts) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: t.header,
		ReadTimeout:       t.read,
		WriteTimeout:      t.write,
		IdleTimeout:       t.idle,
		MaxHeaderBytes:    64 << 10,
	}
}

func migrate(ctx context.Context, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("migrate", flag.ExitOnError)
	cfg := config.Bind(fs)
	a, err := openApp(ctx, log, fs, cfg, args)
	if err != nil {
		return err
	}
	defer a.Close()
	fmt.Println("database is up to date")
	return nil
}

// openApp parses a command's flags and opens the store's database, migrated.
func openApp(ctx context.Context, log *slog.Logger, fs *flag.FlagSet, cfg *config.Config, args []string) (*app.App, error) {
	_ = fs.Parse(args) // ExitOnError: a bad flag has already exited
	return app.Open(ctx, *cfg, log)
}

func dbKind(u string) string {
	if len(u) >= 8 && u[:8] == "postgres" {
		return "postgres"
	}
	return "sqlite"
}
