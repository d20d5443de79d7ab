package main

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"storefront/internal/platform/db"
)

// A SIGHUP moves every local version, so every in-memory copy is read again on its next use.
func TestHangupDropsInMemoryCopies(t *testing.T) {
	d, err := db.Open(context.Background(), "sqlite://"+filepath.Join(t.TempDir(), "hup.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	hangups := make(chan os.Signal)
	go reloadOnHangup(ctx, hangups, d, slog.New(slog.DiscardHandler))
	before := [...]int64{d.Version(db.Catalog), d.Version(db.Metadata), d.Version(db.Sessions)}
	hangups <- syscall.SIGHUP // unbuffered: returns once the signal is taken
	hangups <- syscall.SIGHUP // and this once the first one has been handled
	after := [...]int64{d.Version(db.Catalog), d.Version(db.Metadata), d.Version(db.Sessions)}
	for i := range before {
		if after[i] <= before[i] {
			t.Fatalf("domain %d: version %d before SIGHUP, %d after", i, before[i], after[i])
		}
	}
}
