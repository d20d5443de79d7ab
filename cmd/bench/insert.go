package main

import (
	"context"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"storefront/internal/platform/db"
)

// The insert ceiling: the write rows (add to cart, place an order) are measured against what the machine does when
// every request writes, a bare net/http handler answering the same 200 bytes of JSON as the ceiling after inserting
// one row into a SQLite file, one transaction per request. The file is opened as the server opens its own (db.Open:
// WAL, synchronous NORMAL, one writer connection), and the insert is a prepared statement, so that the ratio shows
// what the storefront's write adds to the machine's cost of a committed write, not the settings' difference.

// insertCeilingRow is the name of the row, and what the write rows name as the row their shares are of.
const insertCeilingRow = "insert ceiling"

var insertCeilingScenario = scenario{name: insertCeilingRow, request: func(e *env, _ *vuser) (*http.Request, error) {
	return http.NewRequest(http.MethodPost, e.insertCeiling+"/", nil)
}}

// startInsertCeiling serves the insert ceiling on loopback over a fresh SQLite file in dir; stop closes both.
func startInsertCeiling(ctx context.Context, dir string) (url string, stop func(), err error) {
	d, err := db.Open(ctx, "sqlite://"+filepath.Join(dir, "insert-ceiling.db"))
	if err != nil {
		return "", nil, err
	}
	if _, err := d.W.ExecContext(ctx, `CREATE TABLE ceiling_row (id INTEGER PRIMARY KEY, body TEXT NOT NULL, created TEXT NOT NULL)`); err != nil {
		d.Close()
		return "", nil, err
	}
	insert, err := d.W.PrepareContext(ctx, `INSERT INTO ceiling_row (body, created) VALUES (?, ?)`)
	if err != nil {
		d.Close()
		return "", nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		d.Close()
		return "", nil, err
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := insert.ExecContext(r.Context(), ceilingBody, time.Now().UTC().Format(time.RFC3339Nano)); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", strconv.Itoa(len(ceilingBody)))
		_, _ = w.Write(ceilingBody)
	}), ReadHeaderTimeout: 5 * time.Second, IdleTimeout: 5 * time.Minute}
	go func() { _ = srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), func() {
		_ = srv.Close()
		_ = insert.Close()
		_ = d.Close()
		_ = os.RemoveAll(dir)
	}, nil
}
