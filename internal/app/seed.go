package app

import (
	"context"

	"storefront/internal/demo"
)

// SeedDemoIfEmpty seeds the demo store when the database holds no store yet.
func (a *App) SeedDemoIfEmpty(ctx context.Context) error {
	seeded, err := demo.Seed(ctx, a.DB, a.demoOptions())
	if seeded {
		a.Log.Info("seeded the demo store", "store", demo.StoreName, "products", demo.DemoProducts)
	}
	return err
}

// SeedProducts generates a catalog of n products in the demo store's shape (seeding the demo store first when the
// database has no store).
func (a *App) SeedProducts(ctx context.Context, n int) error {
	return demo.SeedProducts(ctx, a.DB, n, a.demoOptions())
}

func (a *App) demoOptions() demo.Options {
	return demo.Options{CreateUser: a.createDemoUser(), Log: a.Log}
}

// createDemoUser creates the demo users. Until auth.CreateUser is wired here, users get their records but no
// password, so nobody can sign in as them. Wiring (auth.NewUser should accept the stable ID):
//
//	return func(ctx context.Context, u demo.NewUser) (string, error) {
//		return auth.CreateUser(ctx, a.DB, auth.NewUser{ID: u.ID, Email: u.Email, Password: u.Password,
//			FirstName: u.FirstName, LastName: u.LastName, Staff: u.Staff, AccountID: u.AccountID})
//	}
func (a *App) createDemoUser() demo.CreateUserFunc {
	return demo.InsertUserRows(a.DB)
}
