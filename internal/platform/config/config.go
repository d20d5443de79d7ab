// Package config reads the server's settings from flags, falling back to STOREFRONT_* environment variables.
package config

import (
	"flag"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is what the server needs to start.
type Config struct {
	Addr     string // listen address
	DB       string // sqlite://FILE or postgres://...
	Redis    string // redis://host:6379/0 that instances share sign-in counters and cache invalidation through; "": the DB
	Demo     bool   // seed the demo store when the database is empty
	BasePath string // site base path, "" or "/shop"
	// TrustedProxies lists the reverse proxies (CIDRs or addresses) whose X-Forwarded-For names the client. Empty,
	// the default: the TCP peer is the client and X-Forwarded-For is ignored, since any client could forge it.
	TrustedProxies string
	// PublicURL is the origin clients reach the server at (https://shop.example.com): token responses, SOAP login
	// results and identity URLs name it. Empty: http://{Addr}, with a warning at start.
	PublicURL string
	// MetricsToken, when set, lets a scraper that is not on the same machine read GET /metrics with it as a bearer
	// token; loopback scrapers need none.
	MetricsToken string
	// AccessLogSample: one in this many successful, fast requests gets an access-log line (1: every request).
	AccessLogSample int
	// Pprof is a loopback address to serve Go's profiler on (net/http/pprof), e.g. 127.0.0.1:6060; empty, none.
	Pprof string

	// Password reset mail (internal/auth/mail.go). Without SMTPURL the reset link is written to the server log.
	SMTPURL  string        // smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465
	MailFrom string        // the From address of the store's mail
	ResetTTL time.Duration // how long a reset link works
}

// Defaults.
const (
	DefaultAddr = "127.0.0.1:8080"
	DefaultDB   = "sqlite://./data/storefront.db"
)

// Bind registers the flags on fs; values left unset on the command line come from the environment, then defaults.
func Bind(fs *flag.FlagSet) *Config {
	c := &Config{}
	fs.StringVar(&c.Addr, "addr", env("STOREFRONT_ADDR", DefaultAddr), "listen address (STOREFRONT_ADDR)")
	fs.StringVar(&c.DB, "db", env("STOREFRONT_DB", DefaultDB), "database URL: sqlite://FILE or postgres://... (STOREFRONT_DB)")
	fs.StringVar(&c.Redis, "redis", env("STOREFRONT_REDIS", ""),
		"Redis URL shared by several instances, e.g. redis://127.0.0.1:6379/0: sign-in counters and cache invalidation (STOREFRONT_REDIS)")
	fs.BoolVar(&c.Demo, "demo", envBool("STOREFRONT_DEMO"), "seed the demo store when the database is empty (STOREFRONT_DEMO=1)")
	fs.StringVar(&c.BasePath, "base-path", env("STOREFRONT_BASE_PATH", ""), "site base path, e.g. /shop (STOREFRONT_BASE_PATH)")
	fs.StringVar(&c.TrustedProxies, "trusted-proxies", env("STOREFRONT_TRUSTED_PROXIES", ""),
		"reverse proxies whose X-Forwarded-For names the client, e.g. 10.0.0.0/8,::1 (STOREFRONT_TRUSTED_PROXIES)")
	fs.StringVar(&c.MetricsToken, "metrics-token", env("STOREFRONT_METRICS_TOKEN", ""),
		"bearer token a remote scraper presents to read /metrics; loopback needs none (STOREFRONT_METRICS_TOKEN)")
	fs.IntVar(&c.AccessLogSample, "access-log-sample", envInt("STOREFRONT_ACCESS_LOG_SAMPLE", 100),
		"log one in N successful fast requests; failures and requests over 250 ms are always logged (STOREFRONT_ACCESS_LOG_SAMPLE)")
	fs.StringVar(&c.Pprof, "pprof", env("STOREFRONT_PPROF", ""),
		"serve the Go profiler on this loopback address, e.g. 127.0.0.1:6060 (STOREFRONT_PPROF)")
	fs.StringVar(&c.PublicURL, "public-url", env("STOREFRONT_PUBLIC_URL", ""),
		"origin clients reach the server at, e.g. https://shop.example.com; API login answers and reset links name it; needed with --smtp-url (STOREFRONT_PUBLIC_URL)")
	fs.StringVar(&c.SMTPURL, "smtp-url", env("STOREFRONT_SMTP_URL", ""),
		"mail server for password reset links, smtp://user:pass@host:587 or smtps://...; empty: links go to the log (STOREFRONT_SMTP_URL)")
	fs.StringVar(&c.MailFrom, "mail-from", env("STOREFRONT_MAIL_FROM", ""), "From address of the store's mail (STOREFRONT_MAIL_FROM)")
	reset, err := time.ParseDuration(env("STOREFRONT_RESET_TTL", DefaultResetTTL.String()))
	if err != nil {
		reset = DefaultResetTTL
	}
	fs.DurationVar(&c.ResetTTL, "reset-ttl", reset, "how long a password reset link works (STOREFRONT_RESET_TTL)")
	return c
}

// DefaultResetTTL is how long a password reset link works unless configured.
const DefaultResetTTL = 30 * time.Minute

// Normalize cleans the base path to "" or "/segment" without a trailing slash, the public URL to an origin
// without one, and gives an unset reset lifetime its default.
func (c *Config) Normalize() {
	p := strings.Trim(strings.TrimSpace(c.BasePath), "/")
	if p == "" {
		c.BasePath = ""
	} else {
		c.BasePath = "/" + p
	}
	c.PublicURL = strings.TrimRight(strings.TrimSpace(c.PublicURL), "/")
	if c.ResetTTL <= 0 {
		c.ResetTTL = DefaultResetTTL
	}
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(key)); err == nil {
		return n
	}
	return def
}

func envBool(key string) bool {
	switch strings.ToLower(os.Getenv(key)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}
