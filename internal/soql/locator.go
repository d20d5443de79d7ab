package soql

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/records"
)

// LocatorPrefix is the key prefix of query locators, as Salesforce's ("01g").
const LocatorPrefix = "01g"

// LocatorTTL is how long a locator lives without being read.
const LocatorTTL = 15 * time.Minute

// locator is a stored query whose rows span several pages. The app servers keep no cursor: a page is the query run
// again from its position, with the same instant for date literals, so any server answers any page.
type locator struct {
	ID        string
	UserID    string
	Query     string
	AllRows   bool
	BatchSize int64
	TotalSize int64
	CreatedAt time.Time
}

// saveLocator stores a new locator, forgetting the expired ones on the way.
func saveLocator(ctx context.Context, d *db.DB, l *locator, now time.Time) error {
	l.ID = records.NewID(LocatorPrefix)
	if _, err := d.Exec(ctx, `DELETE FROM sf_query_locator WHERE used_at < ?`, now.Add(-LocatorTTL).UnixMilli()); err != nil {
		return err
	}
	_, err := d.Exec(ctx, `INSERT INTO sf_query_locator (id, user_id, query, all_rows, batch_size, total_size, created_at, used_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, l.ID, l.UserID, l.Query, l.AllRows, l.BatchSize, l.TotalSize,
		l.CreatedAt.UnixMilli(), now.UnixMilli())
	return err
}

// errNoLocator is a locator that is malformed, unknown, expired or another user's.
var errNoLocator = errors.New("soql: invalid query locator")

// loadLocator reads the locator named in a next-records path element ("01g...-2000"), for the user, and marks it
// used. It answers the locator and the position of the page asked for.
func loadLocator(ctx context.Context, d *db.DB, ref, userID string, now time.Time) (*locator, int64, error) {
	id, posText, ok := strings.Cut(ref, "-")
	pos, err := strconv.ParseInt(posText, 10, 64)
	if !ok || err != nil || pos < 0 || len(id) != 18 || !strings.HasPrefix(id, LocatorPrefix) {
		return nil, 0, errNoLocator
	}
	l := &locator{ID: id}
	var created, used int64
	err = d.QueryRow(ctx, `SELECT user_id, query, all_rows, batch_size, total_size, created_at, used_at
		FROM sf_query_locator WHERE id = ?`, id).Scan(&l.UserID, &l.Query, &l.AllRows, &l.BatchSize, &l.TotalSize, &created, &used)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 0, errNoLocator
	}
	if err != nil {
		return nil, 0, err
	}
	if l.UserID != userID || now.Sub(time.UnixMilli(used)) > LocatorTTL || pos >= l.TotalSize {
		return nil, 0, errNoLocator
	}
	l.CreatedAt = time.UnixMilli(created).UTC()
	if _, err := d.Exec(ctx, `UPDATE sf_query_locator SET used_at = ? WHERE id = ?`, now.UnixMilli(), id); err != nil {
		return nil, 0, err
	}
	return l, pos, nil
}
