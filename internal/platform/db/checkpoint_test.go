package db_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"storefront/internal/platform/db"
)

// The writer does not checkpoint (a commit that did would hold every other write while it copies the WAL and
// syncs the file): the commits reach the database file through the background checkpoints, while the writer goes
// on, and the WAL stays bounded by what is committed between two of them.
func TestTheWALIsCheckpointedBesideTheWriter(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "checkpoint.db")
	d, err := db.Open(ctx, "sqlite://"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var auto int
	if err := d.W.QueryRowContext(ctx, `PRAGMA wal_autocheckpoint`).Scan(&auto); err != nil || auto != 0 {
		t.Fatalf("the writer's wal_autocheckpoint is %d (%v), want 0", auto, err)
	}
	if _, err := d.Exec(ctx, `CREATE TABLE probe (n INTEGER, body TEXT)`); err != nil {
		t.Fatal(err)
	}
	size := func(name string) int64 {
		st, err := os.Stat(name)
		if err != nil {
			return 0
		}
		return st.Size()
	}
	body := strings.Repeat("x", 4000) // about a page a row
	for i := range 1500 {             // 6 MB: past the 1,000 pages at which SQLite would checkpoint in a commit
		if _, err := d.Exec(ctx, `INSERT INTO probe (n, body) VALUES (?, ?)`, i, body); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for size(path) < 1500*4000 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if got := size(path); got < 1500*4000 {
		t.Fatalf("the database file is %d bytes after 6 MB of commits: the WAL was not checkpointed", got)
	}
	var n int
	if err := d.R.QueryRowContext(ctx, `SELECT COUNT(*) FROM probe`).Scan(&n); err != nil || n != 1500 {
		t.Fatalf("%d rows read back (%v), want 1500", n, err)
	}
}
