package connectapi

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"storefront/internal/commerce/storecontext"
	"storefront/internal/platform/db"
	"storefront/internal/platform/httpx"
	"storefront/internal/records"
)

// Key prefixes of the ids that name a site.
const (
	CommunityPrefix = "0DB"
	SitePrefix      = "0DM"
	ChannelPrefix   = "0ap" // a CMS delivery channel
)

// ChannelID is the CMS delivery channel of a site: the site id with the channel key prefix. Every site has exactly
// one channel here, so the channel needs no record of its own.
func ChannelID(siteID string) string {
	if len(siteID) < 15 {
		return ""
	}
	return records.To18(ChannelPrefix + siteID[3:15])
}

// StoreByCommunity is the store a community presents; an id that names no store's community is 404.
func StoreByCommunity(ctx context.Context, d *db.DB, communityID string) (*storecontext.Store, error) {
	id, ok := records.NormalizeID(strings.TrimSpace(communityID))
	if !ok || records.KeyPrefix(id) != CommunityPrefix {
		return nil, communityNotFound(communityID)
	}
	return storeWhere(ctx, d, "communityid", id, communityNotFound(communityID))
}

// StoreBySiteOrChannel is the store whose site is siteOrChannelID (0DM...) or whose site's channel it is (0ap...).
// The caller has checked the prefix; an id naming no store's site is 404.
func StoreBySiteOrChannel(ctx context.Context, d *db.DB, siteOrChannelID string) (*storecontext.Store, error) {
	notFound := httpx.NotFound("The requested resource does not exist: no site or channel has the id %q.", siteOrChannelID)
	id, ok := records.NormalizeID(siteOrChannelID)
	if !ok {
		return nil, notFound
	}
	if records.KeyPrefix(id) == SitePrefix {
		return storeWhere(ctx, d, "siteid", id, notFound)
	}
	// A channel id is a site id with another prefix: find the site with the same 12 characters after it.
	rows, err := d.Query(ctx, `SELECT id, siteid FROM webstore WHERE siteid IS NOT NULL`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var storeID string
	for rows.Next() {
		var sid, site string
		if err := rows.Scan(&sid, &site); err != nil {
			return nil, err
		}
		if ChannelID(site) == id {
			storeID = sid
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if storeID == "" {
		return nil, notFound
	}
	return storecontext.LoadStore(ctx, d, storeID)
}

func storeWhere(ctx context.Context, d *db.DB, column, id string, notFound error) (*storecontext.Store, error) {
	var storeID string
	err := d.QueryRow(ctx, `SELECT id FROM webstore WHERE `+column+` = ? OR `+column+` = ? ORDER BY createddate, id LIMIT 1`,
		id, id[:15]).Scan(&storeID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound
	}
	if err != nil {
		return nil, err
	}
	return storecontext.LoadStore(ctx, d, storeID)
}

func communityNotFound(id string) error {
	return httpx.NotFound("The requested resource does not exist: no community has the id %q.", id)
}
