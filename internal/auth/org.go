package auth

import (
	"context"
	"sync"
	"time"

	"storefront/internal/platform/db"
	"storefront/internal/platform/wire"
	"storefront/internal/records"
)

// orgIDSetting names the installation's organization id in sf_setting.
const orgIDSetting = "organization_id"

// EnsureOrgID returns the installation's organization id (18 characters, key prefix 00D), making and storing it the
// first time. Every instance over the same database reads the same id: a concurrent first start inserts at most one
// row (ON CONFLICT DO NOTHING) and everyone reads back the winner.
func EnsureOrgID(ctx context.Context, d *db.DB) (string, error) {
	if _, err := d.Exec(ctx, `INSERT INTO sf_setting (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`,
		orgIDSetting, records.NewID("00D")); err != nil {
		return "", err
	}
	var id string
	// Read where the insert went: in a migration step, that is its transaction (db.Querier).
	err := d.Querier(ctx).QueryRow(ctx, `SELECT value FROM sf_setting WHERE name = ?`, orgIDSetting).Scan(&id)
	return id, err
}

// The Organization record's settings: one instance, the locale and time zone the API answers in.
const (
	organizationType = "Enterprise Edition"
	instanceName     = "SF1"
)

// SyncOrganization keeps the one Organization record: made at installation with the organization id, its Name
// following the store's (the first store's name, "Storefront" before there is one). Run at every start and after
// seeding.
func SyncOrganization(ctx context.Context, d *db.DB) error {
	org, err := EnsureOrgID(ctx, d)
	if err != nil {
		return err
	}
	name, err := organizationName(ctx, d)
	if err != nil {
		return err
	}
	now := wire.DateTime(time.Now())
	if _, err := d.Exec(ctx, `INSERT INTO "organization" ("id", "recordtypeid", "createddate", "lastmodifieddate",
		"systemmodstamp", "name", "organizationtype", "instancename", "issandbox", "isreadonly", "defaultlocalesidkey",
		"languagelocalekey", "timezonesidkey", "defaultcurrencyisocode", "country")
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT ("id") DO NOTHING`,
		org, records.DefaultRecordTypeID, now, now, now, name, organizationType, instanceName, false, false,
		defaultLocale, defaultLocale, defaultTimeZone, "USD", "US"); err != nil {
		return err
	}
	_, err = d.Exec(ctx, `UPDATE "organization" SET "name" = ?, "lastmodifieddate" = ?, "systemmodstamp" = ?
		WHERE "id" = ? AND "name" <> ?`, name, now, now, org, name)
	return err
}

// orgCache keeps the organization id once read: it never changes for an installation.
type orgCache struct {
	mu sync.Mutex
	id string
}

// OrgID is the installation's organization id, read (or made) once per Service.
func (s *Service) OrgID(ctx context.Context) (string, error) {
	s.org.mu.Lock()
	defer s.org.mu.Unlock()
	if s.org.id != "" {
		return s.org.id, nil
	}
	id, err := EnsureOrgID(ctx, s.DB)
	if err != nil {
		return "", err
	}
	s.org.id = id
	return id, nil
}

// sameOrg reports whether id (15 or 18 characters, as clients send it) names the installation's organization.
func sameOrg(id, org string) bool {
	return len(id) >= 15 && len(org) >= 15 && (id == org || id == org[:15])
}
