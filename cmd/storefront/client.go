package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"text/tabwriter"
	"time"

	"storefront/internal/auth"
	"storefront/internal/platform/config"
)

const clientUsage = "usage: storefront client create --name NAME | client list | client delete --id CLIENT_ID"

// client manages the API clients integrations present to POST /services/oauth2/token.
func client(ctx context.Context, log *slog.Logger, args []string) error {
	return clientTo(ctx, log, os.Stdout, args)
}

// clientTo is client writing its output to out.
func clientTo(ctx context.Context, log *slog.Logger, out io.Writer, args []string) error {
	if len(args) == 0 {
		return errors.New(clientUsage)
	}
	fs := flag.NewFlagSet("client "+args[0], flag.ExitOnError)
	cfg := config.Bind(fs)
	name := fs.String("name", "", "the client's name, e.g. the integration it is for (create)")
	id := fs.String("id", "", "the client id (delete)")
	switch args[0] {
	case "create", "list", "delete":
	default:
		return errors.New(clientUsage)
	}
	a, err := openApp(ctx, log, fs, cfg, args[1:])
	if err != nil {
		return err
	}
	defer a.Close()
	switch args[0] {
	case "create":
		c, secret, err := auth.CreateClient(ctx, a.DB, *name)
		if err != nil {
			return fmt.Errorf("client create: %w", err)
		}
		fmt.Fprintf(out, "client_id: %s\nclient_secret: %s\n", c.ID, secret)
		fmt.Fprintln(os.Stderr, "The secret is shown only now: store it where the integration can read it.")
	case "list":
		clients, err := auth.ListClients(ctx, a.DB)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "CLIENT ID\tNAME\tCREATED")
		for _, c := range clients {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", c.ID, c.Name, c.CreatedAt.Format(time.RFC3339))
		}
		return tw.Flush()
	case "delete":
		found, err := auth.DeleteClient(ctx, a.DB, *id)
		if err != nil {
			return err
		}
		if !found {
			return fmt.Errorf("client delete: no client has the id %q", *id)
		}
		fmt.Fprintln(out, "deleted", *id)
	}
	return nil
}
