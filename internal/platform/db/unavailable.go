package db

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// IsUnavailable reports whether err means the database could not be reached or could not serve the statement now,
// rather than that the statement or the data were wrong: the server went away or refuses connections, the network
// between failed, the pool waited past the request's deadline, or SQLite stayed locked past its busy timeout. Such a
// request may succeed when retried, so it answers 503, not 500.
func IsUnavailable(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, driver.ErrBadConn) || errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	// Any failure to open a connection, whatever the server said: it refuses connections to the database
	// (ALLOW_CONNECTIONS false: SQLSTATE 55000), the database no longer exists (3D000), the credentials no longer
	// work (28000, 28P01), too many connections, or no answer within the connect timeout. Checked before the server's
	// error inside it, whose code alone may mean something else on an open connection.
	var connect *pgconn.ConnectError
	if errors.As(err, &connect) {
		return true
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch {
		case strings.HasPrefix(pg.Code, "08"): // connection exception
			return true
		case pg.Code == "53300", pg.Code == "57P01", pg.Code == "57P02", pg.Code == "57P03":
			// too many connections; the server is shutting down (admin, crash) or starting up
			return true
		case pg.Code == "3D000", pg.Code == "28000", pg.Code == "28P01":
			// the database is gone; the credentials are refused
			return true
		}
		return false
	}
	var netErr net.Error
	if errors.As(err, &netErr) {
		return true
	}
	// pgx reports a connection dropped mid-statement as a bare (unexpected) EOF, and a statement on a connection it
	// has already closed by text alone. (Request bodies cut off by a client never get here: httpx.ReadBody answers
	// them as the client's fault.)
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) || strings.Contains(err.Error(), "conn closed") {
		return true
	}
	var lite *sqlite.Error
	if errors.As(err, &lite) {
		switch lite.Code() & 0xff {
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
			return true
		}
	}
	return false
}
