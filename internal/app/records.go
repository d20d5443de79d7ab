package app

import (
	"storefront/internal/commerce/account"
	"storefront/internal/commerce/cart"
	"storefront/internal/commerce/checkout"
	"storefront/internal/commerce/order"
	"storefront/internal/commerce/pricing"
	"storefront/internal/records"
)

// objects are every object the server stores: the standard catalogue and the domains' own.
func objects() []records.Object {
	all := append(records.StandardObjects(), cart.Objects()...)
	all = append(all, order.Objects()...)
	return append(all, checkout.Objects()...)
}

// newEngine builds the one records engine of the server with every domain's row rules and hooks: the records API,
// the console and typed domain code all read and write through it, so each rule holds everywhere.
func (a *App) newEngine() (*records.Engine, *cart.Service) {
	engine := records.NewEngine(a.DB)
	engine.SetVisibility("Product2", pricing.ProductVisibility)
	carts := &cart.Service{DB: a.DB, Engine: engine, Log: a.Log}
	carts.Register(engine)
	account.Register(engine) // one default address per account and type
	order.Register(engine)
	checkout.Register(engine, carts) // after carts.Register: the checkout follows delivery-group changes
	return engine, carts
}
