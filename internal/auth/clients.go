package auth

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"errors"
	"strings"
	"time"

	"storefront/internal/platform/db"
)

// An API client (a "connected app" in Salesforce's words) is what an integration presents to the token endpoint:
// a public id and a secret. The secret is shown once, at creation, and stored only as its SHA-256.

// Client is a registered API client as listed; the secret is never kept.
type Client struct {
	ID        string
	Name      string
	CreatedAt time.Time
}

// ErrInvalidClient is a client name that cannot be stored.
var ErrInvalidClient = errors.New("invalid client")

// clientIDPrefix starts every client id, as Salesforce consumer keys start with "3MVG9": tools that sniff the shape
// of a consumer key accept ours.
const clientIDPrefix = "3MVG9"

// CreateClient registers a client and returns it with its secret, which only the caller ever sees.
func CreateClient(ctx context.Context, d *db.DB, name string) (Client, string, error) {
	name = strings.TrimSpace(name)
	if name == "" || len(name) > 255 {
		return Client{}, "", errors.Join(ErrInvalidClient, errors.New("a name of 1 to 255 characters is required"))
	}
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return Client{}, "", err
	}
	secret := strings.ToUpper(hex.EncodeToString(raw[:]))
	c := Client{ID: clientIDPrefix + newToken(), Name: name, CreatedAt: time.Now().UTC().Truncate(time.Millisecond)}
	_, err := d.Exec(ctx, `INSERT INTO sf_api_client (id, name, secret_hash, created_at) VALUES (?, ?, ?, ?)`,
		c.ID, c.Name, HashToken(secret), c.CreatedAt.UnixMilli())
	return c, secret, err
}

// ListClients returns the registered clients, oldest first.
func ListClients(ctx context.Context, d *db.DB) ([]Client, error) {
	rows, err := d.Query(ctx, `SELECT id, name, created_at FROM sf_api_client ORDER BY created_at, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Client
	for rows.Next() {
		var c Client
		var created int64
		if err := rows.Scan(&c.ID, &c.Name, &created); err != nil {
			return nil, err
		}
		c.CreatedAt = time.UnixMilli(created).UTC()
		out = append(out, c)
	}
	return out, rows.Err()
}

// DeleteClient removes a client, every refresh token issued to it and every session (access token) opened with it,
// in one transaction; false when there was no such client.
func DeleteClient(ctx context.Context, d *db.DB, id string) (bool, error) {
	var found bool
	err := d.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, `DELETE FROM sf_api_client WHERE id = ?`, id)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		found = n > 0
		if _, err = tx.Exec(ctx, `DELETE FROM sf_refresh_token WHERE client_id = ?`, id); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM sf_session WHERE client_id = ?`, id)
		return err
	})
	return found, err
}

// clientSecretHash returns a registered client's secret hash, "" when the id is not registered.
func (s *Service) clientSecretHash(ctx context.Context, id string) (string, error) {
	if id == "" || len(id) > 255 {
		return "", nil
	}
	var hash string
	err := s.DB.QueryRow(ctx, `SELECT secret_hash FROM sf_api_client WHERE id = ?`, id).Scan(&hash)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return hash, err
}

// secretMatches compares a presented secret with a stored hash in constant time.
func secretMatches(hash, secret string) bool {
	return subtle.ConstantTimeCompare([]byte(HashToken(secret)), []byte(hash)) == 1
}
