// Package domains assembles the records engine with every domain's objects, row rules and hooks. The app builds
// it once per process and hands it to whatever writes records (the HTTP services, the workers, the demo seed, the
// command line), and tests of every package get the very same engine from here, so no path and no test meets an
// engine without the domains' rules. It sits above the domain packages (records <- commerce/* <- domains <- app),
// which is what lets packages below the app (uiapi, sobjects, soql) use it in their tests without an import cycle.
package domains

import (
	"log/slog"
	"storefront/internal/uiapi/files"

	"storefront/internal/commerce/account"
	"storefront/internal/commerce/cart"
	"storefront/internal/commerce/checkout"
	"storefront/internal/commerce/order"
	"storefront/internal/commerce/pricing"
	"storefront/internal/platform/db"
	"storefront/internal/records"
	"storefront/internal/uiapi/duplicates"
)

// Objects are every object the server stores: the standard catalogue and the domains' own, files linkable to
// orders as to the standard records.
func Objects() []records.Object {
	all := append(records.StandardObjects(), cart.Objects()...)
	all = append(all, order.Objects()...)
	return records.ShareFilesWith(append(all, checkout.Objects()...), "Order")
}

// Engine is the records engine over d with every domain's rules, and the cart service whose hooks it runs (the
// typed cart API, the checkout and the workers use that one service). log may be nil (discarded).
func Engine(d *db.DB, log *slog.Logger) (*records.Engine, *cart.Service) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	engine := records.NewEngine(d)
	return engine, Register(engine, log)
}

// Register gives the engine every domain's row rules and hooks, and returns the cart service they belong to. It is
// the one place that lists them: a domain's rules added here hold for every writer.
func Register(engine *records.Engine, log *slog.Logger) *cart.Service {
	engine.SetVisibility("Product2", pricing.ProductVisibility)
	carts := &cart.Service{DB: engine.DB, Engine: engine, Log: log}
	carts.Register(engine)
	account.Register(engine) // one default address per account and type
	order.Register(engine)
	pricing.Register(engine)         // no negative prices
	checkout.Register(engine, carts) // after carts.Register: the checkout follows delivery-group changes
	duplicates.Register(engine)      // Block duplicate rules refuse saves of Accounts, Contacts and Leads
	files.Register(engine)           // a deleted file version takes its stored bytes with it
	return carts
}
