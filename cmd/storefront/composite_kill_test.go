package main

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"storefront/internal/app/apitest"
	"storefront/internal/demo"
	"storefront/internal/platform/db"
	"storefront/internal/platform/db/dbtest"
)

// compositeBody is an allOrNone composite request that creates the accounts tag-first and tag-last around 23 reads
// of the whole catalogue with prices (SOQL, in the request's transaction): slow enough to be killed half-way.
func compositeBody(tag string) string {
	create := func(ref, name string) string {
		return `{"method":"POST","url":"/services/data/v64.0/sobjects/Account","referenceId":"` + ref + `","body":{"Name":"` + name + `"}}`
	}
	subs := []string{create("first", tag+"-first")}
	for i := 0; i < 23; i++ {
		subs = append(subs, fmt.Sprintf(`{"method":"GET","url":"/services/data/v64.0/query?q=SELECT+Id,+Name,+Description,+`+
			`StockKeepingUnit,+(SELECT+Id,+UnitPrice+FROM+PricebookEntries)+FROM+Product2","referenceId":"read%d"}`, i))
	}
	subs = append(subs, create("last", tag+"-last"))
	return `{"allOrNone":true,"compositeRequest":[` + strings.Join(subs, ",") + `]}`
}

// A server killed with SIGKILL in the middle of a composite allOrNone request leaves nothing of the request after
// a restart: its subrequests ran in one database transaction, which never committed. The kill lands while that
// transaction is open and has written (PostgreSQL: it holds the row lock its inserts take on the account table;
// SQLite: the write lock has been held longer than anything but the composite holds it). On each database in use.
func TestCompositeKilledHalfWayLeavesNothing(t *testing.T) {
	bin := buildBinary(t)
	for kind, dbURL := range dbtest.URLs(t) {
		t.Run(kind, func(t *testing.T) {
			srv := start(t, bin, dbURL)
			token := (&apitest.Target{URL: srv.base, Password: demo.DemoPassword}).Token(t, "admin@example.com")
			began := time.Now()
			srv.call(t, "POST", "/services/data/v64.0/composite", token, compositeBody("Whole"), 200)
			t.Logf("a whole composite request took %v", time.Since(began))

			probe := openProbe(t, kind, dbURL)
			done := make(chan struct{})
			go func() {
				defer close(done)
				req := compositeBody("Killed")
				_, _ = postQuietly(srv.base+"/services/data/v64.0/composite", token, req)
			}()
			if !probe.waitMidway(t, 10*time.Second) {
				t.Fatal("never saw the composite's transaction open")
			}
			if err := srv.cmd.Process.Kill(); err != nil { // SIGKILL
				t.Fatal(err)
			}
			_ = srv.cmd.Wait()
			<-done

			again := start(t, bin, dbURL)
			token = (&apitest.Target{URL: again.base, Password: demo.DemoPassword}).Token(t, "admin@example.com")
			body := string(again.call(t, "GET", "/services/data/v64.0/query?q="+
				"SELECT+Name+FROM+Account+WHERE+Name+LIKE+'Killed-%25'", token, "", 200))
			if !strings.Contains(body, `"totalSize":0`) {
				t.Fatalf("the killed request left rows: %s", body)
			}
			body = string(again.call(t, "GET", "/services/data/v64.0/query?q="+
				"SELECT+COUNT()+FROM+Account+WHERE+Name+LIKE+'Whole-%25'", token, "", 200))
			if !strings.Contains(body, `"totalSize":2,`) {
				t.Fatalf("the whole request's rows: %s", body)
			}
		})
	}
}

// probe watches the database from outside the server for the composite's open transaction.
type probe struct {
	kind string
	d    *sql.DB
	pg   *db.DB
}

func openProbe(t *testing.T, kind, dbURL string) *probe {
	t.Helper()
	p := &probe{kind: kind}
	if kind == "postgres" {
		d, err := db.Open(context.Background(), dbURL)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		p.pg = d
		return p
	}
	path := strings.TrimPrefix(dbURL, "sqlite://")
	d, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(0)")
	if err != nil {
		t.Fatal(err)
	}
	d.SetMaxOpenConns(1)
	t.Cleanup(func() { d.Close() })
	p.d = d
	return p
}

// waitMidway reports once the composite's transaction is open and has written, false after timeout.
func (p *probe) waitMidway(t *testing.T, timeout time.Duration) bool {
	ctx := context.Background()
	var busySince time.Time
	for deadline := time.Now().Add(timeout); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if p.pg != nil {
			var n int
			err := p.pg.QueryRow(ctx, `SELECT COUNT(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
				JOIN pg_namespace s ON s.oid = c.relnamespace WHERE c.relname = 'account' AND s.nspname = current_schema()
				AND l.mode = 'RowExclusiveLock' AND l.pid <> pg_backend_pid()`).Scan(&n)
			if err != nil {
				t.Fatal(err)
			}
			if n > 0 {
				return true
			}
			continue
		}
		// SQLite: the server's transactions take the write lock when they begin; a lock held for 30 ms is no
		// session's touch but the composite's transaction.
		conn, err := p.d.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		_, err = conn.ExecContext(ctx, "BEGIN IMMEDIATE")
		if err == nil {
			_, _ = conn.ExecContext(ctx, "ROLLBACK")
			busySince = time.Time{}
		} else if busySince.IsZero() {
			busySince = time.Now()
		}
		conn.Close()
		if !busySince.IsZero() && time.Since(busySince) > 30*time.Millisecond {
			return true
		}
	}
	return false
}

// postQuietly sends a request whose answer (or the lack of one, the server being killed) does not matter.
func postQuietly(url, token, body string) (int, error) {
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}
