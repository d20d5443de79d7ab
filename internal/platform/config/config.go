// Package config reads the server's settings from flags, falling back to STOREFRONT_* environment variables.
package config

import (
	"flag"
	"os"
	"strings"
)

// Config is what the server needs to start.
type Config struct {
	Addr     string // listen address
	DB       string // sqlite://FILE or postgres://...
	Demo     bool   // seed the demo store when the database is empty
	BasePath string // site base path, "" or "/shop"
	// TrustedProxies lists the reverse proxies (CIDRs or addresses) whose X-Forwarded-For names the client. Empty,
	// the default: the TCP peer is the client and X-Forwarded-For is ignored, since any client could forge it.
	TrustedProxies string
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
	fs.BoolVar(&c.Demo, "demo", envBool("STOREFRONT_DEMO"), "seed the demo store when the database is empty (STOREFRONT_DEMO=1)")
	fs.StringVar(&c.BasePath, "base-path", env("STOREFRONT_BASE_PATH", ""), "site base path, e.g. /shop (STOREFRONT_BASE_PATH)")
	fs.StringVar(&c.TrustedProxies, "trusted-proxies", env("STOREFRONT_TRUSTED_PROXIES", ""),
		"reverse proxies whose X-Forwarded-For names the client, e.g. 10.0.0.0/8,::1 (STOREFRONT_TRUSTED_PROXIES)")
	return c
}

// Normalize cleans the base path to "" or "/segment" without a trailing slash.
func (c *Config) Normalize() {
	p := strings.Trim(strings.TrimSpace(c.BasePath), "/")
	if p == "" {
		c.BasePath = ""
	} else {
		c.BasePath = "/" + p
	}
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
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
