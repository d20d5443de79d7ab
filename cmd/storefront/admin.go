package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"

	"storefront/internal/auth"
	"storefront/internal/platform/config"
)

func seed(ctx context.Context, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("seed", flag.ExitOnError)
	cfg := config.Bind(fs)
	products := fs.Int("products", 0, "generate a catalog of N products (in the demo store's shape) instead of the demo store")
	a, err := openApp(ctx, log, fs, cfg, args)
	if err != nil {
		return err
	}
	defer a.Close()
	if *products > 0 {
		return a.SeedProducts(ctx, *products)
	}
	return a.SeedDemoIfEmpty(ctx)
}

func user(ctx context.Context, log *slog.Logger, args []string) error {
	if len(args) == 0 || args[0] != "create" {
		return fmt.Errorf("usage: storefront user create --email E --password P --first F --last L [--staff | --account ACCOUNT_ID]")
	}
	fs := flag.NewFlagSet("user create", flag.ExitOnError)
	cfg := config.Bind(fs)
	var u auth.NewUser
	fs.StringVar(&u.Email, "email", "", "email address, also the username (required)")
	fs.StringVar(&u.Password, "password", "", fmt.Sprintf("password, at least %d characters (required)", auth.MinPasswordLen))
	fs.StringVar(&u.FirstName, "first", "", "first name")
	fs.StringVar(&u.LastName, "last", "", "last name (required)")
	fs.BoolVar(&u.Staff, "staff", false, "create a store staff user")
	fs.StringVar(&u.AccountID, "account", "", "create a buyer in this account (15- or 18-character Account id)")
	a, err := openApp(ctx, log, fs, cfg, args[1:])
	if err != nil {
		return err
	}
	defer a.Close()
	id, err := auth.CreateUser(ctx, a.Engine, u)
	if err != nil {
		return fmt.Errorf("user create: %w", err)
	}
	fmt.Println(id)
	return nil
}
