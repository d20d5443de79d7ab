package db_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
	"storefront/internal/platform/metrics"
)

// openSQLiteWith opens a fresh SQLite database with a table of numbers, n.
func openSQLiteWith(t *testing.T) *db.DB {
	t.Helper()
	d := dbtest.Open(t, "sqlite")
	if _, err := d.Exec(context.Background(), `CREATE TABLE grouped (n INTEGER)`); err != nil {
		t.Fatal(err)
	}
	return d
}

// holdWriter runs a transaction that keeps SQLite's writer until the returned release is called, and waits for
// waiting writes to queue behind it: the writes started meanwhile are then committed together.
func holdWriter(t *testing.T, d *db.DB) (waitFor func(n int), release func()) {
	t.Helper()
	holding, free, done := make(chan struct{}), make(chan struct{}), make(chan error)
	go func() {
		done <- d.InTx(context.Background(), func(tx *db.Tx) error {
			close(holding)
			<-free
			return nil
		})
	}()
	<-holding
	waitFor = func(n int) {
		for deadline := time.Now().Add(10 * time.Second); db.WaitingWriters(d) < n; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%d writes waiting, want %d", db.WaitingWriters(d), n)
			}
		}
	}
	return waitFor, func() {
		close(free)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

func groupedRows(t *testing.T, d *db.DB) []string {
	t.Helper()
	rows, err := db.Strings(context.Background(), d, `SELECT CAST(n AS TEXT) FROM grouped ORDER BY n`)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// Writes that wait for the writer commit in one group, each in its own savepoint: a failing one gets its own error
// and leaves nothing (its statements before the failure included), the others are all committed, and the group
// commits once.
func TestGroupCommitFailingMembersLeaveNothing(t *testing.T) {
	d := openSQLiteWith(t)
	ctx := context.Background()
	waitFor, release := holdWriter(t, d)
	commitsBefore := db.GroupCommits(d)
	const writers = 24
	errs := make([]error, writers)
	var wg sync.WaitGroup
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%6 == 5 { // a single statement joins the group too
				_, errs[i] = d.Exec(ctx, `INSERT INTO grouped (n) VALUES (?)`, i)
				return
			}
			errs[i] = d.InTx(ctx, func(tx *db.Tx) error {
				if _, err := tx.Exec(ctx, `INSERT INTO grouped (n) VALUES (?)`, i); err != nil {
					return err
				}
				if i%4 == 0 {
					return fmt.Errorf("refused %d", i)
				}
				_, err := tx.Exec(ctx, `INSERT INTO grouped (n) VALUES (?)`, 100+i)
				return err
			})
		}()
	}
	waitFor(writers)
	release()
	wg.Wait()
	var want []int
	for i, err := range errs {
		if i%4 == 0 && i%6 != 5 {
			if err == nil || err.Error() != fmt.Sprintf("refused %d", i) {
				t.Fatalf("writer %d: %v, want its own error", i, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("writer %d: %v", i, err)
		}
		want = append(want, i)
		if i%6 != 5 {
			want = append(want, 100+i)
		}
	}
	slices.Sort(want)
	if got := groupedRows(t, d); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("rows %v, want %v", got, want)
	}
	// The holder's commit and one group of the 24 (the cap is 32; the work cap may split it once or twice).
	if n := db.GroupCommits(d) - commitsBefore; n < 2 || n > 4 {
		t.Fatalf("%d commits for %d waiting writes, want them grouped", n, writers)
	}
}

// A group's first member runs without a savepoint: when it fails or panics, the transaction is rolled back whole
// (its statements leave nothing) and the members queued behind it commit in the next group.
func TestGroupCommitFirstMemberFailingLeavesTheRest(t *testing.T) {
	for _, panics := range []bool{false, true} {
		t.Run(fmt.Sprintf("panics=%v", panics), func(t *testing.T) {
			d := openSQLiteWith(t)
			ctx := context.Background()
			waitFor, release := holdWriter(t, d)
			commitsBefore := db.GroupCommits(d)
			errs := make([]error, 3)
			var panicked any
			var wg sync.WaitGroup
			wg.Add(3)
			go func() {
				defer wg.Done()
				defer func() { panicked = recover() }()
				errs[0] = d.InTx(ctx, func(tx *db.Tx) error {
					if _, err := tx.Exec(ctx, `INSERT INTO grouped (n) VALUES (1), (2)`); err != nil {
						return err
					}
					if panics {
						panic("first broke")
					}
					return errors.New("first refused")
				})
			}()
			waitFor(1)
			for i := 1; i < 3; i++ {
				go func() {
					defer wg.Done()
					errs[i] = d.InTx(ctx, func(tx *db.Tx) error {
						_, err := tx.Exec(ctx, `INSERT INTO grouped (n) VALUES (?)`, 10*i)
						return err
					})
				}()
				waitFor(i + 1)
			}
			release()
			wg.Wait()
			if panics && panicked != "first broke" || !panics && (errs[0] == nil || errs[0].Error() != "first refused") {
				t.Fatalf("the first member: error %v, panic %v", errs[0], panicked)
			}
			if errs[1] != nil || errs[2] != nil {
				t.Fatalf("the members behind it: %v", errs[1:])
			}
			if got := groupedRows(t, d); !slices.Equal(got, []string{"10", "20"}) {
				t.Fatalf("rows %v, want the second and third members' only", got)
			}
			// The holder's commit and the next group's; the rolled-back one is no commit.
			if n := db.GroupCommits(d) - commitsBefore; n != 2 {
				t.Fatalf("%d commits, want 2", n)
			}
		})
	}
}

// A member's nested transaction (WithTx) joins it, so its writes go or stay with the member's; a member that
// panics panics in its caller's goroutine, leaving nothing, and the group's other members commit.
func TestGroupCommitNestedAndPanickingMembers(t *testing.T) {
	d := openSQLiteWith(t)
	ctx := context.Background()
	waitFor, release := holdWriter(t, d)
	nested := func(n int, fail bool) error {
		return d.InTx(ctx, func(tx *db.Tx) error {
			if _, err := tx.Exec(ctx, `INSERT INTO grouped (n) VALUES (?)`, n); err != nil {
				return err
			}
			err := d.InDurableTx(db.WithTx(ctx, tx), func(inner *db.Tx) error {
				if inner != tx {
					return errors.New("the nested transaction did not join the member's")
				}
				_, err := inner.Exec(ctx, `INSERT INTO grouped (n) VALUES (?)`, n+1)
				return err
			})
			if err == nil && fail {
				err = errors.New("refused")
			}
			return err
		})
	}
	var wg sync.WaitGroup
	errs := make([]error, 3)
	var panicked any
	wg.Add(3)
	go func() { defer wg.Done(); errs[0] = nested(10, false) }()
	waitFor(1)
	go func() { defer wg.Done(); errs[1] = nested(20, true) }()
	waitFor(2)
	go func() {
		defer wg.Done()
		defer func() { panicked = recover() }()
		errs[2] = d.InTx(ctx, func(tx *db.Tx) error {
			if _, err := tx.Exec(ctx, `INSERT INTO grouped (n) VALUES (30)`); err != nil {
				return err
			}
			panic("member broke")
		})
	}()
	waitFor(3)
	release()
	wg.Wait()
	if errs[0] != nil || errs[1] == nil || errs[1].Error() != "refused" {
		t.Fatalf("outcomes %v", errs)
	}
	if panicked != "member broke" {
		t.Fatalf("the panic in the caller: %v", panicked)
	}
	if got := groupedRows(t, d); !slices.Equal(got, []string{"10", "11"}) {
		t.Fatalf("rows %v, want the first member's and its nested write only", got)
	}
}

// A group with a durable member commits with synchronous=FULL, seen by every member; the writer is back to NORMAL
// after it.
func TestGroupCommitWithDurableMemberIsDurable(t *testing.T) {
	d := openSQLiteWith(t)
	ctx := context.Background()
	waitFor, release := holdWriter(t, d)
	levels := make([]int, 2)
	errs := make([]error, 2)
	var wg sync.WaitGroup
	wg.Add(2)
	read := func(i int) func(tx *db.Tx) error {
		return func(tx *db.Tx) error { return tx.QueryRow(ctx, `PRAGMA synchronous`).Scan(&levels[i]) }
	}
	go func() { defer wg.Done(); errs[0] = d.InTx(ctx, read(0)) }()
	waitFor(1)
	go func() { defer wg.Done(); errs[1] = d.InDurableTx(ctx, read(1)) }()
	waitFor(2)
	release()
	wg.Wait()
	if errs[0] != nil || errs[1] != nil || levels[0] != 2 || levels[1] != 2 {
		t.Fatalf("synchronous in a group with a durable member: %v %v, want 2 (FULL) for both", levels, errs)
	}
	if err := d.InTx(ctx, read(0)); err != nil || levels[0] != 1 {
		t.Fatalf("synchronous after: %d %v, want 1 (NORMAL)", levels[0], err)
	}
}

// A member whose context ends while it runs fails at its next statement and rolls back alone: SQLite would roll
// back the whole group's transaction for a write interrupted midway, so the ended context does not interrupt it.
func TestGroupCommitCancelledMemberFailsAlone(t *testing.T) {
	d := openSQLiteWith(t)
	waitFor, release := holdWriter(t, d)
	ctx, cancel := context.WithCancel(context.Background())
	errs := make([]error, 3)
	var wg sync.WaitGroup
	insert := func(ctx context.Context, n int) func(tx *db.Tx) error {
		return func(tx *db.Tx) error {
			_, err := tx.Exec(ctx, `INSERT INTO grouped (n) VALUES (?)`, n)
			return err
		}
	}
	wg.Add(3)
	go func() { defer wg.Done(); errs[0] = d.InTx(context.Background(), insert(context.Background(), 1)) }()
	waitFor(1)
	go func() {
		defer wg.Done()
		errs[1] = d.InTx(ctx, func(tx *db.Tx) error {
			// The caller gives up while a long write runs (or, on a fast machine, just after).
			go func() { time.Sleep(5 * time.Millisecond); cancel() }()
			if _, err := tx.Exec(ctx, `WITH RECURSIVE s(n) AS (SELECT 1000 UNION ALL SELECT n + 1 FROM s
				WHERE n < 400000) INSERT INTO grouped (n) SELECT n FROM s`); err != nil {
				return err
			}
			<-ctx.Done()
			return insert(ctx, 3)(tx)
		})
	}()
	waitFor(2)
	go func() { defer wg.Done(); errs[2] = d.InTx(context.Background(), insert(context.Background(), 4)) }()
	waitFor(3)
	release()
	wg.Wait()
	if errs[0] != nil || !errors.Is(errs[1], context.Canceled) || errs[2] != nil {
		t.Fatalf("outcomes %v, want nil, context canceled, nil", errs)
	}
	if got := groupedRows(t, d); !slices.Equal(got, []string{"1", "4"}) {
		t.Fatalf("rows %v, want the other members' only", got)
	}
}

// The writer's busy time is counted (storefront_db_writer_busy_seconds_total): an operator reads from its rate
// whether writes queue for SQLite's one writer. A group that holds the writer for 30 ms adds at least that.
func TestGroupCommitCountsTheWriterBusy(t *testing.T) {
	d := openSQLiteWith(t)
	before := writerBusy(t)
	err := d.InTx(context.Background(), func(tx *db.Tx) error {
		time.Sleep(30 * time.Millisecond)
		_, err := tx.Exec(context.Background(), `INSERT INTO grouped (n) VALUES (1)`)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := writerBusy(t) - before; got < 0.030 {
		t.Fatalf("the writer counted busy %.3f s for a group of 30 ms", got)
	}
}

func writerBusy(t *testing.T) float64 {
	t.Helper()
	families, err := metrics.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() == "storefront_db_writer_busy_seconds_total" {
			return f.GetMetric()[0].GetCounter().GetValue()
		}
	}
	t.Fatal("no storefront_db_writer_busy_seconds_total")
	return 0
}
