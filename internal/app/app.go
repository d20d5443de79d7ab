// Package app assembles Storefront: it opens the database, brings the schema up to date, seeds the demo store when
// asked, and builds the HTTP handler with every domain's routes.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"time"

	"storefront/internal/auth"
	"storefront/internal/commerce/cart"
	"storefront/internal/domains"
	"storefront/internal/platform/config"
	"storefront/internal/platform/db"
	"storefront/internal/platform/redisx"
	"storefront/internal/records"
)

// App is a running Storefront.
type App struct {
	Config config.Config
	DB     *db.DB
	Log    *slog.Logger
	// Engine is the process's one records engine, with every domain's rules (package domains): the HTTP services,
	// the workers, the demo seed and the command line all write through it.
	Engine *records.Engine
	carts  *cart.Service // the cart service whose hooks Engine runs
	// Redis is the server shared with other instances (--redis), opened by serve and closed with the app; nil
	// without one: the database serves what it would (sign-in counters; see README "Several instances").
	Redis *redisx.Client

	trustedProxies []netip.Prefix // Config.TrustedProxies, parsed
	mailer         auth.Mailer    // Config.SMTPURL's server; nil: reset links go to the log
	publicURL      string         // Config.PublicURL, checked, or the listen address's (publicurl.go)
	stopWatch      context.CancelFunc
}

// Carts is the cart service whose hooks Engine runs.
func (a *App) Carts() *cart.Service { return a.carts }

// Open connects to the database and applies migrations and the records schema.
func Open(ctx context.Context, cfg config.Config, log *slog.Logger) (*App, error) {
	cfg.Normalize()
	proxies, err := auth.ParseTrustedProxies(cfg.TrustedProxies)
	if err != nil {
		return nil, err
	}
	mailer, err := openMailer(cfg)
	if err != nil {
		return nil, err
	}
	public, err := publicURL(cfg, log)
	if err != nil {
		return nil, err
	}
	d, err := db.Open(ctx, cfg.DB)
	if err != nil {
		return nil, err
	}
	a := &App{Config: cfg, DB: d, Log: log, trustedProxies: proxies, mailer: mailer, publicURL: public}
	a.Engine, a.carts = domains.Engine(d, log)
	if err := a.Migrate(ctx); err != nil {
		d.Close()
		return nil, err
	}
	if cfg.Redis != "" {
		if a.Redis, err = redisx.Open(ctx, cfg.Redis, log); err != nil {
			d.Close()
			return nil, err
		}
	}
	a.watchVersions()
	return a, nil
}

// watchVersions keeps the in-memory copies of read-mostly state current with the database, whichever instance or
// tool changed it (db.Watch), until Close. With Redis, the instances also tell each other through it.
func (a *App) watchVersions() {
	var notifier db.Notifier
	if a.Redis != nil {
		notifier = a.Redis
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		a.DB.Watch(ctx, notifier, a.Log)
	}()
	a.stopWatch = func() { cancel(); <-done }
}

// openMailer is the SMTP server of --smtp-url, nil without one. Mailed links need --public-url: built from the
// request's Host header, a forged one would send a user a link to someone else's site, token included.
func openMailer(cfg config.Config) (auth.Mailer, error) {
	if cfg.SMTPURL == "" {
		return nil, nil
	}
	if cfg.PublicURL == "" {
		return nil, fmt.Errorf("--smtp-url needs --public-url (the store's origin, e.g. https://shop.example.com): reset links start with it")
	}
	m, err := auth.ParseSMTPURL(cfg.SMTPURL, cfg.MailFrom)
	if err != nil {
		return nil, fmt.Errorf("--smtp-url and --mail-from: %w", err)
	}
	return m, nil
}

// versionedTables are the tables the in-memory copies derive from, per domain (db.InstallVersionTriggers): a change
// to any of them, by any path, rebuilds the copies on every instance.
var versionedTables = db.VersionedTables{
	db.Catalog: {"webstore", "webstorecatalog", "webstorebuyergroup", "productcatalog", "productcategory",
		"productcategoryproduct", "productcategorymedia", "product2", "productmedia", "managedcontent", "pricebook2",
		"pricebookentry", "priceadjustmentschedule", "priceadjustmenttier", "buyergroup", "buyergroupmember",
		"buyergrouppricebook", "commerceentitlementpolicy", "commerceentitlementproduct",
		"commerceentitlementbuyergroup", "search_state", "taxrate"},
	db.Metadata:    {"sf_object", "sf_duplicate_rule"},
	db.Sessions:    {"sf_session", "user"},
	db.Permissions: {"profile", "permissionset", "objectpermissions", "fieldpermissions", "permissionsetassignment"},
}

// untrackedTables get no version counter of their own (db.InstallVersionTriggers): the buying path writes them on
// every add to cart, checkout and sign-in, where a trigger per row would cost more than kept answers gain. A records
// answer that reads one is built afresh every time (package answers).
var untrackedTables = []string{"webcart", "cartitem", "cartdeliverygroup", "cartcheckoutsession",
	"cartinventoryreservation", "cartitempriceadjustment", "webcartadjustmentbasis", "webcartadjustmentgroup",
	"order", "orderitem", "orderdeliverygroup", "orderadjustmentgroupsummary", "orderdeliverygroupsummary",
	"orderitemsummary", "orderpaymentsummary", "ordersummary", "paymentauthorization", "productinventory",
	"sf_record_view", "sf_query_locator", "sf_login_attempt", "sf_login_known", "sf_password_reset",
	"sf_refresh_token", "sf_credential", "sf_file_chunk", "sf_content_data", "search_doc", "search_index_version",
	"sf_migration_step", "goose_db_version"}

// Close stops watching the database and releases it and Redis.
func (a *App) Close() error {
	if a.stopWatch != nil {
		a.stopWatch()
	}
	if a.Redis != nil {
		a.Redis.Close()
	}
	return a.DB.Close()
}

// healthz answers 200 when the database answers, 503 otherwise.
func (a *App) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Cache-Control", "no-store")
	if err := a.DB.Ping(ctx); err != nil {
		http.Error(w, "database unavailable", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok\n"))
}

// readyz is healthz for a load balancer choosing where to send shoppers: 503 also while the search index loads after
// start (seconds for 100,000 products, half a minute for a million), when a search would wait for it, and while a
// large catalogue's price tables load (search.Service.Warm).
func (a *App) readyz(search interface{ Ready() bool }) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !search.Ready() {
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Set("Retry-After", "5")
			http.Error(w, "search index loading", http.StatusServiceUnavailable)
			return
		}
		a.healthz(w, r)
	}
}
