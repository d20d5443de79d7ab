package db_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"sync"
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

// Under writes and reads that never pause, no write transaction begins with the WAL wholly checkpointed and unread,
// the moment at which SQLite would write from its start again: without the writer restarting it, the WAL grew by
// every page committed (1.2 GB in 50 s of the checkout bench). It stays near walRestartFrames pages instead.
func TestTheWALStaysBoundedUnderReadsAndWrites(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bounded.db")
	d, err := db.Open(ctx, "sqlite://"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Exec(ctx, `CREATE TABLE probe (n INTEGER, body TEXT)`); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var readers sync.WaitGroup
	for r := range 4 { // short reads, one after the other: a snapshot is always held, as a store's readers hold under load
		readers.Add(1)
		go func() {
			defer readers.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				var body string
				_ = d.R.QueryRowContext(ctx, `SELECT body FROM probe WHERE rowid = ?`, r+1).Scan(&body)
			}
		}()
	}
	body := strings.Repeat("y", 4000)
	var largest int64
	for i := range 6000 { // 24 MB of pages
		if _, err := d.Exec(ctx, `INSERT INTO probe (n, body) VALUES (?, ?)`, i, body); err != nil {
			t.Fatal(err)
		}
		if st, err := os.Stat(path + "-wal"); err == nil {
			largest = max(largest, st.Size())
		}
	}
	close(stop)
	readers.Wait()
	if largest > 12<<20 {
		t.Fatalf("the WAL reached %d MB during 24 MB of commits under reads: it is not restarted", largest>>20)
	}
	var n int
	if err := d.R.QueryRowContext(ctx, `SELECT COUNT(*) FROM probe`).Scan(&n); err != nil || n != 6000 {
		t.Fatalf("%d rows read back (%v), want 6000", n, err)
	}
}

// A read that holds its snapshot for long keeps the WAL from restarting, so it grows meanwhile; once the read ends
// the WAL restarts and its file is cut back to walSizeLimit (16 MB) instead of keeping its largest size.
func TestAWALGrownUnderALongReadIsCutBack(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "cut.db")
	d, err := db.Open(ctx, "sqlite://"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Exec(ctx, `CREATE TABLE probe (n INTEGER, body TEXT)`); err != nil {
		t.Fatal(err)
	}
	insert := func(from, to int) {
		body := strings.Repeat("z", 4000)
		for i := from; i < to; i++ {
			if _, err := d.Exec(ctx, `INSERT INTO probe (n, body) VALUES (?, ?)`, i, body); err != nil {
				t.Fatal(err)
			}
		}
	}
	walSize := func() int64 {
		st, err := os.Stat(path + "-wal")
		if err != nil {
			t.Fatal(err)
		}
		return st.Size()
	}
	long, err := d.R.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := long.QueryRowContext(ctx, `SELECT COUNT(*) FROM probe`).Scan(&n); err != nil { // takes its snapshot
		t.Fatal(err)
	}
	insert(0, 6000) // 24 MB
	if got := walSize(); got < 20<<20 {
		t.Fatalf("the WAL is %d MB with a read holding it since before 24 MB of commits", got>>20)
	}
	if err := long.Rollback(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for i := 6000; walSize() > 16<<20; i += 100 {
		if time.Now().After(deadline) {
			t.Fatalf("the WAL is still %d MB after the long read ended", walSize()>>20)
		}
		insert(i, i+100)
		time.Sleep(20 * time.Millisecond) // a background checkpoint
	}
}
