package auth

import (
	"context"
	"sync"

	"storefront/internal/platform/db"
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
	err := d.QueryRow(ctx, `SELECT value FROM sf_setting WHERE name = ?`, orgIDSetting).Scan(&id)
	return id, err
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
