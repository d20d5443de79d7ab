package cms

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

const itemColumns = `id, contentkey, title, contenttype, urlname, url, alttext, mimetype, body, lastmodifieddate`

// contentPrefix is ManagedContent's key prefix: a contentKeyOrId starting with it is an id.
const contentPrefix = "20Y"

// one reads a published item by content key or managed content id; anything else is 404.
func one(ctx context.Context, d *db.DB, keyOrID string) (item, error) {
	column, value := "contentkey", keyOrID
	if id, ok := records.NormalizeID(keyOrID); ok && records.KeyPrefix(id) == contentPrefix {
		column, value = "id", id
	}
	it, err := scanItem(d.QueryRow(ctx, `SELECT `+itemColumns+` FROM managedcontent WHERE `+column+` = ? AND ispublished = ?`,
		value, true))
	if errors.Is(err, sql.ErrNoRows) {
		return item{}, httpx.NotFound("The requested resource does not exist: no published content has the key or ID %q.", keyOrID)
	}
	return it, err
}

// filter selects the items of a listing.
type filter struct {
	keys, ids, types []string
	page, pageSize   int
}

// list reads one page of published items ordered by title then id, and whether another page follows.
func list(ctx context.Context, d *db.DB, f filter) ([]item, bool, error) {
	where := []string{"ispublished = ?"}
	args := []any{true}
	in := func(column string, values []string) {
		if len(values) == 0 {
			return
		}
		where = append(where, column+" IN (?"+strings.Repeat(", ?", len(values)-1)+")")
		for _, v := range values {
			args = append(args, v)
		}
	}
	in("contentkey", f.keys)
	in("id", f.ids)
	in("contenttype", f.types)
	args = append(args, f.pageSize+1, f.page*f.pageSize)
	rows, err := d.Query(ctx, `SELECT `+itemColumns+` FROM managedcontent WHERE `+strings.Join(where, " AND ")+
		` ORDER BY title, id LIMIT ? OFFSET ?`, args...)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	out := []item{}
	for rows.Next() {
		it, err := scanItem(rows)
		if err != nil {
			return nil, false, err
		}
		out = append(out, it)
	}
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	more := len(out) > f.pageSize
	if more {
		out = out[:f.pageSize]
	}
	return out, more, nil
}

type scanner interface{ Scan(dest ...any) error }

func scanItem(s scanner) (item, error) {
	var it item
	var urlName, url, alt, mime, body, published sql.NullString
	err := s.Scan(&it.ID, &it.Key, &it.Title, &it.Type, &urlName, &url, &alt, &mime, &body, &published)
	it.URLName, it.URL, it.AltText, it.MimeType = urlName.String, url.String, alt.String, mime.String
	it.Body, it.Published = body.String, published.String
	return it, err
}
